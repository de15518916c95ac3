import { z } from 'zod';

/**
 * Marketplace analytics (docs/design.md §10): every number over a range of Sydney calendar days,
 * beside the same number over the period of the same length just before it, in buckets of a day, a
 * week (Monday to Sunday, named by its Monday) or a month (named by its first day).
 */
export const ANALYTICS_TIME_ZONE = 'Australia/Sydney';
export const ANALYTICS_GROUPINGS = ['day', 'week', 'month'] as const;
export type AnalyticsGrouping = (typeof ANALYTICS_GROUPINGS)[number];
/** The longest range one call answers (two financial years and a day). */
export const ANALYTICS_MAX_DAYS = 731;

/** The groups of charts, each one call with its own roles (routes.ts): an owner sees them all. */
export const ANALYTICS_GROUPS = ['money', 'bookings', 'supply', 'people', 'support', 'funnel', 'cohorts'] as const;
export type AnalyticsGroup = (typeof ANALYTICS_GROUPS)[number];

export const ANALYTICS_GROUP_TITLES: Record<AnalyticsGroup, string> = {
  money: 'Money',
  bookings: 'Bookings',
  supply: 'Supply',
  people: 'People',
  support: 'Support',
  funnel: 'Funnel',
  cohorts: 'Cohorts',
};

export const analyticsTexts = {
  fromInvalid: 'from must be a date (YYYY-MM-DD)',
  toInvalid: 'to must be a date (YYYY-MM-DD)',
  toBeforeFrom: 'to must not be before from',
  rangeTooLong: `A range may cover at most ${ANALYTICS_MAX_DAYS} days`,
  groupByInvalid: 'groupBy must be day, week or month',
} as const;

const dayParam = (message: string) => z.iso.date({ error: message });

export const analyticsQuerySchema = z
  .strictObject({
    /** The first day of the range (Sydney calendar day, YYYY-MM-DD). */
    from: dayParam(analyticsTexts.fromInvalid),
    /** The last day of the range, included. */
    to: dayParam(analyticsTexts.toInvalid),
    groupBy: z.enum(ANALYTICS_GROUPINGS, { error: analyticsTexts.groupByInvalid }).default('day'),
  })
  .refine((q) => q.from <= q.to, { message: analyticsTexts.toBeforeFrom, path: ['to'] })
  .refine((q) => daysBetween(q.from, q.to) < ANALYTICS_MAX_DAYS, { message: analyticsTexts.rangeTooLong, path: ['to'] });
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

export const ANALYTICS_UNITS = ['cents', 'count', 'seconds', 'percent'] as const;
export type AnalyticsUnit = (typeof ANALYTICS_UNITS)[number];

/** One headline number of the range, with the previous period's and the change between them. */
export const analyticsTotalSchema = z.object({
  key: z.string(),
  label: z.string(),
  unit: z.enum(ANALYTICS_UNITS),
  /** null: nothing to measure in the range (a median of no decisions). */
  value: z.number().nullable(),
  previous: z.number().nullable(),
  /** (value − previous) ÷ previous × 100, one decimal; null when previous is 0 or null. */
  changePercent: z.number().nullable(),
});
export type AnalyticsTotal = z.infer<typeof analyticsTotalSchema>;

export const ANALYTICS_CHART_KINDS = ['line', 'area', 'stackedBar', 'funnel', 'cohort'] as const;
export type AnalyticsChartKind = (typeof ANALYTICS_CHART_KINDS)[number];

/**
 * One chart. `buckets` are its x values: bucket days (YYYY-MM-DD) for line, area and stacked bars,
 * step keys for a funnel, sign-up months (YYYY-MM-01) for a cohort. Each series has one value per
 * bucket (null where there is nothing to measure): the lines of a line chart, the segments of a
 * stacked bar, the single series `count` of a funnel, and for a cohort `size` (users who signed up
 * that month) then `m0`, `m1`, … (the percentage of them who booked that many months later).
 */
export const analyticsChartSchema = z.object({
  key: z.string(),
  title: z.string(),
  kind: z.enum(ANALYTICS_CHART_KINDS),
  unit: z.enum(ANALYTICS_UNITS),
  buckets: z.array(z.string()),
  series: z.array(z.object({ key: z.string(), label: z.string(), values: z.array(z.number().nullable()) })),
});
export type AnalyticsChart = z.infer<typeof analyticsChartSchema>;

export const analyticsResponseSchema = z.object({
  group: z.enum(ANALYTICS_GROUPS),
  from: z.string(),
  to: z.string(),
  groupBy: z.enum(ANALYTICS_GROUPINGS),
  previousFrom: z.string(),
  previousTo: z.string(),
  /** Where the money numbers come from: the double-entry ledger (docs/design.md §9). */
  source: z.string(),
  totals: z.array(analyticsTotalSchema),
  charts: z.array(analyticsChartSchema),
});
export type AnalyticsResponse = z.infer<typeof analyticsResponseSchema>;

/** Whole days from `from` to `to` (both YYYY-MM-DD); 0 when equal. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** `day` (YYYY-MM-DD) moved by `days`. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The period of the same length that ends the day before `from`. */
export function previousPeriod(from: string, to: string): { from: string; to: string } {
  const length = daysBetween(from, to) + 1;
  return { from: addDays(from, -length), to: addDays(from, -1) };
}

/** Today's date in Sydney (YYYY-MM-DD). */
export function sydneyToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ANALYTICS_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

export const ANALYTICS_PRESETS = ['last7', 'last30', 'last90', 'thisMonth', 'lastMonth', 'thisFinancialYear', 'custom'] as const;
export type AnalyticsPreset = (typeof ANALYTICS_PRESETS)[number];
export const ANALYTICS_PRESET_LABELS: Record<AnalyticsPreset, string> = {
  last7: 'Last 7 days',
  last30: 'Last 30 days',
  last90: 'Last 90 days',
  thisMonth: 'This month',
  lastMonth: 'Last month',
  thisFinancialYear: 'This financial year',
  custom: 'Custom',
};

/** The days a preset covers, ending today (Sydney); the financial year runs 1 July to 30 June. */
export function presetRange(preset: Exclude<AnalyticsPreset, 'custom'>, today: string): { from: string; to: string } {
  const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  const monthStart = `${today.slice(0, 7)}-01`;
  switch (preset) {
    case 'last7':
      return { from: addDays(today, -6), to: today };
    case 'last30':
      return { from: addDays(today, -29), to: today };
    case 'last90':
      return { from: addDays(today, -89), to: today };
    case 'thisMonth':
      return { from: monthStart, to: today };
    case 'lastMonth': {
      const lastDay = addDays(monthStart, -1);
      return { from: `${lastDay.slice(0, 7)}-01`, to: lastDay };
    }
    case 'thisFinancialYear':
      return { from: `${month >= 7 ? year : year - 1}-07-01`, to: today };
  }
}

/** The bucket a day falls in: itself, the Monday of its week, or the first of its month. */
export function bucketOf(day: string, groupBy: AnalyticsGrouping): string {
  if (groupBy === 'day') return day;
  if (groupBy === 'month') return `${day.slice(0, 7)}-01`;
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 Sunday … 6 Saturday
  return addDays(day, -((weekday + 6) % 7));
}

/** Every bucket of the range in order (the first may start before `from`, as a week or a month does). */
export function bucketsOf(from: string, to: string, groupBy: AnalyticsGrouping): string[] {
  const buckets: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const bucket = bucketOf(day, groupBy);
    if (buckets.at(-1) !== bucket) buckets.push(bucket);
  }
  return buckets;
}

/** The change from `previous` to `value` in %, one decimal; null when it cannot be said. */
export function changePercent(value: number | null, previous: number | null): number | null {
  if (value === null || previous === null || previous === 0) return null;
  return Math.round(((value - previous) / Math.abs(previous)) * 1000) / 10;
}
