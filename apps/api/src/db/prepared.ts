import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './database';

interface Runnable<TValues, TResult> {
  execute(values: TValues): Promise<TResult>;
}

/** A Drizzle query built with `sql.placeholder`s: it runs as built, or once prepared under a name. */
interface Preparable<TValues, TResult> extends Runnable<TValues, TResult> {
  prepare(name: string): Runnable<TValues, TResult>;
}

/**
 * A read of fixed shape that requests make each time (the token check, a setting, a list page's work
 * items, refunds or replies, the counters, search_words), as a named prepared statement of each
 * database (docs/design.md §7, §8.4): Drizzle builds its SQL once instead of on every request (tens
 * of µs of CPU each, on a page whose statements cost PostgreSQL about as much), and each pooled
 * connection plans it once. `build` gives the query with placeholders for `values`. In a transaction
 * it runs as built (a prepared query belongs to the database it was prepared on), so callers need
 * not know where they run.
 */
export function preparedRead<TValues extends Record<string, unknown>, TResult>(
  name: string,
  build: (db: DbOrTx) => Preparable<TValues, TResult>,
): (db: DbOrTx, values: TValues) => Promise<TResult> {
  const prepared = new WeakMap<DbOrTx, Runnable<TValues, TResult>>();
  return (db, values) => {
    if (db instanceof PgTransaction) return build(db).execute(values);
    let statement = prepared.get(db);
    if (!statement) {
      statement = build(db).prepare(name);
      prepared.set(db, statement);
    }
    return statement.execute(values);
  };
}
