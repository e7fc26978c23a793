import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { CreatedApiKey, PermissionKey } from '@wsm/contracts';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../lib/locale-navigation';
import { BirthDateField } from '../profile/components/birth-date-field';
import { useAccessCatalogue } from '../workspace-settings/api';
import { DialogForm, DialogFormActions } from '../workspace-settings/components/dialog-form';
import { PermissionMatrix } from '../workspace-settings/permission-matrix';
import { useWorkspaceAccess } from '../workspaces/access';
import { apiKeysApi, useApiKeyMutation } from './api-keys-api';
import { ShownOnce } from './shown-once';

/** The end of a calendar day where the browser is, as an instant: a key expiring "on" a day works through it. */
function endOfDay(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day + 1, 0, 0, 0, -1).toISOString();
}

function CreateForm({
  workspaceId,
  onCreated,
  onCancel,
}: {
  workspaceId: string;
  onCreated: (key: CreatedApiKey) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('workspace-admin');
  const locale = useLocale();
  const { can } = useWorkspaceAccess();
  const catalogue = useAccessCatalogue(workspaceId);
  const [name, setName] = useState('');
  const [expiry, setExpiry] = useState<string | null | 'incomplete'>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [errors, setErrors] = useState<{ name?: string; expiry?: string; permissions?: string }>({});
  const create = useApiKeyMutation(workspaceId, apiKeysApi.create);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (!name.trim()) found.name = t('apiKeys.nameRequired');
    if (expiry === 'incomplete') found.expiry = t('apiKeys.expiryIncomplete');
    else if (expiry && Date.parse(endOfDay(expiry)) <= Date.now()) found.expiry = t('apiKeys.expiryPast');
    if (selected.size === 0) found.permissions = t('apiKeys.permissionsRequired');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const ids = catalogue.data?.permissions ?? [];
    const permissions = ids.filter((p) => selected.has(p.id)).map((p) => p.key as PermissionKey);
    try {
      onCreated(
        await create.mutateAsync({
          workspaceId,
          name: name.trim(),
          permissions,
          expiresDate: expiry && expiry !== 'incomplete' ? endOfDay(expiry) : null,
        }),
      );
    } catch {
      // The API client has shown why.
    }
  };

  return (
    <DialogForm onSubmit={(event) => void submit(event)}>
      <DialogContent dividers>
        <Stack sx={{ gap: 2.5 }}>
          <TextField
            label={t('apiKeys.name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            required
            autoFocus
            error={Boolean(errors.name)}
            helperText={errors.name || t('apiKeys.nameHelp')}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <BirthDateField
            id="api-key-expiry"
            label={t('apiKeys.expiry')}
            help={t('apiKeys.expiryHelp')}
            yearCount={6}
            ahead
            locale={locale}
            value={expiry === 'incomplete' ? null : expiry}
            error={errors.expiry}
            onChange={setExpiry}
          />
          <Stack sx={{ gap: 1 }}>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
              {t('apiKeys.permissions')}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('apiKeys.permissionsHelp')}
            </Typography>
            {errors.permissions ? <Alert severity="error">{errors.permissions}</Alert> : null}
            {catalogue.data ? (
              <PermissionMatrix
                softwares={catalogue.data.softwares}
                permissions={catalogue.data.permissions}
                selected={selected}
                onChange={(next) => {
                  setSelected(next);
                  setErrors((old) => ({ ...old, permissions: undefined }));
                }}
                canGrant={can}
              />
            ) : (
              <Skeleton variant="rounded" height={160} />
            )}
          </Stack>
        </Stack>
      </DialogContent>
      <DialogFormActions pending={create.isPending} submitLabel={t('apiKeys.submit')} onCancel={onCancel} />
    </DialogForm>
  );
}

/** The new key, shown this once, with a copy button and a warning that it will not be shown again. */
function CreatedKey({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const { t } = useTranslation('workspace-admin');
  return (
    <ShownOnce
      value={created.key}
      label={t('apiKeys.keyLabel')}
      warning={t('apiKeys.createdWarning')}
      testId="created-api-key"
      copyFailed={t('apiKeys.copyFailed')}
      onDone={onDone}
    />
  );
}

/** New API key: name, expiry and permissions; then the key, shown once. */
export function ApiKeyDialog({
  workspaceId,
  open,
  onClose,
}: {
  workspaceId: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('workspace-admin');
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const close = () => {
    setCreated(null);
    onClose();
  };
  return (
    <Dialog
      open={open}
      // The key is shown once: a stray click outside must not lose it.
      onClose={created ? undefined : close}
      aria-labelledby={titleId}
      fullScreen={fullScreen}
      maxWidth="md"
      fullWidth
    >
      <DialogTitle id={titleId}>{created ? t('apiKeys.createdTitle') : t('apiKeys.createTitle')}</DialogTitle>
      {created ? (
        <CreatedKey created={created} onDone={close} />
      ) : open ? (
        <CreateForm workspaceId={workspaceId} onCreated={setCreated} onCancel={close} />
      ) : null}
    </Dialog>
  );
}
