import { addDays, type AnalyticsGrouping } from '@ute/contract';
import { canOpen, screens } from '../../config/screens';

export interface AnalyticsRange {
  from: string;
  to: string;
  groupBy: AnalyticsGrouping;
}

/** The Sydney days of a bucket (a day, a week from its Monday, a month from its first), clipped to the range. */
export function bucketDays(bucket: string, range: AnalyticsRange): { createdFrom: string; createdTo: string } {
  const last = range.groupBy === 'day' ? bucket : range.groupBy === 'week' ? addDays(bucket, 6) : addDays(`${addDays(bucket, 31).slice(0, 7)}-01`, -1); // the day before the next month's first
  return { createdFrom: bucket < range.from ? range.from : bucket, createdTo: last > range.to ? range.to : last };
}

/**
 * The list a chart's bucket opens (drill-down): the rows made on the bucket's days, and for a
 * booking status chart those in that status (the series key is the status text). Undefined when
 * the chart has no list, or the admin's roles do not open it.
 */
export function drillDownHref(chartKey: string, seriesKey: string, bucket: string, range: AnalyticsRange, roles: readonly string[]): string | undefined {
  const days = bucketDays(bucket, range);
  const target = (() => {
    switch (chartKey) {
      case 'uteBookingsByStatus':
        return { screen: screens.uteBookings, href: () => screens.uteBookings.href({ ...days, bookingStatus: seriesKey }) };
      case 'jobBookingsByStatus':
        return { screen: screens.jobBookings, href: () => screens.jobBookings.href({ ...days, bookingStatus: seriesKey }) };
      case 'newListings':
        if (seriesKey === 'utes') return { screen: screens.utes, href: () => screens.utes.href(days) };
        if (seriesKey === 'jobs') return { screen: screens.jobs, href: () => screens.jobs.href(days) };
        return undefined;
      case 'newUsers':
        return { screen: screens.users, href: () => screens.users.href(days) };
      case 'queries':
        return seriesKey === 'received' ? { screen: screens.queries, href: () => screens.queries.href(days) } : undefined;
      default:
        return undefined;
    }
  })();
  return target && canOpen(roles, target.screen) ? target.href() : undefined;
}
