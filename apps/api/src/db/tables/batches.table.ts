import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { PAYOUT_BATCH_LINE_STATUSES, PAYOUT_BATCH_STATUSES } from '@ute/contract';
import { admins } from './auth.table';
import { payouts } from './payouts.table';
import { users } from './users.table';

/**
 * A payout batch: one ABA file paying owners of manual-payment bookings (migration 0022, docs/design.md §9.8).
 * The file is written once, at preparation, and its SHA-256 kept; the approval pins that hash, so the file
 * downloaded is byte for byte the one approved. The database refuses an approval by the admin who prepared
 * the batch (maker-checker), any change of the file, totals or makers once written, a status moving other
 * than prepared -> approved -> paid (or -> cancelled before paid), and deletes (the trigger of 0022).
 */
export const payoutBatches = pgTable(
  'payout_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** PB-0001 and payout-batch-0001.aba: taken from its sequence before the file is written (the file names it). */
    number: integer('number').notNull().generatedByDefaultAsIdentity(),
    status: text('status', { enum: PAYOUT_BATCH_STATUSES }).notNull().default('prepared'),
    /** The day the bank releases the payments (Sydney), as the file's type 0 record says. */
    processingDate: date('processing_date', { mode: 'string' }).notNull(),
    /** Bookings (lines) and owners (credits, the file's detail records) as prepared. */
    lineCount: integer('line_count').notNull(),
    creditCount: integer('credit_count').notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    abaFile: text('aba_file').notNull(),
    abaSha256: text('aba_sha256').notNull(),
    preparedBy: uuid('prepared_by')
      .notNull()
      .references(() => admins.id),
    preparedAt: timestamp('prepared_at', { withTimezone: true }).notNull().defaultNow(),
    approvedBy: uuid('approved_by').references(() => admins.id),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    /** The file's hash as the approver saw it: must equal abaSha256 (a CHECK). */
    approvedSha256: text('approved_sha256'),
    paidBy: uuid('paid_by').references(() => admins.id),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    cancelledBy: uuid('cancelled_by').references(() => admins.id),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    downloadCount: integer('download_count').notNull().default(0),
    /**
     * The batch's version for If-Match (docs/design.md §14): bumped by every step (approve, paid, a returned
     * credit, cancel), not by a download, which only counts; the row's xmin would change with each download.
     */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('payout_batches_number_idx').on(t.number),
    index('payout_batches_prepared_idx').on(t.preparedAt.desc(), t.id.desc()),
    check('payout_batches_status_check', sql`${t.status} in ('prepared', 'approved', 'paid', 'cancelled')`),
    check('payout_batches_maker_checker', sql`${t.approvedBy} is null or ${t.approvedBy} <> ${t.preparedBy}`),
    check(
      'payout_batches_approval_check',
      sql`${t.status} not in ('approved', 'paid') or (${t.approvedBy} is not null and ${t.approvedAt} is not null and ${t.approvedSha256} = ${t.abaSha256})`,
    ),
    check('payout_batches_paid_check', sql`${t.status} <> 'paid' or (${t.paidBy} is not null and ${t.paidAt} is not null)`),
    check('payout_batches_cancelled_check', sql`${t.status} <> 'cancelled' or (${t.cancelledBy} is not null and ${t.cancelledAt} is not null)`),
    check('payout_batches_totals_check', sql`${t.lineCount} > 0 and ${t.creditCount} > 0 and ${t.totalCents} > 0`),
  ],
);

/**
 * One booking of a batch, with the payout it started (method 'aba') and the owner's bank details as they were
 * when the batch was prepared. An owner's lines make one credit of the file and move together.
 */
export const payoutBatchLines = pgTable(
  'payout_batch_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => payoutBatches.id),
    bookingKind: text('booking_kind').notNull(),
    bookingId: uuid('booking_id').notNull(),
    /** UB-0001 / JB-0001, as prepared. */
    bookingReference: text('booking_reference').notNull(),
    payoutId: uuid('payout_id')
      .notNull()
      .references(() => payouts.id),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    /** XXX-XXX. */
    bsb: text('bsb').notNull(),
    accountNumber: text('account_number').notNull(),
    accountName: text('account_name').notNull(),
    amountCents: integer('amount_cents').notNull(),
    lodgementReference: text('lodgement_reference').notNull(),
    status: text('status', { enum: PAYOUT_BATCH_LINE_STATUSES }).notNull().default('included'),
    returnReason: text('return_reason'),
    returnedBy: uuid('returned_by').references(() => admins.id),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payout_batch_lines_payout_idx').on(t.payoutId),
    // A booking is in one open batch at most: the claim guarantees it, the database says so too.
    uniqueIndex('payout_batch_lines_open_booking_idx')
      .on(t.bookingKind, t.bookingId)
      .where(sql`${t.status} = 'included'`),
    index('payout_batch_lines_batch_idx').on(t.batchId, t.ownerId),
    check('payout_batch_lines_kind_check', sql`${t.bookingKind} in ('ute', 'job')`),
    check('payout_batch_lines_status_check', sql`${t.status} in ('included', 'paid', 'returned', 'cancelled')`),
    check('payout_batch_lines_bsb_check', sql`${t.bsb} ~ '^[0-9]{3}-[0-9]{3}$'`),
    check('payout_batch_lines_account_check', sql`${t.accountNumber} ~ '^[0-9]{5,9}$'`),
    check('payout_batch_lines_amount_check', sql`${t.amountCents} > 0`),
    check('payout_batch_lines_returned_check', sql`${t.status} <> 'returned' or (${t.returnReason} is not null and ${t.returnedAt} is not null)`),
  ],
);
