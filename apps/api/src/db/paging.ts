import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './database';

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

/** A page's rows, each with how many rows match in all when the read asked for it (else null). */
type CountedRows<T> = { row: T; total: number | string | null }[];
type CountedRead<T> = (walk: Walk, offset: number, limit: number, total: SQL<number | string | null>) => Promise<CountedRows<T>>;

/**
 * The read of readListPage for one table: its rows matching `where`, in the order `orderBy` gives
 * for a walk, each with the `total` readListPage asks for.
 */
export function countedPagesOf<TTable extends PgTable>(db: DbOrTx, table: TTable, where: SQL | undefined, orderBy: (walk: Walk) => SQL[]): CountedRead<TTable['$inferSelect']> {
  return async (walk, offset, limit, total) =>
    (await db
      .select({ row: table, total })
      .from(table as PgTable)
      .where(where)
      .orderBy(...orderBy(walk))
      .limit(limit)
      .offset(offset)) as CountedRows<TTable['$inferSelect']>;
}

const matchCount = sql<number | string | null>`count(*) over ()`;
const noCount = sql<number | string | null>`null`;

/**
 * One page of a list and how many rows match.
 * - Without a search, `count` first gives the total (the trigger-kept counters) and the page is
 *   read from the nearer end of the index (readPage).
 * - A search selects `count(*) over ()` with its page: the window runs before the LIMIT, so the
 *   trigram index is read once for both, not once for COUNT(*) and again for the page. Only a page
 *   past the last (no row to carry the total) is counted apart.
 */
export async function readListPage<T>(
  options: { page: number; limit: number; walk?: Walk; isSearch: boolean },
  count: () => Promise<number>,
  read: CountedRead<T>,
): Promise<{ rows: T[]; totalCount: number }> {
  if (options.isSearch) {
    const offset = (options.page - 1) * options.limit;
    const found = await read(options.walk ?? 'forward', offset, options.limit, matchCount);
    const totalCount = found.length > 0 ? Number(found[0].total) : offset === 0 ? 0 : await count();
    return { rows: found.map((item) => item.row), totalCount };
  }
  const totalCount = await count();
  const found = await readPage({ ...options, totalCount }, (walk, offset, limit) => read(walk, offset, limit, noCount));
  return { rows: found.map((item) => item.row), totalCount };
}
