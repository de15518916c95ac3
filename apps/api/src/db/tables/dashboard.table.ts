import { bigint, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Exact row counts for the dashboard, kept by statement-level triggers in the same transaction
 * as the change (migration 0001), so the dashboard never has to COUNT(*) millions of rows.
 */
export const statCounters = pgTable('stat_counters', {
  name: text('name').primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull().default(0),
});
