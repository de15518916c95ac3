import { useId, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { Button } from './Button';
import { fieldClass } from './Field';
import { Modal } from './Modal';

export interface NoteDialogProps {
  /** Open while true; the text starts empty each time it opens. */
  open: boolean;
  title: string;
  description?: string;
  /** The text field's label ('Reason', 'Note'). */
  label: string;
  /** The contract's schema of the text (its call's body field): its first issue shows under the field, and nothing is sent. */
  schema: z.ZodType<string, string>;
  submitLabel: string;
  isPending: boolean;
  /** The text as the schema outputs it (trimmed). */
  onSubmit: (text: string) => void;
  onClose: () => void;
}

/** A dialog asking for one required text: a hold's reason, a discrepancy's explanation. */
export function NoteDialog({ open, title, description, onClose, isPending, ...form }: NoteDialogProps) {
  return (
    <Modal open={open} onOpenChange={(next) => !next && !isPending && onClose()} title={title} description={description} size="sm">
      {open && <NoteForm {...form} isPending={isPending} onClose={onClose} />}
    </Modal>
  );
}

function NoteForm({ label, schema, submitLabel, isPending, onSubmit, onClose }: Omit<NoteDialogProps, 'open' | 'title' | 'description'>) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const fieldId = useId();
  const problemId = useId();

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (isPending) return;
    const parsed = schema.safeParse(text);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Invalid value');
      return;
    }
    setProblem(null);
    onSubmit(parsed.data);
  };

  return (
    <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <label htmlFor={fieldId} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        <textarea
          id={fieldId}
          rows={4}
          value={text}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? problemId : undefined}
          className={`${fieldClass} ${problem ? 'border-red-600' : ''}`}
          onChange={(event) => {
            setText(event.target.value);
            if (problem) setProblem(null);
          }}
        />
        {problem && (
          <p id={problemId} role="alert" className="text-sm text-red-700">
            {problem}
          </p>
        )}
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose} disabled={isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={isPending}>
          {isPending ? 'Saving...' : submitLabel}
        </Button>
      </div>
    </form>
  );
}
