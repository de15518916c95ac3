import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Every mail is written here first, then sent; a failed send stays here to be retried. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    /** Replaced by a redaction text once a sensitive mail has been delivered or given up. */
    body: text('body').notNull(),
    /** Carries a secret (an OTP): its body is not kept after delivery and not logged in production. */
    isSensitive: boolean('is_sensitive').notNull().default(false),
    /** pending | sending (claimed; next_attempt_at is when the claim runs out) | sent | logged (no SMTP configured) | failed (gave up) */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_pending_idx').on(t.status, t.nextAttemptAt)],
);
