import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.table';

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    payerId: uuid('payer_id').references(() => users.id),
    /** Payer's full name, kept with the payment so search by name needs no join. */
    paymentBy: text('payment_by').notNull(),
    uteOwnerName: text('ute_owner_name'),
    amountCents: integer('amount_cents').notNull(),
    status: text('status').notNull().default('pending'),
    transactionId: text('transaction_id'),
    receiptImage: text('receipt_image'),
    isStripe: boolean('is_stripe').notNull(),
    isJob: boolean('is_job').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_list_idx').on(t.isStripe, t.isJob, t.createdAt.desc(), t.id.desc()),
    index('payments_payer_trgm_idx').using('gin', t.paymentBy.op('gin_trgm_ops')),
    // The manualPaymentsAwaitingAcceptance work queue's list, ute and job payments together.
    index('payments_manual_awaiting_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`not ${t.isStripe} and ${t.status} <> 'inProgress'`),
    index('payments_created_idx').on(t.createdAt.desc(), t.id.desc()),
    // A user's payments, newest first: the user page's section and its "see all" list (migration 0010).
    index('payments_payer_idx').on(t.payerId, t.createdAt.desc(), t.id.desc()),
    // A Stripe refund's payment by its payment intent's id (migration 0020).
    index('payments_transaction_idx')
      .on(t.transactionId)
      .where(sql`${t.transactionId} is not null`),
  ],
);
