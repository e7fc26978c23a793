import AppsOutlined from '@mui/icons-material/AppsOutlined';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from 'react-i18next';
import { useLocaleNavigate } from '../../../lib/locale-navigation';
import { useApplications } from '../api';
import { selectApp, useSelectedAppId, useSelectedWorkspaceId } from '../selection';
import { ApplicationIcon } from './application-icon';
import { applicationTitle } from './application-title';
import { Switcher, SwitcherLink, useSelectedEntry } from './switcher-menu';
import { useOpenApplication } from './use-open-application';

/** An app id that is not one of this workspace's applications (deleted meanwhile) is forgotten. */
const forgetApp = () => selectApp(null);

/** The app bar's application menu of the selected workspace. */
export function AppSwitcher() {
  const { t } = useTranslation('workspaces');
  const navigate = useLocaleNavigate();
  const workspaceId = useSelectedWorkspaceId();
  const appId = useSelectedAppId();
  const applications = useApplications(workspaceId);
  const open = useOpenApplication();
  const current = useSelectedEntry(applications.data, appId, forgetApp);

  if (!workspaceId) return null;
  const label = current ? t('switcher.appCurrent', { name: current.name }) : t('switcher.appNone');

  return (
    <Switcher
      button={{
        label,
        name: current ? current.name : t('switcher.applications'),
        testId: 'app-switcher',
        startIcon: <AppsOutlined />,
        maxWidth: { xs: 96, sm: 220 },
        sx: { '& .MuiButton-startIcon': { mr: { xs: 0, sm: 0.75 }, ml: 0 } },
      }}
      menu={{
        title: t('switcher.applications'),
        list: applications,
        selectedId: appId,
        onChoose: open,
        entryTestId: 'switcher-app',
        entryIcon: (application) => <ApplicationIcon applicationKey={application.key} fontSize="small" />,
        entryText: (application) => (
          <ListItemText
            primary={applicationTitle(application, t)}
            slotProps={{ primary: { noWrap: true, dir: 'auto' } }}
          />
        ),
        paperWidth: { min: 240, max: 320 },
      }}
      links={(close) => (
        <SwitcherLink
          icon={<AppsOutlined fontSize="small" />}
          onClick={() => {
            close();
            navigate('/workspace/apps');
          }}
        >
          {t('switcher.allApplications')}
        </SwitcherLink>
      )}
    />
  );
}
