import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../lib/locale-navigation';
import { useCountdown } from '../../../lib/use-countdown';
import { countdownText, retryAfterOf } from '../../../lib/wait';

export interface RetryWait {
  /** Whole seconds left to wait (0 when the button may be pressed). */
  seconds: number;
  /** Starts the wait a rate-limited (260) error asks for; true when it was one. */
  holdFor: (error: unknown) => boolean;
}

/**
 * The wait a 260 asked for before a form may be sent again, kept in a cookie of its own (`wait-<name>`)
 * so a reload does not hide it: the form disables its button while `seconds` > 0.
 */
export function useRetryWait(name: string): RetryWait {
  const { seconds, start } = useCountdown(`wait-${name}`);
  const holdFor = useCallback(
    (error: unknown) => {
      const wait = retryAfterOf(error);
      if (wait !== undefined) start(wait);
      return wait !== undefined;
    },
    [start],
  );
  return { seconds, holdFor };
}

/** "You can try again in 12:34", counting down under a disabled button; nothing when there is no wait. */
export function RetryWaitNote({ seconds }: { seconds: number }) {
  const { t } = useTranslation('errors');
  const locale = useLocale();
  if (seconds <= 0) return null;
  return (
    <p role="status" data-testid="retry-wait" className="pl-body2 pl-muted pl-center">
      {t('api.retryIn', { time: countdownText(seconds, locale) })}
    </p>
  );
}

/**
 * The submit button of an auth form: spinning while sent, disabled while a 260's wait runs, which is
 * shown below it. Plain markup (components/plain): the login page draws it without MUI.
 */
export function WaitingSubmitButton({
  pending,
  waitSeconds,
  children,
}: {
  pending: boolean;
  waitSeconds: number;
  children: string;
}) {
  return (
    <>
      <button
        type="submit"
        className="pl-button pl-button--contained pl-button--large pl-button--full"
        disabled={pending || waitSeconds > 0}
      >
        {pending && <span className="pl-spinner" aria-hidden="true" />}
        {children}
      </button>
      <RetryWaitNote seconds={waitSeconds} />
    </>
  );
}
