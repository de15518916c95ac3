import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { BookingKind } from '@ute/contract';
import type { DbOrTx } from '../../db/database';
import { payouts } from '../../db/tables/payouts.table';

export type PayoutRow = typeof payouts.$inferSelect;

export async function countPayoutsOfBooking(tx: DbOrTx, kind: BookingKind, bookingId: string): Promise<number> {
  const [row] = await tx
    .select({ total: count() })
    .from(payouts)
    .where(and(eq(payouts.bookingKind, kind), eq(payouts.bookingId, bookingId)));
  return row.total;
}

export async function insertPayout(tx: DbOrTx, values: typeof payouts.$inferInsert): Promise<PayoutRow> {
  const [row] = await tx.insert(payouts).values(values).returning();
  return row;
}

/** Records the provider's transfer id; false when the payout was no longer pending (already recorded). */
export async function markPayoutSucceeded(tx: DbOrTx, id: string, providerTransferId: string): Promise<PayoutRow | undefined> {
  const [row] = await tx
    .update(payouts)
    .set({ status: 'succeeded', providerTransferId, completedAt: new Date(), failureMessage: null })
    .where(and(eq(payouts.id, id), eq(payouts.status, 'pending')))
    .returning();
  return row;
}

export async function markPayoutFailed(tx: DbOrTx, id: string, failureMessage: string): Promise<PayoutRow | undefined> {
  const [row] = await tx
    .update(payouts)
    .set({ status: 'failed', failureMessage, completedAt: new Date() })
    .where(and(eq(payouts.id, id), eq(payouts.status, 'pending')))
    .returning();
  return row;
}

/** Pending payouts, oldest first (uses payouts_status_idx). */
export async function listPendingPayouts(db: DbOrTx, limit = 500): Promise<PayoutRow[]> {
  return db.select().from(payouts).where(eq(payouts.status, 'pending')).orderBy(asc(payouts.createdAt)).limit(limit);
}

export async function findPendingPayoutOfBooking(db: DbOrTx, kind: BookingKind, bookingId: string): Promise<PayoutRow | undefined> {
  const [row] = await db
    .select()
    .from(payouts)
    .where(and(eq(payouts.bookingKind, kind), eq(payouts.bookingId, bookingId), eq(payouts.status, 'pending')))
    .orderBy(desc(payouts.createdAt))
    .limit(1);
  return row;
}
