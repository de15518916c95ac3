import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { RefundMethod, RefundReason, RefundRecovery, RefundReversalStatus, RefundSource, RefundStatus } from '@ute/contract';
import { admins } from './auth.table';

/**
 * Money given back to a customer (issue 27, docs/design.md §9.6; migration 0020). A row is written
 * `pending` before the provider is asked (its idempotency key makes any retry the same refund), and
 * its journal when it succeeded. The database refuses refunds (pending and succeeded) that add up to
 * more than their payment's amount.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** payments.id. No foreign key: the customer app owns payments (the refund trigger checks it exists). */
    paymentId: uuid('payment_id').notNull(),
    /** The payment's booking (modules/refunds/paymentBooking.repository.ts); null when it has none. */
    bookingKind: text('booking_kind').$type<'ute' | 'job'>(),
    bookingId: uuid('booking_id'),
    ownerId: uuid('owner_id'),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').$type<RefundReason>().notNull(),
    note: text('note'),
    recovery: text('recovery').$type<RefundRecovery>().notNull(),
    method: text('method').$type<RefundMethod>().notNull(),
    status: text('status').$type<RefundStatus>().notNull().default('pending'),
    source: text('source').$type<RefundSource>().notNull().default('admin'),
    stripeRefundId: text('stripe_refund_id'),
    /** A `reverse_transfer` recovery: the payout whose transfer is reversed, the reversal's state and id. */
    reversalPayoutId: uuid('reversal_payout_id'),
    reversalStatus: text('reversal_status').$type<RefundReversalStatus>(),
    transferReversalId: text('transfer_reversal_id'),
    bankReference: text('bank_reference'),
    /** Derived from the payment and the admin's request key (or Stripe's refund id): one refund per key. */
    idempotencyKey: text('idempotency_key').notNull(),
    failureMessage: text('failure_message'),
    /** Set when it succeeded: true when the booking had no payable journal yet (not delivered). */
    isBeforeDelivery: boolean('is_before_delivery'),
    /** The parts its journal took (refundPartsOf), set when it succeeded. */
    feeCents: integer('fee_cents'),
    gstCents: integer('gst_cents'),
    ownerCents: integer('owner_cents'),
    unbookedCents: integer('unbooked_cents'),
    adminId: uuid('admin_id').references(() => admins.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    check('refunds_amount_positive', sql`${t.amountCents} > 0`),
    check('refunds_status_known', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
    check('refunds_method_known', sql`${t.method} in ('stripe', 'ledger', 'manual')`),
    check('refunds_source_known', sql`${t.source} in ('admin', 'stripe_dashboard')`),
    check('refunds_recovery_known', sql`${t.recovery} in ('none', 'not_paid_yet', 'reverse_transfer', 'owner_balance', 'absorb', 'undecided')`),
    check('refunds_reason_known', sql`${t.reason} in ('requested_by_customer', 'service_not_provided', 'duplicate', 'fraudulent', 'other')`),
    check(
      'refunds_booking_whole',
      sql`(${t.bookingKind} is null) = (${t.bookingId} is null) and (${t.bookingKind} is null or ${t.bookingKind} in ('ute', 'job'))`,
    ),
    check('refunds_reversal_status_known', sql`${t.reversalStatus} is null or ${t.reversalStatus} in ('pending', 'succeeded', 'failed')`),
    uniqueIndex('refunds_idempotency_key_idx').on(t.idempotencyKey),
    uniqueIndex('refunds_stripe_refund_idx')
      .on(t.stripeRefundId)
      .where(sql`${t.stripeRefundId} is not null`),
    index('refunds_payment_idx').on(t.paymentId),
    index('refunds_booking_idx').on(t.bookingKind, t.bookingId),
    index('refunds_created_idx').on(t.createdAt.desc(), t.id.desc()),
    // The refunds waiting for an admin's recovery choice, and the pending ones the reconciliation re-sends.
    index('refunds_undecided_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.recovery} = 'undecided'`),
    index('refunds_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending' or ${t.reversalStatus} = 'pending'`),
  ],
);
