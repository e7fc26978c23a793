import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { passwordSchema, toAsciiDigits } from '@wsm/contracts';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { useLocale } from '../../../lib/locale-navigation';
import { notify } from '../../../lib/notify';
import { useCountdown } from '../../../lib/use-countdown';
import { countdownText } from '../../../lib/wait';
import { PasswordStrength, preloadPasswordStrength } from '../../auth/components/password-strength';
import { profileApi, profileKeys, useEmail, usePhone, useSecurityMutation, useUsername } from '../api';
import { type FieldErrors, serverFieldErrors, validate } from '../form-errors';
import { SectionCard } from './section-card';

export const passwordTimer = 'resend-timer-password';

/** Password change: an SMS code is sent first, then current password, new password (twice) and the code. */
export function PasswordCard() {
  const { t } = useTranslation('profile');
  const locale = useLocale();
  const change = useSecurityMutation(profileApi.changePassword, profileKeys.sessions);
  const countdown = useCountdown(passwordTimer);
  const [sending, setSending] = useState(false);
  const [codeSent, setCodeSent] = useState(countdown.seconds > 0);
  const [form, setForm] = useState({ currentPassword: '', password: '', repeat: '', code: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = (key: keyof typeof form, value: string) => setForm((old) => ({ ...old, [key]: value }));
  /** A field's value, its change, and its error in place of `hint`. */
  const bind = (key: keyof typeof form, hint?: string) => ({
    value: form[key],
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(key, event.target.value),
    error: Boolean(errors[key]),
    helperText: errors[key] || hint,
  });
  // The meter counts the person's own data as guessable, as the API does (these answers are shared
  // with the page's other cards).
  const owner = {
    username: useUsername().data?.username,
    phone: usePhone().data?.phone,
    email: useEmail().data?.email,
  };

  const sendCode = async () => {
    setSending(true);
    try {
      const answer = await profileApi.sendPasswordCode();
      countdown.start(answer?.resendAfter);
      setCodeSent(true);
      notify.info(t('password.codeSent'));
    } catch {
      // The API client already showed why (rate limit, network, ...).
    } finally {
      setSending(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: FieldErrors = {};
    if (!form.currentPassword) next.currentPassword = t('password.currentRequired');
    const checked = validate(passwordSchema, form.password, locale);
    if (!checked.ok) next.password = Object.values(checked.errors)[0] ?? '';
    if (form.repeat !== form.password) next.repeat = t('password.mismatch');
    const code = toAsciiDigits(form.code.trim());
    if (!/^\d{6}$/.test(code)) next.code = t('code.invalid');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    try {
      await change.mutateAsync({ currentPassword: form.currentPassword, password: form.password, code });
      setForm({ currentPassword: '', password: '', repeat: '', code: '' });
      setCodeSent(false);
      notify.success(t('password.changed'));
    } catch (cause) {
      const fields = serverFieldErrors(cause);
      if (cause instanceof ApiError && cause.statusCode === 620) fields.code = t('password.wrong');
      setErrors(fields);
    }
  };

  return (
    <SectionCard id="security-password" title={t('password.title')} description={t('password.description')}>
      <Stack component="form" noValidate onSubmit={(event) => void submit(event)} sx={{ gap: 2 }}>
        <TextField
          type="password"
          label={t('password.current')}
          {...bind('currentPassword')}
          autoComplete="current-password"
        />
        <TextField
          type="password"
          label={t('password.new')}
          {...bind('password', t('password.rules'))}
          autoComplete="new-password"
          onFocus={preloadPasswordStrength}
        />
        <PasswordStrength password={form.password} owner={owner} />
        <TextField
          type="password"
          label={t('password.repeat')}
          {...bind('repeat')}
          autoComplete="new-password"
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1.5, alignItems: { sm: 'flex-start' } }}>
          <TextField
            label={t('code.label')}
            {...bind('code', codeSent ? t('password.codeHelp') : t('password.sendFirst'))}
            autoComplete="one-time-code"
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6, dir: 'ltr' } }}
            sx={{ flex: 1 }}
          />
          <Button
            onClick={() => void sendCode()}
            variant="outlined"
            loading={sending}
            disabled={countdown.seconds > 0}
            sx={{ mt: { sm: 1 } }}
          >
            {countdown.seconds > 0
              ? t('code.resendIn', { time: countdownText(countdown.seconds, locale) })
              : codeSent
                ? t('code.resend')
                : t('password.sendCode')}
          </Button>
        </Stack>
        <Button type="submit" variant="contained" loading={change.isPending} sx={{ alignSelf: 'flex-start' }}>
          {t('password.submit')}
        </Button>
      </Stack>
    </SectionCard>
  );
}
