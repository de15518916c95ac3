import { useId, useState, type FormEvent } from 'react';
import type { Faq, FaqBody } from '@ute/contract';
import { Button, Modal } from '../../components/ui';

export interface FaqFormDialogProps {
  open: boolean;
  /** The FAQ being edited; null to add a new one. */
  faq: Faq | null;
  isPending: boolean;
  onSubmit: (body: FaqBody) => void;
  onClose: () => void;
}

const fieldClass = 'rounded-md border border-slate-300 px-3 py-2 text-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-100';

/**
 * 'Add a New FAQ' / 'Edit FAQ'. No client validation (SPEC.md 5: empty fields are sent and the
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
  const questionId = useId();
  const answerId = useId();

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (isPending) return;
    onSubmit({ question, answer });
  };

  return (
    <form onSubmit={handleSubmit} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <label htmlFor={questionId} className="text-sm font-medium text-slate-800">
          Question
        </label>
        <input id={questionId} value={question} onChange={(event) => setQuestion(event.target.value)} placeholder="Enter Question" className={fieldClass} />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={answerId} className="text-sm font-medium text-slate-800">
          Answer
        </label>
        <textarea id={answerId} value={answer} onChange={(event) => setAnswer(event.target.value)} placeholder="Enter Answer" rows={5} className={fieldClass} />
      </div>
      <div className="mt-2 flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" aria-disabled={isPending || undefined}>
          {faq ? (isPending ? 'Updating...' : 'Update') : isPending ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
