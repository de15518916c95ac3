import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const WEBHOOK_EVENT_STATES = ['received', 'processed', 'ignored', 'failed'] as const;
export type WebhookEventState = (typeof WEBHOOK_EVENT_STATES)[number];

/**
 * The inbox of Stripe's webhook events: each verified event once, keyed by Stripe's event id (a
 * duplicate delivery changes nothing), then worked by the `stripe-event` job.
 */
export const stripeEvents = pgTable(
  'stripe_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    /** The connected account of a Connect event; null for the platform's own. */
    account: text('account'),
    livemode: boolean('livemode').notNull(),
    payload: jsonb('payload').notNull(),
    state: text('state', { enum: WEBHOOK_EVENT_STATES }).notNull().default('received'),
    attempts: integer('attempts').notNull().default(0),
    /** Why it failed (the last attempt), or why it was ignored. */
    note: text('note'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    index('stripe_events_received_idx').on(t.receivedAt.desc(), t.id.desc()),
    // The sweep's look-up: events received and not yet worked.
    index('stripe_events_pending_idx')
      .on(t.receivedAt)
      .where(sql`${t.state} = 'received'`),
  ],
);
