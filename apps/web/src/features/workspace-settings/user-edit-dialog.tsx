import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { updateWorkspaceUserRequestSchema, type WorkspaceUser } from '@wsm/contracts';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../lib/locale-navigation';
import { notify } from '../../lib/notify';
import { BirthDateField } from '../profile/components/birth-date-field';
import { checkAndSave, type FieldErrors } from '../profile/form-errors';
import { adminApi, personName, useAdminMutation } from './api';
import { DialogForm, DialogFormActions } from './components/dialog-form';
import { useLast } from './components/use-last';

function EditForm({
  workspaceId,
  user,
  onClose,
}: {
  workspaceId: string;
  user: WorkspaceUser;
  onClose: () => void;
}) {
  const { t } = useTranslation('workspace-admin');
  const locale = useLocale();
  const [firstName, setFirstName] = useState(user.firstName ?? '');
  const [lastName, setLastName] = useState(user.lastName ?? '');
  const [birthDate, setBirthDate] = useState<string | null | 'incomplete'>(
    user.birthDate?.slice(0, 10) ?? null,
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useAdminMutation(workspaceId, adminApi.updateUser);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (birthDate === 'incomplete') {
      setErrors({ birthDate: t('users.birthDateIncomplete') });
      return;
    }
    const body = { workspaceId, userId: user.id, firstName, lastName, birthDate };
    if (!(await checkAndSave(updateWorkspaceUserRequestSchema, body, locale, setErrors, save.mutateAsync)))
      return;
    notify.success(t('users.saved'));
    onClose();
  };

  const nameField = (
    name: 'firstName' | 'lastName',
    value: string,
    onChange: (value: string) => void,
    autoFocus = false,
  ) => (
    <TextField
      fullWidth
      label={t(`users.${name}`)}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(errors[name])}
      helperText={errors[name]}
      autoFocus={autoFocus}
    />
  );
  return (
    <DialogForm onSubmit={(event) => void submit(event)}>
      <DialogContent>
        <Stack sx={{ gap: 2.5 }}>
          <DialogContentText>{t('users.editHelp')}</DialogContentText>
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2 }}>
            {nameField('firstName', firstName, setFirstName, true)}
            {nameField('lastName', lastName, setLastName)}
          </Stack>
          <BirthDateField
            value={user.birthDate?.slice(0, 10) ?? null}
            onChange={setBirthDate}
            locale={locale}
            error={errors.birthDate}
          />
        </Stack>
      </DialogContent>
      <DialogFormActions pending={save.isPending} submitLabel={t('actions.save')} onCancel={onClose} />
    </DialogForm>
  );
}

/** The workspace's own record of a person: names and birth date (the person's account is untouched). */
export function UserEditDialog({
  workspaceId,
  user,
  onClose,
}: {
  workspaceId: string;
  user: WorkspaceUser | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('workspace-admin');
  const titleId = useId();
  const shown = useLast(user);
  return (
    <Dialog open={user !== null} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>
        {t('users.editTitle', { name: shown ? (personName(shown) ?? t('members.unnamed')) : '' })}
      </DialogTitle>
      {shown ? <EditForm key={shown.id} workspaceId={workspaceId} user={shown} onClose={onClose} /> : null}
    </Dialog>
  );
}
