import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LocaleLink, useLocaleFreeLocation } from '../../lib/locale-navigation';
import { hasAuthCookies } from '../../lib/storage';
import { AppLayout } from '../workspaces/app-layout';

const tabs = [
  { path: '/profile', key: 'nav.profile' },
  { path: '/profile/security', key: 'nav.security' },
  { path: '/profile/notifications', key: 'nav.notifications' },
  { path: '/announcement', key: 'nav.announcements' },
] as const;

/** The frame of /profile* and /announcement*: the signed-in frame (src/features/workspaces) with section tabs. */
export function AccountLayout() {
  const { t } = useTranslation(['profile', 'common']);
  const { path } = useLocaleFreeLocation();
  const loggedIn = hasAuthCookies();
  const visibleTabs = loggedIn ? tabs : tabs.filter((tab) => tab.path === '/announcement');
  const current =
    [...visibleTabs]
      .sort((a, b) => b.path.length - a.path.length)
      .find((tab) => path === tab.path || path.startsWith(`${tab.path}/`))?.path ?? false;

  return (
    <AppLayout>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 800, mb: 2 }}>
        {loggedIn ? t('profile:layout.title') : t('profile:nav.announcements')}
      </Typography>
      <Tabs
        value={current}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('profile:layout.sections')}
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        {visibleTabs.map((tab) => (
          <Tab
            key={tab.path}
            value={tab.path}
            label={t(`profile:${tab.key}`)}
            component={LocaleLink}
            to={tab.path}
          />
        ))}
      </Tabs>
      <Box sx={{ maxWidth: 760 }}>
        <Outlet />
      </Box>
    </AppLayout>
  );
}
