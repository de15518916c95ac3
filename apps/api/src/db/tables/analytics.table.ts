import { bigint, bigserial, date, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';

/**
 * Marketplace analytics' daily rollups (migration 0024, docs/design.md §10). Every row is one Sydney
 * calendar day's share of a number, recomputed from the base tables by `analytics_refresh_day(day,
 * area)`: the job for the days the dirty-day triggers marked, `npm run analytics:rebuild` for every day.
 * The api reads only these.
 */
export const ANALYTICS_AREAS = ['money', 'bookings', 'supply', 'people', 'support', 'funnel'] as const;
export type AnalyticsArea = (typeof ANALYTICS_AREAS)[number];

/** Sums and counts per day: `metric` is `<area>.<name>`, `dim` a status, a kind or a reason ('' when none). */
export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    metric: text('metric').notNull(),
    dim: text('dim').notNull().default(''),
    value: bigint('value', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.metric, t.day, t.dim] })],
);

/**
 * Who did something that day: `active`, `booker`, `signup`. An active or booker row carries the same
 * user's previous day in its metric, and a booker row the user's sign-up month (migration 0026): the
 * distinct users of any range are the rows in it whose previous day is before it (docs/design.md §10.3).
 */
export const analyticsDayUsers = pgTable(
  'analytics_day_users',
  {
    day: date('day', { mode: 'string' }).notNull(),
    metric: text('metric').notNull(),
    userId: uuid('user_id').notNull(),
    prevDay: date('prev_day', { mode: 'string' }),
    cohortMonth: date('cohort_month', { mode: 'string' }),
  },
  (t) => [primaryKey({ columns: [t.metric, t.day, t.userId] }), index('analytics_day_users_user_idx').on(t.metric, t.userId, t.day)],
);

/** A histogram of durations per day (`supply.moderation`, `support.firstReply`): medians and p90s over any range. */
export const analyticsDurations = pgTable(
  'analytics_durations',
  {
    day: date('day', { mode: 'string' }).notNull(),
    metric: text('metric').notNull(),
    seconds: bigint('seconds', { mode: 'number' }).notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.metric, t.day, t.seconds] })],
);

/**
 * The days whose rollups of an area are out of date, written by statement triggers in the writer's
 * transaction. No unique key: the job deletes exactly the marks it read, so a mark written while it
 * runs stays for the next run.
 */
export const analyticsDirtyDays = pgTable(
  'analytics_dirty_days',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    day: date('day', { mode: 'string' }).notNull(),
    area: text('area', { enum: ANALYTICS_AREAS }).notNull(),
  },
  (t) => [index('analytics_dirty_days_day_idx').on(t.day, t.area)],
);
