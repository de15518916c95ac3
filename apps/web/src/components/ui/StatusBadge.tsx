const TONES = {
  green: 'bg-green-100 text-green-800',
  red: 'bg-red-100 text-red-800',
  yellow: 'bg-yellow-100 text-yellow-800',
  grey: 'bg-slate-200 text-slate-800',
  blue: 'bg-blue-100 text-blue-800',
} as const;
export type BadgeTone = keyof typeof TONES;

/** Listing status colours (SPEC.md 4): green Approved, red Rejected, yellow otherwise. */
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

export function StatusBadge({ label, tone }: { label: string; tone: BadgeTone }) {
  return <span className={`inline-block whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[tone]}`}>{label}</span>;
}
