import type { BadgeTone } from '../components/ui';

/** Listing status colours (docs/product.md §2.6): green Approved, red Rejected, yellow otherwise. */
export function listingTone(status: string | null | undefined): BadgeTone {
  if (status === 'Approved') return 'green';
  if (status === 'Rejected') return 'red';
  return 'yellow';
}

/** Payment status colours: succeeded green, pending yellow, failed red, other grey. */
export function paymentTone(status: string | null | undefined): BadgeTone {
  if (status === 'succeeded') return 'green';
  if (status === 'pending') return 'yellow';
  if (status === 'failed') return 'red';
  return 'grey';
}

/** Booking status colours: delivered and completed green, cancelled red, pending yellow. */
export function bookingTone(status: string | null | undefined): BadgeTone {
  if (status === 'delivered' || status === 'completed') return 'green';
  if (status === 'cancelled') return 'red';
  if (status === 'pending') return 'yellow';
  return 'grey';
}
