import Stack from '@mui/material/Stack';
import type { Dispatch, ReactNode, SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListQuery } from '../api';
import { DataTable, type DataTableProps } from './data-table';
import { SearchField } from './search-field';

/**
 * A paged table under its search box (and any filters beside it). Searching and filtering go back to the
 * first page; while either is on, an empty page says nothing matched instead of `empty`.
 */
export function SearchedTable<T, Q extends ListQuery>({
  searchLabel,
  query,
  onQuery,
  filtered = false,
  filters,
  empty,
  ...table
}: Omit<DataTableProps<T>, 'onPage'> & {
  searchLabel: string;
  query: Q;
  onQuery: Dispatch<SetStateAction<Q>>;
  /** Whether a filter besides the search is on. */
  filtered?: boolean;
  filters?: ReactNode;
}) {
  const { t } = useTranslation('workspace-admin');
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1.5, px: { xs: 2, sm: 3 }, pb: 2 }}>
        <SearchField
          label={searchLabel}
          onSearch={(search) => onQuery((old) => ({ ...old, search, page: 1 }))}
        />
        {filters}
      </Stack>
      <DataTable
        {...table}
        empty={query.search || filtered ? t('states.noMatches') : empty}
        onPage={(page) => onQuery((old) => ({ ...old, page }))}
      />
    </>
  );
}
