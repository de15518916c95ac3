import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { DISPUTE_CLOSED_STATUSES, DISPUTE_NEEDS_RESPONSE_STATUSES, type BookingKind, type DisputeStatusFilter } from '@ute/contract';
import type { DbOrTx } from '../../db/database';
import { columnsWithVersion, rowVersion } from '../../db/rowVersion';
import { enteredAtOf, isWorkItemListed, workItemCondition, type WorkItemListFilter } from '../../db/workItems';
import { auditLog } from '../../db/tables/audit.table';
import { admins } from '../../db/tables/auth.table';
import { jobBookings, uteBookings } from '../../db/tables/bookings.table';
import { disputes } from '../../db/tables/disputes.table';
import { jobs } from '../../db/tables/jobs.table';
import { ledgerJournals, ledgerLines, type JournalKind } from '../../db/tables/ledger.table';
import { payments } from '../../db/tables/payments.table';
import { customerQueries, queryReplies } from '../../db/tables/queries.table';
import { users } from '../../db/tables/users.table';

export type DisputeRow = typeof disputes.$inferSelect;
export type DisputeInsert = typeof disputes.$inferInsert;

/** The dispute journal kinds, the ones with `dispute_id` set. */
export const DISPUTE_JOURNAL_KINDS = [
  'dispute.funds-withdrawn',
  'dispute.funds-reinstated',
  'dispute.loss-absorbed',
  'dispute.loss-owner',
] as const satisfies readonly JournalKind[];
export type DisputeJournalKind = (typeof DISPUTE_JOURNAL_KINDS)[number];

const needsEvidence = and(inArray(disputes.status, [...DISPUTE_NEEDS_RESPONSE_STATUSES]), isNull(disputes.evidenceSubmittedAt));
const isClosed = inArray(disputes.status, [...DISPUTE_CLOSED_STATUSES]);

/** Each status filter as SQL: exactly contract's disputeStatusGroup (needs_response is the work queue's partial index). */
const STATUS_FILTERS: Record<DisputeStatusFilter, SQL | undefined> = {
  needs_response: needsEvidence,
  closed: isClosed,
  under_review: and(sql`not (${isClosed})`, sql`not (${needsEvidence})`),
};

export async function findDispute(db: DbOrTx, id: string, options: { forUpdate?: boolean } = {}): Promise<(DisputeRow & { version: string }) | undefined> {
  const query = db.select(columnsWithVersion(disputes)).from(disputes).where(eq(disputes.id, id));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/** The row of a Stripe dispute, locked for the rest of the transaction (events of one dispute apply one at a time). */
export async function lockDisputeOfStripe(tx: DbOrTx, stripeDisputeId: string): Promise<DisputeRow | undefined> {
  const [row] = await tx.select().from(disputes).where(eq(disputes.stripeDisputeId, stripeDisputeId)).for('update');
  return row;
}

/** Inserts the dispute unless a row for its Stripe id exists: true when this call made it. */
export async function insertDisputeOnce(tx: DbOrTx, values: DisputeInsert): Promise<boolean> {
  const rows = await tx.insert(disputes).values(values).onConflictDoNothing({ target: disputes.stripeDisputeId }).returning({ id: disputes.id });
  return rows.length === 1;
}

export async function updateDispute(tx: DbOrTx, id: string, values: Partial<DisputeInsert>, where?: SQL): Promise<DisputeRow | undefined> {
  const [row] = await tx
    .update(disputes)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(disputes.id, id), where))
    .returning();
  return row;
}

/**
 * Claims the submission of a dispute's evidence: exactly one request gets the row (the others find
 * it claimed), and only while Stripe waits for evidence and none went in.
 */
export async function claimEvidenceSubmission(tx: DbOrTx, id: string, values: Partial<DisputeInsert>): Promise<DisputeRow | undefined> {
  return updateDispute(tx, id, values, and(needsEvidence, isNull(disputes.evidenceSubmittingAt)));
}

/** Takes over a submission whose claim went stale (its outcome never known): one request only, as the claim itself. */
export async function reclaimStaleSubmission(tx: DbOrTx, id: string, claimedAt: Date): Promise<DisputeRow | undefined> {
  return updateDispute(tx, id, { evidenceSubmittingAt: new Date() }, and(eq(disputes.evidenceSubmittingAt, claimedAt), isNull(disputes.evidenceSubmittedAt)));
}

/** What a payment intent paid for: its payment row and its booking (a live one first), each when known. */
export async function findPaymentIntentLinks(db: DbOrTx, paymentIntentId: string) {
  const [payment] = await db
    .select({ id: payments.id, payerId: payments.payerId })
    .from(payments)
    .where(eq(payments.transactionId, paymentIntentId))
    .orderBy(asc(payments.createdAt))
    .limit(1);
  const bookingOf = async (kind: BookingKind) => {
    const table = kind === 'ute' ? uteBookings : jobBookings;
    const [row] = await db
      .select({ id: table.id, ownerId: table.ownerId, bookedBy: table.bookedBy })
      .from(table)
      .where(eq(table.transactionId, paymentIntentId))
      .orderBy(sql`${table.deletedAt} is not null`, asc(table.createdAt))
      .limit(1);
    return row ? { kind, ...row } : undefined;
  };
  const booking = (await bookingOf('ute')) ?? (await bookingOf('job'));
  return { payment, booking };
}

const customers = alias(users, 'dispute_customer');
const owners = alias(users, 'dispute_owner');

/** A dispute with the names and references the screen shows beside it. */
const summaryColumns = {
  dispute: disputes,
  version: rowVersion(disputes),
  uteBookingReference: uteBookings.uteBookingId,
  jobBookingReference: jobBookings.jobBookingId,
  customerFirstName: customers.firstName,
  customerLastName: customers.lastName,
  ownerFirstName: owners.firstName,
  ownerLastName: owners.lastName,
};

export type DisputeSummaryRow = {
  dispute: DisputeRow;
  /** The dispute row's version (db/rowVersion.ts): what its actions send back in If-Match. */
  version: string;
  uteBookingReference: string | null;
  jobBookingReference: string | null;
  customerFirstName: string | null;
  customerLastName: string | null;
  ownerFirstName: string | null;
  ownerLastName: string | null;
};

function selectSummaries(db: DbOrTx) {
  return db
    .select(summaryColumns)
    .from(disputes)
    .leftJoin(uteBookings, and(eq(disputes.bookingKind, 'ute'), eq(uteBookings.id, disputes.bookingId)))
    .leftJoin(jobBookings, and(eq(disputes.bookingKind, 'job'), eq(jobBookings.id, disputes.bookingId)))
    .leftJoin(customers, eq(customers.id, disputes.customerId))
    .leftJoin(owners, eq(owners.id, disputes.ownerId));
}

/**
 * The Disputes list: the ones still open by evidence due date, soonest first (no date last), then
 * the closed ones, the most recently due first. Disputes are few (a fraction of a percent of
 * payments), so the list counts its own rows.
 */
export async function listDisputes(
  db: DbOrTx,
  filter: { status?: DisputeStatusFilter; workItems?: WorkItemListFilter },
  page: { limit: number; offset: number },
): Promise<{ rows: DisputeSummaryRow[]; total: number }> {
  const byStatus = filter.status ? STATUS_FILTERS[filter.status] : undefined;
  // The queue's holder filter, and the longest waiting first (docs/design.md §15).
  const where = isWorkItemListed(filter.workItems) ? and(byStatus, workItemCondition('disputesNeedingEvidence', disputes.id, filter.workItems)) : byStatus;
  const waitedFirst = filter.workItems?.waitSort ? [sql`${enteredAtOf('disputesNeedingEvidence', disputes.id)} asc nulls last`] : [];
  const [rows, total] = await Promise.all([
    selectSummaries(db)
      .where(where)
      .orderBy(
        ...waitedFirst,
        sql`(${isClosed})`,
        sql`case when not (${isClosed}) then ${disputes.evidenceDueBy} end asc nulls last`,
        desc(disputes.evidenceDueBy),
        desc(disputes.createdAt),
        asc(disputes.id),
      )
      .limit(page.limit)
      .offset(page.offset),
    db.$count(disputes, where),
  ]);
  return { rows, total };
}

export async function findDisputeSummary(db: DbOrTx, id: string): Promise<DisputeSummaryRow | undefined> {
  const [row] = await selectSummaries(db).where(eq(disputes.id, id));
  return row;
}

/** The email of each of these admins, by id. */
export async function adminEmails(db: DbOrTx, ids: readonly (string | null)[]): Promise<Map<string, string>> {
  const known = [...new Set(ids.filter((id): id is string => id !== null))];
  if (known.length === 0) return new Map();
  const rows = await db.select({ id: admins.id, email: admins.email }).from(admins).where(inArray(admins.id, known));
  return new Map(rows.map((row) => [row.id, row.email]));
}

/** The dispute's journals with their lines, in the order written. */
export async function listDisputeJournals(db: DbOrTx, disputeId: string) {
  const rows = await db
    .select({
      id: ledgerJournals.id,
      kind: ledgerJournals.kind,
      createdAt: ledgerJournals.createdAt,
      account: ledgerLines.account,
      ownerId: ledgerLines.ownerId,
      amountCents: ledgerLines.amountCents,
      lineId: ledgerLines.id,
    })
    .from(ledgerJournals)
    .innerJoin(ledgerLines, eq(ledgerLines.journalId, ledgerJournals.id))
    .where(and(inArray(ledgerJournals.kind, [...DISPUTE_JOURNAL_KINDS]), eq(ledgerJournals.disputeId, disputeId)))
    .orderBy(asc(ledgerJournals.createdAt), asc(ledgerLines.id));
  const journals = new Map<string, { id: string; kind: string; createdAt: Date; lines: { account: string; ownerId: string | null; amountCents: number }[] }>();
  for (const row of rows) {
    const journal = journals.get(row.id) ?? { id: row.id, kind: row.kind, createdAt: row.createdAt, lines: [] };
    journal.lines.push({ account: row.account, ownerId: row.ownerId, amountCents: row.amountCents });
    journals.set(row.id, journal);
  }
  return [...journals.values()];
}

/** Which dispute journals this dispute has (the index ledger_journals_dispute_once_idx serves it). */
export async function disputeJournalKinds(db: DbOrTx, disputeId: string): Promise<Set<DisputeJournalKind>> {
  const rows = await db
    .select({ kind: ledgerJournals.kind })
    .from(ledgerJournals)
    .where(and(inArray(ledgerJournals.kind, [...DISPUTE_JOURNAL_KINDS]), eq(ledgerJournals.disputeId, disputeId)));
  return new Set(rows.map((row) => row.kind as DisputeJournalKind));
}

/** Everything of the booking's record that Build evidence gathers. */
export async function findEvidenceRecord(db: DbOrTx, dispute: DisputeRow) {
  const customerId = dispute.customerId;
  const [customer] = customerId
    ? await db
        .select({ firstName: users.firstName, lastName: users.lastName, email: users.email, address: users.address, phone: users.phoneNumber })
        .from(users)
        .where(eq(users.id, customerId))
    : [];
  const [uteBooking] =
    dispute.bookingKind === 'ute' && dispute.bookingId ? await db.select().from(uteBookings).where(eq(uteBookings.id, dispute.bookingId)) : [];
  const [jobBooking] =
    dispute.bookingKind === 'job' && dispute.bookingId
      ? await db
          .select({ booking: jobBookings, location: jobs.location, state: jobs.state, workSchedule: jobs.workSchedule })
          .from(jobBookings)
          .leftJoin(jobs, eq(jobs.id, jobBookings.jobRef))
          .where(eq(jobBookings.id, dispute.bookingId))
      : [];
  const [payment] = dispute.paymentId ? await db.select().from(payments).where(eq(payments.id, dispute.paymentId)) : [];
  // The customer's messages: their queries (sent from their email, any case) and our replies, oldest first.
  const queries = customer
    ? await db
        .select({
          id: customerQueries.id,
          message: customerQueries.message,
          createdAt: customerQueries.createdAt,
          reply: queryReplies.message,
          repliedAt: queryReplies.createdAt,
        })
        .from(customerQueries)
        .leftJoin(queryReplies, eq(queryReplies.queryId, customerQueries.id))
        .where(and(sql`lower(${customerQueries.email}) = lower(${customer.email})`, isNull(customerQueries.deletedAt)))
        .orderBy(asc(customerQueries.createdAt), asc(queryReplies.createdAt))
        .limit(200)
    : [];
  // The booking's history as the back-office recorded it: its audit entries (payouts, deletion), oldest first.
  const history = dispute.bookingId
    ? await db
        .select({ action: auditLog.action, createdAt: auditLog.createdAt })
        .from(auditLog)
        .where(and(eq(auditLog.targetType, dispute.bookingKind === 'job' ? 'job_booking' : 'ute_booking'), eq(auditLog.targetId, dispute.bookingId)))
        .orderBy(asc(auditLog.id))
        .limit(100)
    : [];
  return { customer, uteBooking, jobBooking, payment, queries, history };
}
export type EvidenceRecord = Awaited<ReturnType<typeof findEvidenceRecord>>;
