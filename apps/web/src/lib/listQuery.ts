/**
 * The one shape every list query hands its screen (its `select` maps the wire to it): the rows of
 * the page shown and how many rows the list has in all. PagedListView renders it.
 */
export interface ListPage<TRow> {
  rows: TRow[];
  totalCount: number;
}

/** The `select` of a list whose answer is `{ data, totalCount }` (most of them). */
export const selectListPage = <TRow>({ data, totalCount }: { data: TRow[]; totalCount: number }): ListPage<TRow> => ({ rows: data, totalCount });

/** The `select` of a list the api answers whole (no paging, no total on the wire). */
export const selectWholeList = <TRow>({ data }: { data: TRow[] }): ListPage<TRow> => ({ rows: data, totalCount: data.length });
