import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Role } from '@wsm/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { formatAgo } from '../../lib/dates';
import { formatNumber } from '../../lib/digits';
import { useLocale } from '../../lib/locale-navigation';
import { notify } from '../../lib/notify';
import { Gate, useWorkspaceAccess } from '../workspaces/access';
import { adminApi, defaultPageSize, type ListQuery, useAdminMutation, useRoles } from './api';
import { AdminSection } from './components/admin-section';
import type { Column } from './components/data-table';
import { AccessGate } from './components/no-access';
import { RowAction } from './components/row-action';
import { SearchedTable } from './components/searched-table';
import { canGrantRole, permissions } from './grant';
import { RoleDialog } from './role-dialog';

function RolesTable({ workspaceId }: { workspaceId: string }) {
  const { t } = useTranslation('workspace-admin');
  const locale = useLocale();
  const { can } = useWorkspaceAccess();
  const [query, setQuery] = useState<ListQuery>({ page: 1, pageSize: defaultPageSize });
  const roles = useRoles(workspaceId, query);
  const [editing, setEditing] = useState<{ roleId: string | null } | null>(null);
  const [deleting, setDeleting] = useState<Role | null>(null);
  const remove = useAdminMutation(workspaceId, (roleId: string) => adminApi.deleteRole(workspaceId, roleId));

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      notify.success(t('roles.deleted', { name: deleting.name }));
    } catch {
      // The API client has shown why.
    }
    setDeleting(null);
  };

  const columns: Column<Role>[] = [
    {
      id: 'name',
      label: t('roles.columns.name'),
      render: (role) => (
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography component="span" sx={{ fontWeight: 600 }}>
            {role.name}
          </Typography>
          {role.superAccess ? <Chip size="small" color="primary" label={t('roles.superAccessChip')} /> : null}
        </Stack>
      ),
    },
    {
      id: 'sections',
      label: t('roles.columns.sections'),
      render: (role) => {
        const sections = role.softwares.flatMap((software) => software.sections);
        if (sections.length === 0)
          return (
            <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
              {t('roles.noPermissions')}
            </Typography>
          );
        return (
          <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap', justifyContent: 'inherit' }}>
            {sections.map((section) => (
              <Chip key={section.key} size="small" variant="outlined" label={section.name} />
            ))}
          </Stack>
        );
      },
    },
    {
      id: 'permissions',
      label: t('roles.columns.permissions'),
      numeric: true,
      render: (role) =>
        role.superAccess ? t('roles.allPermissions') : formatNumber(role.permissions.length, locale),
    },
    {
      id: 'members',
      label: t('roles.columns.members'),
      numeric: true,
      render: (role) => formatNumber(role.totalMembers, locale),
    },
    {
      id: 'changed',
      label: t('roles.columns.changed'),
      render: (role) => (
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {formatAgo(role.lastChangeDate, t)}
        </Box>
      ),
    },
  ];

  return (
    <AdminSection
      id="roles"
      title={t('roles.title')}
      description={t('roles.description')}
      actions={
        <Gate permission={permissions.rolesCreate} mode="disable">
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ roleId: null })}>
            {t('roles.new')}
          </Button>
        </Gate>
      }
    >
      <SearchedTable
        label={t('roles.title')}
        searchLabel={t('roles.search')}
        query={query}
        onQuery={setQuery}
        columns={columns}
        list={roles}
        empty={t('roles.empty')}
        rowKey={(role) => role.id}
        actions={
          can(permissions.rolesUpdate) || can(permissions.rolesDelete)
            ? (role) => {
                const held = canGrantRole(role, can);
                return (
                  <>
                    {can(permissions.rolesUpdate) ? (
                      <RowAction
                        label={t('roles.edit', { name: role.name })}
                        icon={<EditOutlinedIcon fontSize="small" />}
                        onClick={() => setEditing({ roleId: role.id })}
                      />
                    ) : null}
                    {can(permissions.rolesDelete) ? (
                      <RowAction
                        label={t('roles.delete', { name: role.name })}
                        icon={<DeleteOutlineIcon fontSize="small" />}
                        color="error"
                        onClick={() => setDeleting(role)}
                        disabledReason={held ? undefined : t('roles.notHeld')}
                      />
                    ) : null}
                  </>
                );
              }
            : undefined
        }
      />
      <RoleDialog
        workspaceId={workspaceId}
        roleId={editing?.roleId ?? null}
        open={editing !== null}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('roles.deleteTitle')}
        message={t('roles.deleteText', {
          name: deleting?.name ?? '',
          count: deleting?.totalMembers ?? 0,
        })}
        confirmLabel={t('actions.delete')}
        pending={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </AdminSection>
  );
}

/** /workspace/settings/roles: the workspace's roles, their permissions and who holds them. */
export function Component() {
  return (
    <AccessGate permission={permissions.rolesRead}>
      {(workspaceId) => <RolesTable workspaceId={workspaceId} />}
    </AccessGate>
  );
}
