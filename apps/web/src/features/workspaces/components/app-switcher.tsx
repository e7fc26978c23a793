import { useTranslation } from 'react-i18next';
import { lazyThemed } from '../../../app/lazy-themed';
import { PathIcon } from '../../../components/plain/icons';
import { signedInIcons } from '../../../components/plain/signed-in-icons';
import { UserValue } from '../../../components/user-value';
import { useApplications } from '../api';
import { selectApp, useSelectedAppId, useSelectedWorkspaceId } from '../selection';
import { applicationTitle } from './application-title';
import { Switcher, useSelectedEntry } from './switcher';

const AppMenu = lazyThemed(async () => (await import('./app-switcher-menu')).AppMenu);

/** An app id that is not one of this workspace's applications (deleted meanwhile) is forgotten. */
const forgetApp = () => selectApp(null);

/** The app bar's application switcher of the selected workspace. */
export function AppSwitcher() {
  const { t } = useTranslation('workspaces');
  const workspaceId = useSelectedWorkspaceId();
  const appId = useSelectedAppId();
  const applications = useApplications(workspaceId);
  const current = useSelectedEntry(applications.data, appId, forgetApp);

  if (!workspaceId) return null;
  return (
    <Switcher
      label={current ? t('switcher.appCurrent', { name: current.name }) : t('switcher.appNone')}
      name={
        current ? <UserValue value={applicationTitle(current, t)} kind="text" /> : t('switcher.applications')
      }
      testId="app-switcher"
      className="pl-switcher--apps"
      maxWidth={220}
      menu={AppMenu}
    >
      <PathIcon d={signedInIcons.apps} />
    </Switcher>
  );
}
