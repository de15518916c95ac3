import { pageWindow, resultRange } from '../../lib/pageWindow';
import { Button } from './Button';

export interface PagerProps {
  page: number;
  pageSize: number;
  totalCount: number;
  onPageChange: (page: number) => void;
  /** Number of page buttons; 0 shows all pages (numbered buttons across all pages). */
  windowSize?: number;
}

/** Previous/Next, a sliding window of page numbers, and the results line; hidden with one page. */
export function Pager({ page, pageSize, totalCount, onPageChange, windowSize = 5 }: PagerProps) {
  const totalPages = Math.max(1, Math.ceil(totalCount / pageSize));
  if (totalPages <= 1) return null;
  const current = Math.min(Math.max(page, 1), totalPages);
  const go = (target: number) => {
    if (target >= 1 && target <= totalPages && target !== current) onPageChange(target);
  };
  const { from, to } = resultRange(current, pageSize, totalCount);
  const pages = pageWindow(current, totalPages, windowSize === 0 ? totalPages : windowSize);
  return (
    <nav aria-label="Pagination" className="mt-4 flex flex-col items-center justify-between gap-3 sm:flex-row">
      <p className="text-sm text-slate-700">
        Showing {from} to {to} of {totalCount} results
      </p>
      <div className="flex flex-wrap items-center gap-1">
        <Button variant="secondary" size="sm" onClick={() => go(current - 1)} disabled={current <= 1}>
          Previous
        </Button>
        {pages.map((number) => (
          <Button
            key={number}
            variant={number === current ? 'primary' : 'secondary'}
            size="sm"
            aria-current={number === current ? 'page' : undefined}
            aria-label={`Page ${number}`}
            onClick={() => go(number)}
          >
            {number}
          </Button>
        ))}
        <Button variant="secondary" size="sm" onClick={() => go(current + 1)} disabled={current >= totalPages}>
          Next
        </Button>
      </div>
    </nav>
  );
}
