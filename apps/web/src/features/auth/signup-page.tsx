import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '../../lib/locale-navigation';
import { AuthCard } from './components/auth-card';

/** /:locale/signup — the frame of the sign-up steps; the identity feature adds phone, code and password steps. */
export function SignupPage() {
  const { t } = useTranslation('auth');
  return (
    <AuthCard>
      <Stack sx={{ gap: 2.5 }}>
        <div>
          <Typography component="h1" variant="h5">
            {t('signup.heading')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.75 }}>
            {t('signup.subtitle')}
          </Typography>
        </div>
        <Typography variant="body2" sx={{ textAlign: 'center', color: 'text.secondary' }}>
          {t('signup.haveAccount')}{' '}
          <Link component={LocaleLink} to="/login">
            {t('signup.loginLink')}
          </Link>
        </Typography>
      </Stack>
    </AuthCard>
  );
}
