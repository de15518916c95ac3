import { randomUUID } from 'node:crypto';
import { asc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { auditLog } from '../../db/tables/audit.table';
import { jobBookings, uteBookings } from '../../db/tables/bookings.table';
import { payouts } from '../../db/tables/payouts.table';
import { postJournal } from '../../modules/ledger/ledger.repository';
import { uniqueReference } from './sequence';

/** Bookings (each test makes its own), and the reads and crash states of the payout tests. */

export type UteBookingRow = typeof uteBookings.$inferSelect;
export type JobBookingRow = typeof jobBookings.$inferSelect;
/** `amount` sets amount and actualAmount; by default a delivered, Stripe-paid booking not yet paid out. */
export type UteBookingValues = { ownerId: string } & Partial<typeof uteBookings.$inferInsert>;
export type JobBookingValues = { ownerId: string } & Partial<typeof jobBookings.$inferInsert>;

const testTransactionId = () => `pi_test${randomUUID().replaceAll('-', '').slice(0, 12)}`;

export function buildUteBooking(values: UteBookingValues): typeof uteBookings.$inferInsert {
  const amount = values.amount ?? 123.45;
  return {
    uteBookingId: uniqueReference('UB'),
    uteName: 'Test Hilux',
    amount,
    actualAmount: amount,
    requestAmount: null,
    status: 'delivered',
    pickupStreet: '1 George St',
    pickupState: 'NSW',
    pickupPostalCode: '2000',
    dropStreet: '2 Collins St',
    dropState: 'VIC',
    dropPostalCode: '3000',
    transactionId: testTransactionId(),
    transferState: 'none',
    ...values,
  };
}

export function buildJobBooking(values: JobBookingValues): typeof jobBookings.$inferInsert {
  return {
    jobBookingId: uniqueReference('JB'),
    jobTitle: 'Test furniture move',
    uteName: 'Test Ranger',
    amount: 250,
    status: 'delivered',
    transactionId: testTransactionId(),
    transferState: 'none',
    ...values,
  };
}

export async function createUteBooking(db: Db, values: UteBookingValues): Promise<UteBookingRow> {
  const [row] = await db.insert(uteBookings).values(buildUteBooking(values)).returning();
  return row;
}

export async function createJobBooking(db: Db, values: JobBookingValues): Promise<JobBookingRow> {
  const [row] = await db.insert(jobBookings).values(buildJobBooking(values)).returning();
  return row;
}

/** Several ute bookings in one multi-row insert. */
export async function createUteBookings(db: Db, rows: UteBookingValues[]): Promise<UteBookingRow[]> {
  if (rows.length === 0) return [];
  return db.insert(uteBookings).values(rows.map(buildUteBooking)).returning();
}

/** Several job bookings in one multi-row insert. */
export async function createJobBookings(db: Db, rows: JobBookingValues[]): Promise<JobBookingRow[]> {
  if (rows.length === 0) return [];
  return db.insert(jobBookings).values(rows.map(buildJobBooking)).returning();
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

/** The state a crash between the provider call and the database write leaves behind (the claim committed, the outcome not). */
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
  // The claim's transaction also journalled the start: the owner's net moved from payable to in transit.
  await db.transaction((tx) =>
    postJournal(tx, { kind: 'payout.started', bookingKind: booking.kind, bookingId: booking.id, payoutId: payout.id }, [
      { account: 'owner_payable', ownerId: booking.ownerId, amountCents: booking.amountCents },
      { account: 'owner_in_transit', ownerId: booking.ownerId, amountCents: -booking.amountCents },
    ]),
  );
  return payout;
}

export async function countRows(db: Db, query: SQL): Promise<number> {
  const result = (await db.execute(query)) as unknown as { rows: { count: number }[] };
  return Number(result.rows[0].count);
}
