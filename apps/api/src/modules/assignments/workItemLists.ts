import type { AnyColumn } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AssignedFilter, WorkItemQueue, WorkItemSummary } from '@ute/contract';
import type { DbOrTx } from '../../db/database';
import type { ListOrder } from '../../db/paging';
import { enteredAtOf, type WorkItemListFilter } from '../../db/workItems';
import { findWorkItemsOf } from './assignments.repository';
import { overdueAtOf, thresholdsOf } from './workQueueThresholds';

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

/** The page's rows' places in `queue`, by record id (rows not waiting in it have none). */
export async function workItemSummariesOf(db: DbOrTx, queue: WorkItemQueue, recordIds: readonly string[]): Promise<Map<string, WorkItemSummary>> {
  if (recordIds.length === 0) return new Map();
  const rows = await findWorkItemsOf(db, queue, recordIds);
  if (rows.length === 0) return new Map();
  const thresholds = thresholdsOf(rows[0].thresholds ?? undefined);
  return new Map(
    rows.map((row) => [
      row.recordId,
      {
        queue,
        enteredAt: row.enteredAt.toISOString(),
        overdueAt: overdueAtOf(thresholds[queue], row.enteredAt).toISOString(),
        assigneeId: row.assigneeId,
        assignedAt: row.assignedAt?.toISOString() ?? null,
      },
    ]),
  );
}
