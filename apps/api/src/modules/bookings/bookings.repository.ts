import { and, asc, count, desc, eq, isNotNull, isNull, ne, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { BookingKind, PaymentKind } from '@ute/contract';
import { COUNTERS } from '../../db/counters';
import type { DbOrTx } from '../../db/database';
import { listPage } from '../../db/paging';
import { ownerBankAccounts, users } from '../../db/tables/users.table';
import { jobBookings, payouts, uteBookings, type TransferState } from '../../db/tables/bookings.table';

export type { TransferState };
export type PayoutRow = typeof payouts.$inferSelect;

interface PersonRef {
  id: string;
  firstName: string;
  lastName: string;
}

export interface UteBookingRow {
  id: string;
  uteBookingId: string;
  booker: PersonRef | null;
  ownerId: string;
  uteName: string;
  amount: number;
  actualAmount: number | null;
  requestAmount: number | null;
  status: string;
  pickupStreet: string | null;
  pickupState: string | null;
  pickupPostalCode: string | null;
  dropStreet: string | null;
  dropState: string | null;
  dropPostalCode: string | null;
  transactionId: string | null;
  transferState: TransferState;
  createdAt: Date;
}

export interface JobBookingRow {
  id: string;
  jobBookingId: string;
  jobTitle: string;
  booker: PersonRef | null;
  owner: PersonRef | null;
  ownerId: string;
  uteName: string;
  amount: number;
  status: string;
  transactionId: string | null;
  transferState: TransferState;
  createdAt: Date;
}

/** Stripe tab: paid with a transaction id; manual tab: without. Matches the partial list indexes. */
function paymentFilter(transactionId: typeof uteBookings.transactionId | typeof jobBookings.transactionId, payment: PaymentKind): SQL {
  return payment === 'stripe' ? isNotNull(transactionId) : isNull(transactionId);
}

export async function listUteBookings(
  db: DbOrTx,
  options: { payment: PaymentKind; page: number; limit: number },
): Promise<{ rows: UteBookingRow[]; total: number }> {
  const { rows, totalCount } = await listPage(db, {
    table: uteBookings,
    where: and(isNull(uteBookings.deletedAt), paymentFilter(uteBookings.transactionId, options.payment)),
    order: { columns: [uteBookings.createdAt, uteBookings.id], index: 'desc' },
    counter: options.payment === 'stripe' ? COUNTERS.uteBookingsStripe : COUNTERS.uteBookingsManual,
    page: options.page,
    limit: options.limit,
    joins: { booker: { table: users, on: eq(users.id, uteBookings.bookedBy), fields: { id: users.id, firstName: users.firstName, lastName: users.lastName } } },
  });
  return { total: totalCount, rows };
}

export async function listJobBookings(
  db: DbOrTx,
  options: { payment: PaymentKind; page: number; limit: number },
): Promise<{ rows: JobBookingRow[]; total: number }> {
  const booker = alias(users, 'booker');
  const owner = alias(users, 'owner');
  const { rows, totalCount } = await listPage(db, {
    table: jobBookings,
    where: and(isNull(jobBookings.deletedAt), paymentFilter(jobBookings.transactionId, options.payment)),
    order: { columns: [jobBookings.createdAt, jobBookings.id], index: 'desc' },
    counter: options.payment === 'stripe' ? COUNTERS.jobBookingsStripe : COUNTERS.jobBookingsManual,
    page: options.page,
    limit: options.limit,
    joins: {
      booker: { table: booker, on: eq(booker.id, jobBookings.bookedBy), fields: { id: booker.id, firstName: booker.firstName, lastName: booker.lastName } },
      owner: { table: owner, on: eq(owner.id, jobBookings.ownerId), fields: { id: owner.id, firstName: owner.firstName, lastName: owner.lastName } },
    },
  });
  return { total: totalCount, rows };
}

/** What the payout rules need of a booking, whichever table it lives in. */
export interface PayableBooking {
  kind: BookingKind;
  id: string;
  /** UB-0001 / JB-0001: the reference people read. */
  reference: string;
  name: string;
  ownerId: string;
  amount: number;
  status: string;
  transferState: TransferState;
  transactionId: string | null;
}

/** A live (not deleted) booking by id, looked up in the ute bookings, then the job bookings. */
export async function findPayableBooking(db: DbOrTx, id: string, kind?: BookingKind): Promise<PayableBooking | undefined> {
  if (kind !== 'job') {
    const [ute] = await db
      .select()
      .from(uteBookings)
      .where(and(eq(uteBookings.id, id), isNull(uteBookings.deletedAt)));
    if (ute)
      return {
        kind: 'ute',
        id: ute.id,
        reference: ute.uteBookingId,
        name: ute.uteName,
        ownerId: ute.ownerId,
        amount: ute.amount,
        status: ute.status,
        transferState: ute.transferState,
        transactionId: ute.transactionId,
      };
  }
  if (kind !== 'ute') {
    const [job] = await db
      .select()
      .from(jobBookings)
      .where(and(eq(jobBookings.id, id), isNull(jobBookings.deletedAt)));
    if (job)
      return {
        kind: 'job',
        id: job.id,
        reference: job.jobBookingId,
        name: job.jobTitle,
        ownerId: job.ownerId,
        amount: job.amount,
        status: job.status,
        transferState: job.transferState,
        transactionId: job.transactionId,
      };
  }
  return undefined;
}

/**
 * The one conditional update that decides who pays a booking: it moves a delivered booking out of
 * 'none' and only one caller can see a row come back.
 */
export async function claimBookingForPayout(tx: DbOrTx, kind: BookingKind, id: string, to: Exclude<TransferState, 'none'>): Promise<boolean> {
  const table = kind === 'ute' ? uteBookings : jobBookings;
  const rows = await tx
    .update(table)
    .set({ transferState: to })
    .where(and(eq(table.id, id), eq(table.transferState, 'none'), eq(table.status, 'delivered'), isNull(table.deletedAt)))
    .returning({ id: table.id });
  return rows.length === 1;
}

export async function setBookingTransferState(tx: DbOrTx, kind: BookingKind, id: string, from: TransferState, to: TransferState): Promise<boolean> {
  const table = kind === 'ute' ? uteBookings : jobBookings;
  const rows = await tx
    .update(table)
    .set({ transferState: to })
    .where(and(eq(table.id, id), eq(table.transferState, from)))
    .returning({ id: table.id });
  return rows.length === 1;
}

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

export async function findOwner(db: DbOrTx, ownerId: string): Promise<{ id: string; stripeAccountId: string | null } | undefined> {
  const [row] = await db.select({ id: users.id, stripeAccountId: users.stripeAccountId }).from(users).where(eq(users.id, ownerId));
  return row;
}

export async function findBankAccount(db: DbOrTx, ownerId: string) {
  const [row] = await db
    .select({
      accountNumber: ownerBankAccounts.accountNumber,
      bsbCode: ownerBankAccounts.bsbCode,
      accountHolderName: ownerBankAccounts.accountHolderName,
      bankName: ownerBankAccounts.bankName,
    })
    .from(ownerBankAccounts)
    .where(eq(ownerBankAccounts.ownerId, ownerId));
  return row;
}

/** Marks a live job booking deleted unless a payout is in flight; answers the row before the change. */
export async function softDeleteJobBooking(tx: DbOrTx, id: string) {
  const [row] = await tx
    .update(jobBookings)
    .set({ deletedAt: new Date() })
    .where(and(eq(jobBookings.id, id), isNull(jobBookings.deletedAt), ne(jobBookings.transferState, 'transferring')))
    .returning({ id: jobBookings.id, jobBookingId: jobBookings.jobBookingId, transferState: jobBookings.transferState, deletedAt: jobBookings.deletedAt });
  return row;
}

export async function findLiveJobBooking(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ id: jobBookings.id, transferState: jobBookings.transferState })
    .from(jobBookings)
    .where(and(eq(jobBookings.id, id), isNull(jobBookings.deletedAt)));
  return row;
}
