import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '../../lib/locale-navigation';
import { AuthCard } from './components/auth-card';
import { LoginForm } from './components/login-form';

/** /:locale/login — the frame of the first login step; the form itself is <LoginForm />. */
export function LoginPage() {
  const { t } = useTranslation('auth');
  return (
    <AuthCard>
      <Stack sx={{ gap: 2.5 }}>
        <div>
          <Typography component="h1" variant="h5">
            {t('login.heading')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.75 }}>
            {t('login.subtitle')}
          </Typography>
        </div>
        <LoginForm />
        <Typography variant="body2" sx={{ textAlign: 'center', color: 'text.secondary' }}>
          {t('login.noAccount')}{' '}
          <Link component={LocaleLink} to="/signup">
            {t('login.signupLink')}
          </Link>
        </Typography>
      </Stack>
    </AuthCard>
  );
}
