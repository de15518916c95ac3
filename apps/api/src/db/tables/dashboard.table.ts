import { bigint, pgTable, text } from 'drizzle-orm/pg-core';
import type { CounterName } from '../counters';

/**
 * Exact row counts for the dashboard, kept by statement-level triggers in the same transaction
 * as the change (migrations 0001 and 0002), so the dashboard and the lists never have to COUNT(*)
 * millions of rows. Their names are COUNTERS of db/counters.ts.
 */
export const statCounters = pgTable('stat_counters', {
  name: text('name').$type<CounterName>().primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull().default(0),
});
