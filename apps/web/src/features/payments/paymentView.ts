import type { BookingKind, PaymentKind, PaymentSort } from '@ute/contract';

export const PAYMENT_TABS: { value: PaymentKind; label: string }[] = [
  { value: 'stripe', label: 'Stripe Payments' },
  { value: 'manual', label: 'Manual Payments' },
];

export const MANUAL_PAYMENT_TABS: { value: BookingKind; label: string }[] = [
  { value: 'ute', label: 'Ute Payments' },
  { value: 'job', label: 'Job Payments' },
];

export const PAYMENT_SORT_OPTIONS: { value: PaymentSort; label: string }[] = [
  { value: 'newest', label: 'Newest First' },
  { value: 'oldest', label: 'Oldest First' },
];

/** 'No {kind} payment records found' (docs/product.md, Payment History). */
export function paymentEmptyText(kind: PaymentKind): string {
  return `No ${kind} payment records found`;
}

/** The Action cell of a manual payment: Accept, Loading... while it runs, Accepted once inProgress. */
export function acceptLabel(status: string, isPending: boolean): { label: 'Accept' | 'Loading...' | 'Accepted'; disabled: boolean } {
  if (status === 'inProgress') return { label: 'Accepted', disabled: true };
  if (isPending) return { label: 'Loading...', disabled: true };
  return { label: 'Accept', disabled: false };
}

export const asPaymentTab = (value: string): PaymentKind => (value === 'manual' ? 'manual' : 'stripe');
export const asManualKind = (value: string): BookingKind => (value === 'job' ? 'job' : 'ute');
export const asPaymentSort = (value: string): PaymentSort => (value === 'oldest' ? 'oldest' : 'newest');
