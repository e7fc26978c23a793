import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { logout } from './logout';

/** /:locale/logout — ends the session, then lands on /login keeping the query string. */
export function LogoutPage() {
  const { t } = useTranslation('auth');
  const { search } = useLocation();
  useEffect(() => {
    void logout(search);
  }, [search]);
  return (
    <Stack role="status" sx={{ alignItems: 'center', gap: 2 }} data-testid="logout-page">
      <CircularProgress aria-hidden />
      <Typography component="h1" variant="h6">
        {t('logout.inProgress')}
      </Typography>
    </Stack>
  );
}
