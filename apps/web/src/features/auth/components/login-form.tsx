import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { tint } from '../../../app/theme';

/**
 * The login form slot of the login page. The identity feature replaces this component's body with the
 * real first step (national code or username, then the two-factor method); the page around it
 * (src/features/auth/login-page.tsx) stays as it is.
 */
export function LoginForm() {
  const { t } = useTranslation('auth');
  const theme = useTheme();
  return (
    <Box
      data-testid="login-form"
      sx={{
        display: 'flex',
        gap: 1.5,
        alignItems: 'flex-start',
        p: 2,
        borderRadius: 2.5,
        bgcolor: tint(theme.palette.primary.main, theme.palette.mode),
      }}
    >
      <VerifiedUserOutlined sx={{ color: 'primary.main', mt: 0.25 }} />
      <Typography variant="body2" sx={{ lineHeight: 1.9 }}>
        {t('login.methods')}
      </Typography>
    </Box>
  );
}
