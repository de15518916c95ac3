import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.table';
import { admins } from './auth.table';

/** The payouts ledger: one row per booking payout, keyed so a payout can never be sent twice. */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingKind: text('booking_kind').notNull(),
    bookingId: uuid('booking_id').notNull(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('aud'),
    /** stripe | ledger | manual | aba (a payout batch's, settled by the batch: modules/batches) */
    method: text('method').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** pending (sent to the provider, outcome not yet recorded) | succeeded | failed */
    status: text('status').notNull().default('pending'),
    providerTransferId: text('provider_transfer_id'),
    /** How much of the transfer Stripe reversed so far (cumulative, never decreases). */
    reversedCents: integer('reversed_cents').notNull().default(0),
    failureMessage: text('failure_message'),
    adminId: uuid('admin_id').references(() => admins.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payouts_idempotency_key_idx').on(t.idempotencyKey),
    index('payouts_status_idx').on(t.status),
    index('payouts_provider_transfer_idx').on(t.providerTransferId),
  ],
);

/**
 * Whether an owner can be paid now, as Stripe and finance say: the connected account's state (from
 * `account.updated`), the last bank payout failure (`payout.failed`), and a hold finance put on them.
 * No row: nothing known against paying them.
 */
export const ownerPayoutStatus = pgTable('owner_payout_status', {
  ownerId: uuid('owner_id')
    .primaryKey()
    .references(() => users.id),
  /** Stripe's `payouts_enabled` of the owner's connected account; null until an account.updated arrived. */
  payoutsEnabled: boolean('payouts_enabled'),
  /** Stripe's `requirements.disabled_reason`, when the account cannot be paid. */
  disabledReason: text('disabled_reason'),
  /** The failure message of the owner's last failed bank payout, cleared by a later paid one. */
  lastPayoutFailure: text('last_payout_failure'),
  /** Finance's hold: while set, Transfer is refused with this reason. */
  holdReason: text('hold_reason'),
  heldBy: uuid('held_by').references(() => admins.id),
  heldAt: timestamp('held_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const RECONCILIATION_DISCREPANCY_KINDS = [
  'missing_in_ledger',
  'missing_in_stripe',
  'amount',
  'destination',
  'reversed',
  'manual_without_receipt',
] as const;
export type ReconciliationDiscrepancyKind = (typeof RECONCILIATION_DISCREPANCY_KINDS)[number];

/** One comparison of the ledger's Stripe transfers with Stripe's own list, and of its bank payouts with the accepted receipts, for a period (daily, or "Reconcile now"). */
export const reconciliationRuns = pgTable(
  'reconciliation_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    /** done | failed (the provider could not be read: `error`) | skipped (the offline ledger keeps no transfers) */
    status: text('status').notNull(),
    transfersChecked: integer('transfers_checked').notNull().default(0),
    /** Manual (bank) payouts of the period compared with the accepted receipts (migration 0016). */
    manualPayoutsChecked: integer('manual_payouts_checked').notNull().default(0),
    discrepancyCount: integer('discrepancy_count').notNull().default(0),
    error: text('error'),
    /** The admin who pressed "Reconcile now"; null for the daily job. */
    adminId: uuid('admin_id').references(() => admins.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('reconciliation_runs_created_idx').on(t.createdAt.desc(), t.id.desc())],
);

/** A difference a run found, and how an admin explained it. */
export const reconciliationDiscrepancies = pgTable(
  'reconciliation_discrepancies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    runId: uuid('run_id')
      .notNull()
      .references(() => reconciliationRuns.id),
    kind: text('kind', { enum: RECONCILIATION_DISCREPANCY_KINDS }).notNull(),
    transferId: text('transfer_id'),
    payoutId: uuid('payout_id'),
    /** What the ledger says and what Stripe (or, for a manual payout, the receipts) says, in words (cents, account ids). */
    ledgerValue: text('ledger_value'),
    stripeValue: text('stripe_value'),
    explainedAt: timestamp('explained_at', { withTimezone: true }),
    explainedBy: uuid('explained_by').references(() => admins.id),
    explanation: text('explanation'),
  },
  (t) => [index('reconciliation_discrepancies_run_idx').on(t.runId)],
);
