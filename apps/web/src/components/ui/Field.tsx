import { useId, type ReactNode } from 'react';

/** The look of a text input, textarea or select in a form. */
export const fieldClass = 'rounded-md border border-slate-300 px-3 py-2 text-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-100';

/** A labelled form control: the label above it, and `children` renders the control with the id that ties them. */
export function Field({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {children(id)}
    </div>
  );
}
