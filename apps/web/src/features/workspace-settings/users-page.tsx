import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import Box from '@mui/material/Box';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  type NamedKey,
  type WorkspaceUser,
  type WorkspaceUserStatus,
  workspaceUserStatuses,
} from '@wsm/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { UserValue } from '../../components/user-value';
import { formatDate } from '../../lib/dates';
import { useLocale } from '../../lib/locale-navigation';
import { notify } from '../../lib/notify';
import { useWorkspaceAccess } from '../workspaces/access';
import {
  adminApi,
  defaultPageSize,
  type ListQuery,
  personName,
  useAdminMutation,
  useProtectedUsernames,
  useUserStatuses,
  useWorkspaceUsers,
} from './api';
import { AdminSection } from './components/admin-section';
import type { Column } from './components/data-table';
import { FilterSelect } from './components/filter-select';
import { AccessGate } from './components/no-access';
import { RowAction } from './components/row-action';
import { SearchedTable } from './components/searched-table';
import { StatusChip } from './components/status-chip';
import { useLast } from './components/use-last';
import { allowedTransitions, deletePermissionFor, permissions } from './grant';
import { UserEditDialog } from './user-edit-dialog';

const isStatus = (value: string): value is WorkspaceUserStatus =>
  (workspaceUserStatuses as readonly string[]).includes(value);

/** The menu of statuses a user may move to: only the server's transition table's targets. */
function StatusMenu({
  user,
  statuses,
  onPick,
  lockedReason,
}: {
  user: WorkspaceUser;
  lockedReason?: string | undefined;
  statuses: readonly NamedKey[];
  onPick: (status: WorkspaceUserStatus) => void;
}) {
  const { t } = useTranslation('workspace-admin');
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const targets = allowedTransitions(user.status.key);
  const name = personName(user) ?? user.phone ?? t('members.unnamed');
  const nameOf = (key: string) => statuses.find((status) => status.key === key)?.name ?? key;
  return (
    <>
      <RowAction
        label={t('users.changeStatus', { name })}
        icon={<SwapHorizIcon fontSize="small" />}
        onClick={(event) => setAnchor(event.currentTarget)}
        disabledReason={lockedReason ?? (targets.length === 0 ? t('users.statusByInvitation') : undefined)}
        menu={{ id: menuId, open: anchor !== null }}
      />
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <Typography
          variant="caption"
          component="li"
          role="presentation"
          sx={{ px: 2, py: 0.5, color: 'text.secondary', display: 'block' }}
        >
          {t('users.statusFrom', { status: user.status.name })}
        </Typography>
        {targets.map((key) => (
          <MenuItem
            key={key}
            data-status={key}
            onClick={() => {
              setAnchor(null);
              onPick(key);
            }}
          >
            <ListItemText primary={t('users.moveTo', { status: nameOf(key) })} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

function UsersTable({ workspaceId }: { workspaceId: string }) {
  const { t } = useTranslation('workspace-admin');
  const locale = useLocale();
  const { can } = useWorkspaceAccess();
  const [query, setQuery] = useState<ListQuery & { status?: WorkspaceUserStatus }>({
    page: 1,
    pageSize: defaultPageSize,
  });
  const users = useWorkspaceUsers(workspaceId, query);
  const protectedNames = useProtectedUsernames(workspaceId, can(permissions.membersRead));
  const protectedReason = (user: WorkspaceUser) =>
    user.username && protectedNames.has(user.username) ? t('users.protected') : undefined;
  const statuses = useUserStatuses(workspaceId);
  const [editing, setEditing] = useState<WorkspaceUser | null>(null);
  const [deleting, setDeleting] = useState<WorkspaceUser | null>(null);
  const [suspending, setSuspending] = useState<WorkspaceUser | null>(null);
  const shownDeleting = useLast(deleting);
  const shownSuspending = useLast(suspending);
  const remove = useAdminMutation(workspaceId, (userId: string) => adminApi.deleteUser(workspaceId, userId));
  const move = useAdminMutation(workspaceId, (next: { userId: string; status: WorkspaceUserStatus }) =>
    adminApi.changeUserStatus(workspaceId, next.userId, next.status),
  );
  const statusList = statuses.data ?? [];
  const nameOf = (user: WorkspaceUser | null) =>
    user ? (personName(user) ?? user.phone ?? t('members.unnamed')) : '';
  const statusName = (key: string) => statusList.find((status) => status.key === key)?.name ?? key;

  const changeStatus = async (user: WorkspaceUser, status: WorkspaceUserStatus) => {
    try {
      await move.mutateAsync({ userId: user.id, status });
      notify.success(t('users.statusChanged', { name: nameOf(user), status: statusName(status) }));
    } catch {
      // The API client has shown why.
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      notify.success(t('users.deleted', { name: nameOf(deleting) }));
    } catch {
      // The API client has shown why.
    }
    setDeleting(null);
  };

  const confirmSuspend = async () => {
    if (!suspending) return;
    await changeStatus(suspending, 'suspended');
    setSuspending(null);
  };

  const columns: Column<WorkspaceUser>[] = [
    {
      id: 'user',
      label: t('users.columns.user'),
      render: (user) => {
        const name = personName({ ...user, username: null });
        return (
          <Stack sx={{ minWidth: 0 }}>
            <Typography component="span" sx={{ fontWeight: 600 }}>
              {name ? (
                <UserValue value={name} />
              ) : user.username ? (
                <UserValue value={`@${user.username}`} kind="identifier" />
              ) : user.phone ? (
                <UserValue value={user.phone} kind="number" />
              ) : (
                t('members.unnamed')
              )}
            </Typography>
            {user.username && name ? (
              <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
                <UserValue value={`@${user.username}`} kind="identifier" />
              </Typography>
            ) : null}
          </Stack>
        );
      },
    },
    {
      id: 'phone',
      label: t('users.columns.phone'),
      render: (user) => (
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {user.phone ? <UserValue value={user.phone} kind="number" /> : '—'}
        </Box>
      ),
    },
    {
      id: 'status',
      label: t('users.columns.status'),
      render: (user) => <StatusChip status={user.status} />,
    },
    {
      id: 'joined',
      label: t('users.columns.joined'),
      render: (user) => (
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {user.joinDate ? formatDate(user.joinDate, locale, t) : t('users.notJoined')}
        </Box>
      ),
    },
  ];

  const filter = (
    <FilterSelect
      id="users-status-filter"
      label={t('users.statusFilter')}
      allLabel={t('users.allStatuses')}
      value={query.status}
      onChange={(value) =>
        setQuery((old) => {
          const { status: _dropped, ...rest } = old;
          return value && isStatus(value) ? { ...rest, status: value, page: 1 } : { ...rest, page: 1 };
        })
      }
      minWidth={200}
    >
      {statusList.map((status) => (
        <MenuItem key={status.key} value={status.key}>
          {status.name}
        </MenuItem>
      ))}
    </FilterSelect>
  );

  return (
    <AdminSection id="users" title={t('users.title')} description={t('users.description')}>
      <SearchedTable
        label={t('users.title')}
        searchLabel={t('users.search')}
        query={query}
        onQuery={setQuery}
        filtered={Boolean(query.status)}
        filters={filter}
        columns={columns}
        list={users}
        empty={t('users.empty')}
        rowKey={(user) => user.id}
        actions={
          can(permissions.usersUpdate) || can(permissions.membersDelete) || can(permissions.withdraw)
            ? (user) => (
                <>
                  {can(permissions.usersUpdate) ? (
                    <>
                      <RowAction
                        label={t('users.edit', { name: nameOf(user) })}
                        icon={<EditOutlinedIcon fontSize="small" />}
                        onClick={() => setEditing(user)}
                      />
                      <StatusMenu
                        user={user}
                        lockedReason={protectedReason(user)}
                        statuses={statusList}
                        onPick={(status) => {
                          if (status === 'suspended') setSuspending(user);
                          else void changeStatus(user, status);
                        }}
                      />
                    </>
                  ) : null}
                  {can(deletePermissionFor(user.status.key)) ? (
                    <RowAction
                      label={t('users.delete', { name: nameOf(user) })}
                      icon={<DeleteOutlinedIcon fontSize="small" />}
                      color="error"
                      onClick={() => setDeleting(user)}
                      disabledReason={protectedReason(user)}
                    />
                  ) : null}
                </>
              )
            : undefined
        }
      />
      <UserEditDialog workspaceId={workspaceId} user={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={t('users.deleteTitle')}
        message={
          shownDeleting && deletePermissionFor(shownDeleting.status.key) === permissions.withdraw
            ? t('users.deleteInviteeText', { name: nameOf(shownDeleting) })
            : t('users.deleteMemberText', { name: nameOf(shownDeleting) })
        }
        confirmLabel={t('actions.delete')}
        pending={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
      <ConfirmDialog
        open={suspending !== null}
        title={t('users.suspendTitle')}
        message={t('users.suspendText', { name: nameOf(shownSuspending) })}
        confirmLabel={t('users.suspend')}
        pending={move.isPending}
        onConfirm={() => void confirmSuspend()}
        onClose={() => setSuspending(null)}
      />
    </AdminSection>
  );
}

/** /workspace/settings/users: the workspace's user directory, statuses and their changes. */
export function Component() {
  return (
    <AccessGate permission={permissions.usersRead}>
      {(workspaceId) => <UsersTable workspaceId={workspaceId} />}
    </AccessGate>
  );
}
