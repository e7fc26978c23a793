import AddOutlined from '@mui/icons-material/AddOutlined';
import KeyOffOutlined from '@mui/icons-material/KeyOffOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { ApiKey } from '@wsm/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { UserValue } from '../../components/user-value';
import { formatDate } from '../../lib/dates';
import { useLocale } from '../../lib/locale-navigation';
import { notify } from '../../lib/notify';
import { personName, useAccessCatalogue } from '../workspace-settings/api';
import { AdminSection } from '../workspace-settings/components/admin-section';
import { type Column, DataTable } from '../workspace-settings/components/data-table';
import { RowAction } from '../workspace-settings/components/row-action';
import { ApiKeyDialog } from './api-key-dialog';
import { apiKeysApi, useApiKeyMutation, useApiKeys } from './api-keys-api';

/** The workspace's API keys: the list, a new key (shown once) and revoking one. */
export function ApiKeysSection({ workspaceId }: { workspaceId: string }) {
  const { t } = useTranslation('workspace-admin');
  const locale = useLocale();
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const keys = useApiKeys(workspaceId, page);
  const catalogue = useAccessCatalogue(workspaceId);
  const revoke = useApiKeyMutation(workspaceId, apiKeysApi.revoke);
  const permissionName = (key: string) => catalogue.data?.permissions.find((p) => p.key === key)?.name ?? key;
  // A date never wraps inside: a narrow column would leave the Persian era letter alone on a line.
  const date = (value: string | null, none: string) =>
    value ? (
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {formatDate(value, locale, t, 'date')}
      </Box>
    ) : (
      none
    );

  const confirmRevoke = async () => {
    if (!revoking) return;
    try {
      await revoke.mutateAsync({ workspaceId, id: revoking.id });
      notify.success(t('apiKeys.revoked'));
      setRevoking(null);
    } catch {
      // The API client has shown why.
    }
  };

  const columns: Column<ApiKey>[] = [
    {
      id: 'name',
      label: t('apiKeys.columns.name'),
      render: (key) => (
        <Box component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          <UserValue value={key.name} />
        </Box>
      ),
    },
    {
      id: 'prefix',
      label: t('apiKeys.columns.prefix'),
      render: (key) => (
        <Box component="code" sx={{ fontFamily: 'monospace' }}>
          <UserValue value={`${key.prefix}…`} kind="identifier" />
        </Box>
      ),
    },
    {
      id: 'permissions',
      label: t('apiKeys.columns.permissions'),
      render: (key) => (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
          {key.permissions.map((permission) => (
            <Chip key={permission} size="small" variant="outlined" label={permissionName(permission)} />
          ))}
        </Stack>
      ),
    },
    {
      id: 'createdBy',
      label: t('apiKeys.columns.createdBy'),
      render: (key) =>
        key.createdBy ? (
          <UserValue value={personName({ ...key.createdBy, username: null }) ?? t('members.unnamed')} />
        ) : (
          t('apiKeys.deletedAccount')
        ),
    },
    {
      id: 'lastUsed',
      label: t('apiKeys.columns.lastUsed'),
      render: (key) => date(key.lastUsedDate, t('apiKeys.neverUsed')),
    },
    {
      id: 'expires',
      label: t('apiKeys.columns.expires'),
      render: (key) =>
        key.expiresDate && Date.parse(key.expiresDate) <= Date.now()
          ? t('apiKeys.expired')
          : date(key.expiresDate, t('apiKeys.never')),
    },
  ];

  return (
    <AdminSection
      id="api-keys"
      title={t('apiKeys.title')}
      description={t('apiKeys.description')}
      actions={
        <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setCreating(true)}>
          {t('apiKeys.create')}
        </Button>
      }
    >
      <DataTable
        label={t('apiKeys.title')}
        columns={columns}
        list={keys}
        empty={t('apiKeys.empty')}
        rowKey={(key) => key.id}
        onPage={setPage}
        actions={(key) => (
          <RowAction
            label={t('apiKeys.revokeLabel', { name: key.name })}
            icon={<KeyOffOutlined fontSize="small" />}
            color="error"
            onClick={() => setRevoking(key)}
          />
        )}
      />
      <ApiKeyDialog workspaceId={workspaceId} open={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        open={revoking !== null}
        title={t('apiKeys.revokeTitle')}
        message={t('apiKeys.revokeMessage', { name: revoking?.name ?? '' })}
        confirmLabel={t('apiKeys.revoke')}
        pending={revoke.isPending}
        onConfirm={() => void confirmRevoke()}
        onClose={() => setRevoking(null)}
      />
    </AdminSection>
  );
}
