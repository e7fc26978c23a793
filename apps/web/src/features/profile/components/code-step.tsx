import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { toAsciiDigits } from '@wsm/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../lib/locale-navigation';
import { type CodeChannel, isRefused, refusedKeys } from '../../../lib/refusals';
import { useCountdown } from '../../../lib/use-countdown';
import { countdownText, retryAfterOf } from '../../../lib/wait';
import { DigitsField } from '../../auth/components/digits-field';
import { RetryWaitNote, useRetryWait } from '../../auth/components/retry-wait';

/**
 * "Enter the 6-digit code" with a resend button that counts down (resend allowed after `resendAfter`).
 * `onVerify` rejects with the API's error when the code is refused: a wrong code (620, which its call
 * keeps from the toasts) is said under the field at once; too many tries (260) disables the verify
 * button for its wait, shown below it.
 */
export function CodeStep({
  id,
  timerName,
  sentTo,
  pending,
  help,
  channel = 'sms',
  onVerify,
  onResend,
  onCancel,
}: {
  id: string;
  timerName: string;
  sentTo?: string;
  /** What the field's help says instead of "enter the code we sent" (an authenticator app's code). */
  help?: string;
  /** Where the code came from, for what a wrong one says to do next (the SMS by default). */
  channel?: CodeChannel;
  pending: boolean;
  onVerify: (code: string) => Promise<void>;
  /** Sends a new code; without it (nothing was sent) there is no resend button. */
  onResend?: () => Promise<number | undefined>;
  onCancel?: () => void;
}) {
  const { t } = useTranslation(['profile', 'errors']);
  const locale = useLocale();
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const countdown = useCountdown(timerName);
  const [resending, setResending] = useState(false);
  const verifyWait = useRetryWait(`${timerName}-verify`);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = toAsciiDigits(code.trim());
    if (!/^\d{6}$/.test(value)) {
      setError(t('code.invalid'));
      return;
    }
    setError('');
    try {
      await onVerify(value);
    } catch (error) {
      if (isRefused(error)) setError(t(refusedKeys[channel]));
      // Anything else the API client already said; a 260 also holds the button.
      else verifyWait.holdFor(error);
    }
  };

  const resend = async () => {
    if (!onResend) return;
    setResending(true);
    try {
      countdown.start(await onResend());
    } catch (error) {
      // The API client already said why; a refusal as too early (260) holds the button for its wait.
      const wait = retryAfterOf(error);
      if (wait) countdown.start(wait);
    } finally {
      setResending(false);
    }
  };

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={(event) => void submit(event)}
      sx={{ gap: 1.5 }}
      aria-label={t('code.form')}
    >
      {/* Typed digits show as the locale's digits, as in the sign-up code field. */}
      <DigitsField
        id={`${id}-code`}
        label={t('code.label')}
        helperText={error || help || (sentTo ? t('code.sentTo', { to: sentTo }) : t('code.help'))}
        error={Boolean(error)}
        value={code}
        onValueChange={(next) => {
          setCode(next);
          setError('');
        }}
        maxDigits={6}
        autoComplete="one-time-code"
      />
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" loading={pending} disabled={verifyWait.seconds > 0}>
          {t('code.verify')}
        </Button>
        {onResend ? (
          <Button onClick={() => void resend()} disabled={countdown.seconds > 0} loading={resending}>
            {countdown.seconds > 0
              ? t('code.resendIn', { time: countdownText(countdown.seconds, locale) })
              : t('code.resend')}
          </Button>
        ) : null}
        {onCancel ? <Button onClick={onCancel}>{t('actions.cancel')}</Button> : null}
      </Stack>
      <RetryWaitNote seconds={verifyWait.seconds} />
    </Stack>
  );
}
