import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { NotificationKind, NotificationRecordType } from '@ute/contract';
import { admins } from './auth.table';

/**
 * The header's inbox (docs/design.md §13; migration 0028): one row per recipient
 * admin. Mentions are written by the notes service; a failed payout and a failed Stripe event by the
 * migration's triggers (no money code path writes here); a dispute's evidence due soon by the daily
 * `dispute-evidence-due` job. `event_key` names the event (`payoutFailed:<payout id>`), unique per
 * recipient: each event notifies each admin at most once, however often it is seen.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => admins.id),
    kind: text('kind').$type<NotificationKind>().notNull(),
    title: text('title').notNull(),
    recordType: text('record_type').$type<NotificationRecordType>().notNull(),
    /** The record's id: a uuid, or a Stripe event id (text). No foreign key: the table depends on the type. */
    recordId: text('record_id').notNull(),
    /** A mention's note. */
    noteId: uuid('note_id'),
    eventKey: text('event_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    check(
      'notifications_kind_check',
      sql`${t.kind} in ('mention', 'payoutFailed', 'webhookFailed', 'disputeEvidenceDue', 'assigned', 'overdue', 'exportFinished')`,
    ),
    check('notifications_title_length', sql`char_length(${t.title}) between 1 and 300`),
    uniqueIndex('notifications_recipient_event_idx').on(t.recipientId, t.eventKey),
    // The inbox, newest first.
    index('notifications_recipient_created_idx').on(t.recipientId, t.createdAt.desc(), t.id.desc()),
    // The unread count.
    index('notifications_unread_idx')
      .on(t.recipientId)
      .where(sql`${t.readAt} is null`),
  ],
);
