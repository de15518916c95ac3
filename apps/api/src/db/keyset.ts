import { and, isNotNull, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './database';
import { listRowOf, readListRows, type ListJoin, type ListOrder, type ListRead, type ListRow, type ListSource } from './paging';

/** Rows per database read of an export: memory holds one batch, however long the list. */
export const EXPORT_BATCH = 1000;

interface Key {
  column: AnyColumn;
  isNullable: boolean;
}

const keyField = (index: number) => `__key${index}`;

/**
 * Every row of a list, in the list's order, as batches of `size`: keyset pagination over the order's
 * columns (the last of which must be unique, like the id). Each batch is an index walk from where the
 * last one stopped, a row comparison `(created_at, id) < (…)` the planner takes as an index bound,
 * so the thousandth batch costs what the first does and the same code runs on PGlite and PostgreSQL.
 * The keys go through SQL as text, so a timestamp keeps its microseconds (a JS Date would drop them
 * and skip rows). A leading column that may be null (a job's budget) is read in two parts, its null
 * rows before or after the others as the order places them.
 */
export async function* readListBatches<TTable extends PgTable, TJoins extends Record<string, ListJoin> = Record<never, ListJoin>>(
  db: DbOrTx,
  source: ListSource<TTable, TJoins>,
  size: number = EXPORT_BATCH,
): AsyncGenerator<ListRow<TTable, TJoins>[]> {
  const keys = source.order.columns.map((column) => ({ column, isNullable: !column.notNull }));
  if (keys.slice(1).some((key) => key.isNullable)) throw new Error('readListBatches: only the first column of the order may be nullable');
  for await (const reads of readPart(db, source as unknown as ListSource<PgTable, Record<string, ListJoin>>, keys, [], size)) {
    yield reads as ListRow<TTable, TJoins>[];
  }
}

/** Whether the order puts nulls first: drizzle builds indexes NULLS LAST, and a backward walk turns that round. */
const isNullsFirst = (order: ListOrder) => (order.walk ?? 'forward') === 'backward';

/** Whether the order reads its columns descending (the row comparison is then `<`). */
const isDescending = (order: ListOrder) => (order.index === 'desc') === ((order.walk ?? 'forward') === 'forward');

async function* readPart(
  db: DbOrTx,
  source: ListSource<PgTable, Record<string, ListJoin>>,
  keys: readonly Key[],
  conditions: readonly SQL[],
  size: number,
): AsyncGenerator<Record<string, unknown>[]> {
  const [first, ...rest] = keys;
  if (first?.isNullable) {
    const nullRows = () => readPart(db, source, rest, [...conditions, isNull(first.column)], size);
    const valueRows = () => readPart(db, source, [{ column: first.column, isNullable: false }, ...rest], [...conditions, isNotNull(first.column)], size);
    if (isNullsFirst(source.order)) {
      yield* nullRows();
      yield* valueRows();
    } else {
      yield* valueRows();
      yield* nullRows();
    }
    return;
  }
  if (keys.length === 0) {
    // No key left (the null rows of a one-column order): those few rows are read by offset.
    for (let offset = 0; ; offset += size) {
      const reads = await readBatch(db, source, keys, and(...conditions), size, offset);
      if (reads.length > 0) yield reads.map((read) => listRowOf(read, source));
      if (reads.length < size) return;
    }
  }
  const columns = sql.join(
    keys.map((key) => key.column),
    sql`, `,
  );
  const comparison = sql.raw(isDescending(source.order) ? '<' : '>');
  let bound: SQL | undefined;
  for (;;) {
    const reads = await readBatch(db, source, keys, and(...conditions, bound), size, 0);
    if (reads.length > 0) yield reads.map((read) => listRowOf(read, source));
    if (reads.length < size) return;
    const last = reads[reads.length - 1];
    const values = keys.map((key, index) => sql`cast(${last[keyField(index)] as string} as ${sql.raw(key.column.getSQLType())})`);
    bound = sql`(${columns}) ${comparison} (${sql.join(values, sql`, `)})`;
  }
}

/** One batch in the list's order, narrowed by `bound`, each row with its keys as text (to resume from). */
function readBatch(
  db: DbOrTx,
  source: ListSource<PgTable, Record<string, ListJoin>>,
  keys: readonly Key[],
  bound: SQL | undefined,
  size: number,
  offset: number,
): Promise<ListRead[]> {
  const extra = Object.fromEntries(keys.map((key, index) => [keyField(index), sql<string>`${key.column}::text`]));
  return readListRows(db, source, { walk: source.order.walk ?? 'forward', offset, limit: size, bound, extra });
}
