import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AssignedFilter, WorkItemQueue } from '@ute/contract';
import { workItems } from './tables/workItems.table';

/** A list's queue filter and order (`assigned`, `waitSort`): the queue's items, narrowed to whose. */
export interface WorkItemListFilter {
  assigned?: AssignedFilter;
  waitSort?: 'oldest';
  /** The admin asking: "me". */
  adminId: string;
}

/** Whether the list is read in its queue's terms (either filter present). */
export const isWorkItemListed = (filter: Partial<WorkItemListFilter> | undefined): filter is WorkItemListFilter =>
  Boolean(filter && (filter.assigned || filter.waitSort));

/** The row is in the queue, held as asked (`me`: by the admin asking; `none`: by nobody). Self-contained, for counts too. */
export function workItemCondition(queue: WorkItemQueue, recordId: PgColumn, filter: WorkItemListFilter): SQL {
  const held = filter.assigned === 'me' ? eq(workItems.assigneeId, filter.adminId) : filter.assigned === 'none' ? isNull(workItems.assigneeId) : undefined;
  return sql`exists (select 1 from ${workItems} where ${and(eq(workItems.queue, queue), sql`${workItems.recordId} = ${recordId}`, held)})`;
}

/** The row's entry into the queue, as an order (the longest waiting first: ascending). */
export const enteredAtOf = (queue: WorkItemQueue, recordId: PgColumn): SQL =>
  sql`(select ${workItems.enteredAt} from ${workItems} where ${workItems.queue} = ${queue} and ${workItems.recordId} = ${recordId})`;
