import AppsOutlined from '@mui/icons-material/AppsOutlined';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from 'react-i18next';
import { useLocaleNavigate } from '../../../lib/locale-navigation';
import { useApplications } from '../api';
import { selectApp, useSelectedAppId, useSelectedWorkspaceId } from '../selection';
import { ApplicationIcon } from './application-icon';
import { applicationTitle } from './application-title';
import {
  SwitcherButton,
  SwitcherItem,
  SwitcherLink,
  SwitcherMenu,
  useSelectedEntry,
  useSwitcherMenu,
} from './switcher-menu';
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
  const switcher = useSwitcherMenu();
  const current = useSelectedEntry(applications.data, appId, forgetApp);

  if (!workspaceId) return null;
  const label = current ? t('switcher.appCurrent', { name: current.name }) : t('switcher.appNone');

  return (
    <>
      <SwitcherButton
        {...switcher.button}
        label={label}
        name={current ? current.name : t('switcher.applications')}
        testId="app-switcher"
        startIcon={<AppsOutlined />}
        maxWidth={{ xs: 96, sm: 220 }}
        sx={{ '& .MuiButton-startIcon': { mr: { xs: 0, sm: 0.75 }, ml: 0 } }}
      />
      <SwitcherMenu
        {...switcher.menu}
        title={t('switcher.applications')}
        list={applications}
        item={(application) => (
          <SwitcherItem
            key={application.id}
            selected={application.id === appId}
            onClick={() => {
              switcher.close();
              open(application);
            }}
            testId="switcher-app"
            icon={<ApplicationIcon applicationKey={application.key} fontSize="small" />}
          >
            <ListItemText
              primary={applicationTitle(application, t)}
              slotProps={{ primary: { noWrap: true, dir: 'auto' } }}
            />
          </SwitcherItem>
        )}
        paperWidth={{ min: 240, max: 320 }}
      >
        <SwitcherLink
          icon={<AppsOutlined fontSize="small" />}
          onClick={() => {
            switcher.close();
            navigate('/workspace/apps');
          }}
        >
          {t('switcher.allApplications')}
        </SwitcherLink>
      </SwitcherMenu>
    </>
  );
}
