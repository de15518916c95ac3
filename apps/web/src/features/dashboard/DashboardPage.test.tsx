import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { ANALYTICS_GROUP_ROUTES, type AdminRole, type AnalyticsGroup, type AnalyticsResponse, type DashboardResponse } from '@ute/contract';
import { sessionActions } from '../../lib/session';
import { installFakeJsonApi, matchRoute } from '../../test/fakeJsonApi';
import { renderWithProviders } from '../../test/renderWithProviders';
import { DashboardPage } from './DashboardPage';

const GROUP_OF_ROUTE = Object.fromEntries(Object.entries(ANALYTICS_GROUP_ROUTES).map(([group, route]) => [route, group as AnalyticsGroup]));
const COUNTS: DashboardResponse = {
  data: { totalUser: 12, totalActiveUser: 10, totalDeactiveUser: 2, totalUtedata: 5, totalJobdata: 4, totalUteBooking: 3, totalJobBooking: 1 },
};

const installed = installFakeJsonApi((url, init) => {
  const route = matchRoute(init.method ?? 'GET', url);
  if (route?.name === 'dashboard') return { body: COUNTS };
  const group = route ? GROUP_OF_ROUTE[route.name] : undefined;
  if (!group) return { status: 404, body: { message: 'unexpected' } };
  const body: AnalyticsResponse = {
    group,
    from: url.searchParams.get('from') ?? '',
    to: url.searchParams.get('to') ?? '',
    groupBy: 'day',
    previousFrom: '2026-01-01',
    previousTo: '2026-01-30',
    source: '',
    totals: [],
    charts: [
      { key: `${group}Chart`, title: `${group} chart`, kind: 'line', unit: 'count', buckets: ['2026-01-31'], series: [{ key: 'n', label: 'N', values: [1] }] },
    ],
  };
  return { body };
});

const signInAs = (roles: AdminRole[]) =>
  sessionActions.updateUser({
    _id: 'a-1',
    email: 'a@example.com',
    name: 'Ava',
    roles,
    userRole: roles[0] ?? '',
    twoFactorEnabled: true,
    mustEnrolTwoFactor: false,
  });

beforeEach(() => sessionActions.setToken('token-1'));

describe('DashboardPage', () => {
  it("shows the cards, then the last 30 days' charts of the groups the admin may see", async () => {
    signInAs(['owner']);
    renderWithProviders(<DashboardPage />);
    expect(await screen.findByTestId('card-totalUser')).toHaveTextContent('Total Users12');
    const section = await screen.findByRole('region', { name: 'Last 30 days' });
    expect(await within(section).findByTestId('chart-moneyChart')).toBeVisible();
    expect(await within(section).findByTestId('chart-bookingsChart')).toBeVisible();
    expect(await within(section).findByTestId('chart-supplyChart')).toBeVisible();
    expect(within(section).getByRole('link', { name: 'All analytics' })).toHaveAttribute('href', '/analytics');
  });

  it('shows a moderator the supply chart only, and calls no group it may not open', async () => {
    signInAs(['moderator']);
    renderWithProviders(<DashboardPage />);
    const section = await screen.findByRole('region', { name: 'Last 30 days' });
    expect(await within(section).findByTestId('chart-supplyChart')).toBeVisible();
    expect(within(section).getAllByRole('figure')).toHaveLength(1);
    const called = installed.mock.calls.map(([input]) => matchRoute('GET', new URL(String(input), 'http://localhost'))?.name);
    expect(called.filter((name) => name?.startsWith('analytics'))).toEqual(['analyticsSupply']);
  });
});
