import { and, eq, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { BookingKind, CreatedDayRange, OwnerPayoutBlockers, PaymentKind, WorkItemQueue } from '@ute/contract';
import { COUNTERS, type CounterName } from '../../db/counters';
import { createdDayConditions, hasCreatedDayRange } from '../../db/createdDays';
import type { DbOrTx } from '../../db/database';
import { columnsWithVersion } from '../../db/rowVersion';
import { listPage, type ListOrder } from '../../db/paging';
import { isWorkItemListed, workItemCondition, type WorkItemListFilter } from '../../db/workItems';
import { oldestFirstOrder, workItemJoin, type WorkItemRead } from '../assignments/workItemLists';
import { ownerBankAccounts, users } from '../../db/tables/users.table';
import { jobBookings, uteBookings, type TransferState } from '../../db/tables/bookings.table';
import { ownerPayoutStatus } from '../../db/tables/payouts.table';
import { refunds } from '../../db/tables/refunds.table';

export type { TransferState };

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
  /** A page's rows carry what would stop the owner's payout (null: nothing known against it). */
  payoutBlockers?: OwnerPayoutBlockers | null;
  /** A page's rows carry their version (db/rowVersion.ts): a payout sent with it is checked against it. */
  version?: string;
  /** A page's rows carry their place in the awaiting-payout queue (null: not waiting). */
  workItem?: WorkItemRead | null;
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
  /** A page's rows carry what would stop the owner's payout (null: nothing known against it). */
  payoutBlockers?: OwnerPayoutBlockers | null;
  /** A page's rows carry their version (db/rowVersion.ts): a payout sent with it is checked against it. */
  version?: string;
  /** A page's rows carry their place in the awaiting-payout queue (null: not waiting). */
  workItem?: WorkItemRead | null;
}

/** Stripe tab: paid with a transaction id; manual tab: without. Matches the partial list indexes. */
function paymentFilter(transactionId: typeof uteBookings.transactionId | typeof jobBookings.transactionId, payment: PaymentKind): SQL {
  return payment === 'stripe' ? isNotNull(transactionId) : isNull(transactionId);
}

export interface BookingListFilter extends CreatedDayRange {
  /** The Stripe or Manual tab; both when absent. */
  payment?: PaymentKind;
  /** Only the bookings delivered with no payout started (the AwaitingPayout work queues). */
  isAwaitingPayout?: boolean;
  /** Only this booking (global search's link). */
  id?: string;
  /** Only the bookings this user made or received as the ute's owner (the user page's link). */
  userId?: string;
  /** Only the bookings in this status, exactly as stored (Analytics' drill-down). */
  status?: string;
  /** The AwaitingPayout queue's items by holder, or the longest waiting first (docs/design.md §15). */
  workItems?: WorkItemListFilter;
  page: number;
  limit: number;
}

type BookingTable = typeof uteBookings | typeof jobBookings;

/**
 * The rows of a booking list and the counter that keeps their number (none: a COUNT(*)). Spelt as
 * the partial indexes' predicates (the tabs', the awaiting payout ones), so a page is an index walk.
 */
function bookingListWhere(
  table: BookingTable,
  filter: BookingListSourceFilter,
  counters: Record<PaymentKind | 'awaitingPayout', CounterName>,
  queue: WorkItemQueue,
) {
  const conditions: SQL[] = [isNull(table.deletedAt)];
  if (filter.payment) conditions.push(paymentFilter(table.transactionId, filter.payment));
  if (filter.isAwaitingPayout) conditions.push(eq(table.status, 'delivered'), eq(table.transferState, 'none'));
  let counter: CounterName | null = null;
  if (filter.isAwaitingPayout) counter = filter.payment ? null : counters.awaitingPayout;
  else if (filter.payment) counter = counters[filter.payment];
  if (filter.id) {
    conditions.push(eq(table.id, filter.id));
    counter = null;
  }
  if (filter.userId) {
    conditions.push(or(eq(table.bookedBy, filter.userId), eq(table.ownerId, filter.userId))!);
    counter = null;
  }
  if (filter.status) {
    conditions.push(eq(table.status, filter.status));
    counter = null;
  }
  if (hasCreatedDayRange(filter)) {
    conditions.push(...createdDayConditions(table.createdAt, filter));
    counter = null;
  }
  if (isWorkItemListed(filter.workItems)) {
    conditions.push(workItemCondition(queue, table.id, filter.workItems));
    counter = null;
  }
  return { where: and(...conditions), counter };
}

export type BookingListSourceFilter = Omit<BookingListFilter, 'page' | 'limit'>;

const UTE_BOOKING_COUNTERS = {
  stripe: COUNTERS.uteBookingsStripe,
  manual: COUNTERS.uteBookingsManual,
  awaitingPayout: COUNTERS.uteBookingsAwaitingPayout,
} as const;
const JOB_BOOKING_COUNTERS = {
  stripe: COUNTERS.jobBookingsStripe,
  manual: COUNTERS.jobBookingsManual,
  awaitingPayout: COUNTERS.jobBookingsAwaitingPayout,
} as const;

/** The ute bookings list's rows and order, newest first, without its page: what a page reads and what the export reads. */
export function uteBookingListSource(filter: BookingListSourceFilter) {
  const { where } = bookingListWhere(uteBookings, filter, UTE_BOOKING_COUNTERS, 'uteBookingsAwaitingPayout');
  return {
    table: uteBookings,
    where,
    order: filter.workItems?.waitSort
      ? oldestFirstOrder('uteBookingsAwaitingPayout', uteBookings.id)
      : ({ columns: [uteBookings.createdAt, uteBookings.id], index: 'desc' } satisfies ListOrder),
    joins: { booker: { table: users, on: eq(users.id, uteBookings.bookedBy), fields: { id: users.id, firstName: users.firstName, lastName: users.lastName } } },
  };
}

/** The job bookings list's rows and order, with its booker and the ute's owner. */
export function jobBookingListSource(filter: BookingListSourceFilter) {
  const booker = alias(users, 'booker');
  const owner = alias(users, 'owner');
  const { where } = bookingListWhere(jobBookings, filter, JOB_BOOKING_COUNTERS, 'jobBookingsAwaitingPayout');
  return {
    table: jobBookings,
    where,
    order: filter.workItems?.waitSort
      ? oldestFirstOrder('jobBookingsAwaitingPayout', jobBookings.id)
      : ({ columns: [jobBookings.createdAt, jobBookings.id], index: 'desc' } satisfies ListOrder),
    joins: {
      booker: { table: booker, on: eq(booker.id, jobBookings.bookedBy), fields: { id: booker.id, firstName: booker.firstName, lastName: booker.lastName } },
      owner: { table: owner, on: eq(owner.id, jobBookings.ownerId), fields: { id: owner.id, firstName: owner.firstName, lastName: owner.lastName } },
    },
  };
}

/** The owner's bank account number, joined for an export (which shows it masked). */
const ownerAccountJoin = (ownerId: typeof uteBookings.ownerId | typeof jobBookings.ownerId) => ({
  table: ownerBankAccounts,
  on: eq(ownerBankAccounts.ownerId, ownerId),
  fields: { ownerId: ownerBankAccounts.ownerId, accountNumber: ownerBankAccounts.accountNumber },
});

/** The ute bookings export's rows: the list's, with the owner's bank account. */
export function uteBookingExportSource(filter: BookingListSourceFilter) {
  const source = uteBookingListSource(filter);
  return { ...source, joins: { ...source.joins, ownerAccount: ownerAccountJoin(uteBookings.ownerId) } };
}

/** The job bookings export's rows: the list's, with the owner's bank account. */
export function jobBookingExportSource(filter: BookingListSourceFilter) {
  const source = jobBookingListSource(filter);
  return { ...source, joins: { ...source.joins, ownerAccount: ownerAccountJoin(jobBookings.ownerId) } };
}

/** What would stop a payout to the booking's owner, for the Transfer button to say why (one primary-key lookup per row of a page). */
const payoutBlockersJoin = (ownerId: typeof uteBookings.ownerId | typeof jobBookings.ownerId) => ({
  table: ownerPayoutStatus,
  on: eq(ownerPayoutStatus.ownerId, ownerId),
  fields: {
    ownerId: ownerPayoutStatus.ownerId,
    holdReason: ownerPayoutStatus.holdReason,
    payoutsEnabled: ownerPayoutStatus.payoutsEnabled,
    disabledReason: ownerPayoutStatus.disabledReason,
  },
});

export async function listUteBookings(db: DbOrTx, filter: BookingListFilter): Promise<{ rows: UteBookingRow[]; total: number }> {
  const { counter } = bookingListWhere(uteBookings, filter, UTE_BOOKING_COUNTERS, 'uteBookingsAwaitingPayout');
  const source = uteBookingListSource(filter);
  const joins = {
    ...source.joins,
    payoutBlockers: payoutBlockersJoin(uteBookings.ownerId),
    workItem: workItemJoin('uteBookingsAwaitingPayout', uteBookings.id),
  };
  const { rows, totalCount } = await listPage(db, { ...source, joins, counter, page: filter.page, limit: filter.limit });
  return { total: totalCount, rows };
}

export async function listJobBookings(db: DbOrTx, filter: BookingListFilter): Promise<{ rows: JobBookingRow[]; total: number }> {
  const { counter } = bookingListWhere(jobBookings, filter, JOB_BOOKING_COUNTERS, 'jobBookingsAwaitingPayout');
  const source = jobBookingListSource(filter);
  const joins = {
    ...source.joins,
    payoutBlockers: payoutBlockersJoin(jobBookings.ownerId),
    workItem: workItemJoin('jobBookingsAwaitingPayout', jobBookings.id),
  };
  const { rows, totalCount } = await listPage(db, { ...source, joins, counter, page: filter.page, limit: filter.limit });
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
  /** The booking row's version (db/rowVersion.ts): an action sent with the one it loaded is checked against it. */
  version: string;
}

/** A live (not deleted) booking by id, looked up in the ute bookings, then the job bookings. */
export async function findPayableBooking(db: DbOrTx, id: string, kind?: BookingKind): Promise<PayableBooking | undefined> {
  if (kind !== 'job') {
    const [ute] = await db
      .select(columnsWithVersion(uteBookings))
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
        version: ute.version,
      };
  }
  if (kind !== 'ute') {
    const [job] = await db
      .select(columnsWithVersion(jobBookings))
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
        version: job.version,
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

export async function findOwner(db: DbOrTx, ownerId: string) {
  const [row] = await db
    .select({ id: users.id, stripeAccountId: users.stripeAccountId, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, ownerId));
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

/** Succeeded and pending refunds per booking of one kind, for a page of bookings (by id). */
export async function refundedCentsOfBookings(db: DbOrTx, kind: BookingKind, of: readonly { id: string }[]): Promise<Map<string, number>> {
  const bookingIds = of.map((row) => row.id);
  if (bookingIds.length === 0) return new Map();
  const rows = await db
    .select({ bookingId: refunds.bookingId, total: sql<string>`sum(${refunds.amountCents})` })
    .from(refunds)
    .where(and(eq(refunds.bookingKind, kind), inArray(refunds.bookingId, [...bookingIds]), inArray(refunds.status, ['pending', 'succeeded'])))
    .groupBy(refunds.bookingId);
  return new Map(rows.map((row) => [row.bookingId!, Number(row.total)]));
}
