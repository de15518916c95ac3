export const PAGE_WINDOW_SIZE = 5;

/** Up to `size` page numbers around the current page, sliding at the ends (docs/product.md: 5 buttons). */
export function pageWindow(currentPage: number, totalPages: number, size = PAGE_WINDOW_SIZE): number[] {
  if (totalPages <= 0) return [];
  const current = Math.min(Math.max(1, currentPage), totalPages);
  const count = Math.min(size, totalPages);
  let start = current - Math.floor(count / 2);
  start = Math.max(1, Math.min(start, totalPages - count + 1));
  return Array.from({ length: count }, (_, i) => start + i);
}

/** 'Showing X to Y of Z results' numbers for a page. */
export function resultRange(page: number, pageSize: number, total: number): { from: number; to: number } {
  if (total === 0) return { from: 0, to: 0 };
  const from = (page - 1) * pageSize + 1;
  return { from: Math.min(from, total), to: Math.min(page * pageSize, total) };
}
