import AppsOutlined from '@mui/icons-material/AppsOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import Skeleton from '@mui/material/Skeleton';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ConnectedApplication,
  connectedApplicationsPaths,
  connectedApplicationsSchema,
  disconnectApplicationRequestSchema,
} from '@wsm/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { apiClient, unwrap } from '../../../lib/api-client';
import { formatAgo, formatDate } from '../../../lib/dates';
import { useLocale } from '../../../lib/locale-navigation';
import { notify } from '../../../lib/notify';
import { ActionListItem } from './action-list-item';
import { SectionCard } from './section-card';

// The applications the person signed into with a workspace (docs/sign-in-with-workspace.md); disconnecting
// one revokes that grant, its refresh and access tokens, at once.

const connectedKey = ['security', 'connected-applications'] as const;

export const connectedApplicationsApi = {
  list: async () =>
    connectedApplicationsSchema.parse(await unwrap(apiClient.get(connectedApplicationsPaths.list))),
  disconnect: async (id: string) =>
    unwrap(
      apiClient.delete(connectedApplicationsPaths.disconnect, {
        data: disconnectApplicationRequestSchema.parse({ id }),
      }),
    ),
};

/** Connected applications: each with its workspace, first and last sign-in and scopes; disconnect after a confirmation. */
export function ConnectedAppsCard() {
  const { t } = useTranslation('profile');
  const locale = useLocale();
  const client = useQueryClient();
  const query = useQuery({ queryKey: connectedKey, queryFn: connectedApplicationsApi.list });
  const disconnect = useMutation({
    mutationFn: connectedApplicationsApi.disconnect,
    onSuccess: () => client.invalidateQueries({ queryKey: connectedKey }),
  });
  const [confirming, setConfirming] = useState<ConnectedApplication | null>(null);

  const confirm = async () => {
    const connection = confirming;
    if (!connection) return;
    try {
      await disconnect.mutateAsync(connection.id);
      setConfirming(null);
      notify.success(t('connectedApps.disconnected', { name: connection.application.name }));
    } catch {
      // Already shown by the API client; the dialog stays for another try.
    }
  };

  let content: React.ReactNode;
  if (query.isPending)
    content = <Skeleton variant="rounded" height={96} aria-label={t('connectedApps.loading')} />;
  else if (query.isError) content = <Alert severity="error">{t('states.loadFailed')}</Alert>;
  else if (query.data.length === 0) content = <Alert severity="info">{t('connectedApps.empty')}</Alert>;
  else
    content = (
      <List disablePadding aria-label={t('connectedApps.title')}>
        {query.data.map((connection) => {
          const name = t('connectedApps.name', {
            application: connection.application.name,
            workspace: connection.workspace.name,
          });
          return (
            <ActionListItem
              key={connection.id}
              icon={<AppsOutlined />}
              primary={<bdi>{name}</bdi>}
              secondary={t('connectedApps.details', {
                first: formatAgo(connection.firstSignInDate, t),
                last: formatAgo(connection.lastSignInDate, t),
                scopes: connection.scopes.join(' '),
              })}
              secondaryTitle={t('connectedApps.exact', {
                first: formatDate(connection.firstSignInDate, locale, t, 'dateTime'),
                last: formatDate(connection.lastSignInDate, locale, t, 'dateTime'),
              })}
            >
              <Button
                color="error"
                onClick={() => setConfirming(connection)}
                aria-label={t('connectedApps.disconnectOne', { name })}
                sx={{ flexShrink: 0, marginInlineStart: 'auto' }}
              >
                {t('connectedApps.disconnect')}
              </Button>
            </ActionListItem>
          );
        })}
      </List>
    );

  return (
    <SectionCard
      id="security-connected-apps"
      title={t('connectedApps.title')}
      description={t('connectedApps.description')}
    >
      {content}
      <ConfirmDialog
        open={Boolean(confirming)}
        title={t('connectedApps.confirmTitle')}
        message={t('connectedApps.confirmText', { name: confirming?.application.name ?? '' })}
        confirmLabel={t('connectedApps.disconnect')}
        pending={disconnect.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setConfirming(null)}
      />
    </SectionCard>
  );
}
