import type { ReactNode } from 'react';
import { Button } from './Button';

/**
 * Above a list with rows picked: how many, the bulk actions (`children`), and a way to let go of the
 * selection. Hidden when nothing is picked.
 */
export function BulkActionBar({ count, onClear, children }: { count: number; onClear: () => void; children: ReactNode }) {
  if (count === 0) return null;
  return (
    <div
      role="toolbar"
      aria-label="Bulk actions"
      className="mb-3 flex flex-wrap items-center gap-2 rounded-lg border border-brand-600/30 bg-brand-50 px-3 py-2"
    >
      <span className="text-sm font-medium text-slate-900">{count} selected</span>
      {children}
      <Button size="sm" variant="ghost" onClick={onClear} className="ml-auto">
        Clear selection
      </Button>
    </div>
  );
}
