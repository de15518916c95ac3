import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { PAYOUT_BATCH_MAX_BOOKINGS, type BookingKind, type PayoutBatchLineStatus } from '@ute/contract';
import { queryRows, type DbOrTx } from '../../db/database';
import { admins } from '../../db/tables/auth.table';
import { payoutBatches, payoutBatchLines } from '../../db/tables/batches.table';
import { jobBookings, uteBookings, type TransferState } from '../../db/tables/bookings.table';
import { ownerBankAccounts, users } from '../../db/tables/users.table';

export type PayoutBatchRow = typeof payoutBatches.$inferSelect;
export type PayoutBatchLineRow = typeof payoutBatchLines.$inferSelect;

/** A delivered manual-payment booking awaiting payout, with its owner and what is on file to pay them. */
export interface CandidateRow {
  kind: BookingKind;
  id: string;
  reference: string;
  ownerId: string;
  amount: number;
  createdAt: Date;
  ownerName: string;
  bsb: string | null;
  accountNumber: string | null;
  accountName: string | null;
  holdReason: string | null;
}

/**
 * The oldest delivered bookings paid manually (no Stripe transaction) and awaiting payout, both kinds, at most
 * `limit` (the awaiting-payout partial indexes). `hasMore` when more wait.
 */
export async function listCandidateBookings(db: DbOrTx, limit = PAYOUT_BATCH_MAX_BOOKINGS): Promise<{ rows: CandidateRow[]; hasMore: boolean }> {
  const rows = await queryRows<Omit<CandidateRow, 'amount' | 'createdAt'> & { amount: string; createdAt: string | Date }>(
    db,
    sql`select c.kind, c.id, c.reference, c.owner_id as "ownerId", c.amount, c.created_at as "createdAt",
               trim(u.first_name || ' ' || u.last_name) as "ownerName", a.bsb_code as bsb, a.account_number as "accountNumber",
               a.account_holder_name as "accountName", s.hold_reason as "holdReason"
          from (
            (select 'ute' as kind, b.id, b.ute_booking_id as reference, b.owner_id, b.amount, b.created_at
               from ute_bookings b
              where b.deleted_at is null and b.status = 'delivered' and b.transfer_state = 'none' and b.transaction_id is null
              order by b.created_at, b.id limit ${limit + 1})
            union all
            (select 'job', b.id, b.job_booking_id, b.owner_id, b.amount, b.created_at
               from job_bookings b
              where b.deleted_at is null and b.status = 'delivered' and b.transfer_state = 'none' and b.transaction_id is null
              order by b.created_at, b.id limit ${limit + 1})
          ) c
          join users u on u.id = c.owner_id
          left join owner_bank_accounts a on a.owner_id = c.owner_id
          left join owner_payout_status s on s.owner_id = c.owner_id
         order by c.created_at, c.id
         limit ${limit + 1}`,
  );
  return {
    rows: rows.slice(0, limit).map((row) => ({ ...row, amount: Number(row.amount), createdAt: new Date(row.createdAt) })),
    hasMore: rows.length > limit,
  };
}

const bookingTable = (kind: BookingKind) => (kind === 'ute' ? uteBookings : jobBookings);

/**
 * Claims these bookings of one kind for a batch's payouts in ONE statement: the conditional update of
 * bookings.repository's claimBookingForPayout (delivered, not deleted, none -> transferring), over the set. One
 * statement, not one per booking: each statement on a booking table takes the table's work-queue counter row
 * (stat_counters, migration 0008) at its end, so claims one by one would hold that row while waiting for the next
 * booking, and two preparers (or a preparer and a Transfer) would wait on each other in a circle. Answers the ids
 * claimed; the others were taken first by someone else (or are not payable).
 */
export async function claimBookingsForBatch(tx: DbOrTx, kind: BookingKind, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const table = bookingTable(kind);
  const rows = await tx
    .update(table)
    .set({ transferState: 'transferring' })
    .where(and(inArray(table.id, ids), eq(table.transferState, 'none'), eq(table.status, 'delivered'), isNull(table.deletedAt)))
    .returning({ id: table.id });
  return new Set(rows.map((row) => row.id));
}

/** Moves a batch's bookings of one kind between transfer states in one statement (see claimBookingsForBatch); answers how many moved. */
export async function moveBookings(tx: DbOrTx, kind: BookingKind, ids: string[], from: TransferState, to: TransferState): Promise<number> {
  if (ids.length === 0) return 0;
  const table = bookingTable(kind);
  const rows = await tx
    .update(table)
    .set({ transferState: to })
    .where(and(inArray(table.id, ids), eq(table.transferState, from)))
    .returning({ id: table.id });
  return rows.length;
}

/** The bank accounts on file of these owners, by owner. */
export async function findBankAccountsOf(db: DbOrTx, ownerIds: string[]) {
  if (ownerIds.length === 0) return new Map<string, typeof ownerBankAccounts.$inferSelect>();
  const rows = await db.select().from(ownerBankAccounts).where(inArray(ownerBankAccounts.ownerId, ownerIds));
  return new Map(rows.map((row) => [row.ownerId, row]));
}

/** The next batch number, taken before the file that names it is written (a rolled-back batch leaves a gap). */
export async function nextBatchNumber(tx: DbOrTx): Promise<number> {
  const [row] = await queryRows<{ number: string | number }>(tx, sql`select nextval('payout_batches_number_seq') as number`);
  return Number(row.number);
}

export async function insertBatch(tx: DbOrTx, values: typeof payoutBatches.$inferInsert): Promise<PayoutBatchRow> {
  const [row] = await tx.insert(payoutBatches).values(values).returning();
  return row;
}

export async function insertLines(tx: DbOrTx, values: (typeof payoutBatchLines.$inferInsert)[]): Promise<void> {
  await tx.insert(payoutBatchLines).values(values);
}

/** The batch, its row locked until the transaction ends: every change of a batch takes it first, so they run one at a time. */
export async function lockBatch(tx: DbOrTx, id: string): Promise<PayoutBatchRow | undefined> {
  const [row] = await tx.select().from(payoutBatches).where(eq(payoutBatches.id, id)).for('update');
  return row;
}

/** A step of the batch: its version moves (the If-Match of docs/design.md §14). */
export async function updateBatch(tx: DbOrTx, id: string, values: Partial<typeof payoutBatches.$inferInsert>): Promise<PayoutBatchRow> {
  const [row] = await tx
    .update(payoutBatches)
    .set({ ...values, version: sql`${payoutBatches.version} + 1` })
    .where(eq(payoutBatches.id, id))
    .returning();
  return row;
}

/** Counts a download of an approved (or paid) batch and answers its file; undefined when it is not downloadable. */
export async function recordDownload(tx: DbOrTx, id: string): Promise<PayoutBatchRow | undefined> {
  const [row] = await tx
    .update(payoutBatches)
    .set({ downloadCount: sql`${payoutBatches.downloadCount} + 1` })
    .where(and(eq(payoutBatches.id, id), inArray(payoutBatches.status, ['approved', 'paid'])))
    .returning();
  return row;
}

/** A batch's lines in the file's order (credits by account name, then owner), a credit's lines by booking. */
export function findLines(db: DbOrTx, batchId: string, filter: { ownerId?: string; status?: PayoutBatchLineStatus[] } = {}) {
  const conditions = [eq(payoutBatchLines.batchId, batchId)];
  if (filter.ownerId) conditions.push(eq(payoutBatchLines.ownerId, filter.ownerId));
  if (filter.status) conditions.push(inArray(payoutBatchLines.status, filter.status));
  return db
    .select({ line: payoutBatchLines, ownerFirstName: users.firstName, ownerLastName: users.lastName })
    .from(payoutBatchLines)
    .innerJoin(users, eq(users.id, payoutBatchLines.ownerId))
    .where(and(...conditions))
    .orderBy(asc(payoutBatchLines.accountName), asc(payoutBatchLines.ownerId), asc(payoutBatchLines.bookingReference), asc(payoutBatchLines.id));
}

export async function setLineStatus(
  tx: DbOrTx,
  lineIds: string[],
  values: { status: PayoutBatchLineStatus; returnReason?: string; returnedBy?: string | null; returnedAt?: Date },
): Promise<void> {
  if (lineIds.length === 0) return;
  await tx.update(payoutBatchLines).set(values).where(inArray(payoutBatchLines.id, lineIds));
}

const preparer = alias(admins, 'preparer');
const approver = alias(admins, 'approver');
const payer = alias(admins, 'payer');
const canceller = alias(admins, 'canceller');

/** A batch with the emails of who prepared, approved, paid or cancelled it. */
const batchColumns = {
  batch: payoutBatches,
  preparedBy: preparer.email,
  approvedBy: approver.email,
  paidBy: payer.email,
  cancelledBy: canceller.email,
};

function selectBatches(db: DbOrTx) {
  return db
    .select(batchColumns)
    .from(payoutBatches)
    .leftJoin(preparer, eq(preparer.id, payoutBatches.preparedBy))
    .leftJoin(approver, eq(approver.id, payoutBatches.approvedBy))
    .leftJoin(payer, eq(payer.id, payoutBatches.paidBy))
    .leftJoin(canceller, eq(canceller.id, payoutBatches.cancelledBy));
}

export type BatchWithAdmins = Awaited<ReturnType<typeof findBatch>> & object;

export async function findBatch(db: DbOrTx, id: string) {
  const [row] = await selectBatches(db).where(eq(payoutBatches.id, id));
  return row;
}

/** A page of batches, newest first (payout_batches_prepared_idx), and how many there are. */
export async function listBatches(db: DbOrTx, page: { page: number; limit: number }) {
  const [rows, [total]] = await Promise.all([
    selectBatches(db)
      .orderBy(desc(payoutBatches.preparedAt), desc(payoutBatches.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    db.select({ total: count() }).from(payoutBatches),
  ]);
  return { rows, total: total.total };
}
