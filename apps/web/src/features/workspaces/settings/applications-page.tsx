import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import LoginOutlined from '@mui/icons-material/LoginOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type Application, tenantSettingsKey } from '@wsm/contracts';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadError } from '../../../components/load-error';
import { Hint } from '../../../components/plain/hint';
import { UserValue } from '../../../components/user-value';
import { isolateValue } from '../../../lib/bidi';
import { formatDate } from '../../../lib/dates';
import { useLocale } from '../../../lib/locale-navigation';
import { notify } from '../../../lib/notify';
import { Gate, useWorkspaceAccess } from '../access';
import { useApplications, useDeleteApplication } from '../api';
import { ApplicationIcon } from '../components/application-icon';
import { applicationTitle } from '../components/application-title';
import { useSelectedWorkspaceId } from '../selection';
import { ApplicationDialog, versionKeys } from './application-dialog';
import { SignInDialog } from './sign-in/sign-in-dialog';

/** An icon action of a row; without the permission it stays visible, disabled, saying why. */
function RowAction({
  allowed,
  title,
  label,
  onClick,
  color,
  children,
}: {
  allowed: boolean;
  title: string;
  label: string;
  onClick: () => void;
  color?: 'error';
  children: ReactNode;
}) {
  const { t } = useTranslation('workspaces');
  return (
    <Hint title={allowed ? title : t('access.denied')} describeChild>
      <Box component="span" sx={{ display: 'inline-flex' }} tabIndex={allowed ? undefined : 0}>
        <IconButton onClick={onClick} color={color} aria-label={label} disabled={!allowed}>
          {children}
        </IconButton>
      </Box>
    </Hint>
  );
}

function ApplicationRow({
  application,
  onEdit,
  onDelete,
  onSignIn,
}: {
  application: Application;
  onEdit: () => void;
  onDelete: () => void;
  onSignIn: () => void;
}) {
  const { t } = useTranslation('workspaces');
  const locale = useLocale();
  const builtIn = application.key === tenantSettingsKey;
  const versions = versionKeys.filter((key) => application.version[key]);
  const access = useWorkspaceAccess();
  const canUpdate = access.can('tenant_profile_update');
  return (
    <ListItem
      divider
      data-testid="application-row"
      sx={{
        py: 2,
        px: { xs: 2, sm: 3 },
        gap: 2,
        alignItems: 'flex-start',
        flexWrap: { xs: 'wrap', sm: 'nowrap' },
      }}
    >
      <Box
        sx={{
          width: 44,
          height: 44,
          borderRadius: 2.5,
          display: 'grid',
          placeItems: 'center',
          flexShrink: 0,
          bgcolor: builtIn ? 'primary.main' : 'action.selected',
          color: builtIn ? 'primary.contrastText' : 'text.primary',
        }}
      >
        <ApplicationIcon applicationKey={application.key} />
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography component="h3" sx={{ fontWeight: 700 }}>
            <UserValue value={applicationTitle(application, t)} kind="text" />
          </Typography>
          <Chip
            size="small"
            variant="outlined"
            label={<UserValue value={application.key} kind="identifier" />}
          />
          {builtIn ? (
            <Chip size="small" color="primary" variant="outlined" label={t('applications.builtIn')} />
          ) : null}
        </Stack>
        {application.slogan || application.description ? (
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }} noWrap>
            <UserValue value={application.slogan ?? application.description ?? ''} kind="text" />
          </Typography>
        ) : null}
        <Stack direction="row" sx={{ gap: 0.75, mt: 1, flexWrap: 'wrap' }}>
          {versions.map((key) => (
            <Chip
              key={key}
              size="small"
              label={`${t(`applications.versions.${key}`)} ${isolateValue(application.version[key] ?? '', locale, 'number')}`}
              sx={{ bgcolor: 'action.hover' }}
            />
          ))}
          <Typography variant="caption" sx={{ color: 'text.secondary', alignSelf: 'center' }}>
            {t('applications.createdOn', { date: formatDate(application.createdDate, locale, t) })}
          </Typography>
        </Stack>
      </Box>
      <Stack direction="row" sx={{ gap: 0.5, flexShrink: 0, ml: { xs: 'auto', sm: 0 } }}>
        {builtIn ? null : (
          <RowAction
            allowed={access.can('tenant_profile_read')}
            title={t('signIn.open')}
            label={t('signIn.openNamed', { name: applicationTitle(application, t) })}
            onClick={onSignIn}
          >
            <LoginOutlined />
          </RowAction>
        )}
        <RowAction
          allowed={canUpdate}
          title={t('applications.edit')}
          label={t('applications.editNamed', { name: applicationTitle(application, t) })}
          onClick={onEdit}
        >
          <EditOutlined />
        </RowAction>
        {builtIn ? null : (
          <RowAction
            allowed={canUpdate}
            title={t('applications.delete')}
            label={t('applications.deleteNamed', { name: applicationTitle(application, t) })}
            onClick={onDelete}
            color="error"
          >
            <DeleteOutlined />
          </RowAction>
        )}
      </Stack>
    </ListItem>
  );
}

type DialogState = { kind: 'create' } | { kind: 'edit'; application: Application } | null;

/** /workspace/settings/applications: the workspace's applications; add, edit and delete them. */
export function ApplicationsPage() {
  const { t } = useTranslation('workspaces');
  const workspaceId = useSelectedWorkspaceId() ?? '';
  const applications = useApplications(workspaceId || null);
  const remove = useDeleteApplication(workspaceId);
  const [dialog, setDialog] = useState<DialogState>(null);
  const [deleting, setDeleting] = useState<Application | null>(null);
  const [signingIn, setSigningIn] = useState<Application | null>(null);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      notify.success(t('applications.deleted', { name: applicationTitle(deleting, t) }));
      setDeleting(null);
    } catch {
      // The API client has shown why; the dialog stays for another try or cancel.
    }
  };

  return (
    <Stack sx={{ gap: 2 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ gap: 1.5, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Box>
          <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
            {t('applications.title')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('applications.subtitle')}
          </Typography>
        </Box>
        <Gate permission="tenant_profile_create" mode="disable">
          <Button
            variant="contained"
            startIcon={<AddOutlined />}
            onClick={() => setDialog({ kind: 'create' })}
          >
            {t('applications.create')}
          </Button>
        </Gate>
      </Stack>
      <Card variant="outlined" sx={{ borderRadius: 2.5 }}>
        {applications.isPending ? (
          <Stack sx={{ p: 2, gap: 2 }} aria-busy="true" aria-label={t('states.loading')}>
            <Skeleton variant="rounded" height={64} />
            <Skeleton variant="rounded" height={64} />
          </Stack>
        ) : applications.isError ? (
          <Box sx={{ p: 2 }}>
            <LoadError
              message={t('states.loadFailed')}
              smallButton
              onRetry={() => void applications.refetch()}
            />
          </Box>
        ) : (
          <List disablePadding aria-label={t('applications.title')}>
            {applications.data.map((application) => (
              <ApplicationRow
                key={application.id}
                application={application}
                onEdit={() => setDialog({ kind: 'edit', application })}
                onDelete={() => setDeleting(application)}
                onSignIn={() => setSigningIn(application)}
              />
            ))}
          </List>
        )}
      </Card>
      {dialog ? (
        <ApplicationDialog
          key={dialog.kind === 'edit' ? dialog.application.id : 'new'}
          open
          workspaceId={workspaceId}
          application={dialog.kind === 'edit' ? dialog.application : undefined}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {signingIn ? (
        <SignInDialog
          key={signingIn.id}
          workspaceId={workspaceId}
          application={signingIn}
          onClose={() => setSigningIn(null)}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('applications.deleteTitle')}
        message={t('applications.deleteMessage', {
          name: deleting ? applicationTitle(deleting, t) : '',
        })}
        confirmLabel={t('applications.delete')}
        pending={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
