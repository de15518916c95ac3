import { sql } from 'drizzle-orm';
import { index, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.table';
import { utes } from './utes.table';
import { jobs } from './jobs.table';

/** none -> transferring -> transferred; only one request can move a booking out of 'none'. */
export const TRANSFER_STATES = ['none', 'transferring', 'transferred'] as const;
export type TransferState = (typeof TRANSFER_STATES)[number];

export const uteBookings = pgTable(
  'ute_bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uteBookingId: text('ute_booking_id').notNull().unique(),
    bookedBy: uuid('booked_by').references(() => users.id),
    uteRef: uuid('ute_ref').references(() => utes.id),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    uteName: text('ute_name').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    actualAmount: numeric('actual_amount', { precision: 12, scale: 2, mode: 'number' }),
    requestAmount: numeric('request_amount', { precision: 12, scale: 2, mode: 'number' }),
    status: text('status').notNull().default('pending'),
    pickupStreet: text('pickup_street'),
    pickupState: text('pickup_state'),
    pickupPostalCode: text('pickup_postal_code'),
    dropStreet: text('drop_street'),
    dropState: text('drop_state'),
    dropPostalCode: text('drop_postal_code'),
    /** Present: paid by Stripe (Stripe tab); absent: manual payment (Manual tab). */
    transactionId: text('transaction_id'),
    transferState: text('transfer_state', { enum: TRANSFER_STATES }).notNull().default('none'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('ute_bookings_stripe_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null and ${t.transactionId} is not null`),
    index('ute_bookings_manual_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null and ${t.transactionId} is null`),
    // The uteBookingsAwaitingPayout work queue's list: delivered, and no payout started.
    index('ute_bookings_awaiting_payout_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null and ${t.status} = 'delivered' and ${t.transferState} = 'none'`),
    // A user's rows, newest first: the user page's section and its "see all" list (migration 0010).
    index('ute_bookings_booked_by_idx')
      .on(t.bookedBy, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null`),
    index('ute_bookings_owner_idx')
      .on(t.ownerId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null`),
    // A payment's booking by the payment intent's id (migration 0020, modules/refunds/paymentBooking.repository.ts).
    index('ute_bookings_transaction_idx')
      .on(t.transactionId)
      .where(sql`${t.transactionId} is not null`),
  ],
);

export const jobBookings = pgTable(
  'job_bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobBookingId: text('job_booking_id').notNull().unique(),
    jobRef: uuid('job_ref').references(() => jobs.id),
    jobTitle: text('job_title').notNull(),
    bookedBy: uuid('booked_by').references(() => users.id),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    uteName: text('ute_name').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    status: text('status').notNull().default('pending'),
    transactionId: text('transaction_id'),
    transferState: text('transfer_state', { enum: TRANSFER_STATES }).notNull().default('none'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('job_bookings_stripe_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null and ${t.transactionId} is not null`),
    index('job_bookings_manual_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null and ${t.transactionId} is null`),
    // The jobBookingsAwaitingPayout work queue's list: delivered, and no payout started.
    index('job_bookings_awaiting_payout_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null and ${t.status} = 'delivered' and ${t.transferState} = 'none'`),
    // A user's rows, newest first: the user page's section and its "see all" list (migration 0010).
    index('job_bookings_booked_by_idx')
      .on(t.bookedBy, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null`),
    index('job_bookings_owner_idx')
      .on(t.ownerId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null`),
    // A payment's booking by the payment intent's id (migration 0020, modules/refunds/paymentBooking.repository.ts).
    index('job_bookings_transaction_idx')
      .on(t.transactionId)
      .where(sql`${t.transactionId} is not null`),
  ],
);
