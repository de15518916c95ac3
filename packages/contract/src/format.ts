/** Formatting and text rules of docs/product.md shared by the web and tests. */

const audFormatter = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'AUD' });

/** Dollars as AUD in en-US style: A$1,234.50 (docs/design.md decision 9). */
export function formatAud(dollars: number | null | undefined): string {
  if (dollars === null || dollars === undefined || Number.isNaN(dollars)) return 'N/A';
  return audFormatter.format(dollars);
}

/** Payment amounts are cents (docs/product.md §5). */
export function formatCentsAud(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return 'N/A';
  return formatAud(cents / 100);
}

const dateTimeFormatter = new Intl.DateTimeFormat('en-AU', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** en-AU date with time, or fallback for a missing or invalid value. */
export function formatDateTime(value: string | null | undefined, fallback = 'N/A'): string {
  if (!value) return fallback;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return fallback;
  return dateTimeFormatter.format(date);
}

const dateFormatter = new Intl.DateTimeFormat('en-AU', { day: '2-digit', month: '2-digit', year: 'numeric' });
export function formatDate(value: string | null | undefined, fallback = 'N/A'): string {
  if (!value) return fallback;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return fallback;
  return dateFormatter.format(date);
}

/** First `max` characters plus an ellipsis when longer. */
export function truncateChars(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** First `max` words then '...' when longer. */
export function truncateWords(text: string, max: number): string {
  const words = text.trim().split(/\s+/).filter(Boolean);
  return words.length > max ? `${words.slice(0, max).join(' ')}...` : words.join(' ');
}

/** A person's whole name, "First Last" ('' when both are blank, so a caller picks its fallback). */
export function fullNameOf(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`.trim();
}
