import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { formatDate } from '../../lib/dates';
import { LocaleLink, useLocale } from '../../lib/locale-navigation';
import { useAnnouncement, useAnnouncements } from './api';
import { NotificationPages } from './notification-pages';

/** /announcement: announcements to everyone, newest first. */
export function AnnouncementsPage() {
  const { t } = useTranslation('notifications');
  const [page, setPage] = useState(1);
  const query = useAnnouncements(page);
  return (
    <Stack sx={{ gap: 2 }}>
      <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
        {t('announcements.title')}
      </Typography>
      <NotificationPages
        query={query}
        page={page}
        onPage={setPage}
        label={t('announcements.title')}
        empty={t('announcements.empty')}
        itemProps={(item) => ({ detailPath: `/announcement/${encodeURIComponent(item.id)}` })}
      />
    </Stack>
  );
}

/** /announcement/:id: one announcement. */
export function AnnouncementPage() {
  const { t } = useTranslation('notifications');
  const locale = useLocale();
  const { id = '' } = useParams();
  const query = useAnnouncement(id);
  const back = (
    <Button component={LocaleLink} to="/announcement" sx={{ alignSelf: 'flex-start' }}>
      {t('announcements.back')}
    </Button>
  );
  if (query.isPending) return <Skeleton variant="rounded" height={200} aria-label={t('states.loading')} />;
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.httpStatus === 404;
    return (
      <Stack sx={{ gap: 2 }}>
        <Alert severity={missing ? 'warning' : 'error'}>
          {missing ? t('announcements.missing') : t('states.loadFailed')}
        </Alert>
        {back}
      </Stack>
    );
  }
  const item = query.data;
  return (
    <Stack sx={{ gap: 2 }}>
      {back}
      <Card component="article" variant="outlined" aria-labelledby="announcement-title">
        <CardContent>
          <Typography id="announcement-title" component="h2" variant="h5" sx={{ fontWeight: 700 }}>
            {item.title}
          </Typography>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {formatDate(item.createdDate, locale, t, 'dateTime')}
          </Typography>
          {item.body ? <Typography sx={{ mt: 2, whiteSpace: 'pre-line' }}>{item.body}</Typography> : null}
        </CardContent>
      </Card>
    </Stack>
  );
}
