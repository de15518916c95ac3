import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import {
  addDays,
  ANALYTICS_GROUPINGS,
  ANALYTICS_GROUPS,
  analyticsResponseSchema,
  bucketsOf,
  previousPeriod,
  sydneyToday,
  type AnalyticsGroup,
  type AnalyticsGrouping,
  type AnalyticsResponse,
} from '@ute/contract';
import { queryRows, type Db } from '../../db/database';
import { userActivities } from '../../db/tables/activity.table';
import { jobBookings, uteBookings } from '../../db/tables/bookings.table';
import { jobs } from '../../db/tables/jobs.table';
import { ledgerJournals, ledgerLines, type JournalKind, type LedgerAccount } from '../../db/tables/ledger.table';
import { customerQueries, queryReplies } from '../../db/tables/queries.table';
import { users } from '../../db/tables/users.table';
import { utes } from '../../db/tables/utes.table';
import {
  createActivities,
  createCustomerQueries,
  createJobBookings,
  createJobs,
  createUteBookings,
  createUsers,
  createUtes,
  type UserRow,
} from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/testApp';
import { cohortShare, cohortSize, conversion, FUNNEL_FILTERS, funnelStep, specOf, valueOf } from './analytics.reference';
import { rebuildRollups, refreshDirtyDays } from './analytics.repository';

/**
 * The rollups against the base tables: after a mixed sequence of writes (near Sydney midnight, over
 * the start of daylight saving on 4 October 2026), every number the api answers equals the same
 * number computed with plain SQL from the base tables, and a rebuild writes exactly the rows the
 * incremental job left. Dates are chosen so the ranges compared hold all the data.
 */

/** Sydney wall-clock time (2026, outside 02:00–03:00 on 4 October) as an instant. */
function sydney(local: string): Date {
  const offsetHours = local >= '2026-10-04 03:00' ? 11 : 10;
  return new Date(Date.parse(`${local.replace(' ', 'T')}Z`) - offsetHours * 3_600_000);
}

/** A small deterministic generator (the data is the same on every run and engine). */
function randomOf(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  return {
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)],
  };
}

const DAYS = Array.from({ length: 60 }, (_, i) => addDays('2026-08-25', i));
const TIMES = ['00:00:01', '00:40:00', '09:15:30', '13:05:00', '23:30:00', '23:59:59'];
const RANGE = { from: '2026-09-01', to: '2026-10-31' };

/** The last day of a bucket within the range. */
function lastDayOf(bucket: string, groupBy: AnalyticsGrouping, to: string): string {
  const next = bucketsOf(bucket, addDays(bucket, 40), groupBy)[1] ?? addDays(bucket, 1);
  const end = addDays(next, -1);
  return end < to ? end : to;
}

/** Every difference between the api's answer and the base tables' numbers (empty: they agree). */
async function differencesOf(t: TestApp, group: AnalyticsGroup, from: string, to: string, groupBy: AnalyticsGrouping): Promise<string[]> {
  const db = t.database.db;
  const response = await t.request({ method: 'GET', url: `/analytics/${group}?from=${from}&to=${to}&groupBy=${groupBy}` });
  if (response.statusCode !== 200) return [`${group}: ${response.statusCode} ${response.body}`];
  const body: AnalyticsResponse = analyticsResponseSchema.parse(response.json());
  const previous = previousPeriod(from, to);
  const differences: string[] = [];
  const check = (what: string, actual: unknown, expected: unknown) => {
    if (actual !== expected) differences.push(`${group} ${from}..${to} by ${groupBy} ${what}: api ${actual} base ${expected}`);
  };

  if (group === 'funnel') {
    const steps = Object.keys(FUNNEL_FILTERS) as (keyof typeof FUNNEL_FILTERS)[];
    const chart = body.charts.find((c) => c.key === 'funnel');
    check('funnel buckets', chart?.buckets.join(',') === steps.join(',') ? 1 : 0, 1);
    for (const [i, step] of steps.entries()) check(`funnel ${step}`, chart?.series[0].values[i], await valueOf(db, funnelStep(step)(from, to)));
    const total = body.totals.find((x) => x.key === 'conversion');
    check('conversion', total?.value, await valueOf(db, conversion(from, to)));
    check('conversion previous', total?.previous, await valueOf(db, conversion(previous.from, previous.to)));
    return differences;
  }

  if (group === 'cohorts') {
    const chart = body.charts.find((c) => c.key === 'cohorts');
    const months = bucketsOf(from, to, 'month');
    check('cohort buckets', chart?.buckets.join(',') === months.join(',') ? 1 : 0, 1);
    const currentMonth = `${sydneyToday().slice(0, 7)}-01`;
    for (const [i, month] of months.entries()) {
      const size = await valueOf(db, cohortSize(month));
      check(`cohort ${month} size`, chart?.series.find((s) => s.key === 'size')?.values[i], size);
      for (let n = 0; n < 12; n += 1) {
        const start = sql`(${month}::date + make_interval(months => ${n}))`;
        const startDay = (await queryRows<{ d: string }>(db, sql`select to_char(${start}, 'YYYY-MM-DD') as d`))[0].d;
        const expected = size === 0 || size === null || startDay > currentMonth ? null : await valueOf(db, cohortShare(month, n, size));
        check(`cohort ${month} m${n}`, chart?.series.find((s) => s.key === `m${n}`)?.values[i], expected);
      }
    }
    return differences;
  }

  const spec = await specOf(db, group, from, to);
  for (const [key, measure] of Object.entries(spec.totals)) {
    const total = body.totals.find((x) => x.key === key);
    check(`total ${key}`, total?.value, await valueOf(db, measure(from, to)));
    check(`total ${key} previous`, total?.previous, await valueOf(db, measure(previous.from, previous.to)));
  }
  check('totals', body.totals.map((x) => x.key).join(','), Object.keys(spec.totals).join(','));
  const buckets = bucketsOf(from, to, groupBy);
  for (const [chartKey, series] of Object.entries(spec.charts)) {
    const chart = body.charts.find((c) => c.key === chartKey);
    if (!chart) {
      differences.push(`${group}: no chart ${chartKey}`);
      continue;
    }
    check(
      `${chartKey} series`,
      chart.series
        .map((s) => s.key)
        .sort()
        .join(','),
      Object.keys(series).sort().join(','),
    );
    check(`${chartKey} buckets`, chart.buckets.join(','), buckets.join(','));
    for (const [seriesKey, measure] of Object.entries(series)) {
      const values = chart.series.find((s) => s.key === seriesKey)?.values ?? [];
      for (const [i, bucket] of buckets.entries()) {
        const a = bucket < from ? from : bucket;
        check(`${chartKey}.${seriesKey} ${bucket}`, values[i], await valueOf(db, measure(a, lastDayOf(bucket, groupBy, to))));
      }
    }
  }
  return differences;
}

/** Every rollup row, in one comparable text. */
async function rollupRows(db: Db): Promise<string[]> {
  const rows = await queryRows<{ r: string }>(
    db,
    sql`select concat_ws(' ', 'daily', day, metric, dim, value) as r from analytics_daily
        union all select concat_ws(' ', 'users', day, metric, user_id, prev_day, cohort_month) from analytics_day_users
        union all select concat_ws(' ', 'durations', day, metric, seconds, count) from analytics_durations
        order by 1`,
  );
  return rows.map((row) => row.r);
}

/** A moderator's decision at a given instant (decided_at is the database's column, not Drizzle's: utes.table.ts). */
async function decide(db: Db, table: 'utes' | 'jobs', id: string, status: string, reason: string | null, at: Date) {
  await db.execute(
    sql`update ${sql.identifier(table)} set status = ${status}, rejection_reason = ${reason}, decided_at = ${at.toISOString()}::timestamptz where id = ${id}`,
  );
}

/** A journal at a given instant (the ledger stamps lines with their insert time; a test may place them). */
async function postJournalAt(db: Db, at: Date, kind: JournalKind, lines: { account: LedgerAccount; ownerId?: string; amountCents: number }[]) {
  await db.transaction(async (tx) => {
    const [journal] = await tx.insert(ledgerJournals).values({ kind, memo: 'analytics test', createdAt: at }).returning({ id: ledgerJournals.id });
    await tx
      .insert(ledgerLines)
      .values(
        lines.map((line) => ({ journalId: journal.id, account: line.account, ownerId: line.ownerId ?? null, amountCents: line.amountCents, createdAt: at })),
      );
  });
}

describe('analytics rollups', () => {
  let t: TestApp;
  let db: Db;
  const today = sydneyToday();
  const recent = { from: addDays(today, -9), to: today };

  beforeAll(async () => {
    t = await createTestApp();
    db = t.database.db;
    const rnd = randomOf(28);
    const at = (day = rnd.int(0, DAYS.length - 1), time = rnd.pick(TIMES)) => sydney(`${DAYS[day]} ${time}`);
    const later = (from: Date, maxHours: number) => new Date(from.getTime() + rnd.int(1, maxHours * 60) * 60_000);

    // 1. Users, listings, bookings, activity and queries over sixty days; the job runs.
    const people: UserRow[] = await createUsers(
      db,
      Array.from({ length: 40 }, () => ({ createdAt: at() })),
    );
    const uteRows = await createUtes(
      db,
      Array.from({ length: 30 }, () => ({ ownerId: rnd.pick(people).id, createdAt: at(rnd.int(0, 50)) })),
    );
    const jobRows = await createJobs(
      db,
      Array.from({ length: 20 }, () => ({ postedBy: rnd.pick(people).id, createdAt: at(rnd.int(0, 50)) })),
    );
    const statuses = ['pending', 'accepted', 'dispatched', 'completed', 'cancelled'];
    await createUteBookings(
      db,
      Array.from({ length: 60 }, () => {
        const ute = rnd.pick(uteRows);
        return {
          ownerId: ute.ownerId!,
          uteRef: ute.id,
          bookedBy: rnd.pick(people).id,
          status: rnd.pick(statuses),
          amount: rnd.int(5_000, 90_000) / 100,
          createdAt: later(ute.createdAt, 24 * 9),
        };
      }),
    );
    await createJobBookings(
      db,
      Array.from({ length: 30 }, () => ({
        ownerId: rnd.pick(people).id,
        bookedBy: rnd.pick(people).id,
        status: rnd.pick(statuses),
        amount: rnd.int(5_000, 90_000) / 100,
        createdAt: at(),
      })),
    );
    await createActivities(
      db,
      Array.from({ length: 50 }, () => ({ userId: rnd.pick(people).id, activity: 'login', occurredAt: at() })),
    );
    const queries = await createCustomerQueries(
      db,
      Array.from({ length: 20 }, () => ({ createdAt: at() })),
    );
    await db
      .insert(queryReplies)
      .values(
        queries
          .slice(0, 14)
          .flatMap((query, i) => [
            { queryId: query.id, message: 'first', createdAt: later(query.createdAt, 40) },
            ...(i % 3 === 0 ? [{ queryId: query.id, message: 'second', createdAt: later(query.createdAt, 90) }] : []),
          ]),
      );
    await refreshDirtyDays(db);

    // 2. Decisions on later days, some at midnight, a few reasons; the job runs again.
    const reasons = ['photos', 'licence', 'duplicate', null];
    for (const [i, ute] of uteRows.slice(0, 22).entries()) {
      const isRejected = i % 3 === 0;
      await decide(db, 'utes', ute.id, isRejected ? 'Rejected' : 'Approved', isRejected ? rnd.pick(reasons) : null, later(ute.createdAt, 80));
    }
    for (const [i, job] of jobRows.slice(0, 14).entries()) {
      await decide(db, 'jobs', job.id, i % 4 === 0 ? 'Rejected' : 'Approved', i % 4 === 0 ? 'price' : null, later(job.createdAt, 30));
    }
    await refreshDirtyDays(db);

    // 3. A ute listed and removed (pending, it marks every day since), then changes of mind on listings.
    const extra = await createUtes(db, [{ ownerId: people[2].id, createdAt: sydney('2026-09-10 23:59:59') }]);
    await db.delete(utes).where(eq(utes.id, extra[0].id));
    await db.update(jobs).set({ deletedAt: new Date() }).where(eq(jobs.id, jobRows[3].id));
    await refreshDirtyDays(db);
    await decide(db, 'utes', uteRows[1].id, 'Rejected', 'listing-rules', sydney('2026-10-20 23:59:59'));
    await db.update(utes).set({ status: 'Pending' }).where(eq(utes.id, uteRows[2].id));
    await db.update(utes).set({ deletedAt: new Date() }).where(eq(utes.id, uteRows[4].id));
    await refreshDirtyDays(db);

    // 4. Status changes, payouts, refunds, soft and hard deletes; the job runs last.
    const someUteBookings = await db.select().from(uteBookings).limit(20);
    // Delivered now: the ledger's trigger journals them payable (today).
    await db
      .update(uteBookings)
      .set({ status: 'delivered' })
      .where(
        inArray(
          uteBookings.id,
          someUteBookings.slice(0, 8).map((b) => b.id),
        ),
      );
    await db
      .update(uteBookings)
      .set({ status: 'delivered', transferState: 'transferred' })
      .where(
        inArray(
          uteBookings.id,
          someUteBookings.slice(8, 11).map((b) => b.id),
        ),
      );
    await db.update(uteBookings).set({ status: 'cancelled', amount: 12.34 }).where(eq(uteBookings.id, someUteBookings[11].id));
    await db.update(uteBookings).set({ deletedAt: new Date() }).where(eq(uteBookings.id, someUteBookings[12].id));
    await db.update(uteBookings).set({ bookedBy: people[0].id }).where(eq(uteBookings.id, someUteBookings[13].id));
    // A delivered booking deleted before its payout: the ledger withdraws its payable journal.
    await db.delete(uteBookings).where(eq(uteBookings.id, someUteBookings[0].id));
    await db.delete(uteBookings).where(eq(uteBookings.id, someUteBookings[14].id));
    const [jobBooking] = await db.select().from(jobBookings).limit(1);
    await db.update(jobBookings).set({ status: 'delivered', transferState: 'transferred' }).where(eq(jobBookings.id, jobBooking.id));
    const owner = someUteBookings[1].ownerId;
    await postJournalAt(db, sydney('2026-09-30 23:59:59'), 'payout.manual', [
      { account: 'owner_payable', ownerId: owner, amountCents: 4_000 },
      { account: 'owner_paid_out', ownerId: owner, amountCents: -4_000 },
    ]);
    await postJournalAt(db, sydney('2026-10-01 00:00:01'), 'refund.issued', [
      { account: 'platform_cash', amountCents: -2_500 },
      { account: 'owner_payable', ownerId: owner, amountCents: 2_200 },
      { account: 'fee_revenue', amountCents: 300 },
    ]);
    await postJournalAt(db, new Date(), 'refund.issued', [
      { account: 'platform_cash', amountCents: -1_000 },
      { account: 'customer_funds', amountCents: 1_000 },
    ]);
    await db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, people[5].id));
    // Activity and a booking on early days of users active later: their later rows' previous days change.
    await createActivities(db, [
      { userId: people[7].id, activity: 'login', occurredAt: sydney(`${DAYS[0]} 09:00:00`) },
      { userId: people[8].id, activity: 'login', occurredAt: sydney(`${DAYS[30]} 23:59:59`) },
    ]);
    await createJobBookings(db, [{ ownerId: people[1].id, bookedBy: people[9].id, status: 'pending', amount: 80, createdAt: sydney(`${DAYS[2]} 00:00:01`) }]);
    const [firstActivity] = await db.select({ id: userActivities.id }).from(userActivities).limit(1);
    await db.delete(userActivities).where(eq(userActivities.id, firstActivity.id));
    await db.update(customerQueries).set({ deletedAt: new Date() }).where(eq(customerQueries.id, queries[1].id));
    // The first of two replies goes: the query's first reply is now the second, maybe days later.
    const [firstReply] = await db.select().from(queryReplies).where(eq(queryReplies.queryId, queries[0].id)).orderBy(queryReplies.createdAt).limit(1);
    await db.delete(queryReplies).where(eq(queryReplies.id, firstReply.id));
    await refreshDirtyDays(db);
  });
  afterAll(() => t.close());

  it.each(ANALYTICS_GROUPS)('answers the %s numbers exactly as the base tables give them, by day, week and month', async (group) => {
    expect(await queryRows(db, sql`select * from analytics_dirty_days`)).toEqual([]);
    for (const groupBy of ANALYTICS_GROUPINGS) {
      expect(await differencesOf(t, group, RANGE.from, RANGE.to, groupBy)).toEqual([]);
      expect(await differencesOf(t, group, recent.from, recent.to, groupBy)).toEqual([]);
    }
  });

  it('has data in every group to compare (the comparisons are not of zeros)', async () => {
    const [counts] = await queryRows<Record<string, string>>(
      db,
      sql`select (select count(distinct split_part(metric, '.', 1)) from analytics_daily where metric not like 'distinct.%')::text as areas,
                 (select count(distinct metric) from analytics_daily where metric like 'distinct.%')::text as distinct_metrics,
                 (select count(*) from analytics_day_users where prev_day is not null)::text as linked,
                 (select count(*) from analytics_daily where metric = 'money.owedDelta')::text as owed_days,
                 (select count(*) from analytics_durations where metric = 'supply.moderation')::text as moderation,
                 (select count(*) from analytics_durations where metric = 'support.firstReply')::text as replies`,
    );
    expect(Number(counts.areas)).toBe(6);
    expect(Number(counts.distinct_metrics)).toBe(3);
    expect(Number(counts.linked)).toBeGreaterThan(10);
    expect(Number(counts.owed_days)).toBeGreaterThanOrEqual(2);
    expect(Number(counts.moderation)).toBeGreaterThan(5);
    expect(Number(counts.replies)).toBeGreaterThan(5);
  });

  it('rebuilds exactly the rows the incremental job left', async () => {
    const incremental = await rollupRows(db);
    expect(incremental.length).toBeGreaterThan(200);
    await rebuildRollups(db);
    expect(await rollupRows(db)).toEqual(incremental);
  });

  it('notices a change whose dirty mark is lost, and the rebuild mends it', async () => {
    const [booking] = await db.select().from(uteBookings).where(eq(uteBookings.status, 'pending')).limit(1);
    await db.update(uteBookings).set({ status: 'cancelled' }).where(eq(uteBookings.id, booking.id));
    await db.execute(sql`delete from analytics_dirty_days`);
    await refreshDirtyDays(db);
    expect(await differencesOf(t, 'bookings', RANGE.from, RANGE.to, 'week')).not.toEqual([]);
    await rebuildRollups(db);
    expect(await differencesOf(t, 'bookings', RANGE.from, RANGE.to, 'week')).toEqual([]);
  });
});
