import { PAYOUT_MESSAGES, totalPagesOf, type ManualPaymentListQuery, type MessageResponse, type Payment, type PaymentListQuery } from '@ute/contract';
import { conflict, notFound } from '../../lib/errors';
import type { AppContext } from '../../plugins/context';
import { writeAudit, type Actor } from '../audit/audit.repository';
import { acceptManualPayment, findPaymentById, listPayments, type PaymentRow } from './payments.repository';

/** Receipts are private: the list carries a short-lived signed URL, never the bare file path. */
function toPaymentDto(ctx: AppContext, row: PaymentRow): Payment {
  return {
    _id: row.id,
    paymentBy: row.paymentBy,
    uteOwnerName: row.uteOwnerName,
    amount: row.amountCents,
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    transactionId: row.transactionId,
    paymentImage: row.receiptImage ? ctx.files.signedUrl('receipts', row.receiptImage) : null,
    isStripe: row.isStripe,
    isJob: row.isJob ? 'true' : 'false',
  };
}

/** GET payment-list: Stripe payments. */
export async function getStripePayments(ctx: AppContext, query: PaymentListQuery) {
  const { rows, total } = await listPayments(ctx.db, {
    isStripe: true,
    search: query.search,
    sort: query.sort,
    limit: query.limit,
    page: query.page,
  });
  return { data: rows.map((row) => toPaymentDto(ctx, row)), totalCount: total, paginationData: { page: query.page, totalPages: totalPagesOf(total, query.limit) } };
}

/** GET get-update-manual-status: manual payments of utes or of jobs. */
export async function getManualPayments(ctx: AppContext, query: ManualPaymentListQuery) {
  const { rows, total } = await listPayments(ctx.db, {
    isStripe: false,
    isJob: query.kind === 'job',
    search: query.search,
    sort: query.sort,
    limit: query.limit,
    page: query.page,
  });
  return { data: rows.map((row) => toPaymentDto(ctx, row)), totalCount: total, paginationData: { page: query.page, totalPages: totalPagesOf(total, query.limit) } };
}

/** PUT update-manual-status/{id}: the admin accepts a manual payment (it moves to inProgress), once. */
export async function acceptPayment(ctx: AppContext, id: string, actor: Actor): Promise<MessageResponse> {
  const accepted = await ctx.db.transaction(async (tx) => {
    const before = await findPaymentById(tx, id);
    if (!before) return null;
    const row = await acceptManualPayment(tx, id);
    if (!row) return null;
    await writeAudit(tx, actor, { action: 'payment.accept', targetType: 'payment', targetId: id, before: { status: before.status }, after: { status: row.status } });
    return row;
  });
  if (accepted) return { message: PAYOUT_MESSAGES.paymentAccepted };
  const current = await findPaymentById(ctx.db, id);
  if (!current) throw notFound('Payment');
  if (current.isStripe) throw conflict(PAYOUT_MESSAGES.onlyManualAccepted);
  throw conflict(PAYOUT_MESSAGES.paymentAlreadyAccepted);
}
