import { inArray, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { statCounters } from './tables/dashboard.table';
import type { DbOrTx } from './database';

/** Names of the trigger-kept counters of migrations 0001 and 0002. */
export type CounterName =
  | 'users'
  | 'utes'
  | 'jobs'
  | 'customer_queries'
  | 'ute_bookings_stripe'
  | 'ute_bookings_manual'
  | 'job_bookings_stripe'
  | 'job_bookings_manual'
  | 'payments_stripe'
  | 'payments_manual_ute'
  | 'payments_manual_job';

/**
 * How many rows match a list's filter. When the filter is exactly what counters describe (no
 * search), the sum of those trigger-kept counters: one indexed read, exact, however many rows.
 * Otherwise (a search, or a counter missing) a COUNT(*) over the matches.
 */
export async function countRows(db: DbOrTx, options: { counters: CounterName[] | null; table: PgTable; where: SQL | undefined }): Promise<number> {
  const { counters, table, where } = options;
  if (counters && counters.length > 0) {
    const rows = await db.select({ value: statCounters.value }).from(statCounters).where(inArray(statCounters.name, counters));
    if (rows.length === counters.length) return rows.reduce((total, row) => total + Number(row.value), 0);
  }
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(table).where(where);
  return count;
}
