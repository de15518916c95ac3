import { useState, type FormEvent } from 'react';
import type { Faq, FaqBody } from '@ute/contract';
import { Field, fieldClass, Modal, SaveCancelButtons } from '../../components/ui';

export interface FaqFormDialogProps {
  open: boolean;
  /** The FAQ being edited; null to add a new one. */
  faq: Faq | null;
  isPending: boolean;
  onSubmit: (body: FaqBody) => void;
  onClose: () => void;
}

/**
 * 'Add a New FAQ' / 'Edit FAQ'. No client validation (docs/product.md: empty fields are sent and the
 * server answers). A second save while one is pending is ignored. The form lives inside the
 * dialog content, which unmounts on close, so closing or cancelling clears the fields.
 */
export function FaqFormDialog({ open, faq, isPending, onSubmit, onClose }: FaqFormDialogProps) {
  return (
    <Modal open={open} onOpenChange={(next) => !next && onClose()} title={faq ? 'Edit FAQ' : 'Add a New FAQ'}>
      <FaqForm key={faq?._id ?? 'new'} faq={faq} isPending={isPending} onSubmit={onSubmit} onCancel={onClose} />
    </Modal>
  );
}

function FaqForm({ faq, isPending, onSubmit, onCancel }: { faq: Faq | null; isPending: boolean; onSubmit: (body: FaqBody) => void; onCancel: () => void }) {
  const [question, setQuestion] = useState(faq?.question ?? '');
  const [answer, setAnswer] = useState(faq?.answer ?? '');

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (isPending) return;
    onSubmit({ question, answer });
  };

  return (
    <form onSubmit={handleSubmit} className="flex flex-col gap-4">
      <Field label="Question">
        {(id) => <input id={id} value={question} onChange={(event) => setQuestion(event.target.value)} placeholder="Enter Question" className={fieldClass} />}
      </Field>
      <Field label="Answer">
        {(id) => (
          <textarea id={id} value={answer} onChange={(event) => setAnswer(event.target.value)} placeholder="Enter Answer" rows={5} className={fieldClass} />
        )}
      </Field>
      <SaveCancelButtons isEditing={faq !== null} isPending={isPending} onCancel={onCancel} />
    </form>
  );
}
