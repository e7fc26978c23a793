import AddOutlined from '@mui/icons-material/AddOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import MoreVertOutlined from '@mui/icons-material/MoreVertOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Webhook } from '@wsm/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { UserValue } from '../../components/user-value';
import { formatNumber } from '../../lib/digits';
import { useLocale } from '../../lib/locale-navigation';
import { notify } from '../../lib/notify';
import { AdminSection } from '../workspace-settings/components/admin-section';
import { type Column, DataTable } from '../workspace-settings/components/data-table';
import { RowAction } from '../workspace-settings/components/row-action';
import { useLast } from '../workspace-settings/components/use-last';
import { DeliveryLog } from './delivery-log';
import { WebhookDialog } from './webhook-dialog';
import { ShownSecret } from './webhook-secret';
import { useEventTypes, useWebhookMutation, useWebhooks, webhooksApi } from './webhooks-api';

type MenuAction = 'test' | 'toggle' | 'rotate' | 'delete';

/** The rarer actions of an endpoint, in a menu: send a test, turn on or off, rotate the secret, delete. */
function EndpointMenu({ webhook, onPick }: { webhook: Webhook; onPick: (action: MenuAction) => void }) {
  const { t } = useTranslation('workspace-admin');
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const items: [MenuAction, string][] = [
    ['test', t('webhooks.sendTest')],
    ['toggle', webhook.enabled ? t('webhooks.disable') : t('webhooks.enable')],
    ['rotate', t('webhooks.rotate')],
    ['delete', t('webhooks.delete')],
  ];
  return (
    <>
      <RowAction
        label={t('webhooks.moreLabel', { url: webhook.url })}
        icon={<MoreVertOutlined fontSize="small" />}
        onClick={(event) => setAnchor(event.currentTarget)}
        menu={{ id: menuId, open: anchor !== null }}
      />
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {items.map(([action, label]) => (
          <MenuItem
            key={action}
            data-action={action}
            sx={action === 'delete' ? { color: 'error.main' } : undefined}
            onClick={() => {
              setAnchor(null);
              onPick(action);
            }}
          >
            <ListItemText primary={label} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/** The workspace's webhook endpoints: the list, add and change, secrets, tests, and their delivery log. */
export function WebhooksSection({ workspaceId }: { workspaceId: string }) {
  const { t } = useTranslation('workspace-admin');
  const locale = useLocale();
  const hooks = useWebhooks(workspaceId);
  const types = useEventTypes(locale);
  const [editing, setEditing] = useState<Webhook | 'new' | null>(null);
  const [rotating, setRotating] = useState<Webhook | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [logFor, setLogFor] = useState<string | undefined>(undefined);
  const shownRotating = useLast(rotating);
  const shownDeleting = useLast(deleting);
  const shownEditing = useLast(editing);
  const update = useWebhookMutation(workspaceId, webhooksApi.update);
  const rotate = useWebhookMutation(workspaceId, webhooksApi.rotate);
  const remove = useWebhookMutation(workspaceId, webhooksApi.remove);
  const test = useWebhookMutation(workspaceId, webhooksApi.test);
  const eventName = (key: string) => types.data?.find((type) => type.key === key)?.name ?? key;

  const pick = async (webhook: Webhook, action: MenuAction) => {
    if (action === 'rotate') return setRotating(webhook);
    if (action === 'delete') return setDeleting(webhook);
    try {
      if (action === 'test') {
        await test.mutateAsync({ workspaceId, id: webhook.id });
        notify.success(t('webhooks.testQueued'));
        setLogFor(webhook.id);
      } else {
        await update.mutateAsync({ workspaceId, id: webhook.id, enabled: !webhook.enabled });
        notify.success(webhook.enabled ? t('webhooks.disabled') : t('webhooks.enabled'));
      }
    } catch {
      // The API client has shown why.
    }
  };

  const confirmRotate = async () => {
    if (!rotating) return;
    try {
      const answer = await rotate.mutateAsync({ workspaceId, id: rotating.id });
      setRotating(null);
      setSecret(answer.secret);
    } catch {
      // The API client has shown why.
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync({ workspaceId, id: deleting.id });
      if (logFor === deleting.id) setLogFor(undefined);
      notify.success(t('webhooks.deleted'));
      setDeleting(null);
    } catch {
      // The API client has shown why.
    }
  };

  const showLog = (webhook: Webhook) => {
    setLogFor(webhook.id);
    document
      .getElementById('webhook-deliveries-title')
      ?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  const columns: Column<Webhook>[] = [
    {
      id: 'url',
      label: t('webhooks.columns.url'),
      render: (hook) => (
        <Box component="code" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
          <UserValue value={hook.url} kind="identifier" />
        </Box>
      ),
    },
    {
      id: 'events',
      label: t('webhooks.columns.events'),
      render: (hook) =>
        hook.events.includes('*') ? (
          t('webhooks.allEvents')
        ) : (
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
            {hook.events.slice(0, 3).map((key) => (
              <Chip key={key} size="small" variant="outlined" label={eventName(key)} />
            ))}
            {hook.events.length > 3 ? (
              <Chip
                size="small"
                label={t('webhooks.moreEvents', {
                  count: hook.events.length - 3,
                  n: formatNumber(hook.events.length - 3, locale),
                })}
              />
            ) : null}
          </Stack>
        ),
    },
    {
      id: 'enabled',
      label: t('webhooks.columns.enabled'),
      render: (hook) => (
        <Stack sx={{ gap: 0.5, alignItems: 'flex-start' }}>
          <Chip
            size="small"
            color={hook.enabled ? 'success' : 'default'}
            variant={hook.enabled ? 'filled' : 'outlined'}
            label={hook.enabled ? t('webhooks.on') : t('webhooks.off')}
          />
          {!hook.enabled && hook.disabledReason === 'failing' ? (
            <Typography variant="caption" sx={{ color: 'error.main' }}>
              {t('webhooks.disabledFailing')}
            </Typography>
          ) : null}
        </Stack>
      ),
    },
    {
      id: 'description',
      label: t('webhooks.columns.description'),
      render: (hook) => (hook.description ? <UserValue value={hook.description} /> : '—'),
    },
  ];

  return (
    <>
      <AdminSection
        id="webhooks"
        title={t('webhooks.title')}
        description={t('webhooks.description')}
        actions={
          <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setEditing('new')}>
            {t('webhooks.create')}
          </Button>
        }
      >
        <DataTable
          label={t('webhooks.title')}
          columns={columns}
          list={hooks}
          empty={t('webhooks.empty')}
          rowKey={(hook) => hook.id}
          onPage={() => undefined}
          actions={(hook) => (
            <>
              <RowAction
                label={t('webhooks.editLabel', { url: hook.url })}
                icon={<EditOutlined fontSize="small" />}
                onClick={() => setEditing(hook)}
              />
              <RowAction
                label={t('webhooks.deliveriesLabel', { url: hook.url })}
                icon={<HistoryOutlined fontSize="small" />}
                onClick={() => showLog(hook)}
              />
              <EndpointMenu webhook={hook} onPick={(action) => void pick(hook, action)} />
            </>
          )}
        />
        <WebhookDialog
          workspaceId={workspaceId}
          open={editing !== null}
          webhook={shownEditing === 'new' ? null : shownEditing}
          onClose={() => setEditing(null)}
        />
        <ConfirmDialog
          open={rotating !== null}
          title={t('webhooks.rotateTitle')}
          message={t('webhooks.rotateMessage', { url: shownRotating?.url ?? '' })}
          confirmLabel={t('webhooks.rotate')}
          pending={rotate.isPending}
          onConfirm={() => void confirmRotate()}
          onClose={() => setRotating(null)}
        />
        <ConfirmDialog
          open={deleting !== null}
          title={t('webhooks.deleteTitle')}
          message={t('webhooks.deleteMessage', { url: shownDeleting?.url ?? '' })}
          confirmLabel={t('webhooks.delete')}
          pending={remove.isPending}
          onConfirm={() => void confirmDelete()}
          onClose={() => setDeleting(null)}
        />
        <Dialog open={secret !== null} aria-labelledby="webhook-rotated-title" maxWidth="sm" fullWidth>
          <DialogTitle id="webhook-rotated-title">{t('webhooks.rotatedTitle')}</DialogTitle>
          {secret ? (
            <ShownSecret secret={secret} note={t('webhooks.rotatedNote')} onDone={() => setSecret(null)} />
          ) : null}
        </Dialog>
      </AdminSection>
      <DeliveryLog
        workspaceId={workspaceId}
        webhooks={hooks.data?.items ?? []}
        webhookId={logFor}
        onWebhookId={setLogFor}
      />
    </>
  );
}
