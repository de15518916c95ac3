import type { RecordRef } from '../../lib/recordRef';
import { ConfirmDialog } from './ConfirmDialog';

export interface ConfirmDeleteDialogProps<TRow extends { _id: string; version?: string }> {
  /** The row to delete; the dialog is open while there is one. */
  target: TRow | null;
  onClose: () => void;
  title: string;
  message: string;
  /** The delete mutation; it closes the dialog on success. */
  deletion: { isPending: boolean; mutate: (record: RecordRef) => void };
  /** The Delete button's text while the deletion runs. */
  pendingLabel?: string;
}

/** 'Are you sure you want to delete ...?' with Cancel and Delete ('Deleting...', or `pendingLabel`, while it runs). */
export function ConfirmDeleteDialog<TRow extends { _id: string; version?: string }>({
  target,
  onClose,
  title,
  message,
  deletion,
  pendingLabel = 'Deleting...',
}: ConfirmDeleteDialogProps<TRow>) {
  return (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      title={title}
      message={message}
      confirmLabel="Delete"
      pendingLabel={pendingLabel}
      isPending={deletion.isPending}
      onConfirm={() => target && !deletion.isPending && deletion.mutate({ id: target._id, version: target.version })}
    />
  );
}
