import { type Envelope, StatusCode } from '@wsm/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainAlert } from '../../components/plain/alert';
import { Icon } from '../../components/plain/icons';
import { PlainTextField } from '../../components/plain/text-field';
import { reportUnexpectedError } from '../../lib/api-client';
import { ApiError } from '../../lib/api-error';
import { displayDigits } from '../../lib/digits';
import { LocaleLink, useLocale } from '../../lib/locale-navigation';
import { notify } from '../../lib/notify';
import { useDismissToastsOnStep } from '../../lib/use-step-toasts';
import { completeSignup, resendSignup, startSignup, verifySignup } from './api';
import { useCompleteLogin } from './complete-login';
import { AuthCard } from './components/auth-card';
import { AuthForm } from './components/auth-form';
import { AuthHeading, Destination } from './components/auth-heading';
import { CodeForm } from './components/code-form';
import { NationalCodeField } from './components/national-code-field';
import { NewPasswordFields } from './components/new-password-fields';
import { PlainDigitsField } from './components/plain-digits-field';
import { useRetryWait, WaitingSubmitButton } from './components/retry-wait';
import { statusOf } from './errors';
import { endsFlow } from './flow-end';
import {
  getSignupState,
  resetSignup,
  type SignupState,
  type SignupStep,
  saveSignupStep,
  startCountdown,
} from './flow-state';
import { applyServerErrors, loadAuthSchema } from './form';
import { usePlainForm } from './use-plain-form';

const steps: readonly SignupStep[] = ['phone', 'verify', 'password'];

/** /:locale/signup — phone, then the texted code (with resend), then the password. */
export function SignupPage() {
  const { t } = useTranslation('auth');
  const locale = useLocale();
  const [state, setState] = useState<SignupState>(getSignupState);
  const [expired, setExpired] = useState(false);

  const go = (step: SignupStep, token: string, phone?: string) => {
    saveSignupStep(step, token, phone);
    setExpired(false);
    setState(getSignupState());
  };

  /** The flow's token is dead (expired, or too many wrong codes): start from the phone again. */
  const restart = (code: number, envelope?: Envelope) => {
    if (!endsFlow(code, envelope, t, false)) return;
    resetSignup();
    setExpired(code === StatusCode.unauthorized);
    setState(getSignupState());
  };

  const stepIndex = steps.indexOf(state.step);
  useDismissToastsOnStep(state.step);
  return (
    <AuthCard>
      <div className="pl-stack">
        <AuthHeading title={t('signup.heading')}>
          {state.step === 'verify' && state.phone ? (
            <>
              {t('verify.sentToPhone')} <Destination value={state.phone} />
            </>
          ) : (
            t(state.step === 'password' ? 'signup.passwordSubtitle' : 'signup.subtitle')
          )}
        </AuthHeading>
        <ol className="pl-steps" aria-label={t('signup.progress')}>
          {steps.map((step, index) => (
            <li
              key={step}
              className={index < stepIndex ? 'pl-steps__step pl-steps__step--done' : 'pl-steps__step'}
              aria-current={index === stepIndex ? 'step' : undefined}
            >
              <span className="pl-steps__icon" aria-hidden="true">
                {index < stepIndex ? <Icon name="check" size={16} /> : displayDigits(index + 1, locale)}
              </span>
              {t(`signup.steps.${step}`)}
            </li>
          ))}
        </ol>
        {expired && <PlainAlert tone="warning">{t('flow.expired')}</PlainAlert>}
        {state.step === 'phone' && (
          <PhoneStep onDone={(started) => go('verify', started.signupToken, started.phone)} />
        )}
        {state.step === 'verify' && state.token && (
          <>
            <CodeForm
              submitLabel={t('verify.submit')}
              onVerify={async (code) => {
                const { signupToken } = await verifySignup(state.token ?? '', code, { onError: restart });
                go('password', signupToken);
              }}
              onResend={async () => (await resendSignup(state.token ?? '', { onError: restart })).resendAfter}
            />
            <button
              type="button"
              className="pl-button pl-button--text pl-button--primary pl-button--small pl-start"
              onClick={() => {
                resetSignup();
                setState(getSignupState());
              }}
            >
              {t('signup.changePhone')}
            </button>
          </>
        )}
        {state.step === 'password' && state.token && <PasswordStep token={state.token} onExpired={restart} />}
        <p className="pl-center pl-body2 pl-muted">
          {t('signup.haveAccount')}{' '}
          <LocaleLink className="pl-link" to="/login">
            {t('signup.loginLink')}
          </LocaleLink>
        </p>
      </div>
    </AuthCard>
  );
}

const phoneFormSchema = loadAuthSchema('signupPhoneFormSchema');

function PhoneStep({ onDone }: { onDone: (started: { signupToken: string; phone: string }) => void }) {
  const { t } = useTranslation('auth');
  const form = usePlainForm(phoneFormSchema, { phone: '', nationalCode: '' });
  const [registered, setRegistered] = useState(false);
  const wait = useRetryWait('signup');

  const submit = form.handleSubmit(async (values) => {
    setRegistered(false);
    try {
      const started = await startSignup(values);
      startCountdown(started.resendAfter);
      onDone(started);
    } catch (error) {
      if (wait.holdFor(error)) return;
      if (statusOf(error) === StatusCode.duplicate) setRegistered(true);
      else if (error instanceof ApiError)
        applyServerErrors(error.envelope, form.setError, ['phone', 'nationalCode']);
      else reportUnexpectedError(error);
    }
  });

  return (
    <AuthForm onSubmit={submit} testId="signup-phone-form">
      <PlainDigitsField
        {...form.field('phone')}
        maxDigits={13}
        extraCharacters="+"
        label={t('fields.phone')}
        placeholder={t('fields.phonePlaceholder')}
        autoComplete="tel"
        autoFocus
        inputMode="tel"
        required
      />
      <NationalCodeField form={form} />
      {registered && (
        <PlainAlert tone="info">
          {t('signup.alreadyRegistered')}{' '}
          <LocaleLink className="pl-link" to="/login">
            {t('signup.loginLink')}
          </LocaleLink>
          {' · '}
          <LocaleLink className="pl-link" to="/login/forgot-password">
            {t('login.forgotPassword')}
          </LocaleLink>
        </PlainAlert>
      )}
      <WaitingSubmitButton pending={form.pending} waitSeconds={wait.seconds}>
        {t('signup.sendCode')}
      </WaitingSubmitButton>
    </AuthForm>
  );
}

const passwordFormSchema = loadAuthSchema('signupPasswordFormSchema');

function PasswordStep({
  token,
  onExpired,
}: {
  token: string;
  onExpired: (code: number, envelope?: Envelope) => void;
}) {
  const { t } = useTranslation('auth');
  const completeLogin = useCompleteLogin();
  // Empty optional fields become absent on submit (the schema's doing).
  const form = usePlainForm(passwordFormSchema, {
    password: '',
    confirmPassword: '',
    username: '',
    firstName: '',
    lastName: '',
  });
  const wait = useRetryWait('signup-password');

  const submit = form.handleSubmit(async ({ confirmPassword: _, ...account }) => {
    try {
      const tokens = await completeSignup(token, account, { onError: onExpired });
      notify.success(t('signup.welcome'));
      completeLogin(tokens);
    } catch (error) {
      if (wait.holdFor(error)) return;
      if (statusOf(error) === StatusCode.duplicate)
        form.setError(
          'username',
          { type: 'server', message: t('signup.usernameTaken') },
          { shouldFocus: true },
        );
      else if (error instanceof ApiError)
        applyServerErrors(error.envelope, form.setError, ['password', 'username', 'firstName', 'lastName']);
      else reportUnexpectedError(error);
    }
  });

  const text = (name: 'username' | 'firstName' | 'lastName', autoComplete: string, ltr = false) => (
    <PlainTextField
      // The names are optional; said under them, a label with "(optional)" did not fit half a row.
      {...form.field(name, name === 'username' ? t('fields.usernameHint') : t('fields.optional'))}
      label={t(`fields.${name}`)}
      autoComplete={autoComplete}
      {...(ltr ? { dir: 'ltr', spellCheck: false, autoCapitalize: 'none' } : {})}
    />
  );
  const { username, firstName, lastName } = form.values;

  return (
    <AuthForm onSubmit={submit} testId="signup-password-form">
      <NewPasswordFields
        form={form}
        // The phone and national code of step 1 are checked by the API, which has them whole.
        owner={{ username, firstName, lastName }}
      />
      {text('username', 'username', true)}
      <div className="pl-row">
        {text('firstName', 'given-name')}
        {text('lastName', 'family-name')}
      </div>
      <WaitingSubmitButton pending={form.pending} waitSeconds={wait.seconds}>
        {t('signup.finish')}
      </WaitingSubmitButton>
    </AuthForm>
  );
}
