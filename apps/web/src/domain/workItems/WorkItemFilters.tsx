import { fieldClass } from '../../components/ui';

/** The list's queue filters as its URL holds them: `assigned` ('' = Anyone) and `waitSort` ('' or 'oldest'). */
export interface WorkItemFilterValues {
  assigned: string;
  waitSort: string;
}

const ASSIGNED_CHOICES = [
  { value: '', label: 'Anyone' },
  { value: 'me', label: 'Assigned to me' },
  { value: 'none', label: 'Unassigned' },
] as const;

/** Above a queue-filtered list (docs/design.md §15): who holds the items, and the longest waiting first. */
export function WorkItemFilters({
  values,
  onChange,
}: {
  values: WorkItemFilterValues;
  onChange: (change: Partial<WorkItemFilterValues> & { page?: number }) => void;
}) {
  const isOldestFirst = values.waitSort === 'oldest';
  return (
    <div className="mb-3 flex flex-wrap items-center gap-3 text-sm">
      <label className="flex items-center gap-2">
        <span className="font-medium text-slate-800">Assigned</span>
        <select className={fieldClass} value={values.assigned} onChange={(event) => onChange({ assigned: event.target.value, page: 1 })}>
          {ASSIGNED_CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        aria-pressed={isOldestFirst}
        className={`rounded-md border px-3 py-2 ${isOldestFirst ? 'border-brand-600 bg-brand-50 text-brand-700' : 'border-slate-300 text-slate-700 hover:bg-slate-50'}`}
        onClick={() => onChange({ waitSort: isOldestFirst ? '' : 'oldest', page: 1 })}
      >
        Oldest first
      </button>
    </div>
  );
}
