import { fullNameOf, type Address, type PaymentKind, type PayoutProviderName } from '@ute/contract';

/** The two tabs of both booking screens; a booking with a transactionId is a Stripe one (docs/design.md decision 10). */
export const BOOKING_TABS: { value: PaymentKind; label: string }[] = [
  { value: 'stripe', label: 'Stripe Payments' },
  { value: 'manual', label: 'Manual Payments' },
];

export function bookingEmptyText(tab: PaymentKind): string {
  return tab === 'stripe' ? 'No stripe bookings found' : 'No bookings found';
}

/** 'street, state postalCode', or 'N/A' when the booking has no address. */
export function formatAddress(address: Address | null | undefined): string {
  if (!address) return 'N/A';
  const place = [address.state, address.postalCode].filter(Boolean).join(' ');
  const text = [address.street, place].filter(Boolean).join(', ');
  return text || 'N/A';
}

export function personName(person: { firstName: string; lastName: string } | null | undefined): string {
  if (!person) return 'N/A';
  return fullNameOf(person) || 'N/A';
}

/** The Is-Transfered cell: 'Transfered' after a transfer (docs/product.md). */
export function transferLabel(booking: { isTransfered: boolean; isTransferring?: boolean }): string {
  if (booking.isTransfered) return 'Transfered';
  if (booking.isTransferring) return 'Transferring';
  return 'Not Transfered';
}

/** Says which payout provider the api runs with, so nobody believes money moved when it did not. */
export function payoutProviderNote(provider: PayoutProviderName): string {
  return provider === 'stripe'
    ? 'Payout provider: Stripe. Transfers on the Stripe tab send money to the owner’s connected Stripe account.'
    : 'Payout provider: offline ledger. Transfers on the Stripe tab are recorded in the ledger only; no money is sent.';
}
