import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { admins } from './auth.table';

/**
 * The ledger's accounts (docs/design.md §9). Signed integer cents: a debit is positive, a credit
 * negative, and every journal's lines sum to zero (checked by the database at commit, migration 0013).
 * The per-owner accounts carry the owner's id on each line.
 */
export const LEDGER_ACCOUNTS = [
  /** Money the platform received from customers (Stripe balance and bank): an asset, debit-normal. */
  'platform_cash',
  /** What customers paid for bookings not yet delivered: a liability, credit-normal. */
  'customer_funds',
  /** Per owner: earned (the booking is delivered) and not yet sent. */
  'owner_payable',
  /** Per owner: sent to the payout provider, outcome not yet recorded. */
  'owner_in_transit',
  /** Per owner: what left the platform for the owner (credit); the platform's cash is platform_cash plus this. */
  'owner_paid_out',
  /** The platform's fee without its GST. */
  'fee_revenue',
  /** The GST in the platform's fee (1/11 of the GST-inclusive fee), owed to the ATO. */
  'gst_payable',
  /** Per owner: corrections by an admin (refunds and adjustments, not written yet), against the owner's payable. */
  'adjustments',
  /** What the platform bears itself: a refund or a lost dispute it chose not to recover from the owner (issue 27). */
  'platform_expense',
  /** Money Stripe withdrew for an open dispute, until the dispute is won (back to cash) or lost (an expense or the owner's debt). */
  'disputes_pending',
] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];
export const OWNER_ACCOUNTS: readonly LedgerAccount[] = ['owner_payable', 'owner_in_transit', 'owner_paid_out', 'adjustments'];

/** What happened: one kind per money event. */
export const JOURNAL_KINDS = [
  'payment.received',
  'booking.payable',
  /** A delivered booking deleted before any payout: its payable journal reversed line by line. */
  'booking.withdrawn',
  'payout.started',
  'payout.succeeded',
  'payout.failed',
  'payout.manual',
  /** Stripe reversed (part of) a transfer: that much is owed to the owner again. */
  'payout.reversed',
  /** A booking paid out before the ledger existed (backfill) or imported already paid. */
  'payout.before-ledger',
  /** Disputes (migration 0021, docs/design.md §9.7): Stripe withdrew the disputed amount; it gave it back (won); a loss borne by the platform or charged to the owner. */
  'dispute.funds-withdrawn',
  'dispute.funds-reinstated',
  'dispute.loss-absorbed',
  'dispute.loss-owner',
  /** Refunds (migration 0020, docs/design.md §9.6): a refund made; its owner share recovered as an admin chose later; a transfer reversal Stripe refused (the share goes to the owner's balance). */
  'refund.issued',
  'refund.recovered',
  'refund.reversal-failed',
] as const;
export type JournalKind = (typeof JOURNAL_KINDS)[number];

/** One money event. Never updated or deleted (triggers refuse it): a correction is a new reversing journal. */
export const ledgerJournals = pgTable(
  'ledger_journals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: JOURNAL_KINDS }).notNull(),
    bookingKind: text('booking_kind'),
    bookingId: uuid('booking_id'),
    payoutId: uuid('payout_id'),
    paymentId: uuid('payment_id'),
    /** The dispute (disputes.id) a dispute journal is about (migration 0021). */
    disputeId: uuid('dispute_id'),
    /** The refund (refunds.id) a refund journal is about (migration 0020). */
    refundId: uuid('refund_id'),
    /** Why, in words: an adjustment's reason, a provider's failure message. */
    memo: text('memo'),
    adminId: uuid('admin_id').references(() => admins.id),
    requestId: text('request_id'),
    /** The transaction that wrote the journal: lines may be added in that transaction only. */
    createdTxid: bigint('created_txid', { mode: 'number' })
      .notNull()
      .default(sql`txid_current()`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Each money event is journalled once: one of each booking step per booking, one of each step per payout, one receipt per payment.
    uniqueIndex('ledger_journals_booking_once_idx')
      .on(t.kind, t.bookingKind, t.bookingId)
      .where(sql`${t.bookingId} is not null and ${t.payoutId} is null`),
    // A payout may be reversed in parts: one reversal journal per part.
    uniqueIndex('ledger_journals_payout_once_idx')
      .on(t.kind, t.payoutId)
      .where(sql`${t.payoutId} is not null and ${t.kind} <> 'payout.reversed'`),
    uniqueIndex('ledger_journals_payment_once_idx')
      .on(t.kind, t.paymentId)
      .where(sql`${t.paymentId} is not null`),
    index('ledger_journals_booking_idx').on(t.bookingId),
    // One of each dispute step per dispute, and one loss journal whichever recovery was chosen (migration 0021).
    uniqueIndex('ledger_journals_dispute_once_idx')
      .on(t.kind, t.disputeId)
      .where(sql`${t.disputeId} is not null`),
    uniqueIndex('ledger_journals_dispute_loss_once_idx')
      .on(t.disputeId)
      .where(sql`${t.disputeId} is not null and ${t.kind} in ('dispute.loss-absorbed', 'dispute.loss-owner')`),
    // One of each refund step per refund (migration 0020).
    uniqueIndex('ledger_journals_refund_once_idx')
      .on(t.kind, t.refundId)
      .where(sql`${t.refundId} is not null`),
  ],
);

/** The lines of a journal: signed cents on one account (and one owner, for the per-owner accounts). */
export const ledgerLines = pgTable(
  'ledger_lines',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    journalId: uuid('journal_id')
      .notNull()
      .references(() => ledgerJournals.id),
    account: text('account', { enum: LEDGER_ACCOUNTS }).notNull(),
    /** Set exactly on the per-owner accounts. No foreign key: the ledger outlives a removed user. */
    ownerId: uuid('owner_id'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('ledger_lines_amount_nonzero', sql`${t.amountCents} <> 0`),
    check(
      'ledger_lines_owner_accounts',
      sql`(${t.account} in ('owner_payable', 'owner_in_transit', 'owner_paid_out', 'adjustments')) = (${t.ownerId} is not null)`,
    ),
    check(
      'ledger_lines_known_account',
      sql`${t.account} in ('platform_cash', 'customer_funds', 'owner_payable', 'owner_in_transit', 'owner_paid_out', 'fee_revenue', 'gst_payable', 'adjustments', 'platform_expense', 'disputes_pending')`,
    ),
    index('ledger_lines_journal_idx').on(t.journalId),
    // An owner's ledger, newest first, and their balances per account.
    index('ledger_lines_owner_idx')
      .on(t.ownerId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.ownerId} is not null`),
    index('ledger_lines_account_idx').on(t.account, t.createdAt),
  ],
);

/**
 * Each owner's balances as their ledger lines sum them (migration 0018): a cache the database keeps
 * in the transaction that writes the lines (a statement trigger on ledger_lines adds each
 * statement's sums per owner), so the Balances screen reads one row per owner instead of summing
 * every line. The lines stay the truth: this table is refused any write but the trigger's, and
 * ledger tests compare it with the lines' own sums. Amounts are what the platform owes (positive).
 */
export const ledgerOwnerBalances = pgTable(
  'ledger_owner_balances',
  {
    ownerId: uuid('owner_id').primaryKey(),
    /** -(owner_payable + adjustments): owed now; negative when the owner owes the platform. */
    payableCents: bigint('payable_cents', { mode: 'number' }).notNull(),
    /** -owner_in_transit */
    inTransitCents: bigint('in_transit_cents', { mode: 'number' }).notNull(),
    /** -owner_paid_out, all time */
    paidOutCents: bigint('paid_out_cents', { mode: 'number' }).notNull(),
  },
  (t) => [
    // Balances' sorts (each value, largest first, then the owner's id) walk these.
    index('ledger_owner_balances_payable_idx').on(t.payableCents.desc(), t.ownerId),
    index('ledger_owner_balances_in_transit_idx').on(t.inTransitCents.desc(), t.ownerId),
    index('ledger_owner_balances_paid_out_idx').on(t.paidOutCents.desc(), t.ownerId),
  ],
);

/**
 * The platform's fee per booking kind: a percentage (basis points) plus a fixed amount, GST
 * inclusive. Append-only: the newest row of a kind applies to bookings that become payable after it.
 */
export const platformFees = pgTable(
  'platform_fees',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingKind: text('booking_kind', { enum: ['ute', 'job'] }).notNull(),
    percentBps: integer('percent_bps').notNull(),
    fixedCents: integer('fixed_cents').notNull(),
    adminId: uuid('admin_id').references(() => admins.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('platform_fees_percent_range', sql`${t.percentBps} between 0 and 10000`),
    check('platform_fees_fixed_range', sql`${t.fixedCents} >= 0`),
    index('platform_fees_kind_idx').on(t.bookingKind, t.createdAt.desc()),
  ],
);
