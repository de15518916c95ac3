import {
  addDays,
  BOOKING_STATUSES,
  bucketsOf,
  changePercent,
  previousPeriod,
  REJECTION_REASON_LABELS,
  sydneyToday,
  type AnalyticsChart,
  type AnalyticsGroup,
  type AnalyticsGrouping,
  type AnalyticsQuery,
  type AnalyticsResponse,
  type AnalyticsTotal,
  type AnalyticsUnit,
} from '@ute/contract';
import type { Db } from '../../db/database';
import {
  cohortCounts,
  countActiveUsers,
  countReturningBookers,
  durationPercentiles,
  oldestPendingAges,
  rebuildRollups,
  refreshDirtyDays,
  sumDaily,
  sumUpTo,
  type DailySum,
  type DayRange,
} from './analytics.repository';

export interface AnalyticsServiceDeps {
  db: Db;
  /** The clock, for the cohorts' months not reached yet (tests pin it). */
  now?: () => Date;
}

const LEDGER_SOURCE = 'Ledger (double-entry journals)';
const ROLLUP_SOURCE = 'Daily rollups of bookings, listings, users and queries';
const FUNNEL_STEPS = ['listed', 'approved', 'booked', 'delivered', 'paidOut'] as const;
const COHORT_MONTHS = 12;

type Series = AnalyticsChart['series'][number];

/** The last day of a bucket (a day, a Monday's week, a month), never after `to`. */
function bucketEnd(bucket: string, groupBy: AnalyticsGrouping, to: string): string {
  let end = bucket;
  if (groupBy === 'week') end = addDays(bucket, 6);
  if (groupBy === 'month') {
    const [year, month] = [Number(bucket.slice(0, 4)), Number(bucket.slice(5, 7))];
    end = addDays(`${month === 12 ? year + 1 : year}-${String((month % 12) + 1).padStart(2, '0')}-01`, -1);
  }
  return end < to ? end : to;
}

function total(key: string, label: string, unit: AnalyticsUnit, value: number | null, previous: number | null): AnalyticsTotal {
  return { key, label, unit, value, previous, changePercent: changePercent(value, previous) };
}

/** Sums of rollup rows, looked up by metric, dimension and bucket. */
class Sums {
  constructor(private readonly rows: DailySum[]) {}

  /** The sum over the buckets (or in one bucket) of a metric, of one dimension or all. */
  of(metric: string, options: { dim?: string; bucket?: string } = {}): number {
    let sum = 0;
    for (const row of this.rows) {
      if (row.metric !== metric) continue;
      if (options.dim !== undefined && row.dim !== options.dim) continue;
      if (options.bucket !== undefined && row.bucket !== options.bucket) continue;
      sum += row.value;
    }
    return sum;
  }

  /** The dimensions a metric has rows of. */
  dims(metric: string): string[] {
    return [...new Set(this.rows.filter((row) => row.metric === metric).map((row) => row.dim))];
  }
}

/** Keeps known values first in their order, then the rest alphabetically. */
function ordered(values: string[], known: readonly string[]): string[] {
  return [...known.filter((value) => values.includes(value)), ...values.filter((value) => !known.includes(value)).sort()];
}

export function createAnalyticsService({ db, now = () => new Date() }: AnalyticsServiceDeps) {
  /** One group's numbers over `query`'s range, beside the previous period's. */
  async function getGroup(group: AnalyticsGroup, query: AnalyticsQuery): Promise<AnalyticsResponse> {
    const previous = previousPeriod(query.from, query.to);
    const range: DayRange = { from: query.from, to: query.to, groupBy: query.groupBy };
    const previousRange: DayRange = { ...previous, groupBy: query.groupBy };
    const buckets = bucketsOf(query.from, query.to, query.groupBy);
    const built = await buildGroup(group, range, previousRange, buckets);
    return {
      group,
      from: query.from,
      to: query.to,
      groupBy: query.groupBy,
      previousFrom: previous.from,
      previousTo: previous.to,
      source: group === 'money' ? LEDGER_SOURCE : ROLLUP_SOURCE,
      ...built,
    };
  }

  function buildGroup(group: AnalyticsGroup, range: DayRange, previous: DayRange, buckets: string[]): Promise<Pick<AnalyticsResponse, 'totals' | 'charts'>> {
    switch (group) {
      case 'money':
        return buildMoney(range, previous, buckets);
      case 'bookings':
        return buildBookings(range, previous, buckets);
      case 'supply':
        return buildSupply(range, previous, buckets);
      case 'people':
        return buildPeople(range, previous, buckets);
      case 'support':
        return buildSupport(range, previous, buckets);
      case 'funnel':
        return buildFunnel(range, previous);
      case 'cohorts':
        return buildCohorts(range);
    }
  }

  const chart = (key: string, title: string, kind: AnalyticsChart['kind'], unit: AnalyticsUnit, buckets: string[], series: Series[]): AnalyticsChart => ({
    key,
    title,
    kind,
    unit,
    buckets,
    series,
  });

  /** A series of a metric's sums per bucket (0 where none). */
  const sumSeries = (sums: Sums, buckets: string[], key: string, label: string, metric: string, dim?: string): Series => ({
    key,
    label,
    values: buckets.map((bucket) => sums.of(metric, { dim, bucket })),
  });

  /**
   * The sums of `metrics` over the range and over the previous period. The reads of a group are sent at
   * once: a PostgreSQL pool runs them side by side, PGlite in turn.
   */
  async function sumsOf(metrics: readonly string[], range: DayRange, previous: DayRange): Promise<[Sums, Sums]> {
    const [now, before] = await Promise.all([sumDaily(db, metrics, range), sumDaily(db, metrics, previous)]);
    return [new Sums(now), new Sums(before)];
  }

  async function buildMoney(range: DayRange, previous: DayRange, buckets: string[]) {
    const metrics = ['money.gross', 'money.fees', 'money.feeGst', 'money.refunds', 'money.payoutsPaid'];
    const ends = buckets.map((bucket) => bucketEnd(bucket, range.groupBy, range.to));
    const [[now, before], owed] = await Promise.all([sumsOf(metrics, range, previous), sumUpTo(db, 'money.owedDelta', [...new Set([...ends, previous.to])])]);
    const owedAt = (day: string) => owed.filter((row) => row.day === day).reduce((sum, row) => sum + row.value, 0);
    const pair = (metric: string) => [now.of(metric), before.of(metric)] as const;
    return {
      totals: [
        total('grossBookingValue', 'Gross booking value', 'cents', ...pair('money.gross')),
        total('platformFees', 'Platform fees', 'cents', ...pair('money.fees')),
        total('feeGst', 'GST in fees', 'cents', ...pair('money.feeGst')),
        total('refunds', 'Refunds', 'cents', ...pair('money.refunds')),
        total('payoutsPaid', 'Payouts paid', 'cents', ...pair('money.payoutsPaid')),
        total('owedToOwners', 'Owed to owners', 'cents', owedAt(range.to), owedAt(previous.to)),
      ],
      charts: [
        chart('moneyFlow', 'Money flow', 'line', 'cents', buckets, [
          sumSeries(now, buckets, 'gross', 'Gross', 'money.gross'),
          sumSeries(now, buckets, 'fees', 'Fees', 'money.fees'),
          sumSeries(now, buckets, 'refunds', 'Refunds', 'money.refunds'),
          sumSeries(now, buckets, 'payoutsPaid', 'Payouts paid', 'money.payoutsPaid'),
        ]),
        chart('owedToOwners', 'Owed to owners', 'area', 'cents', buckets, [{ key: 'owed', label: 'Owed', values: ends.map(owedAt) }]),
      ],
    };
  }

  async function buildBookings(range: DayRange, previous: DayRange, buckets: string[]) {
    const metrics = ['bookings.ute', 'bookings.job', 'bookings.gross'];
    const [now, before] = await sumsOf(metrics, range, previous);
    const average = (sums: Sums, bucket?: string) => {
      const count = sums.of('bookings.ute', { bucket }) + sums.of('bookings.job', { bucket });
      return count === 0 ? null : Math.round(sums.of('bookings.gross', { bucket }) / count);
    };
    const cancellations = (sums: Sums) => sums.of('bookings.ute', { dim: 'cancelled' }) + sums.of('bookings.job', { dim: 'cancelled' });
    const byStatus = (metric: string) => ordered(now.dims(metric), BOOKING_STATUSES).map((status) => sumSeries(now, buckets, status, status, metric, status));
    return {
      totals: [
        total('newUteBookings', 'New ute bookings', 'count', now.of('bookings.ute'), before.of('bookings.ute')),
        total('newJobBookings', 'New job bookings', 'count', now.of('bookings.job'), before.of('bookings.job')),
        total('cancellations', 'Cancellations', 'count', cancellations(now), cancellations(before)),
        total('averageBookingValue', 'Average booking value', 'cents', average(now), average(before)),
      ],
      charts: [
        chart('uteBookingsByStatus', 'Ute bookings by status', 'stackedBar', 'count', buckets, byStatus('bookings.ute')),
        chart('jobBookingsByStatus', 'Job bookings by status', 'stackedBar', 'count', buckets, byStatus('bookings.job')),
        chart('averageBookingValue', 'Average booking value', 'line', 'cents', buckets, [
          { key: 'average', label: 'Average', values: buckets.map((bucket) => average(now, bucket)) },
        ]),
      ],
    };
  }

  async function buildSupply(range: DayRange, previous: DayRange, buckets: string[]) {
    const metrics = ['supply.new', 'supply.decided', 'supply.rejectionReason'];
    const ends = buckets.map((bucket) => bucketEnd(bucket, range.groupBy, range.to));
    const endDays = [...new Set([...ends, previous.to])];
    const [[now, before], times, previousTimes, backlog, ages] = await Promise.all([
      sumsOf(metrics, range, previous),
      durationPercentiles(db, 'supply.moderation', range),
      durationPercentiles(db, 'supply.moderation', previous),
      sumUpTo(db, 'supply.pendingDelta', endDays),
      oldestPendingAges(db, endDays),
    ]);
    const backlogAt = (day: string, dim?: string) =>
      backlog.filter((row) => row.day === day && (dim === undefined || row.dim === dim)).reduce((sum, row) => sum + row.value, 0);
    const reasons = ordered(now.dims('supply.rejectionReason'), Object.keys(REJECTION_REASON_LABELS));
    const reasonLabel = (reason: string) => (REJECTION_REASON_LABELS as Record<string, string | undefined>)[reason] ?? reason;
    return {
      totals: [
        total('newUtes', 'New utes', 'count', now.of('supply.new', { dim: 'utes' }), before.of('supply.new', { dim: 'utes' })),
        total('newJobs', 'New jobs', 'count', now.of('supply.new', { dim: 'jobs' }), before.of('supply.new', { dim: 'jobs' })),
        total('approved', 'Approved', 'count', now.of('supply.decided', { dim: 'approved' }), before.of('supply.decided', { dim: 'approved' })),
        total('rejected', 'Rejected', 'count', now.of('supply.decided', { dim: 'rejected' }), before.of('supply.decided', { dim: 'rejected' })),
        total('moderationMedian', 'Time to moderate (median)', 'seconds', times.get(null)?.median ?? null, previousTimes.get(null)?.median ?? null),
        total('moderationP90', 'Time to moderate (90th percentile)', 'seconds', times.get(null)?.p90 ?? null, previousTimes.get(null)?.p90 ?? null),
        total('pendingBacklog', 'Pending backlog', 'count', backlogAt(range.to), backlogAt(previous.to)),
        total('oldestPendingAge', 'Oldest pending', 'seconds', ages.get(range.to) ?? null, ages.get(previous.to) ?? null),
      ],
      charts: [
        chart('newListings', 'New listings', 'line', 'count', buckets, [
          sumSeries(now, buckets, 'utes', 'Utes', 'supply.new', 'utes'),
          sumSeries(now, buckets, 'jobs', 'Jobs', 'supply.new', 'jobs'),
        ]),
        chart('decisions', 'Decisions', 'stackedBar', 'count', buckets, [
          sumSeries(now, buckets, 'approved', 'Approved', 'supply.decided', 'approved'),
          sumSeries(now, buckets, 'rejected', 'Rejected', 'supply.decided', 'rejected'),
        ]),
        chart(
          'rejectionsByReason',
          'Rejections by reason',
          'stackedBar',
          'count',
          buckets,
          reasons.map((reason) => sumSeries(now, buckets, reason, reasonLabel(reason), 'supply.rejectionReason', reason)),
        ),
        chart('timeToModerate', 'Time to moderate', 'line', 'seconds', buckets, [
          { key: 'median', label: 'Median', values: buckets.map((bucket) => times.get(bucket)?.median ?? null) },
          { key: 'p90', label: '90th percentile', values: buckets.map((bucket) => times.get(bucket)?.p90 ?? null) },
        ]),
        chart('pendingBacklog', 'Pending backlog', 'area', 'count', buckets, [
          { key: 'utes', label: 'Utes', values: ends.map((day) => backlogAt(day, 'utes')) },
          { key: 'jobs', label: 'Jobs', values: ends.map((day) => backlogAt(day, 'jobs')) },
        ]),
        chart('oldestPending', 'Oldest pending listing', 'line', 'seconds', buckets, [
          { key: 'age', label: 'Age', values: ends.map((day) => ages.get(day) ?? null) },
        ]),
      ],
    };
  }

  async function buildPeople(range: DayRange, previous: DayRange, buckets: string[]) {
    const [[now, before], active, previousActive, returning, previousReturning] = await Promise.all([
      sumsOf(['people.new'], range, previous),
      countActiveUsers(db, range),
      countActiveUsers(db, previous),
      countReturningBookers(db, range),
      countReturningBookers(db, previous),
    ]);
    const countSeries = (counts: Map<string | null, number>): Series[] => [
      { key: 'count', label: 'Count', values: buckets.map((bucket) => counts.get(bucket) ?? 0) },
    ];
    return {
      totals: [
        total('newUsers', 'New users', 'count', now.of('people.new'), before.of('people.new')),
        total('activeUsers', 'Active users', 'count', active.get(null) ?? 0, previousActive.get(null) ?? 0),
        total('returningBookers', 'Returning bookers', 'count', returning.get(null) ?? 0, previousReturning.get(null) ?? 0),
      ],
      charts: [
        chart('newUsers', 'New users', 'line', 'count', buckets, [sumSeries(now, buckets, 'count', 'Count', 'people.new')]),
        chart('activeUsers', 'Active users', 'line', 'count', buckets, countSeries(active)),
        chart('returningBookers', 'Returning bookers', 'line', 'count', buckets, countSeries(returning)),
      ],
    };
  }

  async function buildSupport(range: DayRange, previous: DayRange, buckets: string[]) {
    const metrics = ['support.received', 'support.answered'];
    const [[now, before], times, previousTimes] = await Promise.all([
      sumsOf(metrics, range, previous),
      durationPercentiles(db, 'support.firstReply', range),
      durationPercentiles(db, 'support.firstReply', previous),
    ]);
    return {
      totals: [
        total('queriesReceived', 'Queries received', 'count', now.of('support.received'), before.of('support.received')),
        total('queriesAnswered', 'Queries answered', 'count', now.of('support.answered'), before.of('support.answered')),
        total('medianFirstReply', 'First reply (median)', 'seconds', times.get(null)?.median ?? null, previousTimes.get(null)?.median ?? null),
      ],
      charts: [
        chart('queries', 'Queries', 'line', 'count', buckets, [
          sumSeries(now, buckets, 'received', 'Received', 'support.received'),
          sumSeries(now, buckets, 'answered', 'Answered', 'support.answered'),
        ]),
        chart('firstReply', 'Time to first reply', 'line', 'seconds', buckets, [
          { key: 'median', label: 'Median', values: buckets.map((bucket) => times.get(bucket)?.median ?? null) },
        ]),
      ],
    };
  }

  async function buildFunnel(range: DayRange, previous: DayRange) {
    const metrics = FUNNEL_STEPS.map((step) => `funnel.${step}`);
    const [now, before] = await sumsOf(metrics, range, previous);
    const conversion = (sums: Sums) => {
      const listed = sums.of('funnel.listed');
      return listed === 0 ? null : Math.round((sums.of('funnel.paidOut') / listed) * 1000) / 10;
    };
    return {
      totals: [total('conversion', 'Listed to paid out', 'percent', conversion(now), conversion(before))],
      charts: [
        chart(
          'funnel',
          'Utes listed in the range',
          'funnel',
          'count',
          [...FUNNEL_STEPS],
          [{ key: 'count', label: 'Utes', values: FUNNEL_STEPS.map((step) => now.of(`funnel.${step}`)) }],
        ),
      ],
    };
  }

  async function buildCohorts(range: DayRange) {
    const months = bucketsOf(range.from, range.to, 'month');
    const { sizes, bookers } = await cohortCounts(db, months[0], months.at(-1)!);
    const currentMonth = `${sydneyToday(now()).slice(0, 7)}-01`;
    const monthAfter = (month: string, n: number) => {
      const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + n;
      return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
    };
    const series: Series[] = [{ key: 'size', label: 'Signed up', values: months.map((month) => sizes.get(month) ?? 0) }];
    for (let n = 0; n < COHORT_MONTHS; n += 1) {
      series.push({
        key: `m${n}`,
        label: `Month ${n}`,
        values: months.map((month) => {
          const size = sizes.get(month) ?? 0;
          if (size === 0 || monthAfter(month, n) > currentMonth) return null;
          return Math.round(((bookers.get(month)?.get(n) ?? 0) / size) * 1000) / 10;
        }),
      });
    }
    return { totals: [], charts: [chart('cohorts', 'Sign-up cohorts: share who booked', 'cohort', 'percent', months, series)] };
  }

  /** The job's work: recompute the days marked dirty since its last run. */
  async function refresh(): Promise<number> {
    return refreshDirtyDays(db);
  }

  /** Every day's rollups again (`npm run analytics:rebuild`). */
  async function rebuild(): Promise<number> {
    return rebuildRollups(db);
  }

  return { getGroup, refresh, rebuild };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
