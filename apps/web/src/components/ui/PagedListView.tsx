import { useMemo } from 'react';
import { errorText } from '../../lib/toast';
import type { DataTableProps } from './DataTable';
import { ListView } from './ListView';
import { Pager, type PagerProps } from './Pager';

/** A paged list query as TanStack Query returns it: one page of rows and the total. */
export interface PagedListQuery<TRow> {
  data?: { data: TRow[]; totalCount: number };
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

export interface PagedListViewProps<TRow> extends Omit<DataTableProps<TRow>, 'data' | 'isLoading'> {
  list: PagedListQuery<TRow>;
  /** The Pager below the table; its total comes from the list. */
  paging: Omit<PagerProps, 'totalCount'>;
}

/**
 * A ListView fed by a paged list query: its rows, a spinner while the first page loads, the load
 * error when there is nothing to show (a failed refetch keeps the rows on screen), and the Pager.
 */
export function PagedListView<TRow>({ list, paging, ...table }: PagedListViewProps<TRow>) {
  const rows = useMemo(() => list.data?.data ?? [], [list.data]);
  return (
    <ListView
      {...table}
      error={list.isError && !list.data ? errorText(list.error) : undefined}
      data={rows}
      isLoading={list.isPending}
      pager={<Pager {...paging} totalCount={list.data?.totalCount ?? 0} />}
    />
  );
}
