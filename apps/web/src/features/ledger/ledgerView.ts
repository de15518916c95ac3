import { JOURNAL_KIND_LABELS, OWNER_BALANCE_SORTS, type BookingKind, type OwnerBalanceSort, type OwnerPayoutStatus } from '@ute/contract';
import { formatDateTime } from '../../lib/format';

export const BALANCE_SORT_OPTIONS: { value: OwnerBalanceSort; label: string }[] = [
  { value: 'payable', label: 'Payable' },
  { value: 'inTransit', label: 'In transit' },
  { value: 'paidOut', label: 'Paid out' },
  { value: 'name', label: 'Name' },
];

/** The URL's sort, or the default (what is owed) for anything else. */
export const asBalanceSort = (value: string): OwnerBalanceSort => OWNER_BALANCE_SORTS.find((sort) => sort === value) ?? 'payable';

/** A journal kind in words; an unknown one (a kind newer than this build) as it is. */
export const journalKindLabel = (kind: string): string => JOURNAL_KIND_LABELS[kind] ?? kind;

export const BOOKING_KIND_LABELS: Record<BookingKind, string> = { ute: 'Ute booking', job: 'Job booking' };

/** The hold on an owner's payouts in words, or null when there is none: 'Payouts on hold: <reason> (by <email>, <date>)'. */
export function holdText({ holdReason, heldBy, heldAt }: Pick<OwnerPayoutStatus, 'holdReason' | 'heldBy' | 'heldAt'>): string | null {
  if (!holdReason) return null;
  const byWhomWhen = [heldBy ? `by ${heldBy}` : null, heldAt ? formatDateTime(heldAt) : null].filter(Boolean).join(', ');
  return `Payouts on hold: ${holdReason}${byWhomWhen ? ` (${byWhomWhen})` : ''}`;
}
