import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { admins } from './auth.table';

export const customerQueries = pgTable(
  'customer_queries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('customer_queries_list_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null`),
    index('customer_queries_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    // The queries sent from a user's email, any case: the user page's section (migration 0010).
    index('customer_queries_email_lower_idx')
      .on(sql`lower(${t.email})`, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null`),
  ],
);

export const queryReplies = pgTable(
  'query_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    queryId: uuid('query_id')
      .notNull()
      .references(() => customerQueries.id),
    message: text('message').notNull(),
    adminId: uuid('admin_id').references(() => admins.id),
    /** The outbox mail that carries this reply; its status tells whether it was sent. */
    mailId: uuid('mail_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('query_replies_query_idx').on(t.queryId, t.createdAt)],
);
