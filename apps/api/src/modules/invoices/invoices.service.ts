import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { fullNameOf, INVOICE_MESSAGES, type BookingKind, type BusinessDetails, type UpdateBusinessDetails } from '@ute/contract';
import { conflict, notFound } from '../../lib/errors';
import { assertUnchanged, writeAudit, type Actor } from '../../platform/audit/auditLog';
import { timeVersion } from '../../db/rowVersion';
import type { JobQueue } from '../../lib/jobQueue';
import type { Mailer } from '../../platform/mail/mailer';
import { payoutRemittanceMail } from '../../platform/mail/templates/payoutRemittanceMail';
import type { Db, DbOrTx } from '../../db/database';
import { findOwner, findPayableBooking } from '../bookings/bookings.repository';
import { findPayableSplit } from '../ledger/ledger.repository';
import {
  claimRemittance,
  completeRemittance,
  findBusinessDetails,
  findTaxInvoice,
  insertTaxInvoice,
  listUnremittedPayouts,
  lockNextInvoiceNumber,
  saveBusinessDetails,
  type BusinessDetailsRow,
  type TaxInvoiceRow,
  type UnremittedPayout,
} from './invoices.repository';
import { renderTaxInvoicePdf, taxInvoiceFileName } from './taxInvoicePdf';

/** How many payouts one run of the remittance job mails (the job runs every minute). */
const REMITTANCES_PER_RUN = 100;

/** The audit target of the business details (one row of their own). */
const BUSINESS_DETAILS_TARGET = 'business-details';

const toDetailsDto = (row: BusinessDetailsRow): BusinessDetails => ({
  legalName: row.legalName,
  abn: row.abn,
  address: row.address,
  updatedAt: row.updatedAt.toISOString(),
  updatedBy: row.updatedBy,
  version: timeVersion(row.updatedAt),
});

export interface InvoicesServiceDeps {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

/**
 * Tax invoices for the platform's fee (docs/design.md §9.9): one per booking that paid a fee, numbered
 * from a gap-free sequence, issued when first asked for (a download, or the payout's remittance mail)
 * and never changed; and the remittance mail every owner gets for each payout, with the invoice.
 */
export function createInvoicesService({ db, mailer, log }: InvoicesServiceDeps) {
  /** GET business-details */
  async function getBusinessDetails() {
    const row = await findBusinessDetails(db);
    return { data: row ? toDetailsDto(row) : null };
  }

  /** PUT business-details (an owner, with step-up): the issuer of every invoice from now on; issued invoices keep theirs. */
  async function updateBusinessDetails(body: UpdateBusinessDetails, actor: Actor) {
    const values = { legalName: body.legalName, abn: body.abn, address: body.address ?? null };
    await db.transaction(async (tx) => {
      const before = await findBusinessDetails(tx, { isLocking: true });
      await assertUnchanged(tx, actor, { version: timeVersion(before?.updatedAt), id: BUSINESS_DETAILS_TARGET, targetType: 'business_details' });
      await saveBusinessDetails(tx, { ...values, adminId: actor.adminId });
      await writeAudit(tx, actor, {
        action: 'business-details.update',
        targetType: 'business_details',
        targetId: BUSINESS_DETAILS_TARGET,
        before: before ? { legalName: before.legalName, abn: before.abn, address: before.address } : null,
        after: values,
      });
    });
    const saved = await findBusinessDetails(db);
    if (!saved) throw new Error('business details vanished after saving');
    return { message: INVOICE_MESSAGES.businessDetailsUpdated, data: toDetailsDto(saved) };
  }

  /**
   * The booking's invoice, issued now if it has none. Invoice writers take turns on the counter row,
   * and the booking is looked up again after the turn comes, so two first downloads make one invoice
   * and a number is never skipped. A 409 says why there is none (no fee, not delivered, no details).
   */
  async function issueTaxInvoice(tx: DbOrTx, kind: BookingKind, bookingId: string, actor: Actor): Promise<TaxInvoiceRow> {
    const existing = await findTaxInvoice(tx, kind, bookingId);
    if (existing) return existing;
    const booking = await findPayableBooking(tx, bookingId, kind);
    if (!booking) throw notFound('Booking');
    const split = await findPayableSplit(tx, kind, bookingId);
    if (!split) throw conflict(INVOICE_MESSAGES.notPayable);
    if (split.feeCents <= 0) throw conflict(INVOICE_MESSAGES.noFee);
    const issuer = await findBusinessDetails(tx);
    if (!issuer) throw conflict(INVOICE_MESSAGES.noBusinessDetails);
    const number = await lockNextInvoiceNumber(tx);
    const issuedMeanwhile = await findTaxInvoice(tx, kind, bookingId);
    if (issuedMeanwhile) return issuedMeanwhile;
    const owner = await findOwner(tx, booking.ownerId);
    const invoice = await insertTaxInvoice(tx, {
      number,
      bookingKind: kind,
      bookingId,
      bookingReference: booking.reference,
      ownerId: booking.ownerId,
      ownerName: owner ? fullNameOf(owner) : 'Unknown owner',
      ownerEmail: owner?.email ?? '',
      issuerLegalName: issuer.legalName,
      issuerAbn: issuer.abn,
      issuerAddress: issuer.address,
      grossCents: split.grossCents,
      feeCents: split.feeCents,
      gstCents: split.gstCents,
      adminId: actor.adminId,
    });
    await writeAudit(tx, actor, {
      action: 'tax-invoice.issue',
      targetType: 'tax_invoice',
      targetId: invoice.id,
      after: { number: invoice.number, bookingKind: kind, bookingId, feeCents: invoice.feeCents, gstCents: invoice.gstCents },
    });
    return invoice;
  }

  /** GET tax-invoices/{kind}/{bookingId}: the booking's invoice as a PDF (issued on the first download). */
  async function taxInvoicePdf(kind: BookingKind, bookingId: string, actor: Actor): Promise<{ fileName: string; pdf: Buffer }> {
    const invoice = await db.transaction((tx) => issueTaxInvoice(tx, kind, bookingId, actor));
    return { fileName: taxInvoiceFileName(invoice), pdf: await renderTaxInvoicePdf(invoice) };
  }

  /** One payout's remittance: claimed by its payout id, with the booking's invoice when it paid a fee and the details are set. */
  async function remit(payout: UnremittedPayout, actor: Actor): Promise<string | null> {
    return db.transaction(async (tx) => {
      if (!(await claimRemittance(tx, payout.id))) return null;
      const kind = payout.bookingKind as BookingKind;
      const owner = await findOwner(tx, payout.ownerId);
      const booking = await findPayableBooking(tx, payout.bookingId, kind);
      const split = await findPayableSplit(tx, kind, payout.bookingId);
      const canInvoice = booking !== undefined && split !== undefined && split.feeCents > 0 && (await findBusinessDetails(tx)) !== undefined;
      const invoice = canInvoice ? await issueTaxInvoice(tx, kind, payout.bookingId, actor) : null;
      const mailId = await mailer.enqueue(
        tx,
        payoutRemittanceMail({
          to: owner?.email ?? '',
          ownerName: owner ? fullNameOf(owner) : 'owner',
          bookingReference: booking?.reference ?? payout.bookingId,
          paidAt: payout.completedAt ?? new Date(),
          amountCents: payout.amountCents,
          split: split ?? null,
          invoice: invoice && { number: invoice.number, fileName: taxInvoiceFileName(invoice), pdf: await renderTaxInvoicePdf(invoice) },
        }),
      );
      await completeRemittance(tx, payout.id, { taxInvoiceId: invoice?.id ?? null, mailId });
      return mailId;
    });
  }

  /**
   * The `payout-remittances` job: mails each owner a remittance for every payout that succeeded (by
   * Stripe, by hand or in a bank file), once per payout, with the booking's tax invoice attached.
   * Answers how many were sent.
   */
  async function sendPayoutRemittances(): Promise<number> {
    const actor: Actor = { adminId: null, requestId: `remittances-${randomUUID()}` };
    let sent = 0;
    for (const payout of await listUnremittedPayouts(db, REMITTANCES_PER_RUN)) {
      try {
        const mailId = await remit(payout, actor);
        if (mailId === null) continue;
        mailer.startDelivery();
        sent += 1;
      } catch (error) {
        log.error({ err: error, payoutId: payout.id }, 'payout remittance failed; tried again on the next run');
      }
    }
    if (sent > 0) log.info({ sent }, 'payout remittances queued');
    return sent;
  }

  return { getBusinessDetails, updateBusinessDetails, taxInvoicePdf, issueTaxInvoice, sendPayoutRemittances };
}

/**
 * Queues a run of the `payout-remittances` job now, so an owner's remittance leaves seconds after the
 * payout instead of at the next minute's run (which still catches anything this misses).
 */
export function remittanceNudgeOf(queue: JobQueue, log: FastifyBaseLogger): () => void {
  return () => {
    queue
      .send('payout-remittances', {})
      .then(() => queue.wake('payout-remittances'))
      .catch((error: unknown) => log.warn({ err: error }, 'payout remittance job not queued; the next scheduled run sends it'));
  };
}
