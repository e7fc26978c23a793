import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type NotificationList, notificationPageSize } from './api';

/** Loading, error, empty and paged states of a notification list. */
export function PagedList({
  query,
  page,
  onPage,
  label,
  empty,
  children,
}: {
  query: UseQueryResult<NotificationList>;
  page: number;
  onPage: (page: number) => void;
  label: string;
  empty: string;
  children: (list: NotificationList) => ReactNode;
}) {
  const { t } = useTranslation('notifications');
  if (query.isPending)
    return (
      <Stack sx={{ gap: 1 }} aria-busy="true" aria-label={t('states.loading')}>
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} variant="rounded" height={72} />
        ))}
      </Stack>
    );
  if (query.isError)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={() => void query.refetch()}>
            {t('states.retry')}
          </Button>
        }
      >
        {t('states.loadFailed')}
      </Alert>
    );
  const list = query.data;
  if (list.notifications.length === 0) return <Alert severity="info">{empty}</Alert>;
  const pages = Math.max(1, Math.ceil(list.total / notificationPageSize));
  return (
    <Stack sx={{ gap: 2 }}>
      <List aria-label={label} disablePadding>
        {children(list)}
      </List>
      {pages > 1 ? (
        <Pagination
          count={pages}
          page={page}
          onChange={(_event, value) => onPage(value)}
          sx={{ alignSelf: 'center' }}
          getItemAriaLabel={(type, value) => t(`paging.${type}`, { page: value })}
        />
      ) : null}
    </Stack>
  );
}
