import { useCallback, useMemo, useState } from 'react';

export interface RowSelection {
  /** The picked ids that are on the page shown now, in the page's order. */
  selectedIds: string[];
  isSelected: (id: string) => boolean;
  toggle: (id: string) => void;
  /** Picks every row of the page, or none when all are picked already. */
  toggleAll: () => void;
  allSelected: boolean;
  someSelected: boolean;
  clear: () => void;
}

/**
 * The rows picked on a list's page for a bulk action. Only rows of the page shown count: turning the
 * page, searching or filtering leaves the others out, so an action never touches a row out of sight.
 */
export function useRowSelection(pageIds: readonly string[]): RowSelection {
  const [picked, setPicked] = useState<ReadonlySet<string>>(() => new Set());
  const selectedIds = useMemo(() => pageIds.filter((id) => picked.has(id)), [pageIds, picked]);
  const allSelected = pageIds.length > 0 && selectedIds.length === pageIds.length;
  const toggle = useCallback(
    (id: string) =>
      setPicked((current) => {
        const next = new Set(current);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [],
  );
  const toggleAll = useCallback(() => setPicked(allSelected ? new Set() : new Set(pageIds)), [allSelected, pageIds]);
  const clear = useCallback(() => setPicked(new Set()), []);
  return {
    selectedIds,
    isSelected: (id) => picked.has(id) && pageIds.includes(id),
    toggle,
    toggleAll,
    allSelected,
    someSelected: selectedIds.length > 0 && !allSelected,
    clear,
  };
}
