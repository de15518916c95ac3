import { sql } from 'drizzle-orm';
import { statCounters, type CounterName } from './tables/dashboard.table';
import type { DbOrTx } from './database';
import { preparedRead } from './prepared';

// The names live with their table, so the table needs nothing from here (no import loop).
export { COUNTERS, type CounterName } from './tables/dashboard.table';

// Every unsearched list page reads its counters: prepared.
const readCounterRows = preparedRead('read_counters', (db) =>
  db
    .select({ name: statCounters.name, value: statCounters.value })
    .from(statCounters)
    .where(sql`${statCounters.name} = any(${sql.placeholder('names')})`),
);

/**
 * The values of these counters in one indexed read, keyed by name. A name without a row (which the
 * migrations never leave) is absent, so a caller can tell it from a zero.
 */
export async function readCounters<TName extends CounterName>(db: DbOrTx, names: readonly TName[]): Promise<Partial<Record<TName, number>>> {
  if (names.length === 0) return {};
  const rows = await readCounterRows(db, { names });
  const values: Partial<Record<CounterName, number>> = {};
  for (const row of rows) values[row.name] = Number(row.value);
  return values;
}
