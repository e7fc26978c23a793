import KeyOutlined from '@mui/icons-material/KeyOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { type Passkey, passkeyNameSchema, StatusCode } from '@wsm/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { UserValue } from '../../../components/user-value';
import { ApiError } from '../../../lib/api-error';
import { isolateValue } from '../../../lib/bidi';
import { formatDate } from '../../../lib/dates';
import { useLocale } from '../../../lib/locale-navigation';
import { notify } from '../../../lib/notify';
import { createPasskey, PasskeyError, passkeysSupported } from '../../../lib/webauthn';
import { profileApi, profileKeys, usePasskeys } from '../api';
import { ActionListItem } from './action-list-item';
import { CodeStep } from './code-step';
import { stepUpTimer } from './contact-cards';
import { ErrorClearingField } from './error-clearing-field';
import { SectionCard } from './section-card';

/** What the section is doing besides listing: a step-up code first (adding or deleting from a stale session). */
type Stage =
  | { name: 'idle' }
  | { name: 'step-up-add'; phone: string; passkeyName: string }
  | { name: 'step-up-delete'; phone: string; passkey: Passkey };

/** The words for a passkey that could not be added: the browser's reason, or the server's refusal. */
function addFailureKey(error: unknown): string | null {
  if (error instanceof PasskeyError)
    return {
      unsupported: 'passkeys.errors.unsupported',
      cancelled: 'passkeys.errors.cancelled',
      'already-registered': 'passkeys.errors.alreadyRegistered',
      'wrong-address': 'passkeys.errors.wrongAddress',
      failed: 'passkeys.errors.failed',
    }[error.reason];
  if (error instanceof ApiError && error.statusCode === StatusCode.duplicate)
    return 'passkeys.errors.alreadyRegistered';
  if (error instanceof ApiError && error.statusCode === StatusCode.wrongCredentials)
    return 'passkeys.errors.refused';
  // Anything else the API client has already shown.
  return null;
}

/**
 * /profile/security: the account's passkeys (name, added, last used), adding one with the browser's
 * prompt, renaming and deleting (after a confirmation). Adding and deleting from a stale session ask for
 * a step-up code to the phone first, as the authenticator app does.
 */
export function PasskeysCard() {
  const { t } = useTranslation('profile');
  const locale = useLocale();
  const client = useQueryClient();
  const query = usePasskeys();
  const supported = passkeysSupported();
  const [stage, setStage] = useState<Stage>({ name: 'idle' });
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState('');
  const [addError, setAddError] = useState('');
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const [newName, setNewName] = useState('');
  const [renameError, setRenameError] = useState('');
  const [savingName, setSavingName] = useState(false);
  const [confirming, setConfirming] = useState<Passkey | null>(null);
  const [deleting, setDeleting] = useState(false);

  const refresh = async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: profileKeys.passkeys }),
      client.invalidateQueries({ queryKey: profileKeys.twoFa }),
    ]);
  };
  const stepUpPhone = (phone: string) => isolateValue(phone, locale, 'number');

  /** Options (or a step-up first), the browser's prompt, then the registration. */
  const add = async (passkeyName: string, currentCode?: string) => {
    setAddError('');
    const answer = await profileApi.passkeyOptions(currentCode);
    if (answer.step === 'step-up') {
      setStage({ name: 'step-up-add', phone: answer.phone, passkeyName });
      return answer.resendAfter;
    }
    setStage({ name: 'idle' });
    try {
      const response = await createPasskey(answer.options);
      await profileApi.registerPasskey(passkeyName, response);
      setName('');
      notify.success(t('passkeys.added', { name: passkeyName }));
      await refresh();
    } catch (error) {
      const key = addFailureKey(error);
      const where =
        error instanceof PasskeyError ? { address: error.address, here: window.location.host } : {};
      if (key) setAddError(t(key, where));
    }
    return undefined;
  };

  const submitAdd = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = passkeyNameSchema.safeParse(name);
    if (!parsed.success) {
      setNameError(t('passkeys.nameInvalid'));
      return;
    }
    setNameError('');
    setAdding(true);
    try {
      await add(parsed.data);
    } catch {
      // The API client already said why (rate limit, connection).
    } finally {
      setAdding(false);
    }
  };

  const remove = async (passkey: Passkey, currentCode?: string) => {
    const answer = await profileApi.deletePasskey(passkey.id, currentCode);
    if (answer.step === 'step-up') {
      setStage({ name: 'step-up-delete', phone: answer.phone, passkey });
      return answer.resendAfter;
    }
    setStage({ name: 'idle' });
    notify.success(t('passkeys.deleted', { name: passkey.name }));
    await refresh();
    return undefined;
  };

  const confirmDelete = async () => {
    const passkey = confirming;
    if (!passkey) return;
    setDeleting(true);
    try {
      await remove(passkey);
    } catch {
      // Already shown by the API client.
    } finally {
      setDeleting(false);
      setConfirming(null);
    }
  };

  const saveName = async (event: FormEvent) => {
    event.preventDefault();
    const passkey = renaming;
    if (!passkey) return;
    const parsed = passkeyNameSchema.safeParse(newName);
    if (!parsed.success) {
      setRenameError(t('passkeys.nameInvalid'));
      return;
    }
    setSavingName(true);
    try {
      await profileApi.renamePasskey(passkey.id, parsed.data);
      setRenaming(null);
      notify.success(t('passkeys.renamed'));
      await refresh();
    } catch {
      // Already shown by the API client.
    } finally {
      setSavingName(false);
    }
  };

  let list: React.ReactNode;
  if (query.isPending) list = <Skeleton variant="rounded" height={72} aria-label={t('states.loading')} />;
  else if (query.isError) list = <Alert severity="error">{t('states.loadFailed')}</Alert>;
  else if (query.data.length === 0)
    list = (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('passkeys.empty')}
      </Typography>
    );
  else
    list = (
      <List disablePadding aria-label={t('passkeys.listLabel')}>
        {query.data.map((passkey) => (
          <ActionListItem
            key={passkey.id}
            icon={<KeyOutlined aria-hidden />}
            primary={<UserValue value={passkey.name} kind="text" />}
            secondary={t('passkeys.details', {
              created: formatDate(passkey.createdDate, locale, t, 'date'),
              used: passkey.lastUsedDate
                ? formatDate(passkey.lastUsedDate, locale, t, 'dateTime')
                : t('passkeys.neverUsed'),
            })}
          >
            <Stack direction="row" sx={{ gap: 0.5, marginInlineStart: 'auto' }}>
              <Button
                onClick={() => {
                  setRenaming(passkey);
                  setNewName(passkey.name);
                  setRenameError('');
                }}
                aria-label={t('passkeys.renameOne', { name: passkey.name })}
              >
                {t('passkeys.rename')}
              </Button>
              <Button
                color="error"
                onClick={() => setConfirming(passkey)}
                aria-label={t('passkeys.deleteOne', { name: passkey.name })}
              >
                {t('passkeys.delete')}
              </Button>
            </Stack>
          </ActionListItem>
        ))}
      </List>
    );

  let action: React.ReactNode;
  if (stage.name === 'step-up-add' || stage.name === 'step-up-delete') {
    const current = stage;
    action = (
      <Stack sx={{ gap: 1.5 }}>
        <Alert severity="info" data-testid="passkeys-step-up">
          {t('stepUp.explain', { phone: stepUpPhone(current.phone) })}
        </Alert>
        <CodeStep
          id="passkeys-step-up"
          timerName={stepUpTimer}
          sentTo={stepUpPhone(current.phone)}
          pending={adding || deleting}
          onVerify={async (code) => {
            if (current.name === 'step-up-add') await add(current.passkeyName, code);
            else await remove(current.passkey, code);
          }}
          onResend={() =>
            current.name === 'step-up-add' ? add(current.passkeyName) : remove(current.passkey)
          }
          onCancel={() => setStage({ name: 'idle' })}
        />
      </Stack>
    );
  } else if (!supported) action = <Alert severity="info">{t('passkeys.errors.unsupported')}</Alert>;
  else
    action = (
      <Stack
        component="form"
        noValidate
        onSubmit={(event) => void submitAdd(event)}
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ gap: 1.5, alignItems: { sm: 'flex-start' } }}
      >
        <ErrorClearingField
          label={t('passkeys.nameLabel')}
          placeholder={t('passkeys.namePlaceholder')}
          value={name}
          onValue={setName}
          error={nameError}
          onClearError={() => setNameError('')}
          hint={t('passkeys.nameHelp')}
          slotProps={{ htmlInput: { maxLength: 50, dir: 'auto' } }}
          sx={{ flex: 1 }}
        />
        <Button
          type="submit"
          variant="outlined"
          startIcon={<KeyOutlined />}
          loading={adding}
          sx={{ mt: { sm: 1 } }}
        >
          {t('passkeys.add')}
        </Button>
      </Stack>
    );

  return (
    <SectionCard id="security-passkeys" title={t('passkeys.title')} description={t('passkeys.description')}>
      {list}
      {action}
      {addError ? (
        <Alert severity="error" role="alert" onClose={() => setAddError('')}>
          {addError}
        </Alert>
      ) : null}
      <Dialog
        open={Boolean(renaming)}
        onClose={() => setRenaming(null)}
        aria-labelledby="rename-passkey-title"
      >
        <form noValidate onSubmit={(event) => void saveName(event)}>
          <DialogTitle id="rename-passkey-title">{t('passkeys.renameTitle')}</DialogTitle>
          <DialogContent>
            <ErrorClearingField
              autoFocus
              fullWidth
              margin="dense"
              label={t('passkeys.nameLabel')}
              value={newName}
              onValue={setNewName}
              error={renameError}
              onClearError={() => setRenameError('')}
              hint=" "
              slotProps={{ htmlInput: { maxLength: 50, dir: 'auto' } }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setRenaming(null)}>{t('actions.cancel')}</Button>
            <Button type="submit" variant="contained" loading={savingName}>
              {t('actions.save')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
      <ConfirmDialog
        open={Boolean(confirming)}
        title={t('passkeys.deleteTitle')}
        message={t('passkeys.deleteText', { name: confirming?.name ?? '' })}
        confirmLabel={t('passkeys.delete')}
        pending={deleting}
        onConfirm={() => void confirmDelete()}
        onClose={() => setConfirming(null)}
      />
    </SectionCard>
  );
}
