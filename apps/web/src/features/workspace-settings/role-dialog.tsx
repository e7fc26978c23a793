import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  createRoleRequestSchema,
  type Permission,
  type Role,
  type Software,
  StatusCode,
  updateRoleRequestSchema,
} from '@wsm/contracts';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { useLocale } from '../../lib/locale-navigation';
import { notify } from '../../lib/notify';
import { type FieldErrors, serverFieldErrors, validate } from '../profile/form-errors';
import { useWorkspaceAccess } from '../workspaces/access';
import { adminApi, useAccessCatalogue, useAdminMutation, useRole } from './api';
import { DialogForm, DialogFormActions } from './components/dialog-form';
import { type Can, canGrantRole, holdsEverything } from './grant';
import { PermissionMatrix } from './permission-matrix';

interface FormState {
  name: string;
  superAccess: boolean;
  selected: Set<string>;
}

const fromRole = (role: Role | null): FormState => ({
  name: role?.name ?? '',
  superAccess: role?.superAccess ?? false,
  selected: new Set(role?.permissions.map((permission) => permission.id) ?? []),
});

const isDuplicate = (error: unknown) =>
  error instanceof ApiError && error.statusCode === StatusCode.duplicate;

function RoleForm({
  workspaceId,
  role,
  softwares,
  permissions,
  can,
  onReloaded,
  onDone,
  onCancel,
}: {
  workspaceId: string;
  /** The role as last read from the server; null to create one. */
  role: Role | null;
  softwares: Software[];
  permissions: Permission[];
  can: Can;
  /** A newer version of the role was read after a conflict. */
  onReloaded: (role: Role) => void;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('workspace-admin');
  const locale = useLocale();
  const [form, setForm] = useState<FormState>(() => fromRole(role));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [conflict, setConflict] = useState(false);
  // A role that grants nothing is allowed, but saved only after a word and a second press.
  const [grantsNothingSeen, setGrantsNothingSeen] = useState(false);
  const grantsNothing = !form.superAccess && form.selected.size === 0;
  // An error is about what was entered: it goes as soon as its field changes.
  const clearError = (field: string) => setErrors((old) => (old[field] ? { ...old, [field]: '' } : old));
  const save = useAdminMutation(workspaceId, (body: FormState) =>
    role
      ? adminApi.updateRole({
          workspaceId,
          roleId: role.id,
          name: body.name,
          superAccess: body.superAccess,
          permissionIds: [...body.selected],
          lastChangeDate: role.lastChangeDate,
        })
      : adminApi.createRole({
          workspaceId,
          name: body.name,
          superAccess: body.superAccess,
          permissionIds: [...body.selected],
        }),
  );

  // Mirrors the server: the editor must hold everything the role holds now, and can only add what it holds.
  const locked = role !== null && !canGrantRole(role, can);
  const mayGrantSuper = holdsEverything(can);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = {
      workspaceId,
      name: form.name,
      superAccess: form.superAccess,
      permissionIds: [...form.selected],
      ...(role ? { roleId: role.id, lastChangeDate: role.lastChangeDate } : {}),
    };
    const checked = validate(role ? updateRoleRequestSchema : createRoleRequestSchema, body, locale);
    if (!checked.ok || !form.name.trim()) {
      const found = checked.ok ? {} : checked.errors;
      // An empty name is missing, not "too short".
      setErrors(form.name.trim() ? found : { ...found, name: t('roles.nameRequired') });
      return;
    }
    setErrors({});
    setConflict(false);
    if (grantsNothing && !grantsNothingSeen) {
      setGrantsNothingSeen(true);
      return;
    }
    try {
      await save.mutateAsync({ ...form, name: form.name.trim() });
    } catch (error) {
      if (isDuplicate(error)) await explainDuplicate();
      else setErrors(serverFieldErrors(error));
      return;
    }
    notify.success(
      role ? t('roles.saved', { name: form.name.trim() }) : t('roles.created', { name: form.name.trim() }),
    );
    onDone();
  };

  // 261 means either a stale lastChangeDate or a taken name: a newer version on the server tells them apart.
  const explainDuplicate = async () => {
    if (!role) {
      setErrors({ name: t('roles.nameTaken') });
      return;
    }
    let fresh: Role;
    try {
      fresh = await adminApi.role(workspaceId, role.id);
    } catch {
      return;
    }
    if (fresh.lastChangeDate !== role.lastChangeDate) {
      setConflict(true);
      setForm(fromRole(fresh));
      onReloaded(fresh);
    } else {
      setErrors({ name: t('roles.nameTaken') });
    }
  };

  return (
    <DialogForm onSubmit={(event) => void submit(event)}>
      <DialogContent dividers>
        <Stack sx={{ gap: 2.5 }}>
          {conflict ? (
            <Alert severity="warning" role="alert">
              {t('roles.conflict')}
            </Alert>
          ) : null}
          {locked ? <Alert severity="info">{t('roles.locked')}</Alert> : null}
          <TextField
            label={t('roles.name')}
            value={form.name}
            onChange={(event) => {
              setForm((old) => ({ ...old, name: event.target.value }));
              clearError('name');
            }}
            error={Boolean(errors.name)}
            helperText={errors.name}
            disabled={locked}
            required
            autoFocus
            slotProps={{ htmlInput: { maxLength: 60 } }}
          />
          <Stack sx={{ gap: 0.5 }}>
            <FormControlLabel
              control={
                <Switch
                  checked={form.superAccess}
                  onChange={(event) => setForm((old) => ({ ...old, superAccess: event.target.checked }))}
                  disabled={locked || (!mayGrantSuper && !form.superAccess)}
                />
              }
              label={t('roles.superAccess')}
            />
            <Typography variant="caption" sx={{ color: 'text.secondary', paddingInlineStart: 1 }}>
              {mayGrantSuper ? t('roles.superAccessHelp') : t('roles.superAccessNotHeld')}
            </Typography>
          </Stack>
          {form.superAccess ? <Alert severity="info">{t('roles.superAccessOn')}</Alert> : null}
          {errors.permissionIds ? <Alert severity="error">{errors.permissionIds}</Alert> : null}
          {grantsNothing && grantsNothingSeen ? (
            <Alert severity="warning" role="alert" data-testid="role-grants-nothing">
              {t('roles.grantsNothing')}
            </Alert>
          ) : null}
          <PermissionMatrix
            softwares={softwares}
            permissions={permissions}
            selected={form.selected}
            onChange={(selected) => {
              setForm((old) => ({ ...old, selected }));
              clearError('permissionIds');
            }}
            canGrant={can}
            disabled={locked || form.superAccess}
          />
        </Stack>
      </DialogContent>
      <DialogFormActions
        pending={save.isPending}
        disabled={locked}
        submitLabel={role ? t('actions.save') : t('roles.create')}
        onCancel={onCancel}
        sx={{ pt: 2 }}
      />
    </DialogForm>
  );
}

/** Create (roleId null) or edit a role: name, superAccess and the permission matrix. */
export function RoleDialog({
  workspaceId,
  roleId,
  open,
  onClose,
}: {
  workspaceId: string;
  roleId: string | null;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('workspace-admin');
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const { can } = useWorkspaceAccess();
  const titleId = useId();
  const catalogue = useAccessCatalogue(workspaceId);
  const roleQuery = useRole(workspaceId, open ? roleId : null);
  // The version the form edits: fixed when the dialog opens, replaced only by a reload after a conflict.
  const [base, setBase] = useState<Role | null>(null);

  useEffect(() => {
    if (!open) setBase(null);
    // Only a fresh read: a cached copy may carry an old lastChangeDate.
    else if (roleId && roleQuery.data && !roleQuery.isFetching && base === null) setBase(roleQuery.data);
  }, [open, roleId, roleQuery.data, roleQuery.isFetching, base]);

  const waitingForRole = roleId !== null && base === null;
  const failed = catalogue.isError || (roleId !== null && roleQuery.isError);

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={fullScreen}
      maxWidth="md"
      fullWidth
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>
        {roleId ? t('roles.editTitle', { name: base?.name ?? '' }) : t('roles.createTitle')}
      </DialogTitle>
      {failed ? (
        <DialogContent>
          <Alert severity="error">{t('states.loadFailed')}</Alert>
        </DialogContent>
      ) : catalogue.isPending || waitingForRole ? (
        <DialogContent aria-busy="true">
          <Stack sx={{ gap: 2 }}>
            <Skeleton variant="rounded" height={56} />
            <Skeleton variant="rounded" height={220} />
          </Stack>
        </DialogContent>
      ) : (
        <RoleForm
          key={roleId ?? 'new'}
          workspaceId={workspaceId}
          role={roleId ? base : null}
          softwares={catalogue.data.softwares}
          permissions={catalogue.data.permissions}
          can={can}
          onReloaded={setBase}
          onDone={onClose}
          onCancel={onClose}
        />
      )}
    </Dialog>
  );
}
