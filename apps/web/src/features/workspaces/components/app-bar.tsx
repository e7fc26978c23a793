import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { alpha, useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { HomeLink } from '../../../app/home-link';
import { LanguageSwitch } from '../../../app/language-switch';
import { ModeToggle } from '../../../app/mode-toggle';
import { LocaleLink } from '../../../lib/locale-navigation';
import { hasAuthCookies } from '../../../lib/storage';
import { AnnouncementPrompt } from '../../notifications/announcement-prompt';
import { NotificationBell } from '../../notifications/notification-bell';
import { AppSwitcher } from './app-switcher';
import { UserMenu } from './user-menu';
import { WorkspaceSwitcher } from './workspace-switcher';

/** The width of the app bar and of the pages under it: one frame, so nothing moves between sections. */
export const shellMaxWidth = 1200;

/**
 * The one app bar of the signed-in screens (ARCHITECTURE.md section 6): the product mark, the
 * workspace and application switchers, the notification bell, language, colour mode and the account
 * menu. A visitor (public announcements) sees the mark, language, mode and a login link.
 */
export function AppBar() {
  const { t } = useTranslation('common');
  const theme = useTheme();
  const loggedIn = hasAuthCookies();

  return (
    <Box
      component="header"
      sx={{
        px: { xs: 1, sm: 2, md: 3 },
        py: 0.75,
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: alpha(theme.palette.background.paper, 0.85),
        backdropFilter: 'blur(8px)',
        position: 'sticky',
        top: 0,
        zIndex: theme.zIndex.appBar,
      }}
    >
      <Stack
        direction="row"
        component="nav"
        aria-label={t('nav.top')}
        sx={{
          alignItems: 'center',
          gap: { xs: 0.25, sm: 0.75 },
          maxWidth: shellMaxWidth,
          mx: 'auto',
          minHeight: 48,
        }}
      >
        <HomeLink
          markSize={30}
          gap={1}
          endMargin={{ xs: 0.25, sm: 1 }}
          titleSx={{ display: { xs: 'none', lg: 'inline' } }}
        />
        {loggedIn ? (
          <>
            <WorkspaceSwitcher />
            <AppSwitcher />
          </>
        ) : null}
        <Box sx={{ flex: 1 }} />
        <NotificationBell />
        <LanguageSwitch />
        <ModeToggle />
        {loggedIn ? (
          <>
            <UserMenu />
            <AnnouncementPrompt />
          </>
        ) : (
          <Button component={LocaleLink} to="/login" variant="outlined" size="small" sx={{ ml: 0.5 }}>
            {t('actions.login')}
          </Button>
        )}
      </Stack>
    </Box>
  );
}
