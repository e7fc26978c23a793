import KeyOutlined from '@mui/icons-material/KeyOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Application, SignInSettings } from '@wsm/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { LoadError } from '../../../../components/load-error';
import { notify } from '../../../../lib/notify';
import { useWorkspaceAccess } from '../../access';
import { useRotateSignInSecret, useSaveSignIn, useSignInSettings } from './api';
import { CopyField } from './copy-field';
import { SecretPanel } from './secret-panel';
import { uriTextValues } from './uri-check';
import { UriList } from './uri-list';

type Draft = Pick<SignInSettings, 'enabled' | 'clientType' | 'redirectUris' | 'postLogoutRedirectUris'>;
const fresh: Draft = {
  enabled: true,
  clientType: 'confidential',
  redirectUris: [],
  postLogoutRedirectUris: [],
};

/** The provider's issuer and discovery document, on this site. */
export const issuerUrl = () => `${window.location.origin}/oidc`;
const discoveryUrl = () => `${issuerUrl()}/.well-known/openid-configuration`;

/**
 * An application's "sign in with the workspace" settings (docs/sign-in-with-workspace.md): on or off,
 * public or confidential, its exact redirect and post-logout URIs, the client id and discovery address
 * to copy, and the secret shown once (when a confidential client is made, and on each rotation).
 * tenant_profile_read sees them; tenant_profile_update changes them.
 */
export function SignInDialog({
  workspaceId,
  application,
  onClose,
}: {
  workspaceId: string;
  application: Application;
  onClose: () => void;
}) {
  const { t } = useTranslation('workspaces');
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const typeId = useId();
  const canUpdate = useWorkspaceAccess().can('tenant_profile_update');
  const settings = useSignInSettings(workspaceId, application.id);
  const save = useSaveSignIn(workspaceId, application.id);
  const rotate = useRotateSignInSecret(workspaceId, application.id);
  const [edited, setEdited] = useState<Draft | undefined>();
  const [secret, setSecret] = useState<string | undefined>();
  const [confirmRotate, setConfirmRotate] = useState(false);
  const [missingUri, setMissingUri] = useState(false);
  const saved = settings.data ?? undefined;
  const draft = edited ?? (saved ? { ...saved } : fresh);
  const change = (patch: Partial<Draft>) => setEdited({ ...draft, ...patch });
  const readOnly = !canUpdate;

  const submit = async () => {
    if (draft.redirectUris.length === 0) {
      setMissingUri(true);
      return;
    }
    try {
      const answer = await save.mutateAsync(draft);
      setEdited(undefined);
      if (answer.clientSecret) setSecret(answer.clientSecret);
      notify.success(t('signIn.saved', { name: application.name }));
    } catch {
      // The API client has shown why; the dialog stays.
    }
  };
  const rotateSecret = async () => {
    try {
      setSecret(await rotate.mutateAsync());
      setConfirmRotate(false);
    } catch {
      // The API client has shown why.
    }
  };

  return (
    <Dialog
      open
      onClose={save.isPending ? undefined : onClose}
      fullScreen={fullScreen}
      maxWidth="sm"
      fullWidth
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{t('signIn.title', { name: application.name })}</DialogTitle>
      <DialogContent dividers>
        {settings.isPending ? (
          <Stack sx={{ gap: 2 }} aria-busy="true" aria-label={t('states.loading')}>
            <Skeleton variant="rounded" height={40} />
            <Skeleton variant="rounded" height={96} />
            <Skeleton variant="rounded" height={96} />
          </Stack>
        ) : settings.isError ? (
          <LoadError message={t('states.loadFailed')} smallButton onRetry={() => void settings.refetch()} />
        ) : (
          <Stack sx={{ gap: 2.5 }} data-testid="sign-in-settings">
            {saved ? null : <Alert severity="info">{t('signIn.notSetUp')}</Alert>}
            {secret && saved ? (
              <SecretPanel clientId={saved.clientId} secret={secret} issuer={issuerUrl()} />
            ) : null}
            <FormControlLabel
              control={
                <Switch
                  checked={draft.enabled}
                  disabled={readOnly}
                  onChange={(_e, enabled) => change({ enabled })}
                />
              }
              label={t('signIn.enabled')}
            />
            <Stack sx={{ gap: 0.5 }}>
              <FormLabel id={typeId}>{t('signIn.clientType')}</FormLabel>
              <RadioGroup
                aria-labelledby={typeId}
                value={draft.clientType}
                onChange={(_e, value) =>
                  change({ clientType: value === 'public' ? 'public' : 'confidential' })
                }
              >
                {(['confidential', 'public'] as const).map((type) => (
                  <FormControlLabel
                    key={type}
                    value={type}
                    disabled={readOnly}
                    control={<Radio />}
                    label={t(`signIn.types.${type}`)}
                  />
                ))}
              </RadioGroup>
            </Stack>
            <UriList
              title={t('signIn.redirectUris')}
              hint={t('signIn.redirectHint', uriTextValues)}
              empty={missingUri ? t('signIn.redirectRequired') : t('signIn.noRedirectUris')}
              values={draft.redirectUris}
              onChange={(redirectUris) => {
                setMissingUri(false);
                change({ redirectUris });
              }}
              readOnly={readOnly}
              testId="redirect-uris"
            />
            <UriList
              title={t('signIn.postLogoutUris')}
              hint={t('signIn.postLogoutHint')}
              empty={t('signIn.noPostLogoutUris')}
              values={draft.postLogoutRedirectUris}
              onChange={(postLogoutRedirectUris) => change({ postLogoutRedirectUris })}
              readOnly={readOnly}
              testId="post-logout-uris"
            />
            <Divider />
            {saved ? (
              <CopyField label={t('signIn.clientId')} value={saved.clientId} testId="client-id" />
            ) : null}
            <CopyField label={t('signIn.discovery')} value={discoveryUrl()} />
            {saved?.clientType === 'confidential' && !readOnly ? (
              <Button
                variant="outlined"
                color="warning"
                startIcon={<KeyOutlined />}
                onClick={() => setConfirmRotate(true)}
                sx={{ alignSelf: 'flex-start' }}
              >
                {t('signIn.rotate')}
              </Button>
            ) : null}
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose} color="inherit" disabled={save.isPending}>
          {readOnly ? t('signIn.close') : t('actions.cancel')}
        </Button>
        {readOnly ? null : (
          <Button
            variant="contained"
            loading={save.isPending}
            disabled={settings.isPending}
            onClick={() => void submit()}
          >
            {t('actions.save')}
          </Button>
        )}
      </DialogActions>
      <ConfirmDialog
        open={confirmRotate}
        title={t('signIn.rotateTitle')}
        message={t('signIn.rotateMessage', { name: application.name })}
        confirmLabel={t('signIn.rotate')}
        pending={rotate.isPending}
        onConfirm={() => void rotateSecret()}
        onClose={() => setConfirmRotate(false)}
      />
    </Dialog>
  );
}
