import type { ReactNode } from 'react';
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { Spinner } from './Spinner';

export interface DataTableProps<TRow> {
  columns: ColumnDef<TRow, unknown>[];
  data: TRow[];
  getRowId: (row: TRow) => string;
  isLoading?: boolean;
  /** The rows are the last page's while the next one loads: dimmed, and aria-busy for screen readers. */
  isStale?: boolean;
  /** Shown instead of the table when there are no rows. */
  empty?: ReactNode;
  caption?: string;
}

/** The id of the column of row buttons: it stays on screen at the right edge of the table. */
export const ACTIONS_COLUMN_ID = 'actions';
/** The id of the row checkboxes' column (selectionColumn): first, pinned left, a fixed 2.5rem wide. */
export const SELECT_COLUMN_ID = 'select';

type Pin = 'left' | 'afterSelect' | 'right' | undefined;

/**
 * Wide lists scroll sideways inside their box, so the row's identity (the first column) and its
 * buttons (the 'actions' column) are pinned to the box's edges. Pinned cells are opaque, above the
 * scrolled ones, and marked off by a one-pixel line drawn as a shadow: a border of a sticky cell in a
 * collapsed table would scroll away with the rest.
 */
function pinOf(index: number, columnId: string, hasSelect: boolean): Pin {
  if (columnId === ACTIONS_COLUMN_ID) return 'right';
  if (columnId === SELECT_COLUMN_ID) return 'left';
  if (index === (hasSelect ? 1 : 0)) return hasSelect ? 'afterSelect' : 'left';
  return undefined;
}

const PIN_CLASS: Record<NonNullable<Pin>, string> = {
  left: 'sticky left-0 z-10 shadow-[inset_-1px_0_0_var(--color-slate-200)]',
  // Beside the checkboxes' column, whose width is fixed (w-10) so this offset matches it.
  afterSelect: 'sticky left-10 z-10 shadow-[inset_-1px_0_0_var(--color-slate-200)]',
  right: 'sticky right-0 z-10 shadow-[inset_1px_0_0_var(--color-slate-200)]',
};

/** The checkboxes' column is exactly 2.5rem wide (its padding and a 1rem box): the next pinned column sits at that offset. */
const widthOf = (columnId: string) => (columnId === SELECT_COLUMN_ID ? 'w-10 min-w-10 max-w-10' : '');

function cellClass(pin: Pin, base: string, background: string): string {
  return pin ? `${base} ${background} ${PIN_CLASS[pin]}` : base;
}

/**
 * On a phone both pinned columns must leave room for the scrolled ones: the identity is cut at a
 * narrower width (a TruncatedText inside shows the ellipsis) and a row of buttons wraps, two a line.
 * On a wider screen the buttons stay on one line: the table would otherwise squeeze the column to
 * its narrowest and stack them.
 */
function PinnedContent({ pin, children }: { pin: Pin; children: ReactNode }) {
  if (pin === 'left' || pin === 'afterSelect') return <div className="max-w-[8.5rem] sm:max-w-[16rem]">{children}</div>;
  if (pin === 'right')
    return <div className="max-sm:w-max max-sm:max-w-[8.5rem] max-sm:[&>*]:flex-wrap sm:[&>*]:flex-nowrap [&_button]:whitespace-nowrap">{children}</div>;
  return <>{children}</>;
}

/** The list table of every screen (TanStack Table v8, server-side paging). */
export function DataTable<TRow>({ columns, data, getRowId, isLoading = false, isStale = false, empty, caption }: DataTableProps<TRow>) {
  const table = useReactTable({ data, columns, getRowId, getCoreRowModel: getCoreRowModel(), manualPagination: true });
  const hasSelect = columns[0]?.id === SELECT_COLUMN_ID;
  if (isLoading) return <Spinner />;
  if (data.length === 0 && empty) return <>{empty}</>;
  return (
    <div
      className={`overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm transition-opacity ${isStale ? 'opacity-60' : ''}`}
      aria-busy={isStale || undefined}
      data-table-scroll
    >
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead className="bg-slate-100">
          {table.getHeaderGroups().map((headerGroup) => (
            <tr key={headerGroup.id}>
              {headerGroup.headers.map((header, index) => (
                <th
                  key={header.id}
                  scope="col"
                  data-pin={pinOf(index, header.column.id, hasSelect)}
                  className={cellClass(
                    pinOf(index, header.column.id, hasSelect),
                    `whitespace-nowrap px-3 py-2.5 text-left text-xs font-semibold uppercase tracking-wide text-slate-700 ${widthOf(header.column.id)}`,
                    'bg-slate-100',
                  )}
                >
                  {header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody className="divide-y divide-slate-100">
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} className="group hover:bg-slate-50" data-row-id={row.id}>
              {row.getVisibleCells().map((cell, index) => {
                const pin = pinOf(index, cell.column.id, hasSelect);
                const content = flexRender(cell.column.columnDef.cell, cell.getContext());
                return (
                  <td
                    key={cell.id}
                    data-pin={pin}
                    className={cellClass(pin, `px-3 py-2.5 align-top text-slate-800 ${widthOf(cell.column.id)}`, 'bg-white group-hover:bg-slate-50')}
                  >
                    <PinnedContent pin={pin}>{content}</PinnedContent>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
