import { and, getTableColumns, getTableName, inArray, SQL, sql, Table, type AnyColumn, type DriverValueDecoder } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { readCounters, type CounterName } from './counters';
import { queryRows, runsStatementsAtOnce, type DbOrTx } from './database';
import { rowVersion } from './rowVersion';
import { searchWordsTotal, type WordCount } from './searchWords';
import { sqlText } from './sqlText';
import { searchTablePartitions } from './tables/search.table';

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
  /**
   * The joined row's columns to read (or SQL read beside them, null without a match): the object is
   * null when every field is.
   */
  fields: Record<string, PgColumn | SQL>;
}

type ListJoins = Record<string, ListJoin>;

/**
 * A row of a list: its table's row with its `version` (db/rowVersion.ts: what an action on it sends
 * back in If-Match), plus one object (or null) for each join.
 */
export type ListRow<TTable extends PgTable, TJoins extends ListJoins> = TTable['$inferSelect'] & { version: string } & {
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
  /**
   * Where a searched list finds its matches when its search table can say which rows match (the
   * term and the filters it carries; db/tables/search.table.ts): the same rows as `where`, keyed by
   * the same id, in the same order. The page's rows are then read from `table` by those ids.
   */
  searchSource?: SearchSource;
  page: number;
  limit: number;
}

/**
 * Reads a page needs of its rows but not of its total (their work items, what was refunded of
 * them). They start as soon as the rows are read, so on a searched page they run beside its count.
 */
export type AlongRows<TRow, TAlong> = (rows: TRow[]) => Promise<TAlong>;

/** A searched list's search table (ListPageOptions.searchSource), and its own `where` taken apart. */
export interface SearchSource extends Omit<ListSource<PgTable, ListJoins>, 'joins'> {
  /** The list's `where` without its search: `where` of the list is `and(listFilters, listMatch)`. */
  listFilters: SQL | undefined;
  /** The list's search condition on its own table. */
  listMatch: SQL;
  /** When the search's `where` is its term in a scope of search_words: the total may come from there. */
  words?: WordCount;
}

/**
 * A column's ORDER BY for walking an index built `asc` or `desc` (drizzle builds both NULLS LAST):
 * PostgreSQL uses the index only when the null placement matches too, even on NOT NULL columns.
 */
export function indexOrder(column: AnyColumn | SQL, indexDirection: 'asc' | 'desc', walk: Walk): SQL {
  const isForward = walk === 'forward';
  if (indexDirection === 'desc') return isForward ? sql`${column} desc nulls last` : sql`${column} asc nulls first`;
  return isForward ? sql`${column} asc nulls last` : sql`${column} desc nulls first`;
}

/** The ORDER BY terms of walking a list's index `walk`. */
function orderTerms(order: ListOrder, walk: Walk): SQL[] {
  return order.columns.map((column) => indexOrder(column, order.index, walk));
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
  return planWindow((page - 1) * limit, limit, totalCount);
}

/** planPage for a window of rows starting at `start` (0-based). */
export function planWindow(start: number, limit: number, totalCount: number): PagePlan {
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

/** `table`, or one of its partitions read under the table's name (the one a `where` qualifies its columns with). */
function fromTable(table: PgTable, partition?: string): SQL {
  return partition ? sql`${sql.identifier(partition)} as ${sql.identifier(getTableName(table))}` : sql`${table}`;
}

/**
 * A search table's matches: from search_words when it can tell (searchWordsTotal), else counted on
 * each of the table's partitions at once (SEARCH_TABLE_PARTITIONS), one statement per core.
 */
async function countSearchTableMatches(db: DbOrTx, { table, where, words }: SearchSource): Promise<number> {
  const counted = words && (await searchWordsTotal(db, words));
  if (counted !== undefined) return counted;
  const counts = await Promise.all(
    searchTablePartitions(table).map(async (partition) => {
      const [{ count }] = await queryRows<{ count: number }>(
        db,
        sql`select count(*)::int as count from ${fromTable(table, partition)} where ${where ?? sql`true`}`,
      );
      return count;
    }),
  );
  return counts.reduce((sum, count) => sum + count, 0);
}

/** A read of a list's row: the table's row, each join's object, and the `extra` values asked for. */
export interface ListRead {
  row: Record<string, unknown>;
  [field: string]: unknown;
}

/** A table in FROM or JOIN: an alias (drizzle's `alias`) is its table under the alias's name. */
function tableReference(table: PgTable): SQL {
  const name = getTableName(table);
  const original = (table as unknown as Record<symbol, string>)[(Table as unknown as { Symbol: { OriginalName: symbol } }).Symbol.OriginalName];
  return original === name ? sql`${table}` : sql`${sql.identifier(original)} ${sql.identifier(name)}`;
}

/** Select lists rendered once, by what they read (templateFields' `shape`). */
const renderedLists = new Map<string, SQL>();

/**
 * What an sql template reads: each field as `field_<n>`, decoded back by its column (or its SQL's
 * decoder), null as null. With a `shape` (a key naming every field) the list is rendered to text
 * once and kept: walking its chunks was most of the CPU of building a page's read of its rows.
 */
function templateFields(fields: readonly (AnyColumn | SQL)[], shape?: string): { list: SQL; decode(row: Record<string, unknown>, at: number): unknown } {
  // An SQL's decoder (mapWith) is typed internal; Drizzle's select builder reads it the same way.
  const decoders = fields.map((field) => (field instanceof SQL ? (field as unknown as { decoder: DriverValueDecoder<unknown, unknown> }).decoder : field));
  const names = fields.map((_, at) => `field_${at}`);
  const build = () =>
    sql.join(
      fields.map((field, at) => sql`${field} as ${sql.raw(names[at])}`),
      sql`, `,
    );
  let list = shape === undefined ? undefined : renderedLists.get(shape);
  if (!list) {
    list = build();
    const rendered = shape === undefined ? undefined : sqlText(list);
    // Only a list without parameters can be kept as text.
    if (rendered && rendered.params.length === 0) renderedLists.set(shape!, (list = sql.raw(rendered.sql)));
  }
  return {
    list,
    decode(row, at) {
      const value = row[names[at]];
      return value === null || value === undefined ? null : decoders[at].mapFromDriverValue(value);
    },
  };
}

/** A row of a template read as `fields`' names, each decoded by its column. */
function namedRow<TFields extends Record<string, PgColumn>>(
  names: readonly string[],
  read: ReturnType<typeof templateFields>,
  row: Record<string, unknown>,
): SelectResultFields<TFields> {
  return Object.fromEntries(names.map((name, at) => [name, read.decode(row, at)])) as SelectResultFields<TFields>;
}

/**
 * `select fields from table where ... order by ... limit ...` as one sql template, decoded by its
 * columns: what Drizzle's select builder sends and answers for flat fields, without its building
 * (about 40 µs of CPU a statement; global search sent five such a request).
 */
export async function selectFields<TFields extends Record<string, PgColumn>>(
  db: DbOrTx,
  query: { fields: TFields; table: PgTable; where: SQL | undefined; orderBy: readonly (AnyColumn | SQL)[]; limit?: number },
): Promise<SelectResultFields<TFields>[]> {
  const names = Object.keys(query.fields);
  const read = templateFields(names.map((name) => query.fields[name]));
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select ${read.list} from ${query.table} where ${query.where ?? sql`true`} order by ${sql.join([...query.orderBy], sql`, `)}${
      query.limit === undefined ? sql`` : sql` limit ${query.limit}`
    }`,
  );
  return rows.map((row) => namedRow<TFields>(names, read, row));
}

/** An SQL field's text for shapeOf, rendered once per SQL object (undefined: it has parameters). */
const sqlFieldNames = new WeakMap<SQL, string | undefined>();

/**
 * A key naming each field of a read's objects (a column by its table or alias and its name, an SQL
 * field by its text), for templateFields; undefined when an SQL field has parameters (not kept).
 */
function shapeOf(objects: readonly [string, Record<string, AnyColumn | SQL>][]): string | undefined {
  const named = (field: AnyColumn | SQL) => {
    if (!(field instanceof SQL)) return `${getTableName(field.table)}.${field.name}`;
    if (!sqlFieldNames.has(field)) {
      const text = sqlText(field);
      sqlFieldNames.set(field, text.params.length === 0 ? `(${text.sql})` : undefined);
    }
    return sqlFieldNames.get(field);
  };
  const keys = objects.flatMap(([name, fields]) => Object.entries(fields).map(([key, field]) => [name, key, named(field)] as const));
  return keys.some(([, , field]) => field === undefined) ? undefined : keys.map(([name, key, field]) => `${name}.${key}=${field}`).join();
}

/**
 * Rows of a list walking its index `walk` (a page, or an export's batch), each with `extra` values
 * beside it (the keys an export resumes from), `where` narrowed by `bound`. One sql template, as
 * Drizzle's select builder would send it (a join's object is null when all its fields are): the
 * builder took 98 µs of CPU to build a page's read with its joins, on a page whose statements cost
 * PostgreSQL well under a millisecond.
 */
export async function readListRows(
  db: DbOrTx,
  source: ListSource<PgTable, ListJoins>,
  read: { walk: Walk; offset: number; limit: number; bound?: SQL; extra?: Record<string, SQL> },
): Promise<ListRead[]> {
  const { table, where, order, joins = {} } = source;
  const objects: [string, Record<string, AnyColumn | SQL>][] = [['row', getTableColumns(table)]];
  for (const [name, join] of Object.entries(joins)) objects.push([name, join.fields]);
  const values = Object.entries({ version: rowVersion(table), ...read.extra });
  // A page's fields are its objects' and its version: kept by shape. An export's extra keys are not.
  const fields = templateFields(
    [...objects.flatMap(([, columns]) => Object.values(columns)), ...values.map(([, value]) => value)],
    read.extra ? undefined : shapeOf(objects),
  );
  const joined = Object.values(joins).map((join) => sql` left join ${tableReference(join.table)} on ${join.on}`);
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select ${fields.list} from ${tableReference(table)}${sql.join(joined)} where ${and(where, read.bound) ?? sql`true`}
      order by ${sql.join(orderTerms(order, read.walk), sql`, `)} limit ${read.limit} offset ${read.offset}`,
  );
  const keysOf = objects.map(([name, columns]) => [name, Object.keys(columns)] as const);
  return rows.map((row) => {
    const found: ListRead = { row: {} };
    let at = 0;
    for (const [name, keys] of keysOf) {
      const object: Record<string, unknown> = {};
      let isEmpty = true;
      for (const key of keys) {
        object[key] = fields.decode(row, at++);
        if (object[key] !== null) isEmpty = false;
      }
      found[name] = name === 'row' || !isEmpty ? object : null;
    }
    for (const [name] of values) found[name] = fields.decode(row, at++);
    return found;
  });
}

/** The list's row of a read: the table's row with each join's object under its name. */
export function listRowOf<TTable extends PgTable, TJoins extends ListJoins>(read: ListRead, source: ListSource<TTable, TJoins>): ListRow<TTable, TJoins> {
  const row: Record<string, unknown> = { ...read.row, version: read.version };
  const names = Object.keys(source.joins ?? {});
  for (const name of names) row[name] = read[name];
  return row as ListRow<TTable, TJoins>;
}

function keyOf(table: PgTable): PgColumn {
  const key = getTableColumns(table).id as PgColumn | undefined;
  if (!key) throw new Error(`${getTableName(table)}: a searched list needs an id column`);
  return key;
}

/** The name a read gives its `at`th order column (`sort_0`, `sort_1`...), to order by it outside. */
const sortAlias = (at: number) => sql.raw(`sort_${at}`);

/**
 * The rows matching `where` as a materialised match set, `matches (match_key, sort_0, sort_1...)`:
 * the search index (a bitmap scan) finds them once, whatever reads them next. Materialised so the
 * planner cannot turn a read of it into a walk of the list index with the search as a filter (it
 * costs LIMIT as if that walk could stop early, while the rows it needs may be anywhere in the index).
 */
function matchSet(source: ListSource<PgTable, ListJoins>, partition?: string): { key: AnyColumn; cte: SQL; order: (walk: Walk) => SQL } {
  const { table, where, order } = source;
  const key = keyOf(table);
  const sortFields = order.columns.map((column, at) => sql`${column} as ${sortAlias(at)}`);
  return {
    key,
    cte: sql`with matches as materialized (select ${key} as match_key, ${sql.join(sortFields, sql`, `)} from ${fromTable(table, partition)} where ${where ?? sql`true`})`,
    order: (walk) =>
      sql.join(
        order.columns.map((_, at) => indexOrder(sortAlias(at), order.index, walk)),
        sql`, `,
      ),
  };
}

/**
 * How many rows of a list, from the front of its order, a search for its first matches looks
 * through before it asks the search index (global search's newest matches, a searched list's front pages).
 */
export const RECENT_MATCH_WINDOW = 1000;

interface Window {
  offset: number;
  limit: number;
}

/**
 * A searched list's page (`pageOf` its rows: the rows and what alongRows reads of them) and exact total.
 * On a pool (statements at once) with a search table, each statement on one core:
 * - A page within the first RECENT_MATCH_WINDOW rows looks for its keys on a bounded walk of the
 *   list's index first (recentKeys, about a millisecond). When it finds them (a common term), the
 *   total (countSearchTableMatches: search_words' number for a one-word term held by one word, else a
 *   count on each partition of the search table) is sent with the read of the page's rows and
 *   `pageOf`: the answer waits for the slower half of the count.
 * - When the walk does not fill the page (a rare term, or the end of the matches), each partition
 *   gives its total and its first offset + limit keys from one read of its matches (one trigram
 *   scan each, where a count and a read of the keys would be two); the page is the window of the
 *   union, read by key in the list's order.
 * - A page past the window: the count on each partition beside the search table's keys for the window
 *   (searchTableKeys), then its rows.
 * Otherwise (PGlite's one connection, or no search table) one statement reads the materialised
 * match set once for both (a top-N sort of the matches), then the rows by key.
 * Measured in `npm run bench` (searched lists); the plans are pinned by modules/search/searchPlans.test.ts.
 */
async function searchedPage<TPage>(
  db: DbOrTx,
  options: ListPageOptions<PgTable, ListJoins>,
  walk: Walk,
  pageOf: (reads: ListRead[]) => Promise<TPage>,
): Promise<{ page: TPage; totalCount: number }> {
  const window: Window = { offset: (options.page - 1) * options.limit, limit: options.limit };
  const readRows = (keys: unknown[], of: Window = { offset: 0, limit: keys.length }) =>
    keys.length === 0 ? Promise.resolve([]) : readListRows(db, options, { walk, ...of, bound: inArray(keyOf(options.table), keys) });
  const source = options.searchSource;
  if (source && runsStatementsAtOnce(db)) {
    // The count on each partition, sent first, and beside it the page's keys, then its rows and pageOf.
    const countedBeside = async (pageKeys: () => Promise<unknown[]>) => {
      const [totalCount, page] = await Promise.all([
        countSearchTableMatches(db, source),
        pageKeys()
          .then((keys) => readRows(keys))
          .then(pageOf),
      ]);
      return { page, totalCount };
    };
    if (window.offset + window.limit > RECENT_MATCH_WINDOW) return countedBeside(() => searchTableKeys(db, source, walk, window));
    const recent = await recentKeys(db, { table: options.table, where: source.listFilters, match: source.listMatch, order: options.order }, walk, window);
    if (recent) return countedBeside(async () => recent);
    const halves = await Promise.all(
      searchTablePartitions(source.table).map((partition) => matchSetKeys(db, source, walk, { offset: 0, limit: window.offset + window.limit }, partition)),
    );
    // Each partition's first offset + limit matches hold the whole table's: the window is theirs.
    const reads = await readRows(
      halves.flatMap((half) => half.keys),
      window,
    );
    return { page: await pageOf(reads), totalCount: halves.reduce((sum, half) => sum + half.total, 0) };
  }
  const { keys, total } = await matchSetKeys(db, source ?? options, walk, window);
  return { page: await pageOf(await readRows(keys)), totalCount: total };
}

/** The total and the window's keys from one read of the materialised match set (of one partition of a search table, if given). */
async function matchSetKeys(
  db: DbOrTx,
  source: ListSource<PgTable, ListJoins>,
  walk: Walk,
  window: Window,
  partition?: string,
): Promise<{ keys: unknown[]; total: number }> {
  const matches = matchSet(source, partition);
  const [found] = await queryRows<{ total: number; keys: unknown[] | null }>(
    db,
    sql`${matches.cte} select (select count(*) from matches)::int as total,
      array(select match_key from matches order by ${matches.order(walk)} limit ${window.limit} offset ${window.offset}) as keys`,
  );
  return { keys: found.keys ?? [], total: found.total };
}

/** The window's keys from a search table: a top-N sort of its matches, found by its trigram index (it has no index on its order to walk). */
async function searchTableKeys(db: DbOrTx, source: SearchSource, walk: Walk, window: Window): Promise<unknown[]> {
  const { table, where, order } = source;
  const keyRows = await queryRows<{ match_key: unknown }>(
    db,
    sql`select ${keyOf(table)} as match_key from ${table} where ${where ?? sql`true`}
        order by ${sql.join(orderTerms(order, walk), sql`, `)}
        limit ${window.limit} offset ${window.offset}`,
  );
  return keyRows.map((row) => row.match_key);
}

/**
 * The window of the rows that `match` among the first RECENT_MATCH_WINDOW rows of `where` in the
 * list's order, with `fields`: a bounded walk of the list's index (`match` is read beside each row,
 * never a filter of the walk). The outer ORDER BY is the walk's own, so the planner adds no sort
 * and the outer LIMIT stops the walk as soon as the window is full: a 3% term's first ten matches
 * cost about 330 rows.
 */
async function recentMatches<TFields extends Record<string, PgColumn>>(
  db: DbOrTx,
  source: { table: PgTable; where: SQL | undefined; match: SQL; order: ListOrder; fields: TFields },
  walk: Walk,
  window: Window,
): Promise<SelectResultFields<TFields>[]> {
  const { table, where, match, order, fields } = source;
  // One sql template, each field read as field_<n> and decoded by its column: Drizzle's select
  // builder took 68 µs of CPU to build this statement (a subquery and the select over it), the
  // template 14 µs, on a page whose other statements cost about as much to build as to run.
  const names = Object.keys(fields);
  const read = templateFields(names.map((name) => fields[name]));
  const list = (parts: SQL[]) => sql.join(parts, sql`, `);
  const sorts = list(order.columns.map((column, at) => sql`${column} as ${sortAlias(at)}`));
  const walked = sql`select ${read.list}, ${sorts}, ${match} as "is_match" from ${table} where ${where ?? sql`true`}
    order by ${list(orderTerms(order, walk))} limit ${RECENT_MATCH_WINDOW}`;
  const walkOrder = list(order.columns.map((_, at) => indexOrder(sql`"recent".${sortAlias(at)}`, order.index, walk)));
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select ${list(names.map((_, at) => sql.raw(`field_${at}`)))} from (${walked}) "recent" where "is_match"
      order by ${walkOrder} limit ${window.limit} offset ${window.offset}`,
  );
  return rows.map((row) => namedRow<TFields>(names, read, row));
}

/**
 * The window's keys from recentMatches, or undefined when those rows do not fill the window (a rare
 * term, or the end of the matches): the search table answers it then.
 */
async function recentKeys(
  db: DbOrTx,
  source: { table: PgTable; where: SQL | undefined; match: SQL; order: ListOrder },
  walk: Walk,
  window: Window,
): Promise<unknown[] | undefined> {
  const found = await recentMatches(db, { ...source, fields: { matchKey: keyOf(source.table) } }, walk, window);
  return found.length === window.limit ? found.map((row) => row.matchKey) : undefined;
}

/**
 * One page of a list and how many rows match, the strategy chosen by what the list is:
 * - Not searched, with its counters: the total is their sum (one indexed read, exact however many
 *   rows), and a page in the back half is read from the other end of the index (planPage), so the
 *   last page costs what the first does.
 * - Searched: see searchedPage (the exact total from the search index; the page's keys from a
 *   bounded walk of the list index or from the search index).
 * - Not searched, no counter: a COUNT(*) over `where`, then the page as with counters.
 * `alongRows` reads what the page needs of its rows (their work items, ...); its answer is `along`.
 */
export async function listPage<TTable extends PgTable, TJoins extends ListJoins = Record<never, ListJoin>, TAlong = undefined>(
  db: DbOrTx,
  options: ListPageOptions<TTable, TJoins>,
  alongRows?: AlongRows<ListRow<TTable, TJoins>, TAlong>,
): Promise<{ rows: ListRow<TTable, TJoins>[]; totalCount: number; along: TAlong }> {
  const { page, limit, table, where } = options;
  const walk = options.order.walk ?? 'forward';
  const pageOf = async (reads: ListRead[]) => {
    const rows = reads.map((read) => listRowOf(read, options));
    // Without alongRows TAlong is undefined (its default).
    return { rows, along: alongRows ? await alongRows(rows) : (undefined as TAlong) };
  };
  if (options.isSearch) {
    const searched = await searchedPage(db, options as ListPageOptions<PgTable, ListJoins>, walk, pageOf);
    return { ...searched.page, totalCount: searched.totalCount };
  }
  const totalCount = (await keptTotal(db, options.counter)) ?? (await countMatches(db, table, where));
  const plan = planPage(page, limit, totalCount);
  const found = await readListRows(db, options, {
    walk: plan.isFromEnd ? (walk === 'forward' ? 'backward' : 'forward') : walk,
    offset: plan.offset,
    limit: plan.limit,
  });
  if (plan.isFromEnd) found.reverse();
  return { ...(await pageOf(found)), totalCount };
}

/**
 * The newest `limit` rows of `where` that `match` (global search's hits), in the list's order, in at
 * most two reads, neither of which walks the whole list index with the search as a filter:
 * 1. the newest RECENT_MATCH_WINDOW rows, walked on the list index (a bounded walk), keep those that
 *    match: a term carried by more than about `limit` in RECENT_MATCH_WINDOW rows ends here;
 * 2. otherwise the term is rare (or the table small), and the materialised match set (the search
 *    index) gives them.
 */
export async function newestMatches<TFields extends Record<string, PgColumn>>(
  db: DbOrTx,
  options: { table: PgTable; where: SQL | undefined; match: SQL; order: ListOrder; fields: TFields; limit: number },
): Promise<SelectResultFields<TFields>[]> {
  const { table, where, match, order, fields, limit } = options;
  const walk = order.walk ?? 'forward';
  const found = await recentMatches(db, { table, where, match, order, fields }, walk, { offset: 0, limit });
  if (found.length >= limit) return found;
  const matches = matchSet({ table, where: and(where, match), order });
  return selectFields(db, {
    fields,
    table,
    where: sql`${matches.key} = any(array(${matches.cte} select match_key from matches order by ${matches.order(walk)} limit ${limit}))`,
    orderBy: orderTerms(order, walk),
  });
}
