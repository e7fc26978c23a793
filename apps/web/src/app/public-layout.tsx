import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { alpha, useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { formatDate } from '../lib/dates';
import { useLocale } from '../lib/locale-navigation';
import { HomeLink } from './home-link';
import { LanguageSwitch } from './language-switch';
import { ModeToggle } from './mode-toggle';

/** The frame of the pages reachable without a workspace: a slim top bar, the page centred, a footer. */
export function PublicLayout() {
  const { t } = useTranslation('common');
  const locale = useLocale();
  const theme = useTheme();
  const dark = theme.palette.mode === 'dark';
  const glow = alpha(theme.palette.primary.main, dark ? 0.14 : 0.12);
  const title = t('app.title');

  return (
    <Box
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        color: 'text.primary',
        // A soft light from the top corners keeps the plain background from looking empty.
        backgroundImage: `radial-gradient(1200px 520px at 85% -10%, ${glow}, transparent 60%), radial-gradient(900px 420px at -10% 0%, ${alpha(theme.palette.primary.light, dark ? 0.08 : 0.1)}, transparent 60%)`,
      }}
    >
      <Box component="header" sx={{ px: { xs: 2, sm: 3, md: 4 }, py: 1.5 }}>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, maxWidth: 1200, mx: 'auto' }}>
          <HomeLink markSize={34} gap={1.25} titleSx={{ fontSize: { xs: '0.95rem', sm: '1.05rem' } }} />
          <Box sx={{ flex: 1 }} />
          <LanguageSwitch />
          <ModeToggle />
        </Stack>
      </Box>
      <Box
        component="main"
        id="main"
        sx={{
          flex: 1,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          px: { xs: 2, sm: 3 },
          py: { xs: 3, sm: 6 },
        }}
      >
        <Outlet />
      </Box>
      <Box component="footer" sx={{ py: 3, px: 2, textAlign: 'center' }}>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {t('footer.rights', { year: formatDate(new Date(), locale, t, { year: 'numeric' }), title })}
        </Typography>
      </Box>
    </Box>
  );
}
