import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { type Locale, toAsciiDigits, toLocaleDigits } from '@wsm/contracts';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/text-field';
import { LocaleLink, useLocale, useLocaleNavigate } from '../../../lib/locale-navigation';
import { getEnteredNationalCode, setEnteredNationalCode } from '../../../lib/storage';
import { clearLoginChallenge, loginVerifyPath, saveLoginChallenge } from '../flow-state';
import { loadAuthSchema, showRefusal, useLocalizedResolver, useRevalidateOnLocale } from '../form';
import { AuthForm, PasswordController } from './auth-form';
import { useRetryWait, WaitingSubmitButton } from './retry-wait';

// Loaded on the first check (src/features/auth/schemas.ts): zod stays off the login page's first load.
const loginFormSchema = loadAuthSchema('loginFormSchema');

/** A national code (all digits) shows in the locale's digits (Persian in fa, Arabic-Indic in ar); a username shows as typed. */
export function identifierDisplay(value: string, locale: Locale): string {
  const ascii = toAsciiDigits(value);
  return /^\d+$/.test(ascii) ? toLocaleDigits(ascii, locale) : value;
}

/** The first login step: national code or username, and the password (product-spec.md section 4, "Login"). */
export function LoginForm() {
  const { t } = useTranslation('auth');
  const locale = useLocale();
  const navigate = useLocaleNavigate();
  const resolver = useLocalizedResolver(loginFormSchema, t);
  const form = useForm({
    resolver,
    defaultValues: { identifier: getEnteredNationalCode() ?? '', password: '' },
  });
  const { control, handleSubmit, setError, resetField, formState } = form;
  useRevalidateOnLocale(form);
  const wait = useRetryWait('login');

  const submit = handleSubmit(async ({ identifier, password }) => {
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
      showRefusal(error, 'password', setError, t('errors:api.wrongCredentials'), reportUnexpectedError, () =>
        resetField('password'),
      );
    }
  });

  return (
    <AuthForm onSubmit={submit} testId="login-form">
      <Controller
        name="identifier"
        control={control}
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            value={identifierDisplay(field.value, locale)}
            inputRef={field.ref}
            label={t('fields.identifier')}
            autoComplete="username"
            autoFocus
            fullWidth
            required
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message ?? t('fields.identifierHint')}
            slotProps={{ htmlInput: { dir: 'ltr', spellCheck: false, autoCapitalize: 'none' } }}
          />
        )}
      />
      <PasswordController
        name="password"
        control={control}
        label={t('fields.password')}
        autoComplete="current-password"
      />
      <Box sx={{ mt: -1 }}>
        <Link component={LocaleLink} to="/login/forgot-password" variant="body2">
          {t('login.forgotPassword')}
        </Link>
      </Box>
      <WaitingSubmitButton pending={formState.isSubmitting} waitSeconds={wait.seconds}>
        {t('login.submit')}
      </WaitingSubmitButton>
    </AuthForm>
  );
}
