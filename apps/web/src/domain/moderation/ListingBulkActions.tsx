import { useState } from 'react';
import type { ListingBulkBody } from '@ute/contract';
import { BulkActionBar, BulkResultsDialog, Button, ConfirmDialog } from '../../components/ui';
import type { BulkAction } from '../../lib/useBulkAction';
import type { RowSelection } from '../../lib/useRowSelection';
import { RejectDialog } from './RejectDialog';

export interface ListingBulkActionsProps {
  selection: RowSelection;
  bulk: BulkAction<ListingBulkBody>;
  /** 'UTE' and 'UTEs', 'job' and 'jobs'. */
  noun: { one: string; many: string };
}

/**
 * Approve, Reject (with a reason) and Delete for the picked listings of UTE Management and Job
 * Listings; each listing is done on its own and the results dialog says which were skipped and why.
 */
export function ListingBulkActions({ selection, bulk, noun }: ListingBulkActionsProps) {
  const [asking, setAsking] = useState<'reject' | 'delete' | null>(null);
  const count = selection.selectedIds.length;
  const subject = `${count} ${count === 1 ? noun.one : noun.many}`;
  const run = (action: string, body: Omit<ListingBulkBody, 'ids'>) => {
    bulk.run(action, { ...body, ids: selection.selectedIds });
    setAsking(null);
  };
  return (
    <>
      <BulkActionBar count={count} onClear={selection.clear}>
        <Button size="sm" variant="success" disabled={bulk.isPending} onClick={() => run('Approve', { action: 'approve' })}>
          Approve selected
        </Button>
        <Button size="sm" variant="danger" disabled={bulk.isPending} onClick={() => setAsking('reject')}>
          Reject selected
        </Button>
        <Button size="sm" variant="secondary" disabled={bulk.isPending} onClick={() => setAsking('delete')}>
          Delete selected
        </Button>
      </BulkActionBar>
      <RejectDialog
        subject={asking === 'reject' ? subject : null}
        isPending={bulk.isPending}
        onConfirm={(rejection) => run('Reject', { action: 'reject', ...rejection })}
        onClose={() => setAsking(null)}
      />
      <ConfirmDialog
        open={asking === 'delete'}
        onOpenChange={(open) => !open && setAsking(null)}
        title={`Delete ${subject}`}
        message={`Are you sure you want to delete ${subject}?`}
        confirmLabel="Delete"
        isPending={bulk.isPending}
        onConfirm={() => run('Delete', { action: 'delete' })}
      />
      <BulkResultsDialog outcome={bulk.outcome} onClose={bulk.closeOutcome} />
    </>
  );
}
