import Alert from '@mui/material/Alert';
import List from '@mui/material/List';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from './load-error';

/**
 * Loading, error, empty and paged states of a list answered as a page.
 * `count` reads the page's item count and the total from whatever shape the list has.
 */
export function PagedList<D>({
  query,
  count,
  pageSize,
  page,
  onPage,
  label,
  empty,
  loadFailed,
  listSx,
  children,
}: {
  query: UseQueryResult<D>;
  count: (data: D) => { items: number; total: number };
  pageSize: number;
  page: number;
  onPage: (page: number) => void;
  label: string;
  empty: string;
  /** The error text; a general one when not given. */
  loadFailed?: string;
  listSx?: SxProps<Theme>;
  children: (data: D) => ReactNode;
}) {
  // The shared texts (loading, paging) live with the notifications, the first paged lists; the retry is common.
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
    return <LoadError message={loadFailed ?? t('states.loadFailed')} onRetry={() => void query.refetch()} />;
  const data = query.data;
  const { items, total } = count(data);
  if (items === 0) return <Alert severity="info">{empty}</Alert>;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Stack sx={{ gap: 2 }}>
      <List aria-label={label} disablePadding sx={listSx}>
        {children(data)}
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
