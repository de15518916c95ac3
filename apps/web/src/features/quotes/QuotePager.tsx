import { Button } from '../../components/ui';

/** The quotes pager of docs/product.md: Previous, 'page / total', Next; never leaves 1..last. */
export function QuotePager({ page, totalPages, onPageChange }: { page: number; totalPages: number; onPageChange: (page: number) => void }) {
  const go = (target: number) => {
    if (target >= 1 && target <= totalPages && target !== page) onPageChange(target);
  };
  return (
    <nav aria-label="Pagination" className="mt-4 flex items-center justify-center gap-3">
      <Button variant="secondary" size="sm" onClick={() => go(page - 1)} disabled={page <= 1}>
        Previous
      </Button>
      <span className="text-sm text-slate-800" aria-live="polite">
        {page} / {totalPages}
      </span>
      <Button variant="secondary" size="sm" onClick={() => go(page + 1)} disabled={page >= totalPages}>
        Next
      </Button>
    </nav>
  );
}
