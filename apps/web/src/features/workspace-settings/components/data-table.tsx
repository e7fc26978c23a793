import InboxOutlinedIcon from '@mui/icons-material/InboxOutlined';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { formatNumber } from '../../../lib/digits';
import { useLocale } from '../../../lib/locale-navigation';

export interface Column<T> {
  id: string;
  label: string;
  render: (row: T) => ReactNode;
  /** Numbers and dates line up at the end of the cell. */
  numeric?: boolean;
}

export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
  /** The server counted up to its cap: `total` - 1 is the cap, and there are more rows. */
  totalCapped?: true;
}

export interface DataTableProps<T> {
  label: string;
  columns: Column<T>[];
  /** The page's query: its rows, and whether it is loading, refreshing or failed. */
  list: UseQueryResult<Paged<T>>;
  empty: string;
  rowKey: (row: T) => string;
  actions?: (row: T) => ReactNode;
  onPage: (page: number) => void;
}

/**
 * A list of rows with its loading, error and empty states and paging. A table from the tablet width up;
 * below it each row is a card (first column as its title, the others as label and value), which reads
 * better on a phone than a table scrolled sideways.
 */
export function DataTable<T>({ label, columns, list, empty, rowKey, actions, onPage }: DataTableProps<T>) {
  const { t } = useTranslation('workspace-admin');
  const locale = useLocale();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('tablet'));
  const { data, isPending: pending, isFetching: fetching, isError: error } = list;
  const onRetry = () => void list.refetch();

  if (pending && !data)
    return (
      <Stack sx={{ gap: 1, px: { xs: 2, sm: 3 }, pb: 3 }} aria-busy="true" aria-label={t('states.loading')}>
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} variant="rounded" height={52} />
        ))}
      </Stack>
    );
  if (error && !data)
    return (
      <Box sx={{ px: { xs: 2, sm: 3 }, pb: 3 }}>
        <LoadError message={t('states.loadFailed')} onRetry={onRetry} />
      </Box>
    );
  if (!data || data.items.length === 0)
    return (
      <Stack
        sx={{
          alignItems: 'center',
          gap: 1,
          px: 3,
          pt: 2,
          pb: 5,
          color: 'text.secondary',
          textAlign: 'center',
        }}
        role="status"
      >
        <InboxOutlinedIcon sx={{ fontSize: 40, opacity: 0.6 }} />
        <Typography variant="body2">{empty}</Typography>
      </Stack>
    );

  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  const [first, ...rest] = columns;

  return (
    <Box sx={{ position: 'relative' }}>
      <LinearProgress
        aria-hidden
        sx={{
          position: 'absolute',
          insetInline: 0,
          top: 0,
          height: 2,
          visibility: fetching ? 'visible' : 'hidden',
        }}
      />
      {narrow ? (
        <Stack component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {data.items.map((row) => (
            <Box
              component="li"
              key={rowKey(row)}
              sx={{ px: 2, py: 1.5, borderTop: 1, borderColor: 'divider', display: 'grid', gap: 0.75 }}
            >
              {first ? <Box sx={{ fontWeight: 600, minWidth: 0 }}>{first.render(row)}</Box> : null}
              {rest.map((column) => (
                <Stack
                  key={column.id}
                  direction="row"
                  sx={{ gap: 1, alignItems: 'center', justifyContent: 'space-between', minWidth: 0 }}
                >
                  <Typography variant="caption" sx={{ color: 'text.secondary', flexShrink: 0 }}>
                    {column.label}
                  </Typography>
                  <Box sx={{ minWidth: 0, textAlign: 'end', typography: 'body2' }}>{column.render(row)}</Box>
                </Stack>
              ))}
              {actions ? (
                <Stack direction="row" sx={{ gap: 0.5, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
                  {actions(row)}
                </Stack>
              ) : null}
            </Box>
          ))}
        </Stack>
      ) : (
        <TableContainer>
          <Table aria-label={label} size="medium">
            <TableHead>
              <TableRow>
                {columns.map((column) => (
                  <TableCell
                    key={column.id}
                    align={column.numeric ? 'right' : 'left'}
                    sx={{ color: 'text.secondary', fontWeight: 600, whiteSpace: 'nowrap' }}
                  >
                    {column.label}
                  </TableCell>
                ))}
                {actions ? (
                  <TableCell align="right" sx={{ color: 'text.secondary', fontWeight: 600 }}>
                    {t('table.actions')}
                  </TableCell>
                ) : null}
              </TableRow>
            </TableHead>
            <TableBody>
              {data.items.map((row) => (
                <TableRow key={rowKey(row)} hover>
                  {columns.map((column) => (
                    <TableCell key={column.id} align={column.numeric ? 'right' : 'left'}>
                      {column.render(row)}
                    </TableCell>
                  ))}
                  {actions ? (
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <Stack direction="row" sx={{ gap: 0.5, justifyContent: 'flex-end' }}>
                        {actions(row)}
                      </Stack>
                    </TableCell>
                  ) : null}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {data.totalCapped ? (
        <Typography
          variant="body2"
          role="status"
          sx={{ px: { xs: 2, sm: 3 }, pt: 1.5, color: 'text.secondary', textAlign: 'center' }}
        >
          {t('table.moreThan', { count: formatNumber(data.total - 1, locale) })}
        </Typography>
      ) : null}
      {pages > 1 ? (
        <Stack sx={{ alignItems: 'center', py: 2, borderTop: 1, borderColor: 'divider' }}>
          <Pagination
            count={pages}
            page={Math.min(data.page, pages)}
            onChange={(_event, value) => onPage(value)}
            size={narrow ? 'small' : 'medium'}
            getItemAriaLabel={(type, value) => t(`paging.${type}`, { page: value })}
          />
        </Stack>
      ) : null}
    </Box>
  );
}
