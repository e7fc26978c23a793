import { type Locale, toAsciiDigits, toLocaleDigits } from '@wsm/contracts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { PlainPasswordField, PlainTextField } from '../../../components/plain/text-field';
import { LocaleLink, useLocale, useLocaleNavigate } from '../../../lib/locale-navigation';
import { getEnteredNationalCode, setEnteredNationalCode } from '../../../lib/storage';
import { clearLoginChallenge, loginVerifyPath, saveLoginChallenge } from '../flow-state';
import { type FormCheck, loadAuthSchema, type SetFieldError, showRefusal } from '../form';
import { useRetryWait, WaitingSubmitButton } from './retry-wait';

// Loaded on the first check (src/features/auth/schemas.ts): zod stays off the login page's first load.
const loginFormSchema = loadAuthSchema('loginFormSchema');

/** A national code (all digits) shows in the locale's digits (Persian in fa, Arabic-Indic in ar); a username shows as typed. */
export function identifierDisplay(value: string, locale: Locale): string {
  const ascii = toAsciiDigits(value);
  return /^\d+$/.test(ascii) ? toLocaleDigits(ascii, locale) : value;
}

/**
 * What the submit and the step after it need (the API client; the code step, drawn with MUI), fetched
 * once the person starts typing: on a slow phone the code step then opens at once, and a visit that
 * only looks at the page downloads none of it.
 */
let nextStepWarmed = false;
function warmNextStep(): void {
  if (nextStepWarmed) return;
  nextStepWarmed = true;
  void import('../form-check');
  void import('../api');
  void import('../../../lib/api-client');
  void import('../../../app/theme-shell');
  void import('../login-verify-page');
}

type Field = 'identifier' | 'password';
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;
type LoginValues = z.output<typeof import('../schemas')['loginFormSchema']>;

/**
 * The first login step: national code or username, and the password (product-spec.md section 4,
 * "Login"). Plain state and markup, no form library: the login page is the first screen (issue 13).
 * It behaves as the other forms do: checked on submit, then again as fields change and when the
 * language changes; the first field in error takes the focus.
 */
export function LoginForm() {
  const { t } = useTranslation('auth');
  const locale = useLocale();
  const navigate = useLocaleNavigate();
  const wait = useRetryWait('login');
  const [values, setValues] = useState<Values>(() => ({
    identifier: getEnteredNationalCode() ?? '',
    password: '',
  }));
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const inputs = { identifier: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };

  // The check and its messages' catalogue load with the first check, as the schema does.
  const check = async (next: Values) =>
    (await import('../form-check')).checkForm(loginFormSchema, next, locale, t);
  const messagesOf = (result: FormCheck<LoginValues>): Errors =>
    result.ok
      ? {}
      : { identifier: result.errors.identifier?.message, password: result.errors.password?.message };

  const change = (field: Field, value: string) => {
    warmNextStep();
    const next = { ...values, [field]: value };
    setValues(next);
    if (!submitted) return;
    // After a submit a field is checked as it changes (a server's message on it goes then too).
    void check(next).then((result) =>
      setErrors((shown) => ({ ...shown, [field]: messagesOf(result)[field] })),
    );
  };

  // Messages already shown follow the page into a new language.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a language change re-checks.
  useEffect(() => {
    if (submitted && Object.values(errors).some(Boolean))
      void check(values).then((r) => setErrors(messagesOf(r)));
  }, [locale]);

  const showError: SetFieldError<Field> = (field, error, options) => {
    setErrors((shown) => ({ ...shown, [field]: error.message }));
    if (options?.shouldFocus) inputs[field].current?.focus();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setSubmitted(true);
    setPending(true);
    try {
      const result = await check(values);
      if (!result.ok) {
        const shown = messagesOf(result);
        setErrors(shown);
        inputs[shown.identifier ? 'identifier' : 'password'].current?.focus();
        return;
      }
      setErrors({});
      await send(result.values);
    } finally {
      setPending(false);
    }
  };

  const send = async ({ identifier, password }: LoginValues) => {
    // The API client (with the status-code catalogue) loads with the first submit, not the page.
    const [{ startLogin }, { reportUnexpectedError }] = await Promise.all([
      import('../api'),
      import('../../../lib/api-client'),
    ]);
    try {
      clearLoginChallenge();
      const step = await startLogin(identifier, password);
      if (identifier.nationalCode) setEnteredNationalCode(identifier.nationalCode);
      const challenge = saveLoginChallenge(step);
      navigate(loginVerifyPath[challenge.method]);
    } catch (error) {
      if (wait.holdFor(error)) return;
      showRefusal(error, 'password', showError, t('errors:api.wrongCredentials'), reportUnexpectedError, () =>
        setValues((current) => ({ ...current, password: '' })),
      );
    }
  };

  return (
    <form className="pl-form" noValidate onSubmit={submit} data-testid="login-form">
      <PlainTextField
        name="identifier"
        inputRef={inputs.identifier}
        label={t('fields.identifier')}
        value={identifierDisplay(values.identifier, locale)}
        onValueChange={(value) => change('identifier', value)}
        autoComplete="username"
        autoFocus
        required
        error={Boolean(errors.identifier)}
        helperText={errors.identifier ?? t('fields.identifierHint')}
        dir="ltr"
        spellCheck={false}
        autoCapitalize="none"
      />
      <PlainPasswordField
        name="password"
        inputRef={inputs.password}
        label={t('fields.password')}
        value={values.password}
        onValueChange={(value) => change('password', value)}
        autoComplete="current-password"
        required
        error={Boolean(errors.password)}
        helperText={errors.password}
      />
      <div style={{ marginTop: -8 }}>
        <LocaleLink className="pl-link pl-body2" to="/login/forgot-password">
          {t('login.forgotPassword')}
        </LocaleLink>
      </div>
      <WaitingSubmitButton pending={pending} waitSeconds={wait.seconds}>
        {t('login.submit')}
      </WaitingSubmitButton>
    </form>
  );
}
