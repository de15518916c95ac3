import { Filter, X } from 'lucide-react';

/**
 * Says which filter narrows a list (a work queue's, opened from its sidebar badge) and clears it.
 * A status region, so a screen reader hears the list change when the filter comes and goes.
 */
export function ActiveFilter({ label, onClear }: { label: string; onClear: () => void }) {
  return (
    <div role="status" className="mb-3 flex flex-wrap items-center gap-2 rounded-md border border-brand-100 bg-brand-50 px-3 py-2 text-sm text-slate-900">
      <Filter className="h-4 w-4 text-brand-700" aria-hidden="true" />
      <span>
        Filtered: <strong className="font-semibold">{label}</strong>
      </span>
      <button
        type="button"
        onClick={onClear}
        className="ml-auto inline-flex items-center gap-1 rounded px-2 py-0.5 font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <X className="h-3.5 w-3.5" aria-hidden="true" />
        Clear filter
      </button>
    </div>
  );
}
