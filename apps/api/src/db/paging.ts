import { and, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { readCounters, type CounterName } from './counters';
import type { DbOrTx } from './database';

/** Which way a query walks its list index. */
export type Walk = 'forward' | 'backward';

/** A list's order: exactly the columns of the index that serves it, so a page is an index walk. */
export interface ListOrder {
  columns: readonly AnyColumn[];
  /** How the index is built: every column `asc` or every column `desc` (drizzle builds both NULLS LAST). */
  index: 'asc' | 'desc';
  /** forward (the default) reads in the index's order, backward in the reverse one. */
  walk?: Walk;
}

/** Columns of a table left-joined to the list's rows; they come back as one object, null without a match. */
export interface ListJoin {
  table: PgTable;
  on: SQL;
  /** The joined row's columns to read, its primary key first (a null first column means no match). */
  fields: Record<string, PgColumn>;
}

type ListJoins = Record<string, ListJoin>;

/** A row of a list: its table's row, plus one object (or null) for each join. */
export type ListRow<TTable extends PgTable, TJoins extends ListJoins> = TTable['$inferSelect'] & {
  [Name in keyof TJoins]: SelectResultFields<TJoins[Name]['fields']> | null;
};

/** What a list reads, without its page: its rows (`where`, `joins`) and their order. A page and an export read the same. */
export interface ListSource<TTable extends PgTable, TJoins extends ListJoins> {
  table: TTable;
  where: SQL | undefined;
  order: ListOrder;
  joins?: TJoins;
}

export interface ListPageOptions<TTable extends PgTable, TJoins extends ListJoins> extends ListSource<TTable, TJoins> {
  /**
   * The trigger-kept counters whose sum is the list's total when it is not searched (several for a
   * tab made of several counted groups). Without one (or with a counter row missing) the total is a
   * COUNT(*) over `where`.
   */
  counter?: CounterName | readonly CounterName[] | null;
  /** `where` narrows the list by a search the counters do not describe: they are not used then. */
  isSearch?: boolean;
  page: number;
  limit: number;
}

/**
 * A column's ORDER BY for walking an index built `asc` or `desc` (drizzle builds both NULLS LAST):
 * PostgreSQL uses the index only when the null placement matches too, even on NOT NULL columns.
 */
export function indexOrder(column: AnyColumn, indexDirection: 'asc' | 'desc', walk: Walk): SQL {
  const isForward = walk === 'forward';
  if (indexDirection === 'desc') return isForward ? sql`${column} desc nulls last` : sql`${column} asc nulls first`;
  return isForward ? sql`${column} asc nulls last` : sql`${column} desc nulls first`;
}

interface PagePlan {
  offset: number;
  limit: number;
  /** Read from the other end of the index; the rows come back reversed and are put right. */
  isFromEnd: boolean;
}

/**
 * OFFSET costs as many index entries as it skips, so a page in the back half is read from the other
 * end: the last page then costs what the first does. Needs the total.
 */
function planPage(page: number, limit: number, totalCount: number): PagePlan {
  const start = (page - 1) * limit;
  const end = Math.min(start + limit, totalCount);
  if (start >= totalCount || start <= totalCount - end) return { offset: start, limit, isFromEnd: false };
  return { offset: totalCount - end, limit: end - start, isFromEnd: true };
}

/** The kept total of the counters when every one has a row, else undefined. */
async function keptTotal(db: DbOrTx, counter: ListPageOptions<PgTable, ListJoins>['counter']): Promise<number | undefined> {
  if (!counter) return undefined;
  const names: readonly CounterName[] = typeof counter === 'string' ? [counter] : counter;
  if (names.length === 0) return undefined;
  const kept = await readCounters(db, names);
  let total = 0;
  for (const name of names) {
    const value = kept[name];
    if (value === undefined) return undefined;
    total += value;
  }
  return total;
}

async function countMatches(db: DbOrTx, table: PgTable, where: SQL | undefined): Promise<number> {
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(table)
    .where(where);
  return count;
}

const matchCount = sql<number | string>`count(*) over ()`;

/** A read of a list's row: the table's row, each join's object, and the `extra` values asked for. */
export interface ListRead {
  row: Record<string, unknown>;
  [field: string]: unknown;
}

/**
 * Rows of a list walking its index `walk` (a page, or an export's batch), each with `extra` values
 * beside it (`count(*) over ()`, the keys an export resumes from), `where` narrowed by `bound`.
 */
export async function readListRows(
  db: DbOrTx,
  source: ListSource<PgTable, ListJoins>,
  read: { walk: Walk; offset: number; limit: number; bound?: SQL; extra?: Record<string, SQL> },
): Promise<ListRead[]> {
  const { table, where, order, joins = {} } = source;
  const fields: Record<string, unknown> = { row: table, ...read.extra };
  for (const [name, join] of Object.entries(joins)) fields[name] = join.fields;
  let query = db
    .select(fields as { row: PgTable })
    .from(table)
    .$dynamic();
  for (const join of Object.values(joins)) query = query.leftJoin(join.table, join.on);
  const rows = await query
    .where(and(where, read.bound))
    .orderBy(...order.columns.map((column) => indexOrder(column, order.index, read.walk)))
    .limit(read.limit)
    .offset(read.offset);
  return rows as ListRead[];
}

/** The list's row of a read: the table's row with each join's object under its name. */
export function listRowOf<TTable extends PgTable, TJoins extends ListJoins>(read: ListRead, source: ListSource<TTable, TJoins>): ListRow<TTable, TJoins> {
  const names = Object.keys(source.joins ?? {});
  if (names.length === 0) return read.row as ListRow<TTable, TJoins>;
  const row: Record<string, unknown> = { ...read.row };
  for (const name of names) row[name] = read[name];
  return row as ListRow<TTable, TJoins>;
}

/**
 * One page of a list and how many rows match, the strategy chosen by what the list is:
 * - Not searched, with its counters: the total is their sum (one indexed read, exact however many
 *   rows), and a page in the back half is read from the other end of the index (planPage), so the
 *   last page costs what the first does.
 * - Searched: the page selects `count(*) over ()`, which runs before the LIMIT, so the search index
 *   is read once for both, not once for COUNT(*) and again for the page. Only a page past the last
 *   (no row to carry the total) is counted apart.
 * - Not searched, no counter: a COUNT(*) over `where`, then the page as with counters.
 */
export async function listPage<TTable extends PgTable, TJoins extends ListJoins = Record<never, ListJoin>>(
  db: DbOrTx,
  options: ListPageOptions<TTable, TJoins>,
): Promise<{ rows: ListRow<TTable, TJoins>[]; totalCount: number }> {
  const { page, limit, table, where } = options;
  const walk = options.order.walk ?? 'forward';
  const rowOf = (read: ListRead) => listRowOf(read, options);
  if (options.isSearch) {
    const offset = (page - 1) * limit;
    const found = await readListRows(db, options, { walk, offset, limit, extra: { total: matchCount } });
    const totalCount = found.length > 0 ? Number(found[0].total) : offset === 0 ? 0 : await countMatches(db, table, where);
    return { rows: found.map(rowOf), totalCount };
  }
  const totalCount = (await keptTotal(db, options.counter)) ?? (await countMatches(db, table, where));
  const plan = planPage(page, limit, totalCount);
  const found = await readListRows(db, options, {
    walk: plan.isFromEnd ? (walk === 'forward' ? 'backward' : 'forward') : walk,
    offset: plan.offset,
    limit: plan.limit,
  });
  if (plan.isFromEnd) found.reverse();
  return { rows: found.map(rowOf), totalCount };
}
