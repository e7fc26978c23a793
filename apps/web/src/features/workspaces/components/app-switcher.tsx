import AppsOutlined from '@mui/icons-material/AppsOutlined';
import Check from '@mui/icons-material/Check';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { type MouseEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocaleNavigate } from '../../../lib/locale-navigation';
import { useApplications } from '../api';
import { selectApp, useSelectedAppId, useSelectedWorkspaceId } from '../selection';
import { ApplicationIcon } from './application-icon';
import { applicationTitle } from './application-title';
import { SwitcherMenu } from './switcher-menu';
import { useOpenApplication } from './use-open-application';

/** The app bar's application menu of the selected workspace. */
export function AppSwitcher() {
  const { t } = useTranslation('workspaces');
  const navigate = useLocaleNavigate();
  const menuId = useId();
  const workspaceId = useSelectedWorkspaceId();
  const appId = useSelectedAppId();
  const applications = useApplications(workspaceId);
  const open = useOpenApplication();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = applications.data?.find((application) => application.id === appId);

  // An app id that is not one of this workspace's applications (deleted meanwhile) is forgotten.
  useEffect(() => {
    if (applications.data && appId && !current) selectApp(null);
  }, [applications.data, appId, current]);

  if (!workspaceId) return null;
  const label = current ? t('switcher.appCurrent', { name: current.name }) : t('switcher.appNone');

  return (
    <>
      <Button
        color="inherit"
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
        aria-controls={anchor ? menuId : undefined}
        startIcon={<AppsOutlined />}
        endIcon={<ExpandMore />}
        data-testid="app-switcher"
        sx={{
          minWidth: 0,
          px: 1,
          textTransform: 'none',
          maxWidth: { xs: 96, sm: 220 },
          '& .MuiButton-startIcon': { mr: { xs: 0, sm: 0.75 }, ml: 0 },
          '& .MuiButton-endIcon': { display: { xs: 'none', sm: 'inherit' } },
        }}
      >
        <Typography
          component="span"
          noWrap
          sx={{ display: { xs: 'none', sm: 'block' }, fontSize: '0.95rem' }}
        >
          {current ? current.name : t('switcher.applications')}
        </Typography>
      </Button>
      <SwitcherMenu
        id={menuId}
        anchor={anchor}
        onClose={() => setAnchor(null)}
        title={t('switcher.applications')}
        list={applications}
        item={(application) => (
          <MenuItem
            key={application.id}
            selected={application.id === appId}
            onClick={() => {
              setAnchor(null);
              open(application);
            }}
            data-testid="switcher-app"
          >
            <ListItemIcon>
              <ApplicationIcon applicationKey={application.key} fontSize="small" />
            </ListItemIcon>
            <ListItemText
              primary={applicationTitle(application, t)}
              slotProps={{ primary: { noWrap: true, dir: 'auto' } }}
            />
            {application.id === appId ? <Check fontSize="small" color="primary" sx={{ ml: 1 }} /> : null}
          </MenuItem>
        )}
        paperWidth={{ min: 240, max: 320 }}
      >
        <MenuItem
          onClick={() => {
            setAnchor(null);
            navigate('/workspace/apps');
          }}
        >
          <ListItemIcon>
            <AppsOutlined fontSize="small" />
          </ListItemIcon>
          {t('switcher.allApplications')}
        </MenuItem>
      </SwitcherMenu>
    </>
  );
}
