import type { ReactNode } from 'react';
import { DataTable, type DataTableProps } from './DataTable';

export interface ListViewProps<TRow> extends DataTableProps<TRow> {
  /** Why the list could not load; shown instead of the table and the pager. */
  error?: string;
  /** Below the table, usually a Pager. */
  pager?: ReactNode;
}

/** The body of a list screen: its load error, else the table and its pager. */
export function ListView<TRow>({ error, pager, ...table }: ListViewProps<TRow>) {
  // role="alert": a screen reader says why the list is missing as soon as it is shown.
  if (error !== undefined) {
    return (
      <p role="alert" className="text-red-700">
        {error}
      </p>
    );
  }
  return (
    <>
      <DataTable {...table} />
      {pager}
    </>
  );
}
