import AddOutlined from '@mui/icons-material/AddOutlined';
import GridViewOutlined from '@mui/icons-material/GridViewOutlined';
import MailOutlined from '@mui/icons-material/MailOutlined';
import Badge from '@mui/material/Badge';
import ListItemText from '@mui/material/ListItemText';
import { toLocaleDigits } from '@wsm/contracts';
import { useTranslation } from 'react-i18next';
import { LazyAvatar } from '../../../components/lazy-image';
import { useLocale, useLocaleNavigate } from '../../../lib/locale-navigation';
import { useMyInvitations, useWorkspaces } from '../api';
import { clearSelection, selectWorkspace, useSelectedWorkspaceId } from '../selection';
import { MemberLevel } from './member-level';
import { Switcher, SwitcherLink, useSelectedEntry } from './switcher-menu';

/** The app bar's workspace menu: switch workspace, see all, create one, open invitations. */
export function WorkspaceSwitcher() {
  const { t } = useTranslation('workspaces');
  const locale = useLocale();
  const navigate = useLocaleNavigate();
  const selectedId = useSelectedWorkspaceId();
  const workspaces = useWorkspaces();
  const invitations = useMyInvitations();
  // A stored id of a workspace the user no longer belongs to (removed, left, another account before).
  const current = useSelectedEntry(workspaces.data, selectedId, clearSelection);

  const pending = invitations.data?.length ?? 0;
  const pendingText = toLocaleDigits(String(pending), locale);
  const label = current
    ? t('switcher.workspaceCurrent', { name: current.name })
    : t('switcher.workspaceNone');

  return (
    <Switcher
      button={{
        label,
        name: current ? current.name : t('switcher.workspaces'),
        boldName: true,
        testId: 'workspace-switcher',
        maxWidth: { xs: 150, sm: 240 },
        sx: { gap: 0.5 },
        children: (
          <Badge color="error" variant="dot" invisible={pending === 0} overlap="circular">
            <LazyAvatar
              src={current?.logo?.url}
              alt=""
              variant="rounded"
              sx={{ width: 28, height: 28, fontSize: '0.9rem', bgcolor: 'primary.main' }}
            >
              {(current?.name ?? '').slice(0, 1) || <GridViewOutlined fontSize="small" />}
            </LazyAvatar>
          </Badge>
        ),
      }}
      menu={{
        title: t('switcher.workspaces'),
        list: workspaces,
        selectedId,
        onChoose: (workspace) => {
          selectWorkspace(workspace.id);
          navigate('/workspace/apps');
        },
        entryTestId: 'switcher-workspace',
        entryIcon: (workspace) => (
          <LazyAvatar
            src={workspace.logo?.url}
            alt=""
            variant="rounded"
            sx={{ width: 28, height: 28, fontSize: '0.85rem' }}
          >
            {workspace.name.slice(0, 1)}
          </LazyAvatar>
        ),
        entryText: (workspace) => (
          <ListItemText
            primary={workspace.name}
            secondary={<MemberLevel level={workspace.level} role={workspace.role} />}
            slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
            sx={{ ml: 1 }}
          />
        ),
        paperWidth: { min: 260, max: 340 },
      }}
      links={(close) => {
        const go = (path: string) => {
          close();
          navigate(path);
        };
        return (
          <>
            <SwitcherLink icon={<GridViewOutlined fontSize="small" />} onClick={() => go('/')}>
              {t('switcher.allWorkspaces')}
            </SwitcherLink>
            <SwitcherLink
              icon={<MailOutlined fontSize="small" />}
              onClick={() => go('/workspace/invitations')}
            >
              <ListItemText primary={t('switcher.invitations')} />
              {pending > 0 ? (
                <Badge
                  badgeContent={pendingText}
                  color="error"
                  sx={{ ml: 2, '& .MuiBadge-badge': { position: 'static', transform: 'none' } }}
                />
              ) : null}
            </SwitcherLink>
            <SwitcherLink icon={<AddOutlined fontSize="small" />} onClick={() => go('/workspace/new')}>
              {t('switcher.create')}
            </SwitcherLink>
          </>
        );
      }}
    />
  );
}
