import ReplayOutlined from '@mui/icons-material/ReplayOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { WebhookAttempt, WebhookDeliveryStatus } from '@wsm/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../components/load-error';
import { UserValue } from '../../components/user-value';
import { formatDate } from '../../lib/dates';
import { formatNumber } from '../../lib/digits';
import { useLocale } from '../../lib/locale-navigation';
import { notify } from '../../lib/notify';
import { useDelivery, useWebhookMutation, webhooksApi } from './webhooks-api';

const statusColor: Record<WebhookDeliveryStatus, 'default' | 'success' | 'error'> = {
  pending: 'default',
  succeeded: 'success',
  failed: 'error',
};

/** A delivery's status as a chip, in the page's language. */
export function DeliveryStatusChip({ status }: { status: WebhookDeliveryStatus }) {
  const { t } = useTranslation('workspace-admin');
  return (
    <Chip
      size="small"
      color={statusColor[status]}
      variant={status === 'pending' ? 'outlined' : 'filled'}
      label={t(`webhooks.status.${status}`)}
    />
  );
}

/** The body as sent, indented when it is JSON; always left to right, as code. */
function pretty(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

function Code({ text, label }: { text: string; label: string }) {
  return (
    <Box
      component="pre"
      dir="ltr"
      data-identifier=""
      aria-label={label}
      tabIndex={0}
      sx={{
        m: 0,
        p: 1.5,
        maxHeight: 280,
        overflow: 'auto',
        fontFamily: 'monospace',
        fontSize: 13,
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
        // Logical, so the RTL style plugin leaves it: the start of this left-to-right block.
        textAlign: 'start',
        borderRadius: 1,
        border: 1,
        borderColor: 'divider',
        bgcolor: 'action.hover',
        color: 'text.primary',
      }}
    >
      {text}
    </Box>
  );
}

function Attempt({ attempt, index }: { attempt: WebhookAttempt; index: number }) {
  const { t } = useTranslation('workspace-admin');
  const locale = useLocale();
  return (
    <Box
      component="li"
      sx={{ listStyle: 'none', border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
    >
      <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap', alignItems: 'baseline' }}>
        <Typography variant="subtitle2" component="h4">
          {t('webhooks.detail.attempt', { n: formatNumber(index + 1, locale) })}
        </Typography>
        <Typography variant="body2">{formatDate(attempt.date, locale, t, 'dateTime')}</Typography>
        <Typography
          variant="body2"
          sx={{ color: attempt.statusCode && attempt.statusCode < 300 ? 'success.main' : 'error.main' }}
        >
          {attempt.statusCode === null
            ? t('webhooks.detail.noAnswer')
            : t('webhooks.detail.httpStatus', {
                code: formatNumber(attempt.statusCode, locale, { useGrouping: false }),
              })}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('webhooks.detail.duration', { ms: formatNumber(attempt.durationMs, locale) })}
        </Typography>
      </Stack>
      {attempt.error ? (
        <Typography variant="body2" sx={{ mt: 1, color: 'error.main' }}>
          <UserValue value={attempt.error} kind="identifier" />
        </Typography>
      ) : null}
      {attempt.responseBody ? (
        <Box sx={{ mt: 1 }}>
          <Code text={attempt.responseBody} label={t('webhooks.detail.answer')} />
        </Box>
      ) : null}
    </Box>
  );
}

/** One delivery: its status, the body sent, each attempt's answer, and "Redeliver" once it is finished. */
export function DeliveryDialog({
  workspaceId,
  deliveryId,
  eventName,
  urlOf,
  onClose,
}: {
  workspaceId: string;
  deliveryId: string | null;
  eventName: (key: string) => string;
  urlOf: (webhookId: string) => string;
  onClose: () => void;
}) {
  const { t } = useTranslation('workspace-admin');
  const locale = useLocale();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const delivery = useDelivery(workspaceId, deliveryId);
  const redeliver = useWebhookMutation(workspaceId, webhooksApi.redeliver);
  const data = delivery.data;

  const send = async () => {
    if (!data) return;
    try {
      await redeliver.mutateAsync({ workspaceId, deliveryId: data.id });
      notify.success(t('webhooks.detail.redelivered'));
      void delivery.refetch();
    } catch {
      // The API client has shown why.
    }
  };

  return (
    <Dialog
      open={deliveryId !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      fullScreen={fullScreen}
      maxWidth="md"
      fullWidth
    >
      <DialogTitle id={titleId}>{t('webhooks.detail.title')}</DialogTitle>
      <DialogContent dividers>
        {data ? (
          <Stack sx={{ gap: 2 }}>
            <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
              <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
                {eventName(data.eventType)}
              </Typography>
              <DeliveryStatusChip status={data.status} />
            </Stack>
            <Box
              component="dl"
              sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}
            >
              <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                {t('webhooks.detail.endpoint')}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                <UserValue value={urlOf(data.webhookId)} kind="identifier" />
              </Typography>
              <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                {t('webhooks.detail.id')}
              </Typography>
              <Typography
                component="dd"
                variant="body2"
                sx={{ m: 0, overflowWrap: 'anywhere', fontFamily: 'monospace' }}
              >
                <UserValue value={data.id} kind="identifier" />
              </Typography>
              <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                {t('webhooks.log.created')}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                {formatDate(data.createdDate, locale, t, 'dateTime')}
              </Typography>
              {data.nextAttemptDate ? (
                <>
                  <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                    {t('webhooks.log.nextAttempt')}
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                    {formatDate(data.nextAttemptDate, locale, t, 'dateTime')}
                  </Typography>
                </>
              ) : null}
            </Box>
            <Typography component="h3" variant="subtitle2">
              {t('webhooks.detail.payload')}
            </Typography>
            <Code text={pretty(data.payload)} label={t('webhooks.detail.payload')} />
            <Typography component="h3" variant="subtitle2">
              {t('webhooks.detail.attempts')}
            </Typography>
            {data.attemptLog.length === 0 ? (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('webhooks.detail.noAttempts')}
              </Typography>
            ) : (
              <Stack component="ol" sx={{ m: 0, p: 0, gap: 1 }}>
                {data.attemptLog.map((attempt, index) => (
                  <Attempt key={attempt.date} attempt={attempt} index={index} />
                ))}
              </Stack>
            )}
          </Stack>
        ) : delivery.isError ? (
          <LoadError message={t('states.loadFailed')} onRetry={() => void delivery.refetch()} />
        ) : (
          <Stack sx={{ gap: 1 }} aria-busy="true" aria-label={t('states.loading')}>
            <Skeleton variant="rounded" height={40} />
            <Skeleton variant="rounded" height={160} />
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        {data && data.status === 'pending' ? (
          <Alert severity="info" sx={{ flex: '1 1 100%' }}>
            {t('webhooks.detail.pendingNote')}
          </Alert>
        ) : null}
        <Button onClick={onClose}>{t('webhooks.detail.close')}</Button>
        <Button
          variant="contained"
          disabled={!data || data.status === 'pending' || redeliver.isPending}
          startIcon={
            redeliver.isPending ? <CircularProgress size={16} color="inherit" /> : <ReplayOutlined />
          }
          onClick={() => void send()}
        >
          {t('webhooks.detail.redeliver')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
