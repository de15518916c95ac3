const dayFormatter = new Intl.DateTimeFormat('en-AU', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A calendar day of the api (YYYY-MM-DD, already an Australia/Sydney day) as 'Thursday 20 March 2025'. */
export function formatActivityDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : dayFormatter.format(date);
}

/** '1 activity', '2 activities', '0 activities'. */
export function activityCount(count: number): string {
  return `${count.toLocaleString('en-AU')} ${count === 1 ? 'activity' : 'activities'}`;
}
