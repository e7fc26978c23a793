import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { type Envelope, StatusCode } from '@wsm/contracts';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { reportUnexpectedError } from '../../lib/api-client';
import { ApiError } from '../../lib/api-error';
import { displayDigits } from '../../lib/digits';
import { useLocale, useLocaleNavigate } from '../../lib/locale-navigation';
import { notify } from '../../lib/notify';
import { getEnteredNationalCode, localKeys, readLocal, setEnteredNationalCode } from '../../lib/storage';
import { changeRecoveredPassword, resendRecovery, startRecovery, verifyRecovery } from './api';
import { AuthCard } from './components/auth-card';
import { AuthHeading, BackLink, Destination } from './components/auth-heading';
import { CodeForm } from './components/code-form';
import { DigitsField } from './components/digits-field';
import { PasswordField } from './components/password-field';
import { PasswordStrength, preloadPasswordStrength } from './components/password-strength';
import { useRetryWait, WaitingSubmitButton } from './components/retry-wait';
import { clearCountdown, clearRecovery, getRecoveryToken, saveRecovery, startCountdown } from './flow-state';
import { applyServerErrors, loadAuthSchema, useLocalizedResolver, useRevalidateOnLocale } from './form';

// Password recovery (product-spec.md section 4): national code, then the texted code (with resend),
// then the new password. The recovery token lives in a 5-minute cookie between the three screens.

export const recoveryPaths = {
  start: '/login/forgot-password',
  verify: '/login/forgot-password/verify',
  change: '/login/forgot-password/change',
} as const;

/** The recovery token is dead (5 minutes passed, or too many wrong codes): back to the first screen. */
function useRestartRecovery(): (code: number, envelope?: Envelope) => void {
  const { t } = useTranslation('auth');
  const navigate = useLocaleNavigate();
  return (code, envelope) => {
    if (code === StatusCode.securityShield)
      notify.error(t('errors:api.securityShield'), { toastId: 'shield' });
    else if (code === StatusCode.unauthorized) notify.warning(t('flow.expired'), { toastId: 'flow-expired' });
    else {
      console.warn(`API status ${code}: ${envelope?.statusMessage ?? ''}`);
      return;
    }
    clearRecovery();
    navigate(recoveryPaths.start, { replace: true });
  };
}

/** The later screens need the recovery token; without it they go back to the first. */
function useRecoveryToken(): string | undefined {
  const navigate = useLocaleNavigate();
  // Read once: the last screen clears the cookie on success and must not then bounce to the first.
  const [token] = useState(getRecoveryToken);
  useEffect(() => {
    if (!token) navigate(recoveryPaths.start, { replace: true });
  }, [token, navigate]);
  return token;
}

const startSchema = loadAuthSchema('recoveryStartSchema');

/** /:locale/login/forgot-password */
export function RecoveryStartPage() {
  const { t } = useTranslation('auth');
  const navigate = useLocaleNavigate();
  const resolver = useLocalizedResolver(startSchema, t);
  const form = useForm({ resolver, defaultValues: { nationalCode: getEnteredNationalCode() ?? '' } });
  const { control, handleSubmit, setError, formState } = form;
  useRevalidateOnLocale(form);
  const wait = useRetryWait('recovery');

  const submit = handleSubmit(async ({ nationalCode }) => {
    try {
      const started = await startRecovery(nationalCode);
      setEnteredNationalCode(nationalCode);
      saveRecovery(started.recoveryToken, started.phone);
      startCountdown(started.resendAfter);
      navigate(recoveryPaths.verify);
    } catch (error) {
      if (wait.holdFor(error)) return;
      if (error instanceof ApiError) applyServerErrors(error.envelope, setError, ['nationalCode']);
      else reportUnexpectedError(error);
    }
  });

  return (
    <AuthCard>
      <Stack sx={{ gap: 2.5 }}>
        <AuthHeading title={t('recovery.heading')}>{t('recovery.subtitle')}</AuthHeading>
        <Box component="form" noValidate onSubmit={submit} data-testid="recovery-form">
          <Stack sx={{ gap: 2.25 }}>
            <Controller
              name="nationalCode"
              control={control}
              render={({ field, fieldState }) => (
                <DigitsField
                  name={field.name}
                  ref={field.ref}
                  value={field.value}
                  onValueChange={field.onChange}
                  onBlur={field.onBlur}
                  maxDigits={10}
                  label={t('fields.nationalCode')}
                  autoComplete="off"
                  autoFocus
                  fullWidth
                  required
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
                />
              )}
            />
            <WaitingSubmitButton pending={formState.isSubmitting} waitSeconds={wait.seconds}>
              {t('recovery.sendCode')}
            </WaitingSubmitButton>
          </Stack>
        </Box>
        <BackLink to="/login">{t('recovery.backToLogin')}</BackLink>
      </Stack>
    </AuthCard>
  );
}

/** /:locale/login/forgot-password/verify */
export function RecoveryVerifyPage() {
  const { t } = useTranslation('auth');
  const locale = useLocale();
  const navigate = useLocaleNavigate();
  const token = useRecoveryToken();
  const restart = useRestartRecovery();
  const phone = readLocal(localKeys.enteredPhone);
  if (!token) return null;

  return (
    <AuthCard>
      <Stack sx={{ gap: 2.5 }}>
        <AuthHeading title={t('recovery.verifyHeading')}>
          {t('verify.sentToPhone')} {phone && <Destination value={displayDigits(phone, locale)} />}
        </AuthHeading>
        <CodeForm
          submitLabel={t('verify.submit')}
          onVerify={async (code) => {
            const verified = await verifyRecovery(token, code, { onError: restart });
            saveRecovery(verified.recoveryToken);
            navigate(recoveryPaths.change, { replace: true });
          }}
          onResend={async () => (await resendRecovery(token, { onError: restart })).resendAfter}
        />
        <BackLink to={recoveryPaths.start} onClick={clearRecovery}>
          {t('recovery.changeNationalCode')}
        </BackLink>
      </Stack>
    </AuthCard>
  );
}

const changeSchema = loadAuthSchema('recoveryChangeSchema');

/** /:locale/login/forgot-password/change */
export function RecoveryChangePage() {
  const { t } = useTranslation('auth');
  const navigate = useLocaleNavigate();
  const token = useRecoveryToken();
  const restart = useRestartRecovery();
  const resolver = useLocalizedResolver(changeSchema, t);
  const form = useForm({ resolver, defaultValues: { password: '', confirmPassword: '' } });
  const { control, handleSubmit, setError, formState } = form;
  const password = useWatch({ control, name: 'password' });
  useRevalidateOnLocale(form);
  const wait = useRetryWait('recovery-change');

  const submit = handleSubmit(async ({ password }) => {
    if (!token) return;
    try {
      await changeRecoveredPassword(token, password, { onError: restart });
      clearRecovery();
      clearCountdown();
      notify.success(t('recovery.changed'));
      navigate('/login', { replace: true });
    } catch (error) {
      if (wait.holdFor(error)) return;
      if (error instanceof ApiError) applyServerErrors(error.envelope, setError, ['password']);
      else reportUnexpectedError(error);
    }
  });

  if (!token) return null;
  return (
    <AuthCard>
      <Stack sx={{ gap: 2.5 }}>
        <AuthHeading title={t('recovery.changeHeading')}>{t('recovery.changeSubtitle')}</AuthHeading>
        <Box component="form" noValidate onSubmit={submit} data-testid="recovery-change-form">
          <Stack sx={{ gap: 2.25 }}>
            <Controller
              name="password"
              control={control}
              render={({ field, fieldState }) => (
                <PasswordField
                  {...field}
                  ref={field.ref}
                  label={t('fields.newPassword')}
                  autoComplete="new-password"
                  autoFocus
                  onFocus={preloadPasswordStrength}
                  fullWidth
                  required
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message ?? t('fields.passwordHint')}
                />
              )}
            />
            {/* The API knows the account behind the token and also refuses its own data. */}
            <PasswordStrength password={password} />
            <Controller
              name="confirmPassword"
              control={control}
              render={({ field, fieldState }) => (
                <PasswordField
                  {...field}
                  ref={field.ref}
                  label={t('fields.confirmPassword')}
                  autoComplete="new-password"
                  fullWidth
                  required
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
                />
              )}
            />
            <WaitingSubmitButton pending={formState.isSubmitting} waitSeconds={wait.seconds}>
              {t('recovery.submit')}
            </WaitingSubmitButton>
          </Stack>
        </Box>
      </Stack>
    </AuthCard>
  );
}
