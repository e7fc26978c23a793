import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { type Locale, StatusCode, sendInvitationRequestSchema } from '@wsm/contracts';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { displayDigits } from '../../lib/digits';
import { useLocale } from '../../lib/locale-navigation';
import { DigitsField } from '../auth/components/digits-field';
import { type FieldErrors, serverFieldErrors, validate } from '../profile/form-errors';
import { adminApi, useAdminMutation } from './api';
import { DialogForm, DialogFormActions } from './components/dialog-form';
import { RoleSelect } from './role-select';

export const inviteeKinds = ['phone', 'nationalCode', 'username'] as const;
export type InviteeKind = (typeof inviteeKinds)[number];

const numericKinds: ReadonlySet<InviteeKind> = new Set(['phone', 'nationalCode']);

/** A value typed for an invitee as the page shows it: numbers in the locale's digits, usernames as typed. */
export function shownInviteeValue(kind: InviteeKind, value: string, locale: Locale): string {
  return numericKinds.has(kind) ? displayDigits(value, locale) : `@${value}`;
}

function InviteForm({ workspaceId, onClose }: { workspaceId: string; onClose: () => void }) {
  const { t } = useTranslation('workspace-admin');
  const locale = useLocale();
  const id = useId();
  const [kind, setKind] = useState<InviteeKind>('phone');
  const [value, setValue] = useState('');
  const [roleId, setRoleId] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  // What the last invitation was recorded for: the dialog says what happens next, without claiming a
  // delivery it cannot know about (the answer is the same whether or not anyone holds the value).
  const [recorded, setRecorded] = useState<{ kind: InviteeKind; value: string } | null>(null);
  const send = useAdminMutation(workspaceId, adminApi.sendInvitation);
  // An error is about what was typed: it goes as soon as its field changes.
  const clearError = (field: 'value' | 'role') =>
    setErrors((old) => (old[field] ? { ...old, [field]: '' } : old));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // An empty field is missing, not malformed.
    if (!value.trim()) {
      setErrors({ value: t(`invite.required.${kind}`) });
      return;
    }
    // The contract's schema normalises Persian and Arabic-Indic digits and canonicalises the phone.
    const checked = validate(sendInvitationRequestSchema, { workspaceId, roleId, [kind]: value }, locale);
    if (!checked.ok) {
      setErrors({ value: checked.errors[kind] ?? checked.errors.phone ?? checked.errors._ ?? '' });
      return;
    }
    setErrors({});
    try {
      await send.mutateAsync(checked.data);
    } catch (error) {
      if (error instanceof ApiError && error.statusCode === StatusCode.duplicate)
        setErrors({ value: t(`invite.duplicate.${kind}`) });
      // A national code or username nobody holds yet is invited like any other (the invitation waits
      // for that person); a 404 now means the chosen role was deleted meanwhile.
      else if (error instanceof ApiError && error.statusCode === StatusCode.notFound)
        setErrors({ role: t('invite.roleGone') });
      else {
        const server = serverFieldErrors(error);
        setErrors({ value: server[kind] ?? server.phone ?? '', role: server.roleId ?? '' });
      }
      return;
    }
    setRecorded({ kind, value: checked.data[kind] ?? value });
    setValue('');
  };

  const chooseKind = (next: InviteeKind) => {
    setKind(next);
    setValue('');
    setErrors({});
    setRecorded(null);
  };

  return (
    <DialogForm onSubmit={(event) => void submit(event)}>
      <DialogContent>
        <Stack sx={{ gap: 2.5 }}>
          <DialogContentText>{t('invite.help')}</DialogContentText>
          <FormControl>
            <FormLabel id={`${id}-kind`} sx={{ mb: 1 }}>
              {t('invite.by')}
            </FormLabel>
            <ToggleButtonGroup
              exclusive
              fullWidth
              size="small"
              color="primary"
              value={kind}
              aria-labelledby={`${id}-kind`}
              onChange={(_event, next: InviteeKind | null) => {
                if (next) chooseKind(next);
              }}
            >
              {inviteeKinds.map((option) => (
                <ToggleButton key={option} value={option}>
                  {t(`invite.kinds.${option}`)}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          </FormControl>
          {recorded ? (
            <Alert severity="success" role="status">
              {t(`invite.recorded.${recorded.kind}`, {
                value: shownInviteeValue(recorded.kind, recorded.value, locale),
              })}
              {recorded.kind === 'phone' ? null : (
                <Box sx={{ mt: 1 }}>
                  <Button variant="outlined" color="inherit" size="small" onClick={() => chooseKind('phone')}>
                    {t('invite.switchToPhone')}
                  </Button>
                </Box>
              )}
            </Alert>
          ) : null}
          {numericKinds.has(kind) ? (
            // Digits show in the page's own whichever were typed; the value keeps ASCII ones.
            <DigitsField
              key={kind}
              label={t(`invite.fields.${kind}`)}
              value={value}
              onValueChange={(next) => {
                setValue(next);
                clearError('value');
              }}
              maxDigits={kind === 'phone' ? 12 : 10}
              extraCharacters={kind === 'phone' ? '+' : ''}
              error={Boolean(errors.value)}
              helperText={errors.value || t(`invite.hints.${kind}`)}
              required
              autoFocus
              autoComplete="off"
            />
          ) : (
            <TextField
              label={t(`invite.fields.${kind}`)}
              value={value}
              onChange={(event) => {
                setValue(event.target.value);
                clearError('value');
              }}
              error={Boolean(errors.value)}
              helperText={errors.value || t(`invite.hints.${kind}`)}
              required
              autoFocus
              autoComplete="off"
              slotProps={{ htmlInput: { dir: 'ltr', maxLength: 32 } }}
            />
          )}
          <RoleSelect
            workspaceId={workspaceId}
            value={roleId}
            onChange={(next) => {
              setRoleId(next);
              clearError('role');
            }}
            label={t('invite.role')}
            error={errors.role}
          />
        </Stack>
      </DialogContent>
      <DialogFormActions
        pending={send.isPending}
        submitLabel={t('invite.send')}
        cancelLabel={recorded ? t('invite.close') : undefined}
        onCancel={onClose}
      />
    </DialogForm>
  );
}

/** Invite someone by mobile number, national code or username, with a role the inviter may grant. */
export function InviteDialog({
  workspaceId,
  open,
  onClose,
}: {
  workspaceId: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('workspace-admin');
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('invite.title')}</DialogTitle>
      <InviteForm workspaceId={workspaceId} onClose={onClose} />
    </Dialog>
  );
}
