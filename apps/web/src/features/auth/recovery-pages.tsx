import type { Envelope } from '@wsm/contracts';
import { type FormEventHandler, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { reportUnexpectedError } from '../../lib/api-client';
import { ApiError } from '../../lib/api-error';
import { toastError } from '../../lib/error-toasts';
import { useLocaleNavigate } from '../../lib/locale-navigation';
import { notify } from '../../lib/notify';
import { getEnteredNationalCode, localKeys, readLocal, setEnteredNationalCode } from '../../lib/storage';
import {
  changeRecoveredPassword,
  openRecoveryLink,
  resendRecovery,
  startRecovery,
  verifyRecovery,
} from './api';
import { AuthCard } from './components/auth-card';
import { AuthForm } from './components/auth-form';
import { AuthHeading, BackLink, Destination } from './components/auth-heading';
import { CodeForm } from './components/code-form';
import { NationalCodeField } from './components/national-code-field';
import { NewPasswordFields } from './components/new-password-fields';
import { useRetryWait, WaitingSubmitButton } from './components/retry-wait';
import { endsFlow } from './flow-end';
import { clearCountdown, clearRecovery, getRecoveryToken, saveRecovery, startCountdown } from './flow-state';
import { applyServerErrors, loadAuthSchema } from './form';
import { usePlainForm } from './use-plain-form';

// Password recovery: national code, then the texted code (with resend),
// then the new password. The recovery token lives in a 5-minute cookie between the three screens.
// A recovery text's link opens the last screen instead of the first two.

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
    if (!endsFlow(code, envelope, t, true)) return;
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
  const form = usePlainForm(startSchema, () => ({ nationalCode: getEnteredNationalCode() ?? '' }));
  const wait = useRetryWait('recovery');

  const submit = form.handleSubmit(async ({ nationalCode }) => {
    try {
      const started = await startRecovery(nationalCode);
      setEnteredNationalCode(nationalCode);
      saveRecovery(started.recoveryToken, started.phone);
      startCountdown(started.resendAfter);
      navigate(recoveryPaths.verify);
    } catch (error) {
      if (wait.holdFor(error)) return;
      if (error instanceof ApiError) applyServerErrors(error.envelope, form.setError, ['nationalCode']);
      else reportUnexpectedError(error);
    }
  });

  return (
    <AuthCard>
      <div className="pl-stack">
        <AuthHeading title={t('recovery.heading')}>{t('recovery.subtitle')}</AuthHeading>
        <AuthForm onSubmit={submit} testId="recovery-form">
          <NationalCodeField form={form} autoFocus />
          <WaitingSubmitButton pending={form.pending} waitSeconds={wait.seconds}>
            {t('recovery.sendCode')}
          </WaitingSubmitButton>
        </AuthForm>
        <BackLink to="/login">{t('recovery.backToLogin')}</BackLink>
      </div>
    </AuthCard>
  );
}

/** /:locale/login/forgot-password/verify */
export function RecoveryVerifyPage() {
  const { t } = useTranslation('auth');
  const navigate = useLocaleNavigate();
  const token = useRecoveryToken();
  const restart = useRestartRecovery();
  const phone = readLocal(localKeys.enteredPhone);
  if (!token) return null;

  return (
    <AuthCard>
      <div className="pl-stack">
        <AuthHeading title={t('recovery.verifyHeading')}>
          {t('verify.sentToPhone')} {phone && <Destination value={phone} />}
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
        <p className="pl-body2 pl-muted pl-center">{t('recovery.noText')}</p>
        <BackLink to={recoveryPaths.start} onClick={clearRecovery}>
          {t('recovery.changeNationalCode')}
        </BackLink>
      </div>
    </AuthCard>
  );
}

/** The secret after `#` in a recovery text's link, when it has the shape of one. */
function linkSecret(hash: string): string | undefined {
  const secret = hash.slice(1);
  return /^[\w-]{43}$/.test(secret) ? secret : undefined;
}

/**
 * /:locale/login/forgot-password/link#… — a recovery text's link. It asks first, so that a messenger
 * previewing the link does not use it up; the secret after `#` never reaches a server's logs.
 */
export function RecoveryLinkPage() {
  const { t } = useTranslation('auth');
  const navigate = useLocaleNavigate();
  const { hash } = useLocation();
  const [secret] = useState(() => linkSecret(hash));
  const [refused, setRefused] = useState(secret === undefined);
  const [pending, setPending] = useState(false);
  const wait = useRetryWait('recovery-link');

  const submit: FormEventHandler<HTMLFormElement> = async (event) => {
    event.preventDefault();
    if (!secret) return;
    setPending(true);
    try {
      const opened = await openRecoveryLink(secret, { onError: () => setRefused(true) });
      saveRecovery(opened.recoveryToken);
      navigate(recoveryPaths.change, { replace: true });
    } catch (error) {
      if (wait.holdFor(error)) return;
      // A refusal came to onError; without an answer the person may press again.
      if (!(error instanceof ApiError)) reportUnexpectedError(error);
      else if (error.kind === 'network') toastError('errors:api.network');
    } finally {
      setPending(false);
    }
  };

  return (
    <AuthCard>
      <div className="pl-stack">
        <AuthHeading title={t('recovery.heading')}>
          {refused ? <span role="alert">{t('recovery.linkRefused')}</span> : t('recovery.linkSubtitle')}
        </AuthHeading>
        {!refused && (
          <AuthForm onSubmit={submit} testId="recovery-link-form">
            <WaitingSubmitButton pending={pending} waitSeconds={wait.seconds}>
              {t('recovery.linkContinue')}
            </WaitingSubmitButton>
          </AuthForm>
        )}
        <BackLink to={recoveryPaths.start}>{t('recovery.linkStartOver')}</BackLink>
      </div>
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
  const form = usePlainForm(changeSchema, { password: '', confirmPassword: '' });
  const wait = useRetryWait('recovery-change');

  const submit = form.handleSubmit(async ({ password }) => {
    if (!token) return;
    try {
      await changeRecoveredPassword(token, password, { onError: restart });
      clearRecovery();
      clearCountdown();
      notify.success(t('recovery.changed'));
      navigate('/login', { replace: true });
    } catch (error) {
      if (wait.holdFor(error)) return;
      if (error instanceof ApiError) applyServerErrors(error.envelope, form.setError, ['password']);
      else reportUnexpectedError(error);
    }
  });

  if (!token) return null;
  return (
    <AuthCard>
      <div className="pl-stack">
        <AuthHeading title={t('recovery.changeHeading')}>{t('recovery.changeSubtitle')}</AuthHeading>
        <AuthForm onSubmit={submit} testId="recovery-change-form">
          {/* The API knows the account behind the token and also refuses its own data. */}
          <NewPasswordFields form={form} />
          <WaitingSubmitButton pending={form.pending} waitSeconds={wait.seconds}>
            {t('recovery.submit')}
          </WaitingSubmitButton>
        </AuthForm>
      </div>
    </AuthCard>
  );
}
