import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useWorkspaceAccess } from '../workspaces/access';
import { useAllRoles } from './api';
import { canGrantRole, permissions } from './grant';

const none = '__none__';

/** The workspace's roles and "no role"; roles holding something the current user lacks cannot be chosen. */
export function RoleSelect({
  workspaceId,
  value,
  onChange,
  label,
  error,
}: {
  workspaceId: string;
  value: string | null;
  onChange: (roleId: string | null) => void;
  label: string;
  error?: string | undefined;
}) {
  const { t } = useTranslation('workspace-admin');
  const { can } = useWorkspaceAccess();
  // Without tenant_roles_read the server refuses the list: only "no role" can be offered then.
  const mayRead = can(permissions.rolesRead);
  const roles = useAllRoles(workspaceId, mayRead);
  const id = useId();
  const items = roles.data?.items ?? [];
  // A value not (yet) among the loaded roles would make MUI warn; show "no role" until they arrive.
  const shown = value && items.some((role) => role.id === value) ? value : none;

  return (
    <FormControl fullWidth error={Boolean(error)}>
      <InputLabel id={`${id}-label`}>{label}</InputLabel>
      <Select
        labelId={`${id}-label`}
        label={label}
        value={shown}
        onChange={(event) => onChange(event.target.value === none ? null : event.target.value)}
        disabled={mayRead && roles.isPending}
      >
        <MenuItem value={none}>
          <ListItemText primary={t('roles.none')} secondary={t('roles.noneHelp')} />
        </MenuItem>
        {items.map((role) => {
          const grantable = canGrantRole(role, can);
          return (
            <MenuItem key={role.id} value={role.id} disabled={!grantable}>
              <ListItemText
                primary={role.name}
                secondary={
                  grantable
                    ? role.superAccess
                      ? t('roles.superAccessChip')
                      : t('roles.permissionCount', { count: role.permissions.length })
                    : t('roles.notGrantable')
                }
              />
            </MenuItem>
          );
        })}
      </Select>
      {error ? (
        <FormHelperText>{error}</FormHelperText>
      ) : !mayRead ? (
        <FormHelperText>{t('roles.cannotRead')}</FormHelperText>
      ) : roles.isError ? (
        <FormHelperText>{t('states.loadFailed')}</FormHelperText>
      ) : null}
    </FormControl>
  );
}
