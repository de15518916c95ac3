import { ACTIVITY_TIME_ZONE, formatCentsAud, fullNameOf, type DisputeEvidence } from '@ute/contract';
import type { DisputeRow, EvidenceRecord } from './disputes.repository';

// Dates as the marketplace lives them (Sydney), written out so a card network's reviewer reads them plainly.
const dayFormat = new Intl.DateTimeFormat('en-AU', { timeZone: ACTIVITY_TIME_ZONE, day: 'numeric', month: 'long', year: 'numeric' });
const timeFormat = new Intl.DateTimeFormat('en-AU', {
  timeZone: ACTIVITY_TIME_ZONE,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
// en-CA writes YYYY-MM-DD, the form of Stripe's service_date examples.
const isoDayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: ACTIVITY_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

const day = (date: Date) => dayFormat.format(date);
const time = (date: Date) => timeFormat.format(date);

/** The back-office's audit actions about a booking, as a step of its history. */
const HISTORY_STEPS: Record<string, string> = {
  'payout.start': 'payout to the owner started',
  'payout.succeed': 'owner paid out',
  'payout.webhook': 'owner paid out (confirmed by Stripe)',
  'payout.reconcile': 'owner paid out (reconciled)',
  'payout.fail': 'payout to the owner refused',
  'payout.manual': 'owner paid by bank transfer',
  'payout.reverse': 'payout to the owner reversed',
  'job-booking.delete': 'booking deleted',
};

const address = (street: string | null, state: string | null, postalCode: string | null) =>
  [street, [state, postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ') || 'not recorded';

function productDescription(record: EvidenceRecord): string {
  const { uteBooking, jobBooking } = record;
  if (uteBooking) {
    return [
      `Ute hire: ${uteBooking.uteName}, booking ${uteBooking.uteBookingId}.`,
      `Pickup: ${address(uteBooking.pickupStreet, uteBooking.pickupState, uteBooking.pickupPostalCode)}.`,
      `Drop-off: ${address(uteBooking.dropStreet, uteBooking.dropState, uteBooking.dropPostalCode)}.`,
      `Booked on ${day(uteBooking.createdAt)}; status: ${uteBooking.status}.`,
    ].join('\n');
  }
  if (jobBooking) {
    const { booking, location, state, workSchedule } = jobBooking;
    return [
      `Job booking ${booking.jobBookingId}: ${booking.jobTitle}, carried by ${booking.uteName}.`,
      `Location: ${[location, state].filter(Boolean).join(', ') || 'not recorded'}.`,
      ...(workSchedule && workSchedule.length > 0 ? [`Schedule: ${workSchedule.join(', ')}.`] : []),
      `Booked on ${day(booking.createdAt)}; status: ${booking.status}.`,
    ].join('\n');
  }
  return '';
}

function customerCommunication(record: EvidenceRecord): string {
  const { customer, queries } = record;
  if (!customer || queries.length === 0) return '';
  const name = fullNameOf(customer) || customer.email;
  const blocks: string[] = [];
  let lastQueryId: string | null = null;
  for (const query of queries) {
    if (query.id !== lastQueryId) blocks.push(`${time(query.createdAt)}, ${name} <${customer.email}> wrote:\n${query.message}`);
    lastQueryId = query.id;
    if (query.reply !== null && query.repliedAt !== null) blocks.push(`${time(query.repliedAt)}, we replied:\n${query.reply}`);
  }
  return blocks.join('\n\n');
}

function otherEvidence(dispute: DisputeRow, record: EvidenceRecord): string {
  const { payment, uteBooking, jobBooking, history } = record;
  const booking = uteBooking ?? jobBooking?.booking;
  const lines: string[] = [];
  const stripeRefs = [dispute.paymentIntentId && `Stripe payment ${dispute.paymentIntentId}`, dispute.chargeId && `charge ${dispute.chargeId}`]
    .filter(Boolean)
    .join(', ');
  if (payment) {
    lines.push(
      `Receipt: ${formatCentsAud(payment.amountCents)} paid by ${payment.paymentBy} on ${day(payment.createdAt)}${stripeRefs ? ` (${stripeRefs})` : ''}; payment status: ${payment.status}.`,
    );
  } else if (booking) {
    const reference = uteBooking?.uteBookingId ?? jobBooking?.booking.jobBookingId;
    lines.push(`Receipt: ${formatCentsAud(Math.round(booking.amount * 100))} paid for booking ${reference}${stripeRefs ? ` (${stripeRefs})` : ''}.`);
  }
  if (booking) {
    const steps = [
      `booked on ${time(booking.createdAt)}`,
      ...history.map((entry) => `${time(entry.createdAt)}: ${HISTORY_STEPS[entry.action] ?? entry.action}`),
    ];
    lines.push(`Booking history: ${steps.join('; ')}; status now: ${booking.status}.`);
  }
  return lines.join('\n');
}

/**
 * Build evidence: the booking's record in the fields Stripe's dispute evidence takes
 * (https://docs.stripe.com/api/disputes/update). The admin reads and edits it before it goes.
 */
export function gatherEvidence(dispute: DisputeRow, record: EvidenceRecord): DisputeEvidence {
  const { customer, uteBooking, jobBooking } = record;
  const booking = uteBooking ?? jobBooking?.booking;
  return {
    product_description: productDescription(record),
    customer_name: customer ? fullNameOf(customer) : '',
    customer_email_address: customer?.email ?? '',
    billing_address: customer?.address ?? '',
    service_date: booking ? isoDayFormat.format(booking.createdAt) : '',
    customer_communication: customerCommunication(record),
    uncategorized_text: otherEvidence(dispute, record),
  };
}
