import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { admins } from './auth.table';

/** The evidence as stored: Stripe's field names, text values (contract DISPUTE_EVIDENCE_FIELDS). */
export type StoredDisputeEvidence = Record<string, string>;

/**
 * Stripe's disputes (chargebacks and inquiries) as their webhooks told us (migration 0021,
 * docs/design.md §9.7): one row per Stripe dispute, its latest state applied forwards only, the
 * booking it is about, finance's evidence and how a loss is recovered. The money is in the ledger
 * (journals with this row's id in `dispute_id`), not here.
 */
export const disputes = pgTable(
  'disputes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stripeDisputeId: text('stripe_dispute_id').notNull().unique(),
    chargeId: text('charge_id'),
    paymentIntentId: text('payment_intent_id'),
    /** payments.id whose transaction_id is the payment intent, when one is known. No foreign key: the customer app owns payments. */
    paymentId: uuid('payment_id'),
    /** The booking whose transaction_id is the payment intent, when one is known. */
    bookingKind: text('booking_kind', { enum: ['ute', 'job'] }),
    bookingId: uuid('booking_id'),
    ownerId: uuid('owner_id'),
    customerId: uuid('customer_id'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    reason: text('reason').notNull(),
    /** Stripe's status (DISPUTE_STATUSES), moved forwards only. */
    status: text('status').notNull(),
    /** Stripe's `created` of the dispute. */
    stripeCreatedAt: timestamp('stripe_created_at', { withTimezone: true }).notNull(),
    /** The `created` of the newest event applied: an older one with the same status changes nothing. */
    lastEventAt: timestamp('last_event_at', { withTimezone: true }).notNull(),
    evidenceDueBy: timestamp('evidence_due_by', { withTimezone: true }),
    evidenceDraft: jsonb('evidence_draft').$type<StoredDisputeEvidence>(),
    draftSavedAt: timestamp('draft_saved_at', { withTimezone: true }),
    draftSavedBy: uuid('draft_saved_by').references(() => admins.id),
    /** The claim of a submission under way (exactly one request sends it); cleared when Stripe refused it. */
    evidenceSubmittingAt: timestamp('evidence_submitting_at', { withTimezone: true }),
    /** What the submission sends, kept once sent (what Stripe got): a retry after an unknown outcome sends exactly this again, with the same key. */
    evidenceSubmission: jsonb('evidence_submission').$type<StoredDisputeEvidence>(),
    /** Raised after each refusal, so the next attempt has its own idempotency key (Stripe replays a stored error per key). */
    submitAttempt: integer('submit_attempt').notNull().default(1),
    evidenceSubmittedAt: timestamp('evidence_submitted_at', { withTimezone: true }),
    /** The admin who submitted; null with a date when Stripe says evidence went in elsewhere (its dashboard). */
    evidenceSubmittedBy: uuid('evidence_submitted_by').references(() => admins.id),
    lossRecovery: text('loss_recovery', { enum: ['absorb', 'owner_balance'] }),
    lossRecoveryBy: uuid('loss_recovery_by').references(() => admins.id),
    lossRecoveryAt: timestamp('loss_recovery_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('disputes_amount_positive', sql`${t.amountCents} > 0`),
    check('disputes_loss_recovery_known', sql`${t.lossRecovery} is null or ${t.lossRecovery} in ('absorb', 'owner_balance')`),
    // The Disputes screen, by evidence due date (soonest first).
    index('disputes_due_idx').on(t.evidenceDueBy, t.id),
    // The disputesNeedingEvidence work queue's list (its counter counts exactly these rows).
    index('disputes_needing_evidence_idx')
      .on(t.evidenceDueBy, t.id)
      .where(sql`${t.status} in ('warning_needs_response', 'needs_response') and ${t.evidenceSubmittedAt} is null`),
  ],
);
