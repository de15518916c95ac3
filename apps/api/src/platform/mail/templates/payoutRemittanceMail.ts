import { formatCentsAud, taxInvoiceNumberText } from '@ute/contract';
import type { OutgoingMail } from '../mailer';

export interface PayoutRemittance {
  to: string;
  ownerName: string;
  /** UB-… or the job booking's reference. */
  bookingReference: string;
  paidAt: Date;
  /** What was paid to the owner. */
  amountCents: number;
  /** The booking's money, when it reached the ledger: the customer's gross, the platform's fee (GST inclusive) and its GST. */
  split: { grossCents: number; feeCents: number; gstCents: number } | null;
  /** The booking's tax invoice for the fee, attached as a PDF. */
  invoice: { number: number; fileName: string; pdf: Buffer } | null;
}

const paidDate = new Intl.DateTimeFormat('en-AU', { timeZone: 'Australia/Sydney', day: 'numeric', month: 'long', year: 'numeric' });

/** "Payout remittance": sent to an owner for each payout that succeeded, with the fee's tax invoice (invoices.service.ts). */
export function payoutRemittanceMail({ to, ownerName, bookingReference, paidAt, amountCents, split, invoice }: PayoutRemittance): OutgoingMail {
  const lines = [`Hello ${ownerName},`, '', `We have paid you ${formatCentsAud(amountCents)} for booking ${bookingReference} on ${paidDate.format(paidAt)}.`];
  if (split) {
    lines.push(
      '',
      `Booking amount: ${formatCentsAud(split.grossCents)}`,
      `Platform fee (including GST): ${formatCentsAud(split.feeCents)}`,
      `GST in the fee: ${formatCentsAud(split.gstCents)}`,
      `Paid to you: ${formatCentsAud(amountCents)}`,
    );
  }
  if (invoice) lines.push('', `The tax invoice ${taxInvoiceNumberText(invoice.number)} for the platform fee is attached.`);
  lines.push('', 'Allow up to two business days for the money to reach your account.', '');
  return {
    to,
    subject: `Payout remittance: ${formatCentsAud(amountCents)} for booking ${bookingReference}`,
    body: lines.join('\n'),
    attachments: invoice ? [{ filename: invoice.fileName, contentType: 'application/pdf', contentBase64: invoice.pdf.toString('base64') }] : undefined,
  };
}
