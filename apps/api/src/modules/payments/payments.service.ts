import {
  PAYOUT_MESSAGES,
  totalPagesOf,
  type ManualPaymentExportQuery,
  type ManualPaymentListQuery,
  type MessageResponse,
  type Payment,
  type PaymentExportQuery,
  type PaymentListQuery,
} from '@ute/contract';
import { readListBatches } from '../../db/keyset';
import { csvChunks, dollarsOfCents, type CsvColumn } from '../../lib/csv';
import { conflict, notFound } from '../../lib/errors';
import type { Db } from '../../db/database';
import type { FileStorage } from '../../platform/storage/fileStorage';
import { assertUnchanged, writeAudit, type Actor } from '../../platform/audit/auditLog';
import { findRecentReceiptReads } from '../audit/audit.repository';
import { workItemListFilterOf, workItemSummariesOf } from '../assignments/workItemLists';
import {
  acceptManualPayment,
  findPaymentById,
  listPayments,
  paymentListSource,
  refundedCentsOfPayments,
  type PaymentListSourceFilter,
  type PaymentRow,
} from './payments.repository';

/** Receipts are private: the list carries a short-lived signed URL, never the bare file path. */
function toPaymentDto(row: PaymentRow & { version?: string }, files: FileStorage): Payment {
  return {
    _id: row.id,
    paymentBy: row.paymentBy,
    uteOwnerName: row.uteOwnerName,
    amount: row.amountCents,
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    transactionId: row.transactionId,
    paymentImage: row.receiptImage ? files.signedUrl('receipts', row.receiptImage) : null,
    isStripe: row.isStripe,
    isJob: row.isJob ? 'true' : 'false',
    version: row.version,
  };
}

/** The payments exports' columns: the amount in dollars; whether a receipt was sent, never its link. */
export const PAYMENT_CSV: readonly CsvColumn<PaymentRow>[] = [
  { header: 'id', value: (row) => row.id },
  { header: 'payment_by', value: (row) => row.paymentBy },
  { header: 'ute_owner_name', value: (row) => row.uteOwnerName },
  { header: 'amount_dollars', value: (row) => dollarsOfCents(row.amountCents) },
  { header: 'status', value: (row) => row.status },
  { header: 'payment', value: (row) => (row.isStripe ? 'stripe' : 'manual') },
  { header: 'kind', value: (row) => (row.isJob ? 'job' : 'ute') },
  { header: 'transaction_id', value: (row) => row.transactionId },
  { header: 'has_receipt', value: (row) => (row.receiptImage ? 'yes' : 'no') },
  { header: 'created_at', value: (row) => row.createdAt.toISOString() },
];

const stripePaymentFilter = (query: PaymentExportQuery): PaymentListSourceFilter => ({
  isStripe: true,
  search: query.search,
  sort: query.sort,
  userId: query.userId,
});

/** Manual payments of utes or of jobs (utes when not said), or those awaiting acceptance (both unless said). */
function manualPaymentFilter(query: ManualPaymentExportQuery, adminId?: string, isPage = false): PaymentListSourceFilter {
  const isAwaitingAcceptance = query.awaitingAcceptance === 'true';
  const isJob = query.kind === undefined ? (isAwaitingAcceptance ? undefined : false) : query.kind === 'job';
  // The queue's holder filter and order (docs/design.md §15): the export keeps its own order.
  const workItems = workItemListFilterOf(query, adminId, { isSorted: isPage });
  return { isStripe: false, isJob, isAwaitingAcceptance, search: query.search, sort: query.sort, userId: query.userId, workItems };
}

/**
 * Receipt reads are logged when the api hands an admin a receipt's signed link (the only way to see
 * one), once per admin and payment within this window: the open list refreshes its links every few
 * minutes, and each refresh is not a new read.
 */
export const RECEIPT_READ_LOG_WINDOW_MS = 60 * 60_000;

export interface PaymentsServiceDeps {
  db: Db;
  files: FileStorage;
}

export function createPaymentsService({ db, files }: PaymentsServiceDeps) {
  /** One 'receipt.read' entry per payment whose receipt link goes to this admin, unless logged within the window. */
  async function logReceiptReads(rows: PaymentRow[], actor: Actor): Promise<void> {
    const withReceipt = rows.filter((row) => row.receiptImage).map((row) => row.id);
    if (withReceipt.length === 0 || !actor.adminId) return;
    const adminId = actor.adminId;
    await db.transaction(async (tx) => {
      const recent = await findRecentReceiptReads(tx, adminId, withReceipt, new Date(Date.now() - RECEIPT_READ_LOG_WINDOW_MS));
      for (const row of rows) {
        if (!row.receiptImage || recent.has(row.id)) continue;
        await writeAudit(tx, actor, { action: 'receipt.read', targetType: 'payment', targetId: row.id, after: { receipt: row.receiptImage } });
      }
    });
  }

  async function readPaymentPage(query: PaymentListQuery, filter: PaymentListSourceFilter, actor: Actor) {
    const {
      rows,
      total,
      along: [refunded, items],
    } = await listPayments(db, { ...filter, limit: query.limit, page: query.page }, (page) =>
      Promise.all([
        // What was refunded of each (docs/design.md §9.6): "Refunded A$x" / "Partly refunded" on the row.
        refundedCentsOfPayments(db, page),
        // A manual payment's place in its queue (docs/design.md §15).
        filter.isStripe
          ? null
          : workItemSummariesOf(
              db,
              'manualPaymentsAwaitingAcceptance',
              page.map((row) => row.id),
            ),
      ]),
    );
    // Logged once the page is read: only a page that is shown reads its receipts.
    await logReceiptReads(rows, actor);
    return {
      data: rows.map((row) => ({
        ...toPaymentDto(row, files),
        ...(refunded.has(row.id) ? { refundedCents: refunded.get(row.id) } : {}),
        ...(items ? { workItem: items.get(row.id) ?? null } : {}),
      })),
      totalCount: total,
      paginationData: { page: query.page, totalPages: totalPagesOf(total, query.limit) },
    };
  }

  /** GET payment-list: Stripe payments. */
  const getStripePayments = (query: PaymentListQuery, actor: Actor) => readPaymentPage(query, stripePaymentFilter(query), actor);

  /** GET get-update-manual-status: manual payments (manualPaymentFilter). */
  const getManualPayments = (query: ManualPaymentListQuery, actor: Actor) =>
    readPaymentPage(query, manualPaymentFilter(query, actor.adminId ?? undefined, true), actor);

  /** GET payment-list/export: every Stripe payment of the list under this query, as CSV, read in batches. */
  const exportStripePayments = (query: PaymentExportQuery) => csvChunks(PAYMENT_CSV, readListBatches(db, paymentListSource(stripePaymentFilter(query))));

  /** GET get-update-manual-status/export: the same for the manual payments. */
  const exportManualPayments = (query: ManualPaymentExportQuery, adminId?: string) =>
    csvChunks(PAYMENT_CSV, readListBatches(db, paymentListSource(manualPaymentFilter(query, adminId))));

  /** PUT update-manual-status/{id}: the admin accepts a manual payment (it moves to inProgress), once. */
  async function acceptPayment(id: string, actor: Actor): Promise<MessageResponse> {
    const accepted = await db.transaction(async (tx) => {
      const before = await findPaymentById(tx, id);
      if (!before) return null;
      await assertUnchanged(tx, actor, { version: before.version, id, targetType: 'payment' });
      const row = await acceptManualPayment(tx, id);
      if (!row) return null;
      await writeAudit(tx, actor, {
        action: 'payment.accept',
        targetType: 'payment',
        targetId: id,
        before: { status: before.status },
        after: { status: row.status },
      });
      return row;
    });
    if (accepted) return { message: PAYOUT_MESSAGES.paymentAccepted };
    const current = await findPaymentById(db, id);
    if (!current) throw notFound('Payment');
    if (current.isStripe) throw conflict(PAYOUT_MESSAGES.onlyManualAccepted);
    throw conflict(PAYOUT_MESSAGES.paymentAlreadyAccepted);
  }

  return { getStripePayments, getManualPayments, exportStripePayments, exportManualPayments, acceptPayment };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
