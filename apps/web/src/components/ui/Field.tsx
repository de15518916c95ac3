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

/**
 * A From/To pair of calendar days (a list's period filter): each bounds the other, so the picker
 * offers no period that ends before it starts. Values are `YYYY-MM-DD` or '' (no bound).
 */
export function DateRangeFields({ from, to, onChange }: { from: string; to: string; onChange: (change: { from: string } | { to: string }) => void }) {
  return (
    <>
      <Field label="From">
        {(id) => (
          <input id={id} type="date" className={fieldClass} value={from} max={to || undefined} onChange={(event) => onChange({ from: event.target.value })} />
        )}
      </Field>
      <Field label="To">
        {(id) => (
          <input id={id} type="date" className={fieldClass} value={to} min={from || undefined} onChange={(event) => onChange({ to: event.target.value })} />
        )}
      </Field>
    </>
  );
}
