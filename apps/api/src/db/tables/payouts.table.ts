import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
    /** stripe | ledger | manual */
    method: text('method').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** pending (sent to the provider, outcome not yet recorded) | succeeded | failed */
    status: text('status').notNull().default('pending'),
    providerTransferId: text('provider_transfer_id'),
    failureMessage: text('failure_message'),
    adminId: uuid('admin_id').references(() => admins.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('payouts_idempotency_key_idx').on(t.idempotencyKey), index('payouts_status_idx').on(t.status)],
);
