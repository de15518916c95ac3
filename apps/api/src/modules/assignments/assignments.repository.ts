import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { AdminRole, WorkItemQueue } from '@ute/contract';
import { queryRows, type DbOrTx } from '../../db/database';
import { preparedRead } from '../../db/prepared';
import { admins, adminSettings } from '../../db/tables/auth.table';
import { workItems } from '../../db/tables/workItems.table';
import { WORK_QUEUE_THRESHOLDS_KEY } from './workQueueThresholds';

export type WorkItemRow = typeof workItems.$inferSelect;

/** A work item, locked for the rest of the transaction: a concurrent assignment of the same item waits. */
export async function lockWorkItem(tx: DbOrTx, queue: WorkItemQueue, recordId: string): Promise<WorkItemRow | null> {
  const [row] = await tx
    .select()
    .from(workItems)
    .where(and(eq(workItems.queue, queue), eq(workItems.recordId, recordId)))
    .for('update');
  return row ?? null;
}

const readWorkItemsOf = preparedRead('find_work_items_of', (db) =>
  db
    .select({
      ...getTableColumns(workItems),
      thresholds: sql<string | null>`(select ${adminSettings.value} from ${adminSettings} where ${adminSettings.key} = ${WORK_QUEUE_THRESHOLDS_KEY})`,
    })
    .from(workItems)
    .where(and(eq(workItems.queue, sql.placeholder('queue')), sql`${workItems.recordId} = any(${sql.placeholder('recordIds')})`)),
);

/**
 * The items of `queue` among these records (the primary key, one probe each): a list page's work
 * items, prepared. Each carries the stored overdue thresholds (the setting, null when never written),
 * which the page needs only when it has items: one round trip, not a second read on every page.
 */
export const findWorkItemsOf = (db: DbOrTx, queue: WorkItemQueue, recordIds: readonly string[]): Promise<(WorkItemRow & { thresholds: string | null })[]> =>
  readWorkItemsOf(db, { queue, recordIds });

/** The item's new holder (null: released). */
export async function setAssignee(
  tx: DbOrTx,
  queue: WorkItemQueue,
  recordId: string,
  assignment: { assigneeId: string; assignedBy: string } | null,
): Promise<WorkItemRow> {
  const [row] = await tx
    .update(workItems)
    .set(
      assignment
        ? { assigneeId: assignment.assigneeId, assignedBy: assignment.assignedBy, assignedAt: sql`now()` }
        : { assigneeId: null, assignedBy: null, assignedAt: null },
    )
    .where(and(eq(workItems.queue, queue), eq(workItems.recordId, recordId)))
    .returning();
  return row;
}

export interface AdminSummary {
  id: string;
  name: string;
  roles: AdminRole[];
  isActive: boolean;
}

export async function findAdmin(db: DbOrTx, id: string): Promise<AdminSummary | null> {
  const [row] = await db.select({ id: admins.id, name: admins.name, roles: admins.roles, isActive: admins.isActive }).from(admins).where(eq(admins.id, id));
  return row ? { ...row, roles: row.roles as AdminRole[] } : null;
}

/** A short name of each queue's record, for the badge's tooltip and the inbox's titles. */
const LABEL_SQL: Record<WorkItemQueue, (recordId: SQL) => SQL> = {
  pendingUtes: (id) => sql`(select coalesce(nullif(full_name, ''), ute_id) from utes where id = ${id})`,
  pendingJobs: (id) => sql`(select coalesce(nullif(title, ''), job_id) from jobs where id = ${id})`,
  uteBookingsAwaitingPayout: (id) => sql`(select ute_booking_id from ute_bookings where id = ${id})`,
  jobBookingsAwaitingPayout: (id) => sql`(select job_booking_id from job_bookings where id = ${id})`,
  manualPaymentsAwaitingAcceptance: (id) => sql`(select payment_by from payments where id = ${id})`,
  unansweredQueries: (id) => sql`(select trim(first_name || ' ' || last_name) from customer_queries where id = ${id})`,
  quotesAwaitingPrice: (id) => sql`(select shipment_id from shipments where id = ${id})`,
  disputesNeedingEvidence: (id) => sql`(select stripe_dispute_id from disputes where id = ${id})`,
};

/** The table of each queue's records. */
const RECORD_TABLE: Record<WorkItemQueue, string> = {
  pendingUtes: 'utes',
  pendingJobs: 'jobs',
  uteBookingsAwaitingPayout: 'ute_bookings',
  jobBookingsAwaitingPayout: 'job_bookings',
  manualPaymentsAwaitingAcceptance: 'payments',
  unansweredQueries: 'customer_queries',
  quotesAwaitingPrice: 'shipments',
  disputesNeedingEvidence: 'disputes',
};

/** Whether the queue's record exists (waiting or not). */
export async function recordExists(db: DbOrTx, queue: WorkItemQueue, recordId: string): Promise<boolean> {
  const [row] = await queryRows<{ found: boolean }>(
    db,
    sql`select exists (select 1 from ${sql.identifier(RECORD_TABLE[queue])} where id = ${recordId}::uuid) as found`,
  );
  return Boolean(row?.found);
}

export async function recordLabelOf(db: DbOrTx, queue: WorkItemQueue, recordId: string): Promise<string | null> {
  const [row] = await queryRows<{ label: string | null }>(db, sql`select ${LABEL_SQL[queue](sql`${recordId}::uuid`)} as label`);
  return row?.label ?? null;
}

export interface QueueAges {
  queue: WorkItemQueue;
  mine: number;
  overdue: number;
  oldest: { recordId: string; label: string | null; enteredAt: Date } | null;
}

/**
 * Per queue, in one statement of indexed reads: my items (work_items_assignee_idx), the overdue ones
 * (a range of work_items_queue_entered_idx up to the queue's cut-off) and the oldest (its first entry).
 */
export async function readQueueAges(db: DbOrTx, adminId: string, cutoffs: readonly { queue: WorkItemQueue; cutoff: Date }[]): Promise<QueueAges[]> {
  if (cutoffs.length === 0) return [];
  const parts = cutoffs.map(
    ({ queue, cutoff }) => sql`select ${queue}::text as queue,
      (select count(*)::int from work_items w where w.assignee_id = ${adminId}::uuid and w.queue = ${queue}) as mine,
      (select count(*)::int from work_items w where w.queue = ${queue} and w.entered_at <= ${cutoff.toISOString()}::timestamptz) as overdue,
      o.record_id::text as oldest_id, o.entered_at as oldest_at, ${LABEL_SQL[queue](sql`o.record_id`)} as oldest_label
      from (select 1) as one
      left join lateral (select w.record_id, w.entered_at from work_items w where w.queue = ${queue} order by w.entered_at, w.record_id limit 1) as o on true`,
  );
  const rows = await queryRows<{
    queue: WorkItemQueue;
    mine: number;
    overdue: number;
    oldest_id: string | null;
    oldest_at: Date | string | null;
    oldest_label: string | null;
  }>(db, sql.join(parts, sql` union all `));
  return rows.map((row) => ({
    queue: row.queue,
    mine: Number(row.mine),
    overdue: Number(row.overdue),
    oldest: row.oldest_id && row.oldest_at ? { recordId: row.oldest_id, label: row.oldest_label, enteredAt: new Date(row.oldest_at) } : null,
  }));
}

export interface OverdueAssignment {
  queue: WorkItemQueue;
  recordId: string;
  assigneeId: string;
  assignedAt: Date;
  label: string | null;
}

/** The assigned items of `queue` entered at or before `cutoff`. */
export async function listOverdueAssigned(db: DbOrTx, queue: WorkItemQueue, cutoff: Date): Promise<OverdueAssignment[]> {
  const rows = await queryRows<{ record_id: string; assignee_id: string; assigned_at: Date | string; label: string | null }>(
    db,
    sql`select w.record_id::text as record_id, w.assignee_id::text as assignee_id, w.assigned_at, ${LABEL_SQL[queue](sql`w.record_id`)} as label
        from work_items w
        where w.queue = ${queue} and w.entered_at <= ${cutoff.toISOString()}::timestamptz and w.assignee_id is not null`,
  );
  return rows.map((row) => ({ queue, recordId: row.record_id, assigneeId: row.assignee_id, assignedAt: new Date(row.assigned_at), label: row.label }));
}
