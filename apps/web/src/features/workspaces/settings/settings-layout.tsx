import AppsOutlined from '@mui/icons-material/AppsOutlined';
import BackupOutlined from '@mui/icons-material/BackupOutlined';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import ExpandMore from '@mui/icons-material/ExpandMore';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import HubOutlined from '@mui/icons-material/HubOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ReactElement, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet } from 'react-router';
import { LazyAvatar } from '../../../components/lazy-image';
import { UserValue } from '../../../components/user-value';
import { LocaleLink, useLocale, useLocaleFreeLocation } from '../../../lib/locale-navigation';
import { localizePath } from '../../../lib/locale-path';
import { useWorkspaceAccess } from '../access';
import { useWorkspaces } from '../api';
import { useSelectedWorkspaceId } from '../selection';
import {
  canOpenSection,
  type SettingsSection,
  type SettingsSectionKey,
  sectionPath,
  settingsSections,
} from './sections';

const icons: Record<SettingsSectionKey, ReactElement> = {
  info: <BusinessOutlined />,
  members: <GroupOutlined />,
  roles: <BadgeOutlined />,
  users: <PeopleAltOutlined />,
  applications: <AppsOutlined />,
  backups: <BackupOutlined />,
  audit: <HistoryOutlined />,
  integrations: <HubOutlined />,
};

/** The section of the current path, if it is one. */
function useCurrentSection(): SettingsSection | undefined {
  const { path } = useLocaleFreeLocation();
  return settingsSections.find(
    (section) => path === sectionPath(section.key) || path.startsWith(`${sectionPath(section.key)}/`),
  );
}

function SectionList({
  sections,
  current,
  onChoose,
}: {
  sections: readonly SettingsSection[];
  current?: SettingsSectionKey;
  onChoose: () => void;
}) {
  const { t } = useTranslation('workspaces');
  return (
    <List
      aria-label={t('settings.sections')}
      subheader={<ListSubheader>{t('settings.title')}</ListSubheader>}
    >
      {sections.map((section) => (
        <ListItemButton
          key={section.key}
          component={LocaleLink}
          to={sectionPath(section.key)}
          selected={section.key === current}
          aria-current={section.key === current ? 'page' : undefined}
          onClick={onChoose}
        >
          <ListItemIcon>{icons[section.key]}</ListItemIcon>
          <ListItemText primary={t(`settings.nav.${section.key}`)} />
        </ListItemButton>
      ))}
    </List>
  );
}

/**
 * /workspace/settings: the selected workspace's settings with their navigation (tabs from the md
 * breakpoint up, a drawer below it). Only the sections the user may read are offered; a section
 * opened by address without its permission shows a refusal instead of the page.
 */
export function SettingsLayout() {
  const { t } = useTranslation('workspaces');
  const theme = useTheme();
  const locale = useLocale();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const workspaceId = useSelectedWorkspaceId();
  const access = useWorkspaceAccess();
  const workspaces = useWorkspaces();
  const current = useCurrentSection();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const workspace = workspaces.data?.find((item) => item.id === workspaceId);

  // A cleared selection (logout in another tab, a removed membership) leaves for the picker.
  if (!workspaceId) return <Navigate to={localizePath('/', locale)} replace />;

  const allowed = settingsSections.filter((section) => canOpenSection(section, access));
  const permitted = current ? allowed.includes(current) : true;

  return (
    <Stack sx={{ gap: { xs: 2, md: 3 } }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2 }}>
        <LazyAvatar
          src={workspace?.logo?.url}
          alt=""
          variant="rounded"
          sx={{ width: 48, height: 48, bgcolor: 'primary.main', fontWeight: 700 }}
        >
          {workspace?.name.slice(0, 1)}
        </LazyAvatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography component="h1" variant="h5" sx={{ fontWeight: 800 }} noWrap>
            {t('settings.title')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }} noWrap>
            {workspace ? <UserValue value={workspace.name} kind="text" /> : <Skeleton width={120} />}
          </Typography>
        </Box>
      </Stack>

      {access.loading ? (
        <Skeleton variant="rounded" height={48} aria-label={t('states.loading')} />
      ) : wide ? (
        <Tabs
          value={current && permitted ? current.key : false}
          variant="scrollable"
          scrollButtons="auto"
          aria-label={t('settings.sections')}
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          {allowed.map((section) => (
            <Tab
              key={section.key}
              value={section.key}
              icon={icons[section.key]}
              iconPosition="start"
              label={t(`settings.nav.${section.key}`)}
              component={LocaleLink}
              to={sectionPath(section.key)}
              sx={{ minHeight: 48 }}
            />
          ))}
        </Tabs>
      ) : (
        <>
          <Button
            variant="outlined"
            color="inherit"
            onClick={() => setDrawerOpen(true)}
            startIcon={current ? icons[current.key] : undefined}
            endIcon={<ExpandMore />}
            aria-haspopup="dialog"
            data-testid="settings-sections-button"
            sx={{ justifyContent: 'space-between', borderColor: 'divider', py: 1.25 }}
          >
            <Box component="span" sx={{ flex: 1, textAlign: 'start' }}>
              {current ? t(`settings.nav.${current.key}`) : t('settings.sections')}
            </Box>
          </Button>
          <Drawer
            anchor="bottom"
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            slotProps={{
              paper: {
                role: 'dialog',
                'aria-label': t('settings.sections'),
                sx: { borderTopLeftRadius: 16, borderTopRightRadius: 16, pb: 2 },
              },
            }}
          >
            <SectionList sections={allowed} current={current?.key} onChoose={() => setDrawerOpen(false)} />
          </Drawer>
        </>
      )}

      <Box component="section" aria-label={current ? t(`settings.nav.${current.key}`) : undefined}>
        {access.loading ? (
          <Stack sx={{ gap: 2 }} aria-busy="true">
            <Skeleton variant="rounded" height={220} />
          </Stack>
        ) : permitted ? (
          <Outlet />
        ) : (
          <Alert severity="warning" icon={<LockOutlined />} data-testid="settings-denied">
            {t('access.sectionDenied')}
          </Alert>
        )}
      </Box>
    </Stack>
  );
}

/** /workspace/settings itself: the first section the user may read. */
export function SettingsIndex() {
  const { t } = useTranslation('workspaces');
  const locale = useLocale();
  const access = useWorkspaceAccess();
  if (access.loading) return null;
  const first = settingsSections.find((section) => canOpenSection(section, access));
  if (!first) return <Alert severity="info">{t('access.noSections')}</Alert>;
  return <Navigate to={localizePath(sectionPath(first.key), locale)} replace />;
}
