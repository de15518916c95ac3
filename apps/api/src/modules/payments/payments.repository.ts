import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { COUNTERS, type CounterName } from '../../db/counters';
import type { DbOrTx } from '../../db/database';
import { preparedRead } from '../../db/prepared';
import { lowerTermMatch, termMatch } from '../../db/likePattern';
import { columnsWithVersion } from '../../db/rowVersion';
import { listPage, type AlongRows, type ListOrder, type SearchSource } from '../../db/paging';
import { SEARCH_WORD_SCOPES, wordCountOf } from '../../db/searchWords';
import { isWorkItemListed, workItemCondition, type WorkItemListFilter } from '../../db/workItems';
import { oldestFirstOrder } from '../assignments/workItemLists';
import { payments } from '../../db/tables/payments.table';
import { refunds } from '../../db/tables/refunds.table';
import { paymentsSearch } from '../../db/tables/search.table';

export type PaymentRow = typeof payments.$inferSelect;

export interface PaymentListFilter {
  isStripe: boolean;
  /** Only for manual payments: ute (false) or job (true). */
  isJob?: boolean;
  /** Only manual payments not accepted yet (the manualPaymentsAwaitingAcceptance work queue). */
  isAwaitingAcceptance?: boolean;
  search?: string;
  /** Only the payments this user made (the user page's link; payments_payer_idx). */
  userId?: string;
  sort: 'newest' | 'oldest';
  /** The manualPaymentsAwaitingAcceptance queue's items by holder, or the longest waiting first (docs/design.md §15). */
  workItems?: WorkItemListFilter;
  page: number;
  limit: number;
}

/** The counters that add up to a tab's total (Stripe payments are not split by ute or job). */
function paymentCounters(filter: PaymentListSourceFilter): CounterName[] | null {
  if (filter.isAwaitingAcceptance) return !filter.isStripe && filter.isJob === undefined ? [COUNTERS.paymentsManualAwaiting] : null;
  if (filter.isStripe) return filter.isJob === undefined ? [COUNTERS.paymentsStripe] : null;
  if (filter.isJob === undefined) return [COUNTERS.paymentsManualUte, COUNTERS.paymentsManualJob];
  return [filter.isJob ? COUNTERS.paymentsManualJob : COUNTERS.paymentsManualUte];
}

export type PaymentListSourceFilter = Omit<PaymentListFilter, 'page' | 'limit'>;

/** The payments list's rows and order (newest or oldest first), without its page: what a page reads and what the export reads. */
export function paymentListSource(filter: PaymentListSourceFilter) {
  const conditions: SQL[] = [eq(payments.isStripe, filter.isStripe)];
  if (filter.isJob !== undefined) conditions.push(eq(payments.isJob, filter.isJob));
  // With is_stripe false, the predicate of payments_manual_awaiting_idx.
  if (filter.isAwaitingAcceptance) conditions.push(ne(payments.status, 'inProgress'));
  if (filter.search) conditions.push(termMatch(payments.paymentBy, filter.search));
  if (filter.userId) conditions.push(eq(payments.payerId, filter.userId));
  if (isWorkItemListed(filter.workItems)) conditions.push(workItemCondition('manualPaymentsAwaitingAcceptance', payments.id, filter.workItems));
  // The indexes end `(created_at desc, id desc)`: newest first walks them forward, oldest first backward.
  const order: ListOrder = filter.workItems?.waitSort
    ? oldestFirstOrder('manualPaymentsAwaitingAcceptance', payments.id)
    : { columns: [payments.createdAt, payments.id], index: 'desc', walk: filter.sort === 'oldest' ? 'backward' : 'forward' };
  return { table: payments, where: and(...conditions), order };
}

/** A search by payer name within a tab finds its matches in search_payments. */
function paymentSearchSource(filter: PaymentListSourceFilter) {
  if (!filter.search || filter.userId || isWorkItemListed(filter.workItems)) return undefined;
  const conditions = [lowerTermMatch(paymentsSearch.term, filter.search), eq(paymentsSearch.isStripe, filter.isStripe)];
  if (filter.isJob !== undefined) conditions.push(eq(paymentsSearch.isJob, filter.isJob));
  if (filter.isAwaitingAcceptance) conditions.push(eq(paymentsSearch.isAwaitingAcceptance, true));
  const order: ListOrder = { columns: [paymentsSearch.createdAt, paymentsSearch.id], index: 'desc', walk: filter.sort === 'oldest' ? 'backward' : 'forward' };
  return {
    table: paymentsSearch,
    where: and(...conditions),
    order,
    listFilters: paymentListSource({ ...filter, search: undefined }).where,
    listMatch: termMatch(payments.paymentBy, filter.search),
    words: wordCountOf(filter.isAwaitingAcceptance ? undefined : SEARCH_WORD_SCOPES.payments(filter.isStripe, filter.isJob), filter.search),
  } satisfies SearchSource;
}

/** One page and the total, newest or oldest first; a payer search reads search_payments. */
export async function listPayments<TAlong = undefined>(
  db: DbOrTx,
  filter: PaymentListFilter,
  alongRows?: AlongRows<PaymentRow, TAlong>,
): Promise<{ rows: PaymentRow[]; total: number; along: TAlong }> {
  const { rows, totalCount, along } = await listPage(
    db,
    {
      ...paymentListSource(filter),
      searchSource: paymentSearchSource(filter),
      counter: paymentCounters(filter),
      isSearch: Boolean(filter.search || filter.userId) || isWorkItemListed(filter.workItems),
      page: filter.page,
      limit: filter.limit,
    },
    alongRows,
  );
  return { rows, total: totalCount, along };
}

/** A payment with its version (db/rowVersion.ts), as an action checks it. */
export async function findPaymentById(db: DbOrTx, id: string): Promise<(PaymentRow & { version: string }) | undefined> {
  const [row] = await db.select(columnsWithVersion(payments)).from(payments).where(eq(payments.id, id));
  return row;
}

/** Accepts a manual payment: only one caller can move it to inProgress. */
export async function acceptManualPayment(tx: DbOrTx, id: string): Promise<PaymentRow | undefined> {
  const [row] = await tx
    .update(payments)
    .set({ status: 'inProgress' })
    .where(and(eq(payments.id, id), eq(payments.isStripe, false), ne(payments.status, 'inProgress')))
    .returning();
  return row;
}

// Every page of payments reads its refunds: prepared.
const readRefundedCents = preparedRead('refunded_cents_of_payments', (db) =>
  db
    .select({ paymentId: refunds.paymentId, total: sql<string>`sum(${refunds.amountCents})` })
    .from(refunds)
    .where(and(sql`${refunds.paymentId} = any(${sql.placeholder('paymentIds')})`, inArray(refunds.status, ['pending', 'succeeded'])))
    .groupBy(refunds.paymentId),
);

/** Succeeded and pending refunds per payment, for a page of payments (by id). */
export async function refundedCentsOfPayments(db: DbOrTx, of: readonly { id: string }[]): Promise<Map<string, number>> {
  const paymentIds = of.map((row) => row.id);
  if (paymentIds.length === 0) return new Map();
  const rows = await readRefundedCents(db, { paymentIds });
  return new Map(rows.map((row) => [row.paymentId, Number(row.total)]));
}
