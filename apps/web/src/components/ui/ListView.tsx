import type { ReactNode } from 'react';
import { DataTable, type DataTableProps } from './DataTable';

export interface ListViewProps<TRow> extends DataTableProps<TRow> {
  /** Why the list could not load; shown instead of the table and the pager. */
  error?: string;
  /** The error paragraph has role="alert" unless this is false. */
  isErrorAnnounced?: boolean;
  /** Below the table, usually a Pager. */
  pager?: ReactNode;
}

/** The body of a list screen: its load error, else the table and its pager. */
export function ListView<TRow>({ error, isErrorAnnounced = true, pager, ...table }: ListViewProps<TRow>) {
  if (error !== undefined) {
    return (
      <p role={isErrorAnnounced ? 'alert' : undefined} className="text-red-700">
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
