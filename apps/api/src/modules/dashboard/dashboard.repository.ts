import { sql } from 'drizzle-orm';
import type { DashboardCounts } from '@ute/contract';
import { queryRows, type DbOrTx } from '../../db/database';

/** The seven numbers of the dashboard, exact, in one round trip. */
export async function countDashboard(db: DbOrTx): Promise<DashboardCounts> {
  const [counts] = await queryRows<DashboardCounts>(db, sql`
    select
      (select count(*)::int from users where deleted_at is null) as "totalUser",
      (select count(*)::int from users where deleted_at is null and is_active) as "totalActiveUser",
      (select count(*)::int from users where deleted_at is null and not is_active) as "totalDeactiveUser",
      (select count(*)::int from utes where deleted_at is null) as "totalUtedata",
      (select count(*)::int from jobs where deleted_at is null) as "totalJobdata",
      (select count(*)::int from ute_bookings where deleted_at is null) as "totalUteBooking",
      (select count(*)::int from job_bookings where deleted_at is null) as "totalJobBooking"
  `);
  return counts;
}
