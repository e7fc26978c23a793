import AddOutlined from '@mui/icons-material/AddOutlined';
import GridViewOutlined from '@mui/icons-material/GridViewOutlined';
import MailOutlined from '@mui/icons-material/MailOutlined';
import Badge from '@mui/material/Badge';
import ListItemText from '@mui/material/ListItemText';
import { toLocaleDigits } from '@wsm/contracts';
import { useTranslation } from 'react-i18next';
import { LazyAvatar } from '../../../components/lazy-image';
import { UserValue } from '../../../components/user-value';
import { useLocale, useLocaleNavigate } from '../../../lib/locale-navigation';
import { useMyInvitations, useWorkspaces } from '../api';
import { selectWorkspace, useSelectedWorkspaceId } from '../selection';
import type { MenuProps } from './lazy-menu';
import { MemberLevel } from './member-level';
import { SwitcherLink, SwitcherMenu } from './switcher-menu';

/** The workspace switcher's menu (its button: workspace-switcher.tsx): switch, see all, create, invitations. */
export function WorkspaceMenu({ id, anchor, onClose }: MenuProps) {
  const { t } = useTranslation('workspaces');
  const locale = useLocale();
  const navigate = useLocaleNavigate();
  const selectedId = useSelectedWorkspaceId();
  const workspaces = useWorkspaces();
  const invitations = useMyInvitations();
  const pending = invitations.data?.length ?? 0;
  const go = (path: string) => {
    onClose();
    navigate(path);
  };

  return (
    <SwitcherMenu
      id={id}
      anchor={anchor}
      onClose={onClose}
      title={t('switcher.workspaces')}
      list={workspaces}
      selectedId={selectedId}
      onChoose={(workspace) => {
        selectWorkspace(workspace.id);
        navigate('/workspace/apps');
      }}
      entryTestId="switcher-workspace"
      entryIcon={(workspace) => (
        <LazyAvatar
          src={workspace.logo?.url}
          alt=""
          variant="rounded"
          sx={{ width: 28, height: 28, fontSize: '0.85rem' }}
        >
          {workspace.name.slice(0, 1)}
        </LazyAvatar>
      )}
      entryText={(workspace) => (
        <ListItemText
          primary={<UserValue value={workspace.name} kind="text" />}
          secondary={<MemberLevel level={workspace.level} role={workspace.role} />}
          slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
          sx={{ ml: 1 }}
        />
      )}
      paperWidth={{ min: 260, max: 340 }}
    >
      <SwitcherLink icon={<GridViewOutlined fontSize="small" />} onClick={() => go('/')}>
        {t('switcher.allWorkspaces')}
      </SwitcherLink>
      <SwitcherLink icon={<MailOutlined fontSize="small" />} onClick={() => go('/workspace/invitations')}>
        <ListItemText primary={t('switcher.invitations')} />
        {pending > 0 ? (
          <Badge
            badgeContent={toLocaleDigits(String(pending), locale)}
            color="error"
            // error.dark: white digits on the dark scheme's error red are too faint to read.
            sx={{
              ml: 2,
              '& .MuiBadge-badge': { position: 'static', transform: 'none', bgcolor: 'error.dark' },
            }}
          />
        ) : null}
      </SwitcherLink>
      <SwitcherLink icon={<AddOutlined fontSize="small" />} onClick={() => go('/workspace/new')}>
        {t('switcher.create')}
      </SwitcherLink>
    </SwitcherMenu>
  );
}
