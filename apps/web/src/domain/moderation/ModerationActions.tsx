import type { SettableListingStatus } from '@ute/contract';
import { Button } from '../../components/ui';

/** The statuses an admin sets on a listing: Approved or Rejected. */
export type ModerationStatus = SettableListingStatus;

export interface ModerationActionsProps {
  canApprove: boolean;
  canReject: boolean;
  /** Any action of this row is running: every button waits. */
  isPending: boolean;
  /** The status being set right now, whose button reads 'Processing'. */
  pendingStatus?: ModerationStatus;
  onView: () => void;
  onSetStatus: (status: ModerationStatus) => void;
  onDelete: () => void;
}

/** View, Approve, Reject and Delete of a listing row (utes and jobs, docs/product.md). */
export function ModerationActions({ canApprove, canReject, isPending, pendingStatus, onView, onSetStatus, onDelete }: ModerationActionsProps) {
  return (
    <div className="flex gap-1.5">
      <Button size="sm" variant="secondary" onClick={onView}>
        View
      </Button>
      <Button size="sm" variant="success" disabled={isPending || !canApprove} onClick={() => onSetStatus('Approved')}>
        {pendingStatus === 'Approved' ? 'Processing' : 'Approve'}
      </Button>
      <Button size="sm" variant="danger" disabled={isPending || !canReject} onClick={() => onSetStatus('Rejected')}>
        {pendingStatus === 'Rejected' ? 'Processing' : 'Reject'}
      </Button>
      <Button size="sm" variant="secondary" disabled={isPending} onClick={onDelete}>
        Delete
      </Button>
    </div>
  );
}
