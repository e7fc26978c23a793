import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportUnexpectedError } from '../../../lib/api-client';
import { useLocale } from '../../../lib/locale-navigation';
import { notify } from '../../../lib/notify';
import { type CodeChannel, refusedKeys } from '../../../lib/refusals';
import { useCountdown } from '../../../lib/use-countdown';
import { countdownText } from '../../../lib/wait';
import { retryAfterOf } from '../errors';
import { startCountdown } from '../flow-state';
import { loadAuthSchema, showRefusal } from '../form';
import { usePlainForm } from '../use-plain-form';
import { AuthForm } from './auth-form';
import { PlainDigitsField } from './plain-digits-field';
import { useRetryWait, WaitingSubmitButton } from './retry-wait';

const codeFormSchema = loadAuthSchema('codeFormSchema');

export interface CodeFormProps {
  /** Checks the code; rejects with the call's ApiError. */
  onVerify: (code: string) => Promise<void>;
  /** Sends a new code; resolves with the server's resendAfter seconds. Without it there is no resend. */
  onResend?: () => Promise<number>;
  submitLabel: string;
  /** The field's help instead of "the code we sent you" (an authenticator app's code). */
  hint?: string;
  /** Where the code came from, for what a wrong one says to do next (the SMS by default). */
  channel?: CodeChannel;
}

/**
 * The one-time code step of every identity flow: a 6-digit field (Persian digits accepted), the
 * submit button, and the resend button behind the server's countdown. A wrong code (620) says under
 * the field what to check for its channel, in the page's language.
 */
export function CodeForm({ onVerify, onResend, submitLabel, hint, channel = 'sms' }: CodeFormProps) {
  const { t } = useTranslation('auth');
  const locale = useLocale();
  const form = usePlainForm(codeFormSchema, { code: '' });
  const countdown = useCountdown();
  const [resending, setResending] = useState(false);
  const wait = useRetryWait('code');

  const submit = form.handleSubmit(async ({ code }) => {
    try {
      await onVerify(code);
    } catch (error) {
      if (wait.holdFor(error)) return;
      showRefusal(error, 'code', form.setError, t(refusedKeys[channel]), reportUnexpectedError);
    }
  });

  const resend = async () => {
    if (!onResend) return;
    setResending(true);
    try {
      startCountdown(await onResend());
      notify.success(t('code.resent'));
      form.focus('code');
    } catch (error) {
      const wait = retryAfterOf(error);
      if (wait) startCountdown(wait);
    } finally {
      setResending(false);
      countdown.refresh();
    }
  };

  return (
    <AuthForm onSubmit={submit} testId="code-form" gap={16}>
      <PlainDigitsField
        {...form.field('code', hint ?? t('fields.codeHint'))}
        maxDigits={6}
        label={t('fields.code')}
        autoComplete="one-time-code"
        autoFocus
        required
        data-testid="code-input"
        className="pl-field__input--code"
      />
      <WaitingSubmitButton pending={form.pending} waitSeconds={wait.seconds}>
        {submitLabel}
      </WaitingSubmitButton>
      {onResend && (
        <div className="pl-resend">
          <p className="pl-body2 pl-muted pl-center" data-testid="resend-countdown">
            {countdown.seconds > 0
              ? t('code.resendIn', { time: countdownText(countdown.seconds, locale) })
              : t('code.noCode')}
          </p>
          <button
            type="button"
            className="pl-button pl-button--text pl-button--primary"
            onClick={resend}
            disabled={countdown.seconds > 0 || resending}
            data-testid="resend-button"
          >
            {t('code.resend')}
          </button>
        </div>
      )}
    </AuthForm>
  );
}
