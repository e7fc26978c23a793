import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useWorkspaceAccess } from '../../workspaces/access';

/** What a screen shows while the caller's access loads, or when it lacks the permission to read it. */
export function AccessState({ loading, noWorkspace }: { loading: boolean; noWorkspace?: boolean }) {
  const { t } = useTranslation('workspace-admin');
  if (loading)
    return (
      <Stack sx={{ gap: 2 }} aria-busy="true" aria-label={t('states.loading')}>
        <Skeleton variant="rounded" height={56} />
        <Skeleton variant="rounded" height={240} />
      </Stack>
    );
  return (
    <Alert severity={noWorkspace ? 'info' : 'warning'} role="status">
      <AlertTitle>{noWorkspace ? t('states.noWorkspaceTitle') : t('states.noAccessTitle')}</AlertTitle>
      {noWorkspace ? t('states.noWorkspace') : t('states.noAccess')}
    </Alert>
  );
}

/** A settings screen behind its read permission: the screen for the selected workspace, or why not. */
export function AccessGate({
  permission,
  children,
}: {
  permission: string;
  children: (workspaceId: string) => ReactNode;
}) {
  const { workspaceId, loading, can } = useWorkspaceAccess();
  if (!workspaceId) return <AccessState loading={false} noWorkspace />;
  if (loading || !can(permission)) return <AccessState loading={loading} />;
  return children(workspaceId);
}
