import { ConfirmDialog } from './ConfirmDialog';

export interface ConfirmDeleteDialogProps<TRow extends { _id: string }> {
  /** The row to delete; the dialog is open while there is one. */
  target: TRow | null;
  onClose: () => void;
  title: string;
  message: string;
  /** The delete mutation; it closes the dialog on success. */
  deletion: { isPending: boolean; mutate: (id: string) => void };
}

/** 'Are you sure you want to delete ...?' with Cancel and Delete ('Deleting...' while it runs). */
export function ConfirmDeleteDialog<TRow extends { _id: string }>({ target, onClose, title, message, deletion }: ConfirmDeleteDialogProps<TRow>) {
  return (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      title={title}
      message={message}
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      isPending={deletion.isPending}
      onConfirm={() => target && !deletion.isPending && deletion.mutate(target._id)}
    />
  );
}
