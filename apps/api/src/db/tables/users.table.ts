import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    address: text('address'),
    phoneNumber: text('phone_number'),
    isActive: boolean('is_active').notNull().default(true),
    /** Stripe Connect account that receives this user's payouts as a ute owner. */
    stripeAccountId: text('stripe_account_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('users_list_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null`),
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    // Global search finds people by their whole name ("ann smi" matches Ann Smith).
    index('users_name_trgm_idx').using('gin', sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`),
    // A Stripe Connect event names the connected account: its owner (migration 0014).
    index('users_stripe_account_idx')
      .on(t.stripeAccountId)
      .where(sql`${t.stripeAccountId} is not null`),
  ],
);

/** Where manual payouts go: one bank account per owner (Australian BSB). */
export const ownerBankAccounts = pgTable('owner_bank_accounts', {
  ownerId: uuid('owner_id')
    .primaryKey()
    .references(() => users.id),
  accountNumber: text('account_number').notNull(),
  bsbCode: text('bsb_code').notNull(),
  accountHolderName: text('account_holder_name').notNull(),
  bankName: text('bank_name').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
