import { and, count, eq, ilike, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { payments } from './payments.table';

export type PaymentRow = typeof payments.$inferSelect;

/** ILIKE treats % and _ as wildcards: escape them so a search finds the text as typed. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (char) => `\\${char}`);
}

export interface PaymentListFilter {
  isStripe: boolean;
  /** Only for manual payments: ute (false) or job (true). */
  isJob?: boolean;
  search?: string;
  sort: 'newest' | 'oldest';
  limit: number;
  offset: number;
}

/** One page and the total, newest or oldest first; payer search uses the trigram index on payment_by. */
export async function listPayments(db: DbOrTx, filter: PaymentListFilter): Promise<{ rows: PaymentRow[]; total: number }> {
  const conditions: SQL[] = [eq(payments.isStripe, filter.isStripe)];
  if (filter.isJob !== undefined) conditions.push(eq(payments.isJob, filter.isJob));
  if (filter.search) conditions.push(ilike(payments.paymentBy, `%${escapeLike(filter.search)}%`));
  const where = and(...conditions);
  // The indexes are `(… created_at desc, id desc)` (NULLS LAST): newest first reads them forwards with
  // `desc nulls last`, oldest first backwards with `asc nulls first`; other null orders would sort every row.
  const direction = (column: AnyColumn) => (filter.sort === 'oldest' ? sql`${column} asc nulls first` : sql`${column} desc nulls last`);
  const order = [direction(payments.createdAt), direction(payments.id)];
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(payments)
      .where(where)
      .orderBy(...order)
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ total: count() }).from(payments).where(where),
  ]);
  return { rows, total };
}

export async function findPaymentById(db: DbOrTx, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
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
