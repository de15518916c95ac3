import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { ANALYTICS_GROUP_ROUTES, presetRange, sydneyToday, type AdminRole, type AnalyticsGroup, type AnalyticsResponse } from '@ute/contract';
import { sessionActions } from '../../lib/session';
import { installFakeJsonApi, matchRoute } from '../../test/fakeJsonApi';
import { renderWithProviders } from '../../test/renderWithProviders';
import { AnalyticsPage } from './AnalyticsPage';

const GROUP_OF_ROUTE = Object.fromEntries(Object.entries(ANALYTICS_GROUP_ROUTES).map(([group, route]) => [route, group as AnalyticsGroup]));

/** A group's answer: one total, and a stacked bar chart of bookings by status (money: a line of cents). */
function answerOf(group: AnalyticsGroup, query: URLSearchParams): AnalyticsResponse {
  const from = query.get('from') ?? '';
  const to = query.get('to') ?? '';
  const isMoney = group === 'money';
  return {
    group,
    from,
    to,
    groupBy: (query.get('groupBy') ?? 'day') as AnalyticsResponse['groupBy'],
    previousFrom: '2026-05-04',
    previousTo: '2026-06-02',
    source: isMoney ? 'From the double-entry ledger' : '',
    totals: [
      isMoney
        ? { key: 'gross', label: 'Gross booking value', unit: 'cents', value: 112500, previous: 100000, changePercent: 12.5 }
        : { key: `${group}Count`, label: `${group} count`, unit: 'count', value: 90, previous: 100, changePercent: -10 },
    ],
    charts: [
      isMoney
        ? {
            key: 'moneyFlow',
            title: 'Money flow',
            kind: 'line',
            unit: 'cents',
            buckets: ['2026-06-03', '2026-06-04'],
            series: [{ key: 'gross', label: 'Gross, "paid"', values: [12345, null] }],
          }
        : {
            key: group === 'bookings' ? 'uteBookingsByStatus' : `${group}Chart`,
            title: `${group} by status`,
            kind: 'stackedBar',
            unit: 'count',
            buckets: ['2026-06-03', '2026-06-04'],
            series: [
              { key: 'Paid', label: 'Paid', values: [3, 4] },
              { key: 'Cancelled', label: 'Cancelled', values: [1, 0] },
            ],
          },
    ],
  };
}

const fetchMock = installFakeJsonApi((url, init) => {
  const route = matchRoute(init.method ?? 'GET', url);
  const group = route ? GROUP_OF_ROUTE[route.name] : undefined;
  if (group) return { body: answerOf(group, url.searchParams) };
  return { status: 404, body: { message: 'unexpected' } };
});

/** The query of the last call of `group`. */
const lastQuery = (group: AnalyticsGroup) => {
  const calls = fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => matchRoute('GET', url)?.name === ANALYTICS_GROUP_ROUTES[group]);
  return Object.fromEntries(calls.at(-1)?.searchParams ?? []);
};

function ShowLocation() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function renderPage(path = '/analytics') {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/analytics" element={<AnalyticsPage />} />
        <Route path="*" element={<p>Another screen</p>} />
      </Routes>
      <ShowLocation />
    </>,
    path,
  );
}

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

beforeEach(() => {
  sessionActions.setToken('token-1');
  signInAs(['owner']);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('AnalyticsPage', () => {
  it("shows an owner every group, the money group's source, and each total against the previous period", async () => {
    renderPage();
    expect(await screen.findByText('From the double-entry ledger')).toBeVisible();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Money',
      'Bookings',
      'Supply',
      'People',
      'Support',
      'Funnel',
      'Cohorts',
    ]);
    const gross = screen.getByTestId('total-gross');
    expect(within(gross).getByText('A$1,125.00')).toBeVisible();
    expect(within(gross).getByText('+12.5% vs previous period')).toHaveClass('text-green-700');
    expect(within(gross).getByText('Previous period: A$1,000.00')).toBeVisible();
    expect(await screen.findByText('-10.0% vs previous period', { selector: '[data-testid="total-supplyCount"] *' })).toHaveClass('text-red-700');
    const range = presetRange('last30', sydneyToday());
    expect(lastQuery('money')).toEqual({ ...range, groupBy: 'day' });
  });

  it('shows a moderator the supply group only', async () => {
    signInAs(['moderator']);
    renderPage();
    expect(await screen.findByTestId('chart-supplyChart')).toBeVisible();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['Supply']);
    expect(lastQuery('money')).toEqual({});
  });

  it('tells an admin whose roles open no group so', () => {
    signInAs(['content']);
    renderPage();
    expect(screen.getByText('No analytics for your roles')).toBeVisible();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps the preset and the grouping in the URL and sends their days', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByTestId('chart-moneyFlow');
    await user.selectOptions(screen.getByLabelText('Range'), 'Last 7 days');
    await user.selectOptions(screen.getByLabelText('Group by'), 'Week');
    expect(screen.getByTestId('location')).toHaveTextContent('/analytics?preset=last7&groupBy=week');
    const range = presetRange('last7', sydneyToday());
    await vi.waitFor(() => expect(lastQuery('money')).toEqual({ ...range, groupBy: 'week' }));
  });

  it('sends a custom range from its From and To', async () => {
    const user = userEvent.setup();
    renderPage('/analytics?preset=custom&from=2026-06-03&to=2026-06-30');
    await screen.findByTestId('chart-moneyFlow');
    expect(lastQuery('money')).toEqual({ from: '2026-06-03', to: '2026-06-30', groupBy: 'day' });
    expect(screen.getByLabelText('From')).toHaveValue('2026-06-03');
    await user.selectOptions(screen.getByLabelText('Range'), 'Last 90 days');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/analytics\?preset=last90$/);
    expect(screen.queryByLabelText('From')).not.toBeInTheDocument();
  });

  it('says a custom range is too long instead of asking for it', () => {
    renderPage('/analytics?preset=custom&from=2024-01-01&to=2026-06-30');
    expect(screen.getByRole('alert')).toHaveTextContent('A range may cover at most 731 days');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('names each chart by what it shows, and shows the same numbers as a table on request', async () => {
    const user = userEvent.setup();
    renderPage();
    const chart = await screen.findByTestId('chart-moneyFlow');
    expect(within(chart).getByRole('img')).toHaveAccessibleName('Money flow, 2 buckets from 2026-06-03 to 2026-06-04. Gross, "paid": A$123.45 in all.');
    await user.click(within(chart).getByRole('button', { name: 'Table' }));
    expect(within(chart).getByRole('button', { name: 'Table' })).toHaveAttribute('aria-pressed', 'true');
    const table = within(chart).getByRole('table', { name: 'Money flow' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['PeriodGross, "paid"', '3 JuneA$123.45', '4 JuneN/A']);
  });

  it("downloads a chart's numbers as CSV, dollars for cents, named by the chart and the range", async () => {
    const user = userEvent.setup();
    const saved: { blob: Blob; name: string }[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push({ blob: blob as Blob, name: '' });
      return 'blob:chart';
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved[saved.length - 1]!.name = this.download;
    });
    renderPage('/analytics?preset=custom&from=2026-06-03&to=2026-06-30');
    const chart = await screen.findByTestId('chart-moneyFlow');
    await user.click(within(chart).getByRole('button', { name: 'Download CSV of Money flow' }));
    expect(saved).toHaveLength(1);
    expect(saved[0]!.name).toBe('moneyFlow-2026-06-03-2026-06-30.csv');
    expect(await saved[0]!.blob.text()).toBe('bucket,"Gross, ""paid"""\r\n2026-06-03,123.45\r\n2026-06-04,\r\n');
  });

  it("opens a bar's bookings on their list, filtered to the bucket's days and status", async () => {
    const user = userEvent.setup();
    renderPage('/analytics?preset=custom&from=2026-06-03&to=2026-06-30&groupBy=week');
    const chart = await screen.findByTestId('chart-uteBookingsByStatus');
    await user.click(within(chart).getByTestId('bar-Paid-2026-06-04'));
    expect(screen.getByTestId('location')).toHaveTextContent('/booking-list?createdFrom=2026-06-04&createdTo=2026-06-10&bookingStatus=Paid');
  });
});
