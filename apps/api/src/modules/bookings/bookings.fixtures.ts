import { randomUUID } from 'node:crypto';
import { asc, eq, isNotNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { auditLog } from '../../db/tables/audit.table';
import { users } from '../../db/tables/users.table';
import { jobBookings, payouts, uteBookings, type TransferState } from '../../db/tables/bookings.table';

/** Test data factories for the payout tests: each test makes its own bookings. */

let sequence = 0;
const nextReference = (prefix: string) => `${prefix}-T${Date.now().toString(36)}${(sequence += 1)}`;

/** The first seeded owner with a connected Stripe account. */
export async function findStripeOwner(db: Db): Promise<{ id: string; stripeAccountId: string }> {
  const [owner] = await db
    .select({ id: users.id, stripeAccountId: users.stripeAccountId })
    .from(users)
    .where(isNotNull(users.stripeAccountId))
    .orderBy(asc(users.createdAt))
    .limit(1);
  return { id: owner.id, stripeAccountId: owner.stripeAccountId! };
}

export async function createUteBooking(
  db: Db,
  values: { ownerId: string; status?: string; amount?: number; transactionId?: string | null; transferState?: TransferState },
): Promise<typeof uteBookings.$inferSelect> {
  const [row] = await db
    .insert(uteBookings)
    .values({
      uteBookingId: nextReference('UB'),
      ownerId: values.ownerId,
      uteName: 'Test Hilux',
      amount: values.amount ?? 123.45,
      actualAmount: values.amount ?? 123.45,
      requestAmount: null,
      status: values.status ?? 'delivered',
      pickupStreet: '1 George St',
      pickupState: 'NSW',
      pickupPostalCode: '2000',
      dropStreet: '2 Collins St',
      dropState: 'VIC',
      dropPostalCode: '3000',
      transactionId: values.transactionId === undefined ? `pi_test_${randomUUID().slice(0, 8)}` : values.transactionId,
      transferState: values.transferState ?? 'none',
    })
    .returning();
  return row;
}

export async function createJobBooking(
  db: Db,
  values: { ownerId: string; status?: string; amount?: number; transactionId?: string | null; transferState?: TransferState },
): Promise<typeof jobBookings.$inferSelect> {
  const [row] = await db
    .insert(jobBookings)
    .values({
      jobBookingId: nextReference('JB'),
      jobTitle: 'Test furniture move',
      ownerId: values.ownerId,
      uteName: 'Test Ranger',
      amount: values.amount ?? 250,
      status: values.status ?? 'delivered',
      transactionId: values.transactionId === undefined ? `pi_test_${randomUUID().slice(0, 8)}` : values.transactionId,
      transferState: values.transferState ?? 'none',
    })
    .returning();
  return row;
}

export async function transferStateOf(db: Db, kind: 'ute' | 'job', id: string): Promise<string> {
  const table = kind === 'ute' ? uteBookings : jobBookings;
  const [row] = await db.select({ state: table.transferState }).from(table).where(eq(table.id, id));
  return row.state;
}

export async function payoutsOf(db: Db, bookingId: string) {
  return db.select().from(payouts).where(eq(payouts.bookingId, bookingId)).orderBy(asc(payouts.createdAt));
}

export async function auditActionsOf(db: Db, targetId: string): Promise<string[]> {
  const rows = await db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(asc(auditLog.id));
  return rows.map((row) => row.action);
}

/** The state a crash between the provider call and the database write leaves behind. */
export async function simulateCrashAfterClaim(
  db: Db,
  booking: { kind: 'ute' | 'job'; id: string; ownerId: string; amountCents: number; method: 'stripe' | 'ledger'; idempotencyKey: string; createdAt?: Date },
) {
  const table = booking.kind === 'ute' ? uteBookings : jobBookings;
  await db.update(table).set({ transferState: 'transferring' }).where(eq(table.id, booking.id));
  const [payout] = await db
    .insert(payouts)
    .values({
      bookingKind: booking.kind,
      bookingId: booking.id,
      ownerId: booking.ownerId,
      amountCents: booking.amountCents,
      currency: 'aud',
      method: booking.method,
      idempotencyKey: booking.idempotencyKey,
      status: 'pending',
      ...(booking.createdAt ? { createdAt: booking.createdAt } : {}),
    })
    .returning();
  return payout;
}

export async function countRows(db: Db, query: SQL): Promise<number> {
  const result = (await db.execute(query)) as unknown as { rows: { count: number }[] };
  return Number(result.rows[0].count);
}
