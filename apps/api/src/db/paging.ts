import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** Which way a query walks its list index. */
export type Walk = 'forward' | 'backward';

/**
 * A column's ORDER BY for walking an index built `asc` or `desc` (drizzle builds both NULLS LAST):
 * PostgreSQL uses the index only when the null placement matches too, even on NOT NULL columns.
 */
export function indexOrder(column: AnyColumn, indexDirection: 'asc' | 'desc', walk: Walk): SQL {
  const isForward = walk === 'forward';
  if (indexDirection === 'desc') return isForward ? sql`${column} desc nulls last` : sql`${column} asc nulls first`;
  return isForward ? sql`${column} asc nulls last` : sql`${column} desc nulls first`;
}

export const flipWalk = (walk: Walk): Walk => (walk === 'forward' ? 'backward' : 'forward');

export interface PagePlan {
  offset: number;
  limit: number;
  /** Read from the other end of the index; the rows come back reversed and are put right. */
  isFromEnd: boolean;
}

/**
 * OFFSET costs as many index entries as it skips, so a page in the back half is read from the other
 * end: the last page then costs what the first does. Needs the total, which every list has anyway.
 */
export function planPage(page: number, limit: number, totalCount: number): PagePlan {
  const start = (page - 1) * limit;
  const end = Math.min(start + limit, totalCount);
  if (start >= totalCount || start <= totalCount - end) return { offset: start, limit, isFromEnd: false };
  return { offset: totalCount - end, limit: end - start, isFromEnd: true };
}

/** Reads one page with planPage: `read` gets the walk to use (its own walk, flipped for the back half). */
export async function readPage<T>(
  options: { page: number; limit: number; totalCount: number; walk?: Walk },
  read: (walk: Walk, offset: number, limit: number) => Promise<T[]>,
): Promise<T[]> {
  const walk = options.walk ?? 'forward';
  const plan = planPage(options.page, options.limit, options.totalCount);
  const rows = await read(plan.isFromEnd ? flipWalk(walk) : walk, plan.offset, plan.limit);
  return plan.isFromEnd ? rows.reverse() : rows;
}
