import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A file sent with a mail (a payout remittance's tax invoice), kept with it so a retry sends the same bytes. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
}

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
    /**
     * pending | sending (claimed; next_attempt_at is when the claim runs out) | sent | logged (no SMTP configured) | failed (gave up)
     * | withdrawn (a held mail that later news made needless: never sent).
     */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /**
     * Mails about one thing (a listing's moderation notice: `listing:ute:<id>`) share a key: the first
     * is held until next_attempt_at, later ones replace it meanwhile, and one that repeats the last
     * mail the recipient got withdraws it (Mailer.enqueueCoalesced). Null for every other mail.
     */
    coalesceKey: text('coalesce_key'),
    /** Files sent with the mail (migration 0023); null for most mails. */
    attachments: jsonb('attachments').$type<MailAttachment[]>(),
  },
  (t) => [
    index('mail_outbox_pending_idx').on(t.status, t.nextAttemptAt),
    index('mail_outbox_coalesce_idx')
      .on(t.coalesceKey, t.createdAt.desc())
      .where(sql`${t.coalesceKey} is not null`),
  ],
);
