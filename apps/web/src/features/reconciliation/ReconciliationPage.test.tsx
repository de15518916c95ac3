import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { RECONCILIATION_MESSAGES, type AdminRole, type ReconciliationRun } from '@ute/contract';
import { installFakeJsonApi, matchRoute } from '../../test/fakeJsonApi';
import { renderWithProviders } from '../../test/renderWithProviders';
import { sessionActions } from '../../lib/session';
import { ReconciliationPage } from './ReconciliationPage';

const SKIPPED_ERROR = 'The offline ledger provider keeps no transfers to reconcile against (no STRIPE_SECRET_KEY)';
const runOf = (n: number, patch: Partial<ReconciliationRun> = {}): ReconciliationRun => ({
  id: `00000007-0000-4000-8000-00000000000${n}`,
  periodStart: '2026-03-02T02:00:00.000Z',
  periodEnd: '2026-03-04T02:00:00.000Z',
  status: 'done',
  transfersChecked: 12,
  manualPayoutsChecked: 3,
  discrepancyCount: 0,
  openCount: 0,
  error: null,
  startedBy: null,
  createdAt: '2026-03-04T02:00:00.000Z',
  ...patch,
});
const daily = runOf(1, { discrepancyCount: 3, openCount: 1 });
const byFinance = runOf(2, { status: 'failed', transfersChecked: 0, error: 'Stripe: rate limited', startedBy: 'fin@example.com' });

let runs: ReconciliationRun[];
const fetchMock = installFakeJsonApi((url, init) => {
  const route = matchRoute(init.method ?? 'GET', url)?.name;
  if (route === 'reconciliationRuns') return { body: { data: runs, totalCount: 25, paginationData: { page: 1, totalPages: 3 } } };
  if (route === 'runReconciliation') {
    const run = runOf(9, { status: 'skipped', transfersChecked: 0, error: SKIPPED_ERROR, startedBy: 'me@example.com', createdAt: '2026-03-05T09:00:00.000Z' });
    runs = [run, ...runs];
    return { body: { message: RECONCILIATION_MESSAGES.ran, data: run } };
  }
  return { status: 404, body: { message: 'unexpected' } };
});

const listQueries = () =>
  fetchMock.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), method: init?.method ?? 'GET' }))
    .filter(({ url, method }) => matchRoute(method, url)?.name === 'reconciliationRuns')
    .map(({ url }) => Object.fromEntries(url.searchParams));

function signInAs(roles: AdminRole[]) {
  sessionActions.setToken('token-1');
  sessionActions.updateUser({ _id: 'a-me', email: 'me@example.com', name: 'me', roles, userRole: roles[0], twoFactorEnabled: true, mustEnrolTwoFactor: false });
}

const renderPage = (path = '/reconciliation') =>
  renderWithProviders(
    <>
      <ReconciliationPage />
      <Toaster />
    </>,
    path,
  );

beforeEach(() => {
  runs = [byFinance, daily];
  signInAs(['finance']);
});

describe('ReconciliationPage', () => {
  it('lists the runs newest first: period, status, counts, who started it and its error, each linking to its page', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Reconciliation runs, newest first' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Run', 'Period', 'Status', 'Transfers checked', 'Bank payouts checked', 'Discrepancies', 'Started by', 'Note']);
    const [failedRow, dailyRow] = within(table).getAllByRole('row').slice(1);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(dailyRow)).toEqual([
      expect.stringMatching(/^\d{2}\/\d{2}\/2026/),
      expect.stringMatching(/^\d{2}\/\d{2}\/2026.* – \d{2}\/\d{2}\/2026/),
      'done',
      '12',
      '3',
      '3 (1 open)',
      'Daily job',
      'N/A',
    ]);
    expect(cells(failedRow).slice(2)).toEqual(['failed', '0', '3', '0', 'fin@example.com', 'Stripe: rate limited']);
    expect(within(failedRow).getByText('failed')).toHaveClass('bg-red-100');
    expect(within(dailyRow).getByText('3 (1 open)')).toHaveClass('text-red-700');
    expect(within(dailyRow).getByRole('link')).toHaveAttribute('href', `/reconciliation-runs/${daily.id}`);
    expect(listQueries()[0]).toEqual({ page: '1', limit: '10' });
    expect(screen.getByText('Showing 1 to 10 of 25 results')).toBeVisible();
  });

  it('moves through the pages, keeping the page in the URL', async () => {
    renderPage('/reconciliation?page=2');
    await screen.findByRole('table');
    expect(listQueries()[0]).toEqual({ page: '2', limit: '10' });
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await vi.waitFor(() => expect(listQueries().at(-1)).toEqual({ page: '3', limit: '10' }));
  });

  it("Reconcile now runs one, toasts the api's message and shows the new run (skipped offline, saying why) on the first page", async () => {
    renderPage('/reconciliation?page=2');
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'Reconcile now' }));
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(new URL(String(posts[0][0]), 'http://localhost').pathname).toBe('/api/admin/reconcile-now');
    expect(posts[0][1]?.body).toBeUndefined();
    expect(await screen.findByText(RECONCILIATION_MESSAGES.ran)).toBeVisible();
    await vi.waitFor(() => expect(listQueries().at(-1)).toEqual({ page: '1', limit: '10' }));
    const newest = await screen.findByText(SKIPPED_ERROR);
    const row = newest.closest('tr')!;
    expect(within(row).getByText('skipped')).toHaveClass('bg-slate-200');
    expect(within(row).getByText('me@example.com')).toBeVisible();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Reconcile now' })).toBeEnabled());
  });

  it('says when no run exists yet', async () => {
    runs = [];
    renderPage();
    expect(await screen.findByText('No reconciliation has run yet')).toBeVisible();
  });

  it('shows no Reconcile now button to an admin whose roles cannot run one', async () => {
    signInAs(['support']);
    renderPage();
    await screen.findByRole('table');
    expect(screen.queryByRole('button', { name: 'Reconcile now' })).toBeNull();
  });
});
