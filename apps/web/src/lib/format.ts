export { formatAud, formatCentsAud, formatDate, formatDateTime, truncateChars, truncateWords } from '@ute/contract';

/** 'N/A' for a missing or blank value (docs/product.md: other missing values show 'N/A'). */
export function orNA(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return 'N/A';
  const text = String(value).trim();
  return text ? text : 'N/A';
}

/** A list as 'a, b, c' or 'N/A'. */
export function listOrNA(values: readonly string[] | null | undefined): string {
  return values && values.length > 0 ? values.join(', ') : 'N/A';
}

/** Dollars with a $ prefix, as job and ute budgets are shown. */
export function formatBudget(value: number | null | undefined): string {
  if (value === null || value === undefined) return 'N/A';
  return `$${value.toLocaleString('en-AU', { maximumFractionDigits: 2 })}`;
}

/** Public image URLs of the file host (docs/design.md §6). */
export const imageUrl = {
  ute: (file: string) => `/images/ute-images/${encodeURIComponent(file)}`,
  job: (file: string) => `/jobImg/${encodeURIComponent(file)}`,
  blog: (file: string) => `/blogImg/${encodeURIComponent(file)}`,
};

export const PLACEHOLDER_IMAGE = '/placeholder.svg';

const COUNT_FORMAT = new Intl.NumberFormat('en-AU');
/** A count with thousands separators: 12,345. */
export const formatCount = (count: number): string => COUNT_FORMAT.format(count);

const SIGNED_AUD_FORMAT = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'AUD', signDisplay: 'exceptZero' });
/** A change of money in cents, its sign always shown: +A$12.50, -A$3.00, A$0.00 (a ledger's movements). */
export function formatSignedCentsAud(cents: number): string {
  return SIGNED_AUD_FORMAT.format(cents / 100);
}
