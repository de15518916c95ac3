import type { AnalyticsChart, AnalyticsUnit } from '@ute/contract';
import { formatByUnit } from '../../lib/analyticsFormat';

/** Series colours, in order: distinguishable for the common colour-vision deficiencies, and 3:1 on white. */
export const SERIES_COLORS = ['#1d4ed8', '#c2410c', '#15803d', '#7c3aed', '#b91c1c', '#0e7490', '#a16207', '#be185d', '#475569'] as const;
export const colorOf = (index: number) => SERIES_COLORS[index % SERIES_COLORS.length];

/** The SVG's own text style: no CSS classes, so the PNG download draws it the same. */
export const SVG_TEXT = { fill: '#334155', fontSize: 11, fontFamily: 'system-ui, sans-serif' } as const;

/** A step key in words: "postedListing" reads "Posted listing". */
export const stepLabel = (key: string) => {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replaceAll(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** The share of the previous step that reached this one, one decimal; null for the first step or after an empty one. */
export function conversionPercent(values: readonly (number | null)[], index: number): number | null {
  const previous = index > 0 ? (values[index - 1] ?? null) : null;
  const current = values[index] ?? null;
  if (previous === null || current === null || previous === 0) return null;
  return Math.round((current / previous) * 1000) / 10;
}

const BRAND_RGB = [29, 78, 216] as const;
/** The strongest shade: dark text on it still has a 4.5:1 contrast (WCAG AA), so every cell keeps the same text colour. */
const MAX_SHADE = 0.7;

/** A heat-map cell's shade: the brand blue over white, as strong as the percentage (100% at MAX_SHADE). */
export function shadeOf(percent: number): { background: string; color: string } {
  const alpha = Math.min(1, Math.max(0, percent / 100)) * MAX_SHADE;
  const rgb = BRAND_RGB.map((channel) => Math.round(255 - alpha * (255 - channel)));
  return { background: `rgb(${rgb.join(', ')})`, color: '#0f172a' };
}

const COMPACT_AUD = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'AUD',
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});
const COMPACT = new Intl.NumberFormat('en-AU', { notation: 'compact', minimumFractionDigits: 0, maximumFractionDigits: 1 });

/** An axis tick: short (A$14K, 1.2K), where a tooltip says the whole value. */
export function axisTickLabel(unit: AnalyticsUnit, value: number): string {
  switch (unit) {
    case 'cents':
      return COMPACT_AUD.format(value / 100);
    case 'count':
      return COMPACT.format(value);
    case 'seconds':
    case 'percent':
      return formatByUnit(unit, value);
  }
}

const SHORT_DAY = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const MONTH = new Intl.DateTimeFormat('en-AU', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** A bucket's name on an axis or in a table: "25 Nov" for a day or a week (its Monday), "Nov 2026" for a month; a funnel's step key as it is. */
export function bucketLabel(bucket: string, isMonth = false): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(bucket)) return bucket;
  const date = new Date(`${bucket}T00:00:00Z`);
  return isMonth ? MONTH.format(date) : SHORT_DAY.format(date);
}

/** Whether the chart's buckets are months (named by their first day), so they read "Nov 2026". */
export const hasMonthBuckets = (chart: AnalyticsChart) =>
  chart.kind === 'cohort' || (chart.buckets.length > 1 && chart.buckets.every((b) => b.endsWith('-01')));

/** Sums (money, counts) add up over a range; durations and percentages do not, so they are averaged. */
const isAdditive = (unit: AnalyticsUnit) => unit === 'cents' || unit === 'count';

/** What the chart shows, in one sentence per series: its accessible name. */
export function chartSummary(chart: AnalyticsChart): string {
  const span = chart.buckets.length > 0 ? ` from ${chart.buckets[0]} to ${chart.buckets.at(-1)}` : '';
  const parts = chart.series.map((series) => {
    const values = series.values.filter((value): value is number => value !== null);
    if (values.length === 0) return `${series.label}: no data`;
    const total = values.reduce((sum, value) => sum + value, 0);
    return isAdditive(chart.unit)
      ? `${series.label}: ${formatByUnit(chart.unit, total)} in all`
      : `${series.label}: average ${formatByUnit(chart.unit, total / values.length)}`;
  });
  return `${chart.title}, ${chart.buckets.length} ${chart.kind === 'funnel' ? 'steps' : 'buckets'}${span}. ${parts.join('; ')}.`;
}

/** A CSV cell: quoted when it holds a comma, a quote or a line break. */
const csvCell = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

/** A value as the CSV has it: dollars with 2 decimals for cents, the number itself otherwise, empty for none. */
const csvValue = (unit: AnalyticsUnit, value: number | null) => (value === null ? '' : unit === 'cents' ? (value / 100).toFixed(2) : String(value));

/** The chart's data as CSV: a bucket column, then one column per series (headed by its label). */
export function chartCsv(chart: AnalyticsChart): string {
  const header = ['bucket', ...chart.series.map((series) => series.label)];
  const rows = chart.buckets.map((bucket, index) => [bucket, ...chart.series.map((series) => csvValue(chart.unit, series.values[index] ?? null))]);
  return `${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** `<chart key>-<from>-<to>.<extension>`. */
export const chartFileName = (chart: Pick<AnalyticsChart, 'key'>, range: { from: string; to: string }, extension: 'csv' | 'png') =>
  `${chart.key}-${range.from}-${range.to}.${extension}`;
