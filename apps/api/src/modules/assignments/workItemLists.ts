import { and, eq, sql, type AnyColumn } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AssignedFilter, WorkItemQueue, WorkItemSummary } from '@ute/contract';
import type { DbOrTx } from '../../db/database';
import type { ListJoin, ListOrder } from '../../db/paging';
import { adminSettings } from '../../db/tables/auth.table';
import { workItems } from '../../db/tables/workItems.table';
import { enteredAtOf, type WorkItemListFilter } from '../../db/workItems';
import { findWorkItemsOf } from './assignments.repository';
import { overdueAtOf, thresholdsOf, WORK_QUEUE_THRESHOLDS_KEY } from './workQueueThresholds';

/** A list query's queue filters (docs/design.md §15) with the admin asking (`assigned=me`), or undefined without them. */
export function workItemListFilterOf(
  query: { assigned?: AssignedFilter; waitSort?: 'oldest' },
  adminId: string | undefined,
  options: { isSorted: boolean } = { isSorted: true },
): WorkItemListFilter | undefined {
  const waitSort = options.isSorted ? query.waitSort : undefined;
  if (!query.assigned && !waitSort) return undefined;
  return { assigned: query.assigned, waitSort, adminId: adminId ?? '00000000-0000-0000-0000-000000000000' };
}

/** The longest waiting first: the queue's entry time, then the id (a total order). */
export const oldestFirstOrder = (queue: WorkItemQueue, id: PgColumn): ListOrder => ({
  columns: [enteredAtOf(queue, id) as unknown as AnyColumn, id],
  index: 'asc',
  walk: 'forward',
});

/** A row's work item as read: its place in the queue and the stored overdue thresholds (null when never written). */
export interface WorkItemRead {
  recordId: string;
  enteredAt: Date;
  assigneeId: string | null;
  assignedAt: Date | null;
  thresholds: string | null;
}

/** Each item's summary: when it entered, when it is overdue (by the thresholds read with it), who holds it. */
function summariesOf(queue: WorkItemQueue, items: readonly WorkItemRead[]): Map<string, WorkItemSummary> {
  if (items.length === 0) return new Map();
  const thresholds = thresholdsOf(items[0].thresholds ?? undefined);
  return new Map(
    items.map((item) => [
      item.recordId,
      {
        queue,
        enteredAt: item.enteredAt.toISOString(),
        overdueAt: overdueAtOf(thresholds[queue], item.enteredAt).toISOString(),
        assigneeId: item.assigneeId,
        assignedAt: item.assignedAt?.toISOString() ?? null,
      },
    ]),
  );
}

/** The page's rows' places in `queue`, by record id (rows not waiting in it have none): one read after the page. */
export async function workItemSummariesOf(db: DbOrTx, queue: WorkItemQueue, recordIds: readonly string[]): Promise<Map<string, WorkItemSummary>> {
  if (recordIds.length === 0) return new Map();
  return summariesOf(queue, await findWorkItemsOf(db, queue, recordIds));
}

/**
 * The stored overdue thresholds beside a joined item (null beside a row without one, so that row's
 * join object stays null), read once by the statement. One constant: the key is inlined, so the
 * page's select list is kept as text (db/paging.ts, templateFields).
 */
const THRESHOLDS_BESIDE_ITEM = sql<
  string | null
>`case when ${workItems.recordId} is not null then (select ${adminSettings.value} from ${adminSettings} where ${adminSettings.key} = ${sql.raw(`'${WORK_QUEUE_THRESHOLDS_KEY}'`)}) end`;

/**
 * A list page's rows joined to their items in `queue` (by the items' primary key, one probe a row),
 * with the overdue thresholds: what workItemSummariesOf reads after the page, in the page's own
 * statement, one round trip fewer. For the lists whose page reads nothing else after its rows (utes,
 * jobs, quotes) or reads one other thing (bookings: their refunds); payments and queries read their
 * items beside their other read, disputes after its own query.
 */
export const workItemJoin = (queue: WorkItemQueue, recordId: PgColumn) =>
  ({
    table: workItems,
    on: and(eq(workItems.queue, queue), eq(workItems.recordId, recordId))!,
    fields: {
      recordId: workItems.recordId,
      enteredAt: workItems.enteredAt,
      assigneeId: workItems.assigneeId,
      assignedAt: workItems.assignedAt,
      thresholds: THRESHOLDS_BESIDE_ITEM,
    },
  }) satisfies ListJoin;

/** The summaries of a page's joined items (workItemJoin), by record id. */
export const joinedWorkItemSummaries = (queue: WorkItemQueue, rows: readonly { workItem?: WorkItemRead | null }[]): Map<string, WorkItemSummary> =>
  summariesOf(
    queue,
    rows.flatMap((row) => (row.workItem ? [row.workItem] : [])),
  );
