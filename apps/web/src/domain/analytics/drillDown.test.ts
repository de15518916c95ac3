import { describe, expect, it } from 'vitest';
import { bucketDays, drillDownHref } from './drillDown';

const june = { from: '2026-06-03', to: '2026-06-30', groupBy: 'day' } as const;

describe('bucketDays', () => {
  it('gives a day itself, a week its Monday to Sunday and a month its first to last day, clipped to the range', () => {
    expect(bucketDays('2026-06-10', june)).toEqual({ createdFrom: '2026-06-10', createdTo: '2026-06-10' });
    expect(bucketDays('2026-06-01', { ...june, groupBy: 'week' })).toEqual({ createdFrom: '2026-06-03', createdTo: '2026-06-07' });
    expect(bucketDays('2026-06-29', { ...june, groupBy: 'week' })).toEqual({ createdFrom: '2026-06-29', createdTo: '2026-06-30' });
    expect(bucketDays('2026-02-01', { from: '2026-01-01', to: '2026-12-31', groupBy: 'month' })).toEqual({
      createdFrom: '2026-02-01',
      createdTo: '2026-02-28',
    });
    expect(bucketDays('2026-06-01', { ...june, groupBy: 'month' })).toEqual({ createdFrom: '2026-06-03', createdTo: '2026-06-30' });
  });
});

describe('drillDownHref', () => {
  it('opens the list of the chart, filtered to the bucket and the booking status', () => {
    expect(drillDownHref('uteBookingsByStatus', 'Paid', '2026-06-10', june, ['owner'])).toBe(
      '/booking-list?createdFrom=2026-06-10&createdTo=2026-06-10&bookingStatus=Paid',
    );
    expect(drillDownHref('jobBookingsByStatus', 'Completed', '2026-06-10', june, ['finance'])).toBe(
      '/job-booking-list?createdFrom=2026-06-10&createdTo=2026-06-10&bookingStatus=Completed',
    );
    expect(drillDownHref('newListings', 'utes', '2026-06-10', june, ['moderator'])).toBe('/ute-list?createdFrom=2026-06-10&createdTo=2026-06-10');
    expect(drillDownHref('newListings', 'jobs', '2026-06-10', june, ['moderator'])).toBe('/job-list?createdFrom=2026-06-10&createdTo=2026-06-10');
    expect(drillDownHref('newUsers', 'users', '2026-06-10', june, ['owner'])).toBe('/all-users?createdFrom=2026-06-10&createdTo=2026-06-10');
    expect(drillDownHref('queries', 'received', '2026-06-10', june, ['support'])).toBe('/queries?createdFrom=2026-06-10&createdTo=2026-06-10');
  });

  it('opens nothing for a chart without a list, or a list the roles do not open', () => {
    expect(drillDownHref('moneyFlow', 'gross', '2026-06-10', june, ['owner'])).toBeUndefined();
    expect(drillDownHref('queries', 'answered', '2026-06-10', june, ['owner'])).toBeUndefined();
    expect(drillDownHref('newUsers', 'users', '2026-06-10', june, ['moderator'])).toBeUndefined();
  });
});
