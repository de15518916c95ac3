import type { ReactNode } from 'react';
import { Button } from './Button';
import { Modal } from './Modal';

export interface DetailField {
  label: string;
  value: ReactNode;
}

/** A read-only dialog of label/value rows with a Close button. */
export function DetailsDialog({
  open,
  onOpenChange,
  title,
  fields,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  fields: DetailField[];
  children?: ReactNode;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      size="lg"
      footer={
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Close
        </Button>
      }
    >
      <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
        {fields.map((field) => (
          <div key={field.label}>
            <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600">{field.label}</dt>
            <dd className="mt-0.5 break-words text-sm text-slate-900">{field.value}</dd>
          </div>
        ))}
      </dl>
      {children}
    </Modal>
  );
}
