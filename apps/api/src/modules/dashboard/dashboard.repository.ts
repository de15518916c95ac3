import { sql } from 'drizzle-orm';
import type { DashboardCounts } from '@ute/contract';
import { queryRows, type DbOrTx } from '../../db/database';

/**
 * The seven numbers of the dashboard from the trigger-kept counters (migration 0001): exact, and
 * one indexed read however large the tables grow.
 */
export async function countDashboard(db: DbOrTx): Promise<DashboardCounts> {
  const rows = await queryRows<{ name: string; value: string | number }>(db, sql`select name, value from stat_counters`);
  const value = (name: string) => Number(rows.find((row) => row.name === name)?.value ?? 0);
  return {
    totalUser: value('users'),
    totalActiveUser: value('users_active'),
    totalDeactiveUser: value('users_inactive'),
    totalUtedata: value('utes'),
    totalJobdata: value('jobs'),
    totalUteBooking: value('ute_bookings'),
    totalJobBooking: value('job_bookings'),
  };
}
