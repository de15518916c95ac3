import { formatCentsAud } from '@ute/contract';
import type { OutgoingMail } from '../mailer';

export interface RefundNotice {
  /** The customer (the payment's payer). */
  to: string;
  firstName: string | null;
  /** UB-… or JB-…; null when the payment has no booking. */
  bookingReference: string | null;
  amountCents: number;
  /** What the customer paid, to tell a partial refund from a whole one. */
  paymentCents: number;
  /** The reason in words (REFUND_REASON_LABELS). */
  reason: string;
  /** How the money goes back: to the card (Stripe) or by bank transfer with its reference. */
  channel: { kind: 'card' } | { kind: 'bank'; reference: string };
}

/** The customer's notice of a refund, queued in the refund's own transaction (modules/refunds/refunds.service.ts). */
export function refundMail({ to, firstName, bookingReference, amountCents, paymentCents, reason, channel }: RefundNotice): OutgoingMail {
  const amount = formatCentsAud(amountCents);
  const what = bookingReference ? `booking ${bookingReference}` : 'your payment';
  const extent = amountCents >= paymentCents ? 'the whole amount' : `part of the ${formatCentsAud(paymentCents)} you paid`;
  const how =
    channel.kind === 'card'
      ? 'It goes back to the card you paid with; banks usually show it within 5 to 10 business days.'
      : `We sent it to your bank account by bank transfer (reference ${channel.reference}).`;
  return {
    to,
    subject: bookingReference ? `Your refund for booking ${bookingReference}` : `Your refund of ${amount}`,
    body:
      `Hello${firstName ? ` ${firstName}` : ''},\n\n` +
      `We have refunded ${amount} (Australian dollars) for ${what}: ${extent}.\n\n` +
      `Reason: ${reason}.\n\n` +
      `${how}\n\n` +
      `Reply to this mail if you have any questions.\n`,
  };
}
