import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify';
import { useAck, useNotifications } from './api';
import { NotificationPages } from './notification-pages';

/** /profile/notifications: the user's own notifications, newest first, each markable as read. */
export function NotificationsPage() {
  const { t } = useTranslation('notifications');
  const [page, setPage] = useState(1);
  const query = useNotifications(page);
  const ack = useAck();
  const unreadIds = (query.data?.notifications ?? []).filter((item) => !item.read).map((item) => item.id);

  const markRead = async (ids: string[]) => {
    try {
      await ack.mutateAsync(ids);
    } catch {
      return; // the API client already said why
    }
    notify.success(t('list.marked'));
  };

  return (
    <Stack sx={{ gap: 2 }}>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}
      >
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          {t('list.title')}
        </Typography>
        <Button
          disabled={unreadIds.length === 0}
          loading={ack.isPending}
          onClick={() => void markRead(unreadIds)}
        >
          {t('list.markAllRead')}
        </Button>
      </Stack>
      <NotificationPages
        query={query}
        page={page}
        onPage={setPage}
        label={t('list.title')}
        empty={t('list.empty')}
        itemProps={() => ({ onRead: (id) => void markRead([id]) })}
      />
    </Stack>
  );
}
