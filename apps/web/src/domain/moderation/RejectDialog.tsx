import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { REJECTION_NOTE_MAX_LENGTH, REJECTION_REASON_LABELS, REJECTION_REASONS, rejectionSchema, type Rejection } from '@ute/contract';
import { Button, Field, fieldClass, Modal } from '../../components/ui';
import { RecordChangeNotice } from '../liveEvents/RecordChangeNotice';

export interface RejectDialogProps {
  /** Whose rejection: 'UTE “Red Hilux”', '3 jobs'. Null closes the dialog. */
  subject: string | null;
  isPending: boolean;
  onConfirm: (rejection: Rejection) => void;
  onClose: () => void;
  /** The one listing being rejected: a colleague's change to it while the dialog is open is said here. */
  record?: { recordType: string; recordId: string };
}

/**
 * Reject asks why: a reason from the fixed list (REJECTION_REASONS) and an optional note, which the
 * lister reads in their notice mail ('Another reason' needs the note).
 */
export function RejectDialog({ subject, isPending, onConfirm, onClose, record }: RejectDialogProps) {
  return (
    <Modal open={subject !== null} onOpenChange={(open) => !open && !isPending && onClose()} title={`Reject ${subject ?? ''}`} size="sm">
      {record && <RecordChangeNotice recordType={record.recordType} recordId={record.recordId} className="mb-3" />}
      {subject !== null && <RejectForm isPending={isPending} onConfirm={onConfirm} onClose={onClose} />}
    </Modal>
  );
}

function RejectForm({ isPending, onConfirm, onClose }: Omit<RejectDialogProps, 'subject' | 'record'>) {
  // No reason is chosen at first: the select shows 'Choose a reason' and the schema refuses it.
  const form = useForm<z.input<typeof rejectionSchema>, unknown, Rejection>({ resolver: zodResolver(rejectionSchema), defaultValues: { note: '' } });
  const { errors } = form.formState;
  return (
    <form
      onSubmit={form.handleSubmit((values) => onConfirm({ reason: values.reason, note: values.note || undefined }))}
      noValidate
      className="flex flex-col gap-4"
    >
      <p className="text-sm text-slate-700">The lister is told by email, with the reason and your note.</p>
      <Field label="Reason">
        {(id) => (
          <>
            <select id={id} className={fieldClass} aria-invalid={Boolean(errors.reason)} {...form.register('reason')}>
              <option value="">Choose a reason</option>
              {REJECTION_REASONS.map((reason) => (
                <option key={reason} value={reason}>
                  {REJECTION_REASON_LABELS[reason]}
                </option>
              ))}
            </select>
            {errors.reason && (
              <p role="alert" className="text-sm text-red-700">
                Choose why the listing is rejected
              </p>
            )}
          </>
        )}
      </Field>
      <Field label="Note (optional)">
        {(id) => (
          <>
            <textarea
              id={id}
              rows={3}
              maxLength={REJECTION_NOTE_MAX_LENGTH}
              className={fieldClass}
              aria-invalid={Boolean(errors.note)}
              {...form.register('note')}
            />
            {errors.note?.message && <p className="text-sm text-red-700">{errors.note.message}</p>}
          </>
        )}
      </Field>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose} disabled={isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" disabled={isPending}>
          {isPending ? 'Processing' : 'Reject'}
        </Button>
      </div>
    </form>
  );
}
