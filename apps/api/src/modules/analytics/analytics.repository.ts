import { sql, type SQL } from 'drizzle-orm';
import { addDays, bucketsOf, type AnalyticsGrouping } from '@ute/contract';
import { queryRows, type DbOrTx } from '../../db/database';

/**
 * Reads of Analytics (docs/design.md §10): only the rollup tables of migration 0024, which
 * `analytics_refresh_day` fills from the base tables. Days are Sydney calendar days (YYYY-MM-DD).
 */

/** A range of days, both included, and how the days are grouped. */
export interface DayRange {
  from: string;
  to: string;
  groupBy: AnalyticsGrouping;
}

/** The bucket (its first day, YYYY-MM-DD) a rollup row's day falls in; ISO weeks start on Monday, as bucketOf's. */
function bucketOf(groupBy: AnalyticsGrouping, day: SQL = sql`day`): SQL {
  if (groupBy === 'day') return sql`to_char(${day}, 'YYYY-MM-DD')`;
  return sql`to_char(date_trunc(${groupBy}, ${day}::timestamp), 'YYYY-MM-DD')`;
}

/** The first day of the bucket a rollup row's day falls in, as a date. */
function bucketDateOf(groupBy: AnalyticsGrouping): SQL {
  return groupBy === 'day' ? sql`day` : sql`date_trunc(${groupBy}, day::timestamp)::date`;
}

/** A list of days as one parameter, the same on PGlite and PostgreSQL. */
const dayArray = (days: readonly string[]) => sql`${`{${days.join(',')}}`}::date[]`;

/** Recomputes the days the triggers marked dirty (the `analytics-refresh` job): how many (day, area) pairs. */
export async function refreshDirtyDays(db: DbOrTx): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select analytics_refresh_dirty() as n`);
  return Number(row.n);
}

/** Recomputes every day's rollups (`npm run analytics:rebuild`): how many days. */
export async function rebuildRollups(db: DbOrTx): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select analytics_rebuild() as n`);
  return Number(row.n);
}

export interface DailySum {
  bucket: string;
  metric: string;
  dim: string;
  value: number;
}

/** The sums of `metrics` per bucket and dimension over the range. */
export async function sumDaily(db: DbOrTx, metrics: readonly string[], range: DayRange): Promise<DailySum[]> {
  const rows = await queryRows<{ bucket: string; metric: string; dim: string; value: string }>(
    db,
    sql`select ${bucketOf(range.groupBy)} as bucket, metric, dim, sum(value)::text as value
        from analytics_daily
        where metric in (${sql.join(
          metrics.map((metric) => sql`${metric}`),
          sql`, `,
        )})
          and day between ${range.from}::date and ${range.to}::date
        group by 1, 2, 3`,
  );
  return rows.map((row) => ({ ...row, value: Number(row.value) }));
}

/** A running total (a sum of deltas over every day up to each of `days`, inclusive), per dimension. */
export async function sumUpTo(db: DbOrTx, metric: string, days: readonly string[]): Promise<{ day: string; dim: string; value: number }[]> {
  const rows = await queryRows<{ day: string; dim: string; value: string }>(
    db,
    sql`select to_char(e.day, 'YYYY-MM-DD') as day, a.dim, sum(a.value)::text as value
        from unnest(${dayArray(days)}) as e(day)
        join analytics_daily a on a.metric = ${metric} and a.day <= e.day
        group by e.day, a.dim`,
  );
  return rows.map((row) => ({ ...row, value: Number(row.value) }));
}

/**
 * The age in seconds of the oldest pending listing at the end of each of `days` (Sydney midnight after
 * it, today's too): the last `supply.oldestPending` row on or before the day; null when none was pending.
 */
export async function oldestPendingAges(db: DbOrTx, days: readonly string[]): Promise<Map<string, number | null>> {
  const rows = await queryRows<{ day: string; age: string | null }>(
    db,
    sql`select to_char(e.day, 'YYYY-MM-DD') as day,
          case when o.value is null or o.value < 0 then null
               else greatest(0, floor(extract(epoch from analytics_day_start(e.day + 1))) - o.value)::text end as age
        from unnest(${dayArray(days)}) as e(day)
        left join lateral (
          select value from analytics_daily where metric = 'supply.oldestPending' and day <= e.day order by day desc limit 1
        ) o on true`,
  );
  return new Map(rows.map((row) => [row.day, row.age === null ? null : Number(row.age)]));
}

/** Each bucket of the range with its first and last day within the range (YYYY-MM-DD). */
function bucketWindows(range: DayRange): { bucket: string; first: string; last: string }[] {
  const buckets = bucketsOf(range.from, range.to, range.groupBy);
  return buckets.map((bucket, i) => ({
    bucket,
    first: bucket < range.from ? range.from : bucket,
    last: i + 1 < buckets.length ? addDays(buckets[i + 1], -1) : range.to,
  }));
}

/**
 * Distinct users per bucket and over the whole range (`bucket` null), from the daily sums of rows by
 * their user's previous day in the metric (`distinct.active`, `distinct.booker`; migration 0026): the
 * users of [a, b] are the rows in [a, b] whose previous day is before a. With `returning`, only those
 * who had a row before a (returning bookers: booked in the bucket and before it). `dim` is YYYY-MM-DD
 * or '' (none), compared as bytes with each bucket's first day as text, so no row is converted. One
 * index range read per bucket (a subquery each, whatever the statistics say: a join was planned as a
 * nested loop over every row of the metric when they were stale).
 */
async function countDistinctSince(db: DbOrTx, metric: string, range: DayRange, returning: boolean): Promise<Map<string | null, number>> {
  const seenBefore = returning ? sql`and a.dim <> ''` : sql``;
  const windows = bucketWindows(range);
  const texts = (values: string[]) => sql`${`{${values.join(',')}}`}::text[]`;
  const rows = await queryRows<{ bucket: string | null; n: string }>(
    db,
    sql`with w (bucket, first_day, last_day) as (
          select * from unnest(${texts(windows.map((w) => w.bucket))}, ${texts(windows.map((w) => w.first))}, ${dayArray(windows.map((w) => w.last))})
        )
        select w.bucket, (
          select coalesce(sum(a.value), 0) from analytics_daily a
          where a.metric = ${metric} and a.day between w.first_day::date and w.last_day and a.dim collate "C" < w.first_day ${seenBefore}
        )::text as n
        from w
        union all
        select null, coalesce(sum(a.value), 0)::text
        from analytics_daily a
        where a.metric = ${metric} and a.day between ${range.from}::date and ${range.to}::date
          and a.dim collate "C" < ${range.from} ${seenBefore}`,
  );
  return new Map(rows.map((row) => [row.bucket, Number(row.n)]));
}

/** Distinct active users per bucket, and over the whole range (`bucket` null). */
export async function countActiveUsers(db: DbOrTx, range: DayRange): Promise<Map<string | null, number>> {
  return countDistinctSince(db, 'distinct.active', range, false);
}

/**
 * Returning bookers: users who booked in a bucket (within the range) and had booked before its first
 * day in the range; the whole range's (`bucket` null) counts those who had booked before `from`.
 */
export async function countReturningBookers(db: DbOrTx, range: DayRange): Promise<Map<string | null, number>> {
  return countDistinctSince(db, 'distinct.booker', range, true);
}

/**
 * The median and 90th percentile (as percentile_disc: the smallest duration with at least that share of
 * the durations at or below it) of each bucket's histogram rows, `sets` giving (bucket, seconds, n).
 * The running count is over rows, not over equal durations: where several rows hold one duration, the
 * last of them holds the count up to it, so the smallest duration whose running count reaches the share
 * is the same. Counts are int4, so that the sums are int8 arithmetic (a sum of int8 is numeric).
 */
function percentilesOf(sets: SQL): SQL {
  return sql`with c as (
      select bucket, seconds,
        sum(n) over (partition by bucket order by seconds rows unbounded preceding) as cum,
        sum(n) over (partition by bucket) as total
      from (${sets}) sets
    )
    select to_char(bucket, 'YYYY-MM-DD') as bucket, min(seconds) filter (where cum * 2 >= total)::text as median,
      min(seconds) filter (where cum * 10 >= total * 9)::text as p90, max(total)::text as count
    from c group by bucket`;
}

/**
 * Percentiles of a histogram metric per bucket, and over the whole range (`bucket` null): two statements
 * at once. By day, the rows come in the primary key's order (metric, day, seconds), so nothing is sorted
 * for the buckets; weeks, months and the whole range sort their rows by duration.
 */
export async function durationPercentiles(
  db: DbOrTx,
  metric: string,
  range: DayRange,
): Promise<Map<string | null, { median: number; p90: number; count: number }>> {
  const rowsAs = (bucket: SQL) =>
    sql`select ${bucket} as bucket, seconds, count::int as n from analytics_durations
        where metric = ${metric} and day between ${range.from}::date and ${range.to}::date`;
  type Row = { bucket: string | null; median: string; p90: string; count: string };
  const [buckets, whole] = await Promise.all([
    queryRows<Row>(db, percentilesOf(rowsAs(bucketDateOf(range.groupBy)))),
    queryRows<Row>(db, percentilesOf(rowsAs(sql`null::date`))),
  ]);
  return new Map([...buckets, ...whole].map((row) => [row.bucket, { median: Number(row.median), p90: Number(row.p90), count: Number(row.count) }]));
}

/**
 * Users who signed up in each month from `fromMonth` to `toMonth` (YYYY-MM-01), and how many of them booked
 * 0…11 months later: sign-ups from the daily `people.new` counts, bookers from `distinct.cohortBooker` (a
 * user's first booking in a calendar month, summed per sign-up month).
 */
export async function cohortCounts(
  db: DbOrTx,
  fromMonth: string,
  toMonth: string,
): Promise<{ sizes: Map<string, number>; bookers: Map<string, Map<number, number>> }> {
  const sizesRead = queryRows<{ month: string; n: string }>(
    db,
    sql`select to_char(date_trunc('month', day::timestamp), 'YYYY-MM-DD') as month, sum(value)::text as n
        from analytics_daily
        where metric = 'people.new' and day >= ${fromMonth}::date and day < (${toMonth}::date + interval '1 month')
        group by 1`,
  );
  const bookedRead = queryRows<{ month: string; month_offset: number; n: string }>(
    db,
    // Materialised, so that no other metric's `dim` (a status, '') ever reaches the casts to a date.
    sql`with c as materialized (
          select day, dim, value from analytics_daily
          where metric = 'distinct.cohortBooker' and day >= ${fromMonth}::date and day < (${toMonth}::date + interval '12 months')
        )
        select dim as month,
          ((extract(year from day) * 12 + extract(month from day)) - (extract(year from dim::date) * 12 + extract(month from dim::date)))::int as month_offset,
          sum(value)::text as n
        from c
        where dim collate "C" between ${fromMonth} and ${toMonth} and day >= dim::date and day < dim::date + interval '12 months'
        group by 1, 2`,
  );
  const [sizes, booked] = await Promise.all([sizesRead, bookedRead]);
  const bookers = new Map<string, Map<number, number>>();
  for (const row of booked) {
    const months = bookers.get(row.month) ?? new Map<number, number>();
    months.set(Number(row.month_offset), Number(row.n));
    bookers.set(row.month, months);
  }
  return { sizes: new Map(sizes.map((row) => [row.month, Number(row.n)])), bookers };
}
