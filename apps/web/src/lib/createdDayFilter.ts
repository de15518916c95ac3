/**
 * The lists' created-day filter (`?createdFrom=…&createdTo=…`, Sydney calendar days, both included):
 * Analytics' drill-down opens a list on the rows made on a point's or a bar's days.
 */
export interface CreatedDayParams {
  createdFrom: string;
  createdTo: string;
}

// A YYYY-MM-DD day read at UTC midnight and written in UTC: the calendar day itself, wherever the browser is.
const DAY_FORMAT = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** '1 Nov 2026' for '2026-11-01'; anything that is not a day is shown as it is (the list then answers its 400). */
export function formatCalendarDay(day: string): string {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(day) ? new Date(`${day}T00:00:00Z`) : null;
  return date && !Number.isNaN(date.getTime()) ? DAY_FORMAT.format(date) : day;
}

/** The filter's chip: 'Created 1 Nov 2026 – 7 Nov 2026', 'Created 1 Nov 2026' for one day, or one bound alone. */
export function createdDayLabel({ createdFrom, createdTo }: CreatedDayParams): string {
  if (createdFrom && createdTo) {
    return createdFrom === createdTo
      ? `Created ${formatCalendarDay(createdFrom)}`
      : `Created ${formatCalendarDay(createdFrom)} – ${formatCalendarDay(createdTo)}`;
  }
  if (createdFrom) return `Created from ${formatCalendarDay(createdFrom)}`;
  return `Created until ${formatCalendarDay(createdTo)}`;
}

export const hasCreatedDays = (params: CreatedDayParams): boolean => Boolean(params.createdFrom || params.createdTo);

/** The filter as the list calls send it: absent when not set. */
export const createdDayQuery = (params: Partial<CreatedDayParams>) => ({
  createdFrom: params.createdFrom || undefined,
  createdTo: params.createdTo || undefined,
});
