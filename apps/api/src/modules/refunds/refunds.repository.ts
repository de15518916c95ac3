import { and, asc, desc, eq, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { BookingKind } from '@ute/contract';
import { COUNTERS, readCounters } from '../../db/counters';
import type { DbOrTx } from '../../db/database';
import { columnsWithVersion, touchRow } from '../../db/rowVersion';
import { admins } from '../../db/tables/auth.table';
import { jobBookings, uteBookings } from '../../db/tables/bookings.table';
import { payments } from '../../db/tables/payments.table';
import { payouts } from '../../db/tables/payouts.table';
import { refunds } from '../../db/tables/refunds.table';
import { users } from '../../db/tables/users.table';

export type RefundRow = typeof refunds.$inferSelect;
export type NewRefund = typeof refunds.$inferInsert;
export type PayoutRow = typeof payouts.$inferSelect;

/** A refund with the names its list and dialog show. */
export type RefundListRow = RefundRow & { version: string; adminEmail: string | null; customerName: string | null; bookingReference: string | null };

/** Writes a refund once per idempotency key: the row, or undefined when the key was already taken (a repeat of the same request). */
export async function insertRefund(tx: DbOrTx, values: NewRefund): Promise<RefundRow | undefined> {
  const [row] = await tx.insert(refunds).values(values).onConflictDoNothing({ target: refunds.idempotencyKey }).returning();
  return row;
}

export async function findRefund(db: DbOrTx, id: string): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, id));
  return row;
}

export async function lockRefund(tx: DbOrTx, id: string): Promise<(RefundRow & { version: string }) | undefined> {
  const [row] = await tx.select(columnsWithVersion(refunds)).from(refunds).where(eq(refunds.id, id)).for('update');
  return row;
}

export async function findRefundByKey(db: DbOrTx, idempotencyKey: string): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(refunds).where(eq(refunds.idempotencyKey, idempotencyKey));
  return row;
}

export async function findRefundByStripeId(db: DbOrTx, stripeRefundId: string): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(refunds).where(eq(refunds.stripeRefundId, stripeRefundId));
  return row;
}

export async function updateRefund(tx: DbOrTx, id: string, values: Partial<NewRefund>): Promise<RefundRow> {
  const [row] = await tx.update(refunds).set(values).where(eq(refunds.id, id)).returning();
  return row;
}

/** The payment, locked: refunds of one payment are written one at a time (the sum check, here and in the database). */
export async function lockPayment(tx: DbOrTx, id: string) {
  const [row] = await tx.select(columnsWithVersion(payments)).from(payments).where(eq(payments.id, id)).for('update');
  return row;
}

/**
 * Rewrites the payment's row unchanged: a refund moves the payment's version, so a colleague's refund dialog
 * opened before it answers 409 (If-Match, docs/design.md §14) instead of refunding on what it showed.
 */
export async function touchPayment(tx: DbOrTx, id: string): Promise<void> {
  await touchRow(tx, payments, id);
}

/** What is refunded or being refunded of a payment (pending and succeeded refunds). */
export async function activeRefundedCents(db: DbOrTx, paymentId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${refunds.amountCents}), 0)` })
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), inArray(refunds.status, ['pending', 'succeeded'])));
  return Number(row.total);
}

/** What the booking's succeeded refunds took of its payable gross (the cumulative base of refundPartsOf). */
export async function bookedRefundedCents(db: DbOrTx, kind: BookingKind, bookingId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${refunds.amountCents} - coalesce(${refunds.unbookedCents}, 0)), 0)` })
    .from(refunds)
    .where(and(eq(refunds.bookingKind, kind), eq(refunds.bookingId, bookingId), eq(refunds.status, 'succeeded'), eq(refunds.isBeforeDelivery, false)));
  return Number(row.total);
}

const listColumns = {
  ...columnsWithVersion(refunds),
  adminEmail: admins.email,
  customerName: payments.paymentBy,
  bookingReference: sql<string | null>`coalesce(${uteBookings.uteBookingId}, ${jobBookings.jobBookingId})`,
};

function listQuery(db: DbOrTx) {
  return db
    .select(listColumns)
    .from(refunds)
    .leftJoin(admins, eq(admins.id, refunds.adminId))
    .leftJoin(payments, eq(payments.id, refunds.paymentId))
    .leftJoin(uteBookings, and(eq(refunds.bookingKind, 'ute'), eq(uteBookings.id, refunds.bookingId)))
    .leftJoin(jobBookings, and(eq(refunds.bookingKind, 'job'), eq(jobBookings.id, refunds.bookingId)));
}

export async function findRefundListRow(db: DbOrTx, id: string): Promise<RefundListRow | undefined> {
  const [row] = await listQuery(db).where(eq(refunds.id, id));
  return row;
}

/** A payment's refunds, oldest first. */
export async function listRefundsOfPayment(db: DbOrTx, paymentId: string): Promise<RefundListRow[]> {
  return listQuery(db).where(eq(refunds.paymentId, paymentId)).orderBy(asc(refunds.createdAt), asc(refunds.id));
}

const undecided = eq(refunds.recovery, 'undecided');

/** The refunds list, newest first; only those waiting for a recovery choice on request (refunds_undecided_idx, the undecidedRefunds work queue). */
export async function listRefunds(
  db: DbOrTx,
  filter: { isUndecidedOnly: boolean },
  page: { limit: number; offset: number },
): Promise<{ rows: RefundListRow[]; total: number; undecided: number }> {
  const where = filter.isUndecidedOnly ? undecided : undefined;
  // The undecided ones are the undecidedRefunds work queue: its trigger-kept counter (migration 0020) is their count.
  const [rows, kept] = await Promise.all([
    listQuery(db).where(where).orderBy(desc(refunds.createdAt), desc(refunds.id)).limit(page.limit).offset(page.offset),
    readCounters(db, [COUNTERS.refundsUndecided]),
  ]);
  const undecidedCount = kept[COUNTERS.refundsUndecided] ?? 0;
  return { rows, total: filter.isUndecidedOnly ? undecidedCount : await db.$count(refunds), undecided: undecidedCount };
}

/** Refunds (or their transfer reversals) sent and never recorded, older than `before`: the reconciliation sends them again. */
export async function listStaleRefunds(db: DbOrTx, before: Date, limit = 200): Promise<RefundRow[]> {
  return db
    .select()
    .from(refunds)
    .where(and(or(eq(refunds.status, 'pending'), eq(refunds.reversalStatus, 'pending')), lt(refunds.createdAt, before)))
    .orderBy(asc(refunds.createdAt))
    .limit(limit);
}

/**
 * The booking's payout whose transfer a refund can reverse: the newest succeeded one with a transfer id
 * made by `method` (the running provider), locked for the transaction.
 */
export async function lockReversiblePayout(tx: DbOrTx, kind: BookingKind, bookingId: string, method: string): Promise<PayoutRow | undefined> {
  const [row] = await tx
    .select()
    .from(payouts)
    .where(
      and(
        eq(payouts.bookingKind, kind),
        eq(payouts.bookingId, bookingId),
        eq(payouts.status, 'succeeded'),
        eq(payouts.method, method),
        isNotNull(payouts.providerTransferId),
      ),
    )
    .orderBy(desc(payouts.createdAt))
    .limit(1)
    .for('update');
  return row;
}

/** The booking's newest succeeded payout (how the owner was paid), unlocked. */
export async function findSucceededPayout(db: DbOrTx, kind: BookingKind, bookingId: string): Promise<PayoutRow | undefined> {
  const [row] = await db
    .select()
    .from(payouts)
    .where(and(eq(payouts.bookingKind, kind), eq(payouts.bookingId, bookingId), eq(payouts.status, 'succeeded')))
    .orderBy(desc(payouts.createdAt))
    .limit(1);
  return row;
}

export async function findPayout(db: DbOrTx, id: string): Promise<PayoutRow | undefined> {
  const [row] = await db.select().from(payouts).where(eq(payouts.id, id));
  return row;
}

export async function lockPayout(tx: DbOrTx, id: string): Promise<PayoutRow | undefined> {
  const [row] = await tx.select().from(payouts).where(eq(payouts.id, id)).for('update');
  return row;
}

/**
 * Moves a payout's recorded reversed amount by `deltaCents` under its row lock: up before a refund's
 * transfer reversal is sent (so the `transfer.reversed` webhook finds nothing new to journal), down when
 * Stripe refused that reversal.
 */
export async function shiftReversedCents(tx: DbOrTx, payoutId: string, deltaCents: number): Promise<void> {
  await tx
    .update(payouts)
    .set({ reversedCents: sql`${payouts.reversedCents} + ${deltaCents}` })
    .where(eq(payouts.id, payoutId));
}

/** The customer's email and name, for the refund mail. */
export async function findCustomer(db: DbOrTx, userId: string | null): Promise<{ email: string; firstName: string } | undefined> {
  if (!userId) return undefined;
  const [row] = await db.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, userId));
  return row;
}

/** The owner's name, for the refund dialog. */
export async function findOwnerName(db: DbOrTx, ownerId: string): Promise<string | null> {
  const [row] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, ownerId));
  return row ? `${row.firstName} ${row.lastName}`.trim() : null;
}
