import { render, screen, within } from '@testing-library/react';
import type { ColumnDef } from '@tanstack/react-table';
import { describe, expect, it } from 'vitest';
import userEvent from '@testing-library/user-event';
import { useRowSelection } from '../../lib/useRowSelection';
import { DataTable } from './DataTable';
import { selectionColumn } from './selectionColumn';
import { TruncatedText } from './TruncatedText';

interface Row {
  id: string;
  name: string;
  city: string;
}

const COLUMNS: ColumnDef<Row, unknown>[] = [
  { id: 'name', header: 'Name', cell: ({ row }) => <TruncatedText text={row.original.name} /> },
  { id: 'city', header: 'City', cell: ({ row }) => row.original.city },
  { id: 'actions', header: 'Actions', cell: ({ row }) => <button type="button">Delete {row.original.name}</button> },
];

const ROWS: Row[] = [{ id: 'r1', name: 'A very long name that does not fit', city: 'Perth' }];

describe('DataTable', () => {
  it("marks the last page's rows as busy and dims them while the next page loads", () => {
    const { rerender } = render(<DataTable columns={COLUMNS} data={ROWS} getRowId={(row) => row.id} isStale />);
    const box = screen.getByRole('table').closest('[data-table-scroll]')!;
    expect(box).toHaveAttribute('aria-busy', 'true');
    expect(box).toHaveClass('opacity-60');
    rerender(<DataTable columns={COLUMNS} data={ROWS} getRowId={(row) => row.id} />);
    expect(box).not.toHaveAttribute('aria-busy');
    expect(box).not.toHaveClass('opacity-60');
  });

  it('pins the first column to the left and the actions column to the right, header and cells', () => {
    render(<DataTable columns={COLUMNS} data={ROWS} getRowId={(row) => row.id} caption="People" />);
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((header) => header.dataset.pin)).toEqual(['left', undefined, 'right']);
    const row = screen.getByRole('table').querySelector('tr[data-row-id="r1"]');
    expect(row).not.toBeNull();
    const cells = within(row as HTMLElement).getAllByRole('cell');
    // One cell per column, whatever is pinned.
    expect(cells).toHaveLength(3);
    expect(cells.map((cell) => cell.dataset.pin)).toEqual(['left', undefined, 'right']);
    for (const pinned of [headers[0], headers[2], cells[0], cells[2]]) expect(pinned).toHaveClass('sticky');
    expect(cells[0]).toHaveClass('left-0');
    expect(cells[2]).toHaveClass('right-0');
    // Opaque, also on hover, so the scrolled columns do not show through.
    expect(cells[0]).toHaveClass('bg-white', 'group-hover:bg-slate-50');
    expect(cells[1]).not.toHaveClass('sticky');
  });

  it('with row checkboxes, pins them on the left and the identity column right beside them', async () => {
    function Picked() {
      const selection = useRowSelection(ROWS.map((row) => row.id));
      return (
        <>
          <output aria-label="picked">{selection.selectedIds.join(',')}</output>
          <DataTable
            columns={[
              selectionColumn(
                selection,
                (row: Row) => row.id,
                (row: Row) => row.name,
              ),
              ...COLUMNS,
            ]}
            data={ROWS}
            getRowId={(row) => row.id}
          />
        </>
      );
    }
    render(<Picked />);
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((header) => header.dataset.pin)).toEqual(['left', 'afterSelect', undefined, 'right']);
    // The checkboxes' column is exactly as wide as the offset of the identity column.
    expect(headers[0]).toHaveClass('w-10', 'min-w-10', 'max-w-10', 'left-0');
    expect(headers[1]).toHaveClass('sticky', 'left-10');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(screen.getByRole('status', { name: 'picked' })).toHaveTextContent('r1');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select A very long name that does not fit' }));
    expect(screen.getByRole('status', { name: 'picked' })).toHaveTextContent('');
  });

  it('pins nothing on the right when there is no actions column', () => {
    render(<DataTable columns={COLUMNS.slice(0, 2)} data={ROWS} getRowId={(row) => row.id} />);
    expect(screen.getAllByRole('columnheader').map((header) => header.dataset.pin)).toEqual(['left', undefined]);
  });
});

describe('TruncatedText', () => {
  it('cuts the text with CSS and keeps the whole of it in the tooltip', () => {
    render(<TruncatedText text="A very long description" />);
    const text = screen.getByText('A very long description');
    expect(text).toHaveClass('truncate', 'max-w-xs');
    expect(text).toHaveAttribute('title', 'A very long description');
  });

  it('shows a preview with the full text in the tooltip', () => {
    render(<TruncatedText text="The first fifty..." fullText="The first fifty characters and the rest" className="max-w-md" />);
    expect(screen.getByText('The first fifty...')).toHaveAttribute('title', 'The first fifty characters and the rest');
  });
});
