import PDFDocument from 'pdfkit';
import { formatAbn, formatCentsAud, taxInvoiceNumberText } from '@ute/contract';
import type { TaxInvoiceRow } from './invoices.repository';

const issueDate = new Intl.DateTimeFormat('en-AU', { timeZone: 'Australia/Sydney', day: 'numeric', month: 'long', year: 'numeric' });

/** The file name a booking's invoice downloads and is attached under. */
export const taxInvoiceFileName = (invoice: Pick<TaxInvoiceRow, 'number'>) => `tax-invoice-${taxInvoiceNumberText(invoice.number)}.pdf`;

/**
 * The invoice as a one-page A4 PDF. What a tax invoice must show follows the ATO's "Tax invoices"
 * (https://www.ato.gov.au/businesses-and-organisations/gst-excise-and-indirect-taxes/gst/tax-invoices):
 * the words "Tax invoice", the seller's identity and ABN, the date of issue, what was sold, the GST
 * amount and the price, and (from $1,000) the buyer's identity, which is always printed here. The fee is
 * GST inclusive, so its GST is 1/11 of it (migration 0013, ledger_fee_of). Printed in PDF's standard
 * Helvetica (no font file to ship); it covers Latin-1 names.
 */
export function renderTaxInvoicePdf(invoice: TaxInvoiceRow): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    // A fixed creation date: the same invoice renders to the same bytes every time it is downloaded or mailed.
    info: { Title: `Tax invoice ${taxInvoiceNumberText(invoice.number)}`, Author: invoice.issuerLegalName, CreationDate: invoice.issuedAt },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const kindText = invoice.bookingKind === 'ute' ? 'ute booking' : 'job booking';
  doc.font('Helvetica-Bold').fontSize(22).text('Tax invoice');
  doc.moveDown(0.5).font('Helvetica').fontSize(11);
  doc.text(invoice.issuerLegalName);
  doc.text(`ABN ${formatAbn(invoice.issuerAbn)}`);
  if (invoice.issuerAddress) doc.text(invoice.issuerAddress);

  doc.moveDown();
  doc.text(`Invoice number: ${taxInvoiceNumberText(invoice.number)}`);
  doc.text(`Date of issue: ${issueDate.format(invoice.issuedAt)}`);

  doc.moveDown();
  doc.font('Helvetica-Bold').text('Issued to');
  doc.font('Helvetica').text(invoice.ownerName);
  doc.text(invoice.ownerEmail);

  doc.moveDown();
  doc.font('Helvetica-Bold').text('Description');
  doc.font('Helvetica').text(`Platform fee for ${kindText} ${invoice.bookingReference} (booking amount ${formatCentsAud(invoice.grossCents)})`);

  doc.moveDown();
  const row = (label: string, value: string) => {
    const y = doc.y;
    doc.text(label, 56, y, { width: 300 });
    doc.text(value, 356, y, { width: 183, align: 'right' });
  };
  row('Platform fee (excluding GST)', formatCentsAud(invoice.feeCents - invoice.gstCents));
  row('GST (1/11 of the total)', formatCentsAud(invoice.gstCents));
  doc.font('Helvetica-Bold');
  row('Total (including GST)', formatCentsAud(invoice.feeCents));
  doc.font('Helvetica').moveDown();
  doc.text('The total price includes GST. The platform fee was deducted from the payout of this booking.', 56);
  doc.end();
  return done;
}
