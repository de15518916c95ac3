import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { WorkItemQueue } from '@ute/contract';
import { admins } from './auth.table';

/**
 * The rows waiting in the work queues (docs/design.md §15; migration 0030): one per row of a queue's
 * list, kept by database triggers on each queue's table in the transaction of the change, under the
 * same conditions as the queue's counter (migrations 0008, 0021). A row entering the queue inserts
 * its item (`entered_at` = now()); leaving it deletes the item, and with it the assignment.
 */
export const workItems = pgTable(
  'work_items',
  {
    queue: text('queue').$type<WorkItemQueue>().notNull(),
    /** The queue's row (utes, jobs, bookings, payments, queries, shipments, disputes: all uuid keys). */
    recordId: uuid('record_id').notNull(),
    enteredAt: timestamp('entered_at', { withTimezone: true }).notNull().defaultNow(),
    assigneeId: uuid('assignee_id').references(() => admins.id),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    assignedBy: uuid('assigned_by').references(() => admins.id),
  },
  (t) => [
    primaryKey({ columns: [t.queue, t.recordId] }),
    check(
      'work_items_queue_check',
      sql`${t.queue} in ('pendingUtes', 'pendingJobs', 'uteBookingsAwaitingPayout', 'jobBookingsAwaitingPayout', 'manualPaymentsAwaitingAcceptance', 'unansweredQueries', 'quotesAwaitingPrice', 'disputesNeedingEvidence')`,
    ),
    check('work_items_assignment_whole', sql`(${t.assigneeId} is null) = (${t.assignedAt} is null)`),
    // The oldest of a queue and its overdue count (a range up to the threshold's cut-off).
    index('work_items_queue_entered_idx').on(t.queue, t.enteredAt, t.recordId),
    // "Mine": an admin's items per queue, oldest first.
    index('work_items_assignee_idx')
      .on(t.assigneeId, t.queue, t.enteredAt)
      .where(sql`${t.assigneeId} is not null`),
  ],
);
