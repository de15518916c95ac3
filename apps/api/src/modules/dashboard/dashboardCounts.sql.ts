/**
 * The seven dashboard numbers counted the slow, obviously right way (COUNT(*) over the rows): what
 * the trigger-kept counters must equal, for the dashboard test and the benchmark (`@ute/api/bench`).
 */
export const DASHBOARD_NUMBERS_BY_COUNT_SQL = `select
  (select count(*)::int from users where deleted_at is null) as "totalUser",
  (select count(*)::int from users where deleted_at is null and is_active) as "totalActiveUser",
  (select count(*)::int from users where deleted_at is null and not is_active) as "totalDeactiveUser",
  (select count(*)::int from utes where deleted_at is null) as "totalUtedata",
  (select count(*)::int from jobs where deleted_at is null) as "totalJobdata",
  (select count(*)::int from ute_bookings where deleted_at is null) as "totalUteBooking",
  (select count(*)::int from job_bookings where deleted_at is null) as "totalJobBooking"`;
