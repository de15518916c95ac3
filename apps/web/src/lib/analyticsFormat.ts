import type { AnalyticsUnit } from '@ute/contract';
import { formatCentsAud } from './format';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A duration in its two largest units: "45 s", "12 min", "3 h 20 min", "2 d 4 h" (a zero second unit is left out). */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  if (total < MINUTE) return `${total} s`;
  if (total < HOUR) return `${Math.round(total / MINUTE)} min`;
  const [big, bigName, small, smallName] =
    total < DAY
      ? [Math.floor(total / HOUR), 'h', Math.round((total % HOUR) / MINUTE), 'min']
      : [Math.floor(total / DAY), 'd', Math.round((total % DAY) / HOUR), 'h'];
  // Rounding the smaller unit up to a whole larger one (59.6 min) carries over.
  const [whole, rest] = (smallName === 'min' && small === 60) || (smallName === 'h' && small === 24) ? [big + 1, 0] : [big, small];
  return rest === 0 ? `${whole} ${bigName}` : `${whole} ${bigName} ${rest} ${smallName}`;
}

const COUNT_FORMAT = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 1 });

/** A number of analytics by its unit: cents as A$, seconds as a duration, percent with one decimal; 'N/A' for null. */
export function formatByUnit(unit: AnalyticsUnit, value: number | null): string {
  if (value === null) return 'N/A';
  switch (unit) {
    case 'cents':
      return formatCentsAud(value);
    case 'count':
      return COUNT_FORMAT.format(value);
    case 'seconds':
      return formatDuration(value);
    case 'percent':
      return `${value.toFixed(1)}%`;
  }
}

/** The change from the previous period: "+12.5% vs previous period", or why there is none to say. */
export function formatChange(changePercent: number | null): string {
  if (changePercent === null) return 'No change to compare with the previous period';
  const sign = changePercent > 0 ? '+' : changePercent < 0 ? '-' : '';
  return `${sign}${Math.abs(changePercent).toFixed(1)}% vs previous period`;
}

const DAY_FORMAT = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
/** A calendar day (YYYY-MM-DD, a Sydney day already) as "3 Jun 2026", whatever the browser's time zone. */
export const formatDay = (day: string): string => DAY_FORMAT.format(new Date(`${day}T00:00:00Z`));
