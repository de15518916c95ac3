import { sql, type SQL } from 'drizzle-orm';
import type { AnalyticsGroup } from '@ute/contract';
import { queryRows, type Db } from '../../db/database';
import type { JournalKind, LedgerAccount } from '../../db/tables/ledger.table';

/**
 * Analytics' numbers computed the plain way, from the base tables (docs/design.md §10): what the
 * rollups must equal (analyticsRollups.routes.test.ts) and what they are measured against
 * (`npm run bench`, comparison k). Days are Sydney calendar days; a..b includes both.
 */

const lo = (day: string) => sql`(${day}::date::timestamp at time zone 'Australia/Sydney')`;
const hi = (day: string) => sql`((${day}::date + 1)::timestamp at time zone 'Australia/Sydney')`;
const within = (column: SQL, a: string, b: string) => sql`${column} >= ${lo(a)} and ${column} < ${hi(b)}`;
const list = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/** A number over the days a..b (a flow), or at the end of b (a level). */
export type Measure = (a: string, b: string) => SQL;

export const liveBookings = sql`(select 'ute' as kind, id, ute_ref, booked_by, status, amount, transfer_state, created_at from ute_bookings where deleted_at is null
  union all select 'job', id, null, booked_by, status, amount, transfer_state, created_at from job_bookings where deleted_at is null)`;
const liveListings = sql`(select 'utes' as kind, status, rejection_reason, created_at, decided_at, owner_id as user_id from utes where deleted_at is null
  union all select 'jobs', status, rejection_reason, created_at, decided_at, posted_by from jobs where deleted_at is null)`;
const firstReplies = sql`(select q.id, q.created_at, min(r.created_at) as replied_at from customer_queries q join query_replies r on r.query_id = q.id
  where q.deleted_at is null group by q.id, q.created_at)`;
const moderationSeconds = sql`greatest(0, floor(extract(epoch from decided_at - created_at)))`;

const ledgerSum =
  (accounts: LedgerAccount[], sign: 1 | -1, kinds?: JournalKind[]): Measure =>
  (a, b) =>
    sql`select coalesce(${sign}::int * sum(l.amount_cents), 0) from ledger_lines l join ledger_journals j on j.id = l.journal_id
        where l.account in (${list(accounts)}) ${kinds ? sql`and j.kind in (${list(kinds)})` : sql``} and ${within(sql`l.created_at`, a, b)}`;
const owedAt: Measure = (_a, b) =>
  sql`select coalesce(-sum(amount_cents), 0) from ledger_lines where account in ('owner_payable', 'adjustments') and created_at < ${hi(b)}`;
const bookingCount =
  (kind: 'ute' | 'job' | null, status?: string): Measure =>
  (a, b) =>
    sql`select count(*) from ${liveBookings} x where ${within(sql`created_at`, a, b)} ${kind ? sql`and kind = ${kind}` : sql``} ${status ? sql`and status = ${status}` : sql``}`;
const averageBooking: Measure = (a, b) =>
  sql`select round(sum(round(amount * 100))::numeric / nullif(count(*), 0)) from ${liveBookings} x where ${within(sql`created_at`, a, b)}`;
const listingsNew =
  (kind: 'utes' | 'jobs'): Measure =>
  (a, b) =>
    sql`select count(*) from ${liveListings} x where kind = ${kind} and ${within(sql`created_at`, a, b)}`;
const decisions =
  (status: string, reason?: string): Measure =>
  (a, b) =>
    sql`select count(*) from ${liveListings} x where status = ${status} and ${within(sql`decided_at`, a, b)}
        ${reason === undefined ? sql`` : sql`and coalesce(rejection_reason, 'unspecified') = ${reason}`}`;
const moderation =
  (percentile: number): Measure =>
  (a, b) =>
    sql`select percentile_disc(${percentile}::float8) within group (order by ${moderationSeconds}) from ${liveListings} x where ${within(sql`decided_at`, a, b)}`;
const pendingAt =
  (kind?: 'utes' | 'jobs'): Measure =>
  (_a, b) =>
    sql`select count(*) from ${liveListings} x where created_at < ${hi(b)} and (decided_at is null or decided_at >= ${hi(b)}) ${kind ? sql`and kind = ${kind}` : sql``}`;
const oldestPendingAt: Measure = (_a, b) =>
  sql`select floor(extract(epoch from ${hi(b)})) - floor(extract(epoch from min(created_at)))
      from ${liveListings} x where created_at < ${hi(b)} and (decided_at is null or decided_at >= ${hi(b)})`;
const newUsers: Measure = (a, b) => sql`select count(*) from users where deleted_at is null and ${within(sql`created_at`, a, b)}`;
const activeUsers: Measure = (a, b) =>
  sql`select count(distinct user_id) from (
        select user_id from user_activities where ${within(sql`occurred_at`, a, b)}
        union all select booked_by from ${liveBookings} x where ${within(sql`created_at`, a, b)}
        union all select user_id from ${liveListings} y where ${within(sql`created_at`, a, b)}
      ) u`;
const returningBookers: Measure = (a, b) =>
  sql`select count(distinct booked_by) from ${liveBookings} x where ${within(sql`created_at`, a, b)}
        and booked_by in (select booked_by from ${liveBookings} y where created_at < ${lo(a)})`;
const queriesReceived: Measure = (a, b) => sql`select count(*) from customer_queries where deleted_at is null and ${within(sql`created_at`, a, b)}`;
const queriesAnswered: Measure = (a, b) => sql`select count(*) from ${firstReplies} f where ${within(sql`replied_at`, a, b)}`;
const firstReplyMedian: Measure = (a, b) =>
  sql`select percentile_disc(0.5) within group (order by greatest(0, floor(extract(epoch from replied_at - created_at))))
      from ${firstReplies} f where ${within(sql`replied_at`, a, b)}`;

export const FUNNEL_FILTERS = {
  listed: sql`true`,
  approved: sql`u.status = 'Approved'`,
  booked: sql`exists (select 1 from ute_bookings b where b.ute_ref = u.id and b.deleted_at is null)`,
  delivered: sql`exists (select 1 from ute_bookings b where b.ute_ref = u.id and b.deleted_at is null and b.status in ('delivered', 'completed'))`,
  paidOut: sql`exists (select 1 from ute_bookings b where b.ute_ref = u.id and b.deleted_at is null and b.transfer_state = 'transferred')`,
};
export const funnelStep =
  (step: keyof typeof FUNNEL_FILTERS): Measure =>
  (a, b) =>
    sql`select count(*) from utes u where u.deleted_at is null and ${within(sql`u.created_at`, a, b)} and ${FUNNEL_FILTERS[step]}`;
export const conversion: Measure = (a, b) => sql`select round(100.0 * (${funnelStep('paidOut')(a, b)}) / nullif((${funnelStep('listed')(a, b)}), 0), 1)`;

export interface GroupSpec {
  totals: Record<string, Measure>;
  /** Each chart's series (a..b is the bucket's days within the range). */
  charts: Record<string, Record<string, Measure>>;
}

async function distinctOf(db: Db, query: SQL): Promise<string[]> {
  return (await queryRows<{ v: string }>(db, query)).map((row) => row.v);
}

/** What each group's numbers are, as plain SQL over the base tables. */
export async function specOf(db: Db, group: Exclude<AnalyticsGroup, 'funnel' | 'cohorts'>, from: string, to: string): Promise<GroupSpec> {
  switch (group) {
    case 'money': {
      const gross = ledgerSum(['customer_funds'], 1, ['booking.payable', 'booking.withdrawn']);
      const fees = ledgerSum(['fee_revenue', 'gst_payable'], -1);
      const refunds = ledgerSum(['platform_cash'], -1, ['refund.issued']);
      const payouts = ledgerSum(['owner_paid_out'], -1);
      return {
        totals: { grossBookingValue: gross, platformFees: fees, feeGst: ledgerSum(['gst_payable'], -1), refunds, payoutsPaid: payouts, owedToOwners: owedAt },
        charts: { moneyFlow: { gross, fees, refunds, payoutsPaid: payouts }, owedToOwners: { owed: owedAt } },
      };
    }
    case 'bookings': {
      const statusesOf = (kind: string) =>
        distinctOf(db, sql`select distinct status as v from ${liveBookings} x where kind = ${kind} and ${within(sql`created_at`, from, to)}`);
      const byStatus = async (kind: 'ute' | 'job') => Object.fromEntries((await statusesOf(kind)).map((status) => [status, bookingCount(kind, status)]));
      return {
        totals: {
          newUteBookings: bookingCount('ute'),
          newJobBookings: bookingCount('job'),
          cancellations: bookingCount(null, 'cancelled'),
          averageBookingValue: averageBooking,
        },
        charts: { uteBookingsByStatus: await byStatus('ute'), jobBookingsByStatus: await byStatus('job'), averageBookingValue: { average: averageBooking } },
      };
    }
    case 'supply': {
      const reasons = await distinctOf(
        db,
        sql`select distinct coalesce(rejection_reason, 'unspecified') as v from ${liveListings} x where status = 'Rejected' and ${within(sql`decided_at`, from, to)}`,
      );
      return {
        totals: {
          newUtes: listingsNew('utes'),
          newJobs: listingsNew('jobs'),
          approved: decisions('Approved'),
          rejected: decisions('Rejected'),
          moderationMedian: moderation(0.5),
          moderationP90: moderation(0.9),
          pendingBacklog: pendingAt(),
          oldestPendingAge: oldestPendingAt,
        },
        charts: {
          newListings: { utes: listingsNew('utes'), jobs: listingsNew('jobs') },
          decisions: { approved: decisions('Approved'), rejected: decisions('Rejected') },
          rejectionsByReason: Object.fromEntries(reasons.map((reason) => [reason, decisions('Rejected', reason)])),
          timeToModerate: { median: moderation(0.5), p90: moderation(0.9) },
          pendingBacklog: { utes: pendingAt('utes'), jobs: pendingAt('jobs') },
          oldestPending: { age: oldestPendingAt },
        },
      };
    }
    case 'people':
      return {
        totals: { newUsers, activeUsers, returningBookers },
        charts: { newUsers: { count: newUsers }, activeUsers: { count: activeUsers }, returningBookers: { count: returningBookers } },
      };
    case 'support':
      return {
        totals: { queriesReceived, queriesAnswered, medianFirstReply: firstReplyMedian },
        charts: { queries: { received: queriesReceived, answered: queriesAnswered }, firstReply: { median: firstReplyMedian } },
      };
  }
}

export async function valueOf(db: Db, query: SQL): Promise<number | null> {
  const [row] = await queryRows<{ v: string | null }>(db, sql`select (${query})::text as v`);
  return row.v === null ? null : Number(row.v);
}

/** Users who signed up in the month starting `month` (YYYY-MM-01). */
export const cohortSize = (month: string): SQL =>
  sql`select count(*) from users where deleted_at is null and created_at >= ${lo(month)} and created_at < (${month}::date + interval '1 month')::timestamp at time zone 'Australia/Sydney'`;

/** The % of the cohort of `month` (of `size` users) who booked in its `n`th month after sign-up. */
export function cohortShare(month: string, n: number, size: number): SQL {
  const start = sql`(${month}::date + make_interval(months => ${n}))`;
  return sql`select round(100.0 * count(distinct u.id) / ${size}, 1) from users u join ${liveBookings} x on x.booked_by = u.id
    where u.deleted_at is null and u.created_at >= ${lo(month)} and u.created_at < (${month}::date + interval '1 month')::timestamp at time zone 'Australia/Sydney'
      and x.created_at >= (${start}::timestamp at time zone 'Australia/Sydney')
      and x.created_at < ((${start} + interval '1 month')::timestamp at time zone 'Australia/Sydney')`;
}

/**
 * Every headline number of a group over `from`..`to`, the plain way (the bench's reference for one
 * analytics call: its series would cost it once more per bucket). Cohorts: each month's size and
 * its twelve shares.
 */
export async function referenceTotals(db: Db, group: AnalyticsGroup, from: string, to: string): Promise<(number | null)[]> {
  if (group === 'funnel')
    return Promise.all([
      ...(Object.keys(FUNNEL_FILTERS) as (keyof typeof FUNNEL_FILTERS)[]).map((step) => valueOf(db, funnelStep(step)(from, to))),
      valueOf(db, conversion(from, to)),
    ]);
  if (group === 'cohorts') {
    const values: (number | null)[] = [];
    const months = await queryRows<{ m: string }>(
      db,
      sql`select to_char(m, 'YYYY-MM-DD') as m from generate_series(date_trunc('month', ${from}::date), ${to}::date, interval '1 month') m`,
    );
    for (const { m } of months) {
      const size = (await valueOf(db, cohortSize(m))) ?? 0;
      values.push(size);
      for (let n = 0; n < 12 && size > 0; n += 1) values.push(await valueOf(db, cohortShare(m, n, size)));
    }
    return values;
  }
  const spec = await specOf(db, group, from, to);
  const values: (number | null)[] = [];
  for (const measure of Object.values(spec.totals)) values.push(await valueOf(db, measure(from, to)));
  return values;
}
