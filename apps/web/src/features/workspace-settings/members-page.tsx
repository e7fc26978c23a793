import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import ManageAccountsOutlinedIcon from '@mui/icons-material/ManageAccountsOutlined';
import PersonAddAlt1Icon from '@mui/icons-material/PersonAddAlt1';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { Member } from '@wsm/contracts';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { UserValue } from '../../components/user-value';
import { useLocaleNavigate } from '../../lib/locale-navigation';
import { notify } from '../../lib/notify';
import { Gate, useWorkspaceAccess } from '../workspaces/access';
import { currentUserId } from '../workspaces/current-user';
import { clearSelection } from '../workspaces/selection';
import {
  adminApi,
  defaultPageSize,
  type ListQuery,
  personName,
  useAdminMutation,
  useAllRoles,
  useMembers,
} from './api';
import { AdminSection } from './components/admin-section';
import type { Column } from './components/data-table';
import { AccessGate } from './components/no-access';
import { RowAction } from './components/row-action';
import { SearchedTable } from './components/searched-table';
import { StatusChip } from './components/status-chip';
import { useLast } from './components/use-last';
import { canGrantRole, permissions } from './grant';
import { InvitationsSection } from './invitations-section';
import { InviteDialog } from './invite-dialog';
import { RoleSelect } from './role-select';

function PersonCell({
  name,
  username,
  fallback,
  badge,
}: {
  name: string | null;
  username: string | null;
  fallback: string;
  badge?: ReactNode;
}) {
  // Without a name the username leads (as written, left to right); without either, "unnamed".
  const initial = (name ?? username ?? fallback).trim().charAt(0).toUpperCase();
  return (
    <Stack direction="row" sx={{ gap: 1.5, alignItems: 'center', minWidth: 0 }}>
      <Avatar sx={{ width: 34, height: 34, fontSize: 15, bgcolor: 'primary.main' }} aria-hidden>
        {initial}
      </Avatar>
      <Box sx={{ minWidth: 0 }}>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography component="span" sx={{ fontWeight: 600 }} noWrap>
            {name ? (
              <UserValue value={name} />
            ) : username ? (
              <UserValue value={`@${username}`} kind="identifier" />
            ) : (
              fallback
            )}
          </Typography>
          {badge}
        </Stack>
        {name && username ? (
          <Typography component="span" variant="body2" sx={{ color: 'text.secondary', display: 'block' }}>
            <UserValue value={`@${username}`} kind="identifier" />
          </Typography>
        ) : null}
      </Box>
    </Stack>
  );
}

function ChangeRoleDialog({
  workspaceId,
  member,
  onClose,
}: {
  workspaceId: string;
  member: Member | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('workspace-admin');
  const titleId = useId();
  const shown = useLast(member);
  const [roleId, setRoleId] = useState<string | null>(member?.role?.id ?? null);
  const [shownFor, setShownFor] = useState<string | null>(member?.id ?? null);
  const change = useAdminMutation(workspaceId, (next: { memberId: string; roleId: string | null }) =>
    adminApi.changeMemberRole(workspaceId, next.memberId, next.roleId),
  );
  // A different member opened the dialog: start from that member's role.
  if (member && member.id !== shownFor) {
    setShownFor(member.id);
    setRoleId(member.role?.id ?? null);
  }
  const name = shown ? (personName(shown.user) ?? t('members.unnamed')) : '';

  const save = async () => {
    if (!member) return;
    try {
      await change.mutateAsync({ memberId: member.id, roleId });
    } catch {
      return;
    }
    notify.success(t('members.roleChanged', { name }));
    onClose();
  };

  return (
    <Dialog open={member !== null} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t('members.changeRoleTitle', { name })}</DialogTitle>
      <DialogContent>
        <Stack sx={{ gap: 2, pt: 1 }}>
          <DialogContentText>{t('members.changeRoleHelp')}</DialogContentText>
          <RoleSelect
            workspaceId={workspaceId}
            value={roleId}
            onChange={setRoleId}
            label={t('members.role')}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={change.isPending}>
          {t('actions.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void save()}
          disabled={change.isPending || roleId === (shown?.role?.id ?? null)}
          startIcon={change.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {t('actions.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function MembersSection({ workspaceId }: { workspaceId: string }) {
  const { t } = useTranslation('workspace-admin');
  const navigate = useLocaleNavigate();
  const rtl = useTheme().direction === 'rtl';
  const { can } = useWorkspaceAccess();
  const me = currentUserId();
  const [query, setQuery] = useState<ListQuery>({ page: 1, pageSize: defaultPageSize });
  const members = useMembers(workspaceId, query);
  const roles = useAllRoles(workspaceId, can(permissions.rolesRead));
  const [inviting, setInviting] = useState(false);
  const [changing, setChanging] = useState<Member | null>(null);
  const [removing, setRemoving] = useState<Member | null>(null);
  const remove = useAdminMutation(workspaceId, (memberId: string) =>
    adminApi.removeMember(workspaceId, memberId),
  );

  const shownRemoving = useLast(removing);
  const leaving = shownRemoving !== null && shownRemoving.user.id === me;
  const removingName = shownRemoving ? (personName(shownRemoving.user) ?? t('members.unnamed')) : '';

  const confirmRemove = async () => {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.id);
    } catch {
      setRemoving(null);
      return;
    }
    setRemoving(null);
    if (leaving) {
      notify.success(t('members.left'));
      clearSelection();
      navigate('/');
    } else notify.success(t('members.removed', { name: removingName }));
  };

  // The server refuses acting on someone whose role holds more than the caller; roles it cannot read
  // are left for the server to judge.
  const outranks = (member: Member) => {
    if (!member.role) return false;
    const role = roles.data?.items.find((item) => item.id === member.role?.id);
    return role ? !canGrantRole(role, can) : false;
  };

  const columns: Column<Member>[] = [
    {
      id: 'member',
      label: t('members.columns.member'),
      render: (member) => (
        <PersonCell
          name={personName({ ...member.user, username: null })}
          username={member.user.username}
          fallback={t('members.unnamed')}
          badge={member.user.id === me ? <Chip size="small" label={t('members.you')} /> : null}
        />
      ),
    },
    {
      id: 'role',
      label: t('members.columns.role'),
      render: (member) =>
        member.level === 'owner' ? (
          <Chip size="small" color="primary" label={t('members.owner')} />
        ) : member.role ? (
          member.role.name
        ) : (
          <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
            {t('roles.none')}
          </Typography>
        ),
    },
    {
      id: 'status',
      label: t('members.columns.status'),
      render: (member) => <StatusChip status={member.status} />,
    },
  ];

  return (
    <AdminSection
      id="members"
      title={t('members.title')}
      description={t('members.description')}
      actions={
        <Gate permission={permissions.invite} mode="disable">
          <Button variant="contained" startIcon={<PersonAddAlt1Icon />} onClick={() => setInviting(true)}>
            {t('invite.open')}
          </Button>
        </Gate>
      }
    >
      <SearchedTable
        label={t('members.title')}
        searchLabel={t('members.search')}
        query={query}
        onQuery={setQuery}
        columns={columns}
        list={members}
        empty={t('members.empty')}
        rowKey={(member) => member.id}
        actions={(member) => {
          const name = personName(member.user) ?? t('members.unnamed');
          const isOwner = member.level === 'owner';
          const isMe = member.user.id === me;
          const above = outranks(member);
          return (
            <>
              {can(permissions.membersUpdate) ? (
                <RowAction
                  label={t('members.changeRole', { name })}
                  icon={<ManageAccountsOutlinedIcon fontSize="small" />}
                  onClick={() => setChanging(member)}
                  disabledReason={
                    isOwner ? t('members.ownerFixed') : above ? t('members.outranks') : undefined
                  }
                />
              ) : null}
              {isMe && !isOwner ? (
                <RowAction
                  label={t('members.leave')}
                  icon={<LogoutIcon fontSize="small" sx={{ transform: rtl ? 'scaleX(-1)' : undefined }} />}
                  color="error"
                  onClick={() => setRemoving(member)}
                />
              ) : can(permissions.membersDelete) ? (
                <RowAction
                  label={t('members.remove', { name })}
                  icon={<DeleteOutlineIcon fontSize="small" />}
                  color="error"
                  onClick={() => setRemoving(member)}
                  disabledReason={
                    isOwner ? t('members.ownerStays') : above ? t('members.outranks') : undefined
                  }
                />
              ) : null}
            </>
          );
        }}
      />
      <InviteDialog workspaceId={workspaceId} open={inviting} onClose={() => setInviting(false)} />
      <ChangeRoleDialog workspaceId={workspaceId} member={changing} onClose={() => setChanging(null)} />
      <ConfirmDialog
        open={removing !== null}
        title={leaving ? t('members.leaveTitle') : t('members.removeTitle')}
        message={leaving ? t('members.leaveText') : t('members.removeText', { name: removingName })}
        confirmLabel={leaving ? t('members.leave') : t('actions.remove')}
        pending={remove.isPending}
        onConfirm={() => void confirmRemove()}
        onClose={() => setRemoving(null)}
      />
    </AdminSection>
  );
}

export function Component() {
  return (
    <AccessGate permission={permissions.membersRead}>
      {(workspaceId) => (
        <Stack sx={{ gap: 3 }}>
          <MembersSection workspaceId={workspaceId} />
          <InvitationsSection workspaceId={workspaceId} />
        </Stack>
      )}
    </AccessGate>
  );
}
