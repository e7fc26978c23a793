import AppsOutlined from '@mui/icons-material/AppsOutlined';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from 'react-i18next';
import { UserValue } from '../../../components/user-value';
import { useLocaleNavigate } from '../../../lib/locale-navigation';
import { useApplications } from '../api';
import { useSelectedAppId, useSelectedWorkspaceId } from '../selection';
import { ApplicationIcon } from './application-icon';
import { applicationTitle } from './application-title';
import type { MenuProps } from './lazy-menu';
import { SwitcherLink, SwitcherMenu } from './switcher-menu';
import { useOpenApplication } from './use-open-application';

/** The application switcher's menu (its button: app-switcher.tsx): the selected workspace's applications. */
export function AppMenu({ id, anchor, onClose }: MenuProps) {
  const { t } = useTranslation('workspaces');
  const navigate = useLocaleNavigate();
  const applications = useApplications(useSelectedWorkspaceId());
  const appId = useSelectedAppId();
  const open = useOpenApplication();
  return (
    <SwitcherMenu
      id={id}
      anchor={anchor}
      onClose={onClose}
      title={t('switcher.applications')}
      list={applications}
      selectedId={appId}
      onChoose={open}
      entryTestId="switcher-app"
      entryIcon={(application) => <ApplicationIcon applicationKey={application.key} size={20} />}
      entryText={(application) => (
        <ListItemText
          primary={<UserValue value={applicationTitle(application, t)} kind="text" />}
          slotProps={{ primary: { noWrap: true } }}
        />
      )}
      paperWidth={{ min: 240, max: 320 }}
    >
      <SwitcherLink
        icon={<AppsOutlined fontSize="small" />}
        onClick={() => {
          onClose();
          navigate('/workspace/apps');
        }}
      >
        {t('switcher.allApplications')}
      </SwitcherLink>
    </SwitcherMenu>
  );
}
