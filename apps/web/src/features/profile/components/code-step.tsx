import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { toAsciiDigits } from '@wsm/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { retryAfterOf } from '../../../lib/wait';
import { DigitsField } from '../../auth/components/digits-field';
import { useCountdown } from '../use-countdown';

/** "Enter the 6-digit code" with a resend button that counts down (resend allowed after `resendAfter`). */
export function CodeStep({
  id,
  timerName,
  sentTo,
  pending,
  onVerify,
  onResend,
  onCancel,
}: {
  id: string;
  timerName: string;
  sentTo?: string;
  pending: boolean;
  onVerify: (code: string) => void;
  onResend: () => Promise<number | undefined>;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('profile');
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const countdown = useCountdown(timerName);
  const [resending, setResending] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = toAsciiDigits(code.trim());
    if (!/^\d{6}$/.test(value)) {
      setError(t('code.invalid'));
      return;
    }
    setError('');
    onVerify(value);
  };

  const resend = async () => {
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
    <Stack component="form" noValidate onSubmit={submit} sx={{ gap: 1.5 }} aria-label={t('code.form')}>
      {/* Typed digits show as the locale's digits, as in the sign-up code field. */}
      <DigitsField
        id={`${id}-code`}
        label={t('code.label')}
        helperText={error || (sentTo ? t('code.sentTo', { to: sentTo }) : t('code.help'))}
        error={Boolean(error)}
        value={code}
        onValueChange={setCode}
        maxDigits={6}
        autoComplete="one-time-code"
      />
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" loading={pending}>
          {t('code.verify')}
        </Button>
        <Button onClick={() => void resend()} disabled={countdown.seconds > 0} loading={resending}>
          {countdown.seconds > 0 ? t('code.resendIn', { seconds: countdown.seconds }) : t('code.resend')}
        </Button>
        {onCancel ? <Button onClick={onCancel}>{t('actions.cancel')}</Button> : null}
      </Stack>
    </Stack>
  );
}
