import { useMemo } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import type { BulkResponse } from '@ute/contract';
import { useBulkAction } from '../../lib/useBulkAction';
import { useRowSelection } from '../../lib/useRowSelection';
import { selectionColumn } from './selectionColumn';

/**
 * Everything a list with bulk actions needs: the picked rows of the page shown, the checkbox column
 * to put first, and the bulk call whose results dialog names each row as the list does.
 */
export function useBulkRows<TRow extends { _id: string }, TBody extends { ids: string[] }>(
  rows: TRow[] | undefined,
  options: { nameOf: (row: TRow) => string; mutationFn: (body: TBody) => Promise<BulkResponse>; invalidates: QueryKey[] },
) {
  const { nameOf } = options;
  const selection = useRowSelection(useMemo(() => (rows ?? []).map((row) => row._id), [rows]));
  const bulk = useBulkAction({
    mutationFn: options.mutationFn,
    invalidates: options.invalidates,
    selection,
    nameOf: (id) => {
      const row = rows?.find((candidate) => candidate._id === id);
      return row ? nameOf(row) : id;
    },
  });
  const column = selectionColumn(selection, (row: TRow) => row._id, nameOf);
  return { selection, bulk, column };
}
