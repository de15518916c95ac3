import type { ReactNode } from 'react';
import type { ListPage } from '../../lib/listQuery';
import { errorText } from '../../lib/toast';
import type { DataTableProps } from './DataTable';
import { ListView } from './ListView';
import { Pager, type PagerProps } from './Pager';

/** A list query as TanStack Query returns it, its `select` having made a ListPage of the answer. */
export interface ListQuery<TRow> {
  data?: ListPage<TRow>;
  isPending: boolean;
  /** The last page's answer, shown while this one loads (keepPreviousData). */
  isPlaceholderData?: boolean;
  isError: boolean;
  error: unknown;
}

export interface PagedListViewProps<TRow> extends Omit<DataTableProps<TRow>, 'data' | 'isLoading' | 'isStale'> {
  list: ListQuery<TRow>;
  /** The Pager below the table; its total comes from the list. Left out for a list the api answers whole. */
  paging?: Omit<PagerProps, 'totalCount'>;
  /** A pager of the screen's own instead (the quotes' 'page / total'). */
  pager?: ReactNode;
}

const NO_ROWS: never[] = [];

/**
 * Every list screen's body, fed by its list query: a spinner while the first page loads; the load
 * error in place of the table while there is nothing to show; else the rows and the pager. While
 * another page loads, the last rows stay on screen, dimmed (the pager already says the new page), and
 * a failed refetch (a page change, a refresh) keeps them with the error under them.
 */
export function PagedListView<TRow>({ list, paging, pager, ...table }: PagedListViewProps<TRow>) {
  const error = list.isError ? errorText(list.error) : undefined;
  return (
    <>
      <ListView
        {...table}
        error={list.data ? undefined : error}
        data={list.data?.rows ?? NO_ROWS}
        isLoading={list.isPending}
        isStale={list.isPlaceholderData}
        pager={pager ?? (paging && <Pager {...paging} totalCount={list.data?.totalCount ?? 0} />)}
      />
      {list.data && error !== undefined && <p className="mt-2 text-sm text-red-700">{error}</p>}
    </>
  );
}
