import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';

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
