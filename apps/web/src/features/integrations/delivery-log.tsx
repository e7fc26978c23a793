import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import RefreshOutlined from '@mui/icons-material/RefreshOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  type Webhook,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  webhookDeliveryStatuses,
} from '@wsm/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserValue } from '../../components/user-value';
import { formatDate } from '../../lib/dates';
import { formatNumber } from '../../lib/digits';
import { useLocale } from '../../lib/locale-navigation';
import { AdminSection } from '../workspace-settings/components/admin-section';
import { type Column, DataTable } from '../workspace-settings/components/data-table';
import { RowAction } from '../workspace-settings/components/row-action';
import { DeliveryDialog, DeliveryStatusChip } from './delivery-dialog';
import { useDeliveries, useEventTypes } from './webhooks-api';

/**
 * The workspace's webhook deliveries, newest first: filtered by endpoint and status, paged, each with
 * its details (the body sent and every attempt's answer) and "Redeliver".
 */
export function DeliveryLog({
  workspaceId,
  webhooks,
  webhookId,
  onWebhookId,
}: {
  workspaceId: string;
  webhooks: Webhook[];
  webhookId: string | undefined;
  onWebhookId: (id: string | undefined) => void;
}) {
  const { t } = useTranslation('workspace-admin');
  const locale = useLocale();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<WebhookDeliveryStatus | undefined>(undefined);
  const [shown, setShown] = useState<string | null>(null);
  const [lastFilter, setLastFilter] = useState(webhookId);
  // A new endpoint filter (chosen from a row of the endpoints) starts at the first page.
  if (lastFilter !== webhookId) {
    setLastFilter(webhookId);
    setPage(1);
  }
  const deliveries = useDeliveries(workspaceId, { page, webhookId, status });
  const types = useEventTypes(locale);
  const eventName = (key: string) => types.data?.find((type) => type.key === key)?.name ?? key;
  const urlOf = (id: string) => webhooks.find((hook) => hook.id === id)?.url ?? id;
  // A date never wraps inside: a narrow column would leave the Persian era letter alone on a line.
  const when = (value: string | null) =>
    value ? (
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {formatDate(value, locale, t, 'dateTime')}
      </Box>
    ) : (
      '—'
    );

  const columns: Column<WebhookDelivery>[] = [
    {
      id: 'event',
      label: t('webhooks.log.event'),
      render: (row) => (
        <Stack sx={{ gap: 0.25 }}>
          <span>{eventName(row.eventType)}</span>
          {webhookId ? null : (
            <Stack
              component="code"
              sx={{
                fontFamily: 'monospace',
                fontSize: 12,
                color: 'text.secondary',
                overflowWrap: 'anywhere',
              }}
            >
              <UserValue value={urlOf(row.webhookId)} kind="identifier" />
            </Stack>
          )}
        </Stack>
      ),
    },
    {
      id: 'status',
      label: t('webhooks.log.status'),
      render: (row) => <DeliveryStatusChip status={row.status} />,
    },
    {
      id: 'attempts',
      label: t('webhooks.log.attempts'),
      numeric: true,
      render: (row) => formatNumber(row.attempts, locale),
    },
    {
      id: 'lastStatus',
      label: t('webhooks.log.lastStatus'),
      numeric: true,
      render: (row) =>
        row.lastStatusCode === null ? '—' : formatNumber(row.lastStatusCode, locale, { useGrouping: false }),
    },
    { id: 'next', label: t('webhooks.log.nextAttempt'), render: (row) => when(row.nextAttemptDate) },
    { id: 'created', label: t('webhooks.log.created'), render: (row) => when(row.createdDate) },
  ];

  return (
    <AdminSection
      id="webhook-deliveries"
      title={t('webhooks.log.title')}
      description={t('webhooks.log.description')}
      actions={
        <Button
          variant="outlined"
          startIcon={<RefreshOutlined />}
          disabled={deliveries.isFetching}
          onClick={() => void deliveries.refetch()}
        >
          {t('webhooks.log.refresh')}
        </Button>
      }
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1.5, px: { xs: 2, sm: 3 }, pb: 2 }}>
        <TextField
          select
          size="small"
          label={t('webhooks.log.endpoint')}
          value={webhookId ?? ''}
          onChange={(event) => onWebhookId(event.target.value || undefined)}
          sx={{ minWidth: { sm: 280 }, maxWidth: { sm: 420 } }}
        >
          <MenuItem value="">{t('webhooks.log.allEndpoints')}</MenuItem>
          {webhooks.map((hook) => (
            <MenuItem key={hook.id} value={hook.id}>
              <UserValue value={hook.url} kind="identifier" />
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('webhooks.log.status')}
          value={status ?? ''}
          onChange={(event) => {
            setStatus((event.target.value || undefined) as WebhookDeliveryStatus | undefined);
            setPage(1);
          }}
          sx={{ minWidth: { sm: 180 } }}
        >
          <MenuItem value="">{t('webhooks.log.allStatuses')}</MenuItem>
          {webhookDeliveryStatuses.map((key) => (
            <MenuItem key={key} value={key}>
              {t(`webhooks.status.${key}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <DataTable
        label={t('webhooks.log.title')}
        columns={columns}
        list={deliveries}
        empty={t('webhooks.log.empty')}
        rowKey={(row) => row.id}
        onPage={setPage}
        actions={(row) => (
          <RowAction
            label={t('webhooks.log.detailsLabel', { event: eventName(row.eventType) })}
            icon={<ReceiptLongOutlined fontSize="small" />}
            onClick={() => setShown(row.id)}
          />
        )}
      />
      <DeliveryDialog
        workspaceId={workspaceId}
        deliveryId={shown}
        eventName={eventName}
        urlOf={urlOf}
        onClose={() => setShown(null)}
      />
    </AdminSection>
  );
}
