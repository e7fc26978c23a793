import { type Locale, toAsciiDigits, toLocaleDigits } from '@wsm/contracts';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { PlainPasswordField, PlainTextField } from '../../../components/plain/text-field';
import { LocaleLink, useLocale, useLocaleNavigate } from '../../../lib/locale-navigation';
import { refusedKeys } from '../../../lib/refusals';
import { getEnteredNationalCode, setEnteredNationalCode } from '../../../lib/storage';
import { clearLoginChallenge, loginVerifyPath, saveLoginChallenge } from '../flow-state';
import { loadAuthSchema, showRefusal } from '../form';
import { usePlainForm } from '../use-plain-form';
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

type LoginValues = z.output<typeof import('../schemas')['loginFormSchema']>;

/**
 * The first login step: national code or username, and the password. Plain state and markup, no form library: the login page is the first screen.
 * It is checked as every public form is (use-plain-form.ts).
 */
export function LoginForm() {
  const { t } = useTranslation('auth');
  const locale = useLocale();
  const navigate = useLocaleNavigate();
  const wait = useRetryWait('login');
  const form = usePlainForm(loginFormSchema, () => ({
    identifier: getEnteredNationalCode() ?? '',
    password: '',
  }));

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
      // The password stays as typed: a slip is corrected in place, not typed again.
      showRefusal(error, 'password', form.setError, t(refusedKeys.login), reportUnexpectedError);
    }
  };

  const change = (field: 'identifier' | 'password') => (value: string) => {
    warmNextStep();
    form.change(field, value);
  };

  return (
    <form className="pl-form" noValidate onSubmit={form.handleSubmit(send)} data-testid="login-form">
      <PlainTextField
        {...form.field('identifier', t('fields.identifierHint'))}
        label={t('fields.identifier')}
        value={identifierDisplay(form.values.identifier, locale)}
        onValueChange={change('identifier')}
        autoComplete="username"
        autoFocus
        required
        dir="ltr"
        spellCheck={false}
        autoCapitalize="none"
      />
      <PlainPasswordField
        {...form.field('password')}
        label={t('fields.password')}
        onValueChange={change('password')}
        autoComplete="current-password"
        required
      />
      <div style={{ marginTop: -8 }}>
        <LocaleLink className="pl-link pl-body2" to="/login/forgot-password">
          {t('login.forgotPassword')}
        </LocaleLink>
      </div>
      <WaitingSubmitButton pending={form.pending} waitSeconds={wait.seconds}>
        {t('login.submit')}
      </WaitingSubmitButton>
    </form>
  );
}
