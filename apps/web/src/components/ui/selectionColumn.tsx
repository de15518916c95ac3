import type { ColumnDef } from '@tanstack/react-table';
import type { RowSelection } from '../../lib/useRowSelection';
import { SELECT_COLUMN_ID } from './DataTable';

const checkboxClass = 'h-4 w-4 cursor-pointer rounded border-slate-400 accent-brand-600';

/**
 * The first column of a list with bulk actions: a checkbox per row, and one in the header that picks
 * the whole page (shown half-checked when only some rows are picked).
 */
export function selectionColumn<TRow>(selection: RowSelection, idOf: (row: TRow) => string, labelOf: (row: TRow) => string): ColumnDef<TRow, unknown> {
  return {
    id: SELECT_COLUMN_ID,
    header: () => (
      <input
        type="checkbox"
        aria-label="Select all rows on this page"
        className={checkboxClass}
        checked={selection.allSelected}
        ref={(box) => {
          if (box) box.indeterminate = selection.someSelected;
        }}
        onChange={selection.toggleAll}
      />
    ),
    cell: ({ row }) => (
      <input
        type="checkbox"
        aria-label={`Select ${labelOf(row.original)}`}
        className={checkboxClass}
        checked={selection.isSelected(idOf(row.original))}
        onChange={() => selection.toggle(idOf(row.original))}
      />
    ),
  };
}
