import { and, asc, count, desc, eq, ne } from 'drizzle-orm';
import { PAYOUT_BATCH_METHOD, type BookingKind } from '@ute/contract';
import type { DbOrTx } from '../../db/database';
import { payouts } from '../../db/tables/payouts.table';
import { users } from '../../db/tables/users.table';

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

/** Pending payouts, oldest first (uses payouts_status_idx); not a payout batch's, which the batch settles (modules/batches). */
export async function listPendingPayouts(db: DbOrTx, limit = 500): Promise<PayoutRow[]> {
  return db
    .select()
    .from(payouts)
    .where(and(eq(payouts.status, 'pending'), ne(payouts.method, PAYOUT_BATCH_METHOD)))
    .orderBy(asc(payouts.createdAt))
    .limit(limit);
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

/** The payout a Stripe transfer belongs to: by the transfer's id once recorded, else by its transfer group (our idempotency key). */
export async function findPayoutOfTransfer(db: DbOrTx, transfer: { id: string; transferGroup: string | null }): Promise<PayoutRow | undefined> {
  const [byId] = await db.select().from(payouts).where(eq(payouts.providerTransferId, transfer.id)).limit(1);
  if (byId || !transfer.transferGroup) return byId;
  const [byKey] = await db.select().from(payouts).where(eq(payouts.idempotencyKey, transfer.transferGroup)).limit(1);
  return byKey;
}

/** Raises a payout's reversed amount to `reversedCents` (never lowers it); answers the amount before, or undefined when nothing rose. */
export async function raiseReversedCents(tx: DbOrTx, id: string, reversedCents: number): Promise<number | undefined> {
  const [before] = await tx.select({ reversedCents: payouts.reversedCents }).from(payouts).where(eq(payouts.id, id)).for('update');
  if (!before || before.reversedCents >= reversedCents) return undefined;
  await tx.update(payouts).set({ reversedCents }).where(eq(payouts.id, id));
  return before.reversedCents;
}

/** The owner whose Stripe connected account this is. */
export async function findOwnerByStripeAccount(db: DbOrTx, stripeAccountId: string): Promise<{ id: string } | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.stripeAccountId, stripeAccountId)).limit(1);
  return row;
}
