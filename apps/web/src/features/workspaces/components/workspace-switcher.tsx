import { useTranslation } from 'react-i18next';
import { lazyThemed } from '../../../app/lazy-themed';
import { PlainAvatar } from '../../../components/plain/avatar';
import { PathIcon } from '../../../components/plain/icons';
import { signedInIcons } from '../../../components/plain/signed-in-icons';
import { UserValue } from '../../../components/user-value';
import { useMyInvitations, useWorkspaces } from '../api';
import { clearSelection, useSelectedWorkspaceId } from '../selection';
import { Switcher, useSelectedEntry } from './switcher';

const WorkspaceMenu = lazyThemed(async () => (await import('./workspace-switcher-menu')).WorkspaceMenu);

/** The app bar's workspace switcher: the current workspace's logo and name; a dot for pending invitations. */
export function WorkspaceSwitcher() {
  const { t } = useTranslation('workspaces');
  const selectedId = useSelectedWorkspaceId();
  const workspaces = useWorkspaces();
  const invitations = useMyInvitations();
  // A stored id of a workspace the user no longer belongs to (removed, left, another account before).
  const current = useSelectedEntry(workspaces.data, selectedId, clearSelection);
  const pending = invitations.data?.length ?? 0;
  const initial = (current?.name ?? '').slice(0, 1);

  return (
    <Switcher
      label={current ? t('switcher.workspaceCurrent', { name: current.name }) : t('switcher.workspaceNone')}
      name={current ? <UserValue value={current.name} kind="text" /> : t('switcher.workspaces')}
      boldName
      testId="workspace-switcher"
      maxWidth={240}
      menu={WorkspaceMenu}
    >
      <span className="pl-badge pl-badge--overlap">
        <PlainAvatar src={current?.logo?.url} size={28} fontSize={14.4} tone="primary">
          {initial || <PathIcon d={signedInIcons.gridView} size={20} />}
        </PlainAvatar>
        {pending > 0 ? <span className="pl-badge__dot" /> : null}
      </span>
    </Switcher>
  );
}
