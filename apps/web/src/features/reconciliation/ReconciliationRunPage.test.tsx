import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { Toaster } from 'sonner';
import { DISCREPANCY_KIND_LABELS, RECONCILIATION_MESSAGES, type AdminRole, type ReconciliationDiscrepancy, type ReconciliationRun } from '@ute/contract';
import { installFakeJsonApi, matchRoute, type FakeHandler } from '../../test/fakeJsonApi';
import { renderWithProviders } from '../../test/renderWithProviders';
import { sessionActions } from '../../lib/session';
import { ReconciliationRunPage } from './ReconciliationRunPage';

const RUN_ID = '00000007-0000-4000-8000-000000000001';
const run: ReconciliationRun = {
  id: RUN_ID,
  periodStart: '2026-03-02T02:00:00.000Z',
  periodEnd: '2026-03-04T02:00:00.000Z',
  status: 'done',
  transfersChecked: 12,
  manualPayoutsChecked: 3,
  discrepancyCount: 2,
  openCount: 1,
  error: null,
  startedBy: null,
  createdAt: '2026-03-04T02:00:00.000Z',
};
const open: ReconciliationDiscrepancy = {
  id: '00000008-0000-4000-8000-000000000001',
  kind: 'amount',
  transferId: 'tr_123',
  payoutId: '00000006-0000-4000-8000-000000000001',
  ledgerValue: '5000 cents',
  stripeValue: '4500 cents',
  explainedAt: null,
  explainedBy: null,
  explanation: null,
};
const explained: ReconciliationDiscrepancy = {
  id: '00000008-0000-4000-8000-000000000002',
  kind: 'missing_in_ledger',
  transferId: 'tr_456',
  payoutId: null,
  ledgerValue: null,
  stripeValue: '1200 cents to acct_9',
  explainedAt: '2026-03-04T03:00:00.000Z',
  explainedBy: 'fin@example.com',
  explanation: 'A test transfer made by hand in the dashboard',
};

let runNow: ReconciliationRun;
let discrepancies: ReconciliationDiscrepancy[];
let handler: FakeHandler;
const fetchMock = installFakeJsonApi((url, init) => handler(url, init));

function signInAs(roles: AdminRole[]) {
  sessionActions.setToken('token-1');
  sessionActions.updateUser({ _id: 'a-me', email: 'me@example.com', name: 'me', roles, userRole: roles[0], twoFactorEnabled: true, mustEnrolTwoFactor: false });
}

beforeEach(() => {
  runNow = run;
  discrepancies = [open, explained];
  signInAs(['finance']);
  handler = (url, init) => {
    const route = matchRoute(init.method ?? 'GET', url);
    if (route?.name === 'reconciliationRun') return { body: { data: runNow, discrepancies } };
    if (route?.name === 'explainDiscrepancy') {
      const { note } = JSON.parse(String(init.body)) as { note: string };
      discrepancies = discrepancies.map((item) =>
        item.id === route.params.id ? { ...item, explainedAt: '2026-03-05T00:00:00.000Z', explainedBy: 'me@example.com', explanation: note } : item,
      );
      runNow = { ...runNow, openCount: 0 };
      return { body: { message: RECONCILIATION_MESSAGES.explained } };
    }
    return { status: 404, body: { message: 'unexpected' } };
  };
});

const renderPage = () =>
  renderWithProviders(
    <>
      <Routes>
        <Route path="/reconciliation-runs/:id" element={<ReconciliationRunPage />} />
      </Routes>
      <Toaster />
    </>,
    `/reconciliation-runs/${RUN_ID}`,
  );

const putCalls = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');
const rowOf = (text: string) => screen.getByText(text).closest('tr')!;

describe('ReconciliationRunPage', () => {
  it('shows the run, then each discrepancy with its kind in words, both values and its explanation or an Explain button', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: /^Reconciliation run of \d{2}\/\d{2}\/2026/ })).toBeVisible();
    expect(screen.getByText('Daily job')).toBeVisible();
    expect(screen.getByText('2 (1 open)')).toBeVisible();
    const table = screen.getByRole('table', { name: 'Discrepancies of this run' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Kind', 'Transfer', 'Payout', 'Ledger', 'Stripe or receipts', 'Explanation', 'Actions']);
    expect(
      within(rowOf('tr_123'))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([DISCREPANCY_KIND_LABELS.amount, 'tr_123', open.payoutId, '5000 cents', '4500 cents', 'open', 'Explain']);
    const done = rowOf('tr_456');
    expect(within(done).getByText(DISCREPANCY_KIND_LABELS.missing_in_ledger)).toBeVisible();
    expect(within(done).getByText('A test transfer made by hand in the dashboard')).toBeVisible();
    expect(within(done).getByText(/^by fin@example\.com on \d{2}\/\d{2}\/2026/)).toBeVisible();
    expect(within(done).queryByRole('button')).toBeNull();
    expect(screen.getByRole('link', { name: 'Reconciliation' })).toHaveAttribute('href', '/reconciliation');
  });

  it('explains an open discrepancy with a note: the call and its body, the toast, and the row and counts refreshed', async () => {
    renderPage();
    await screen.findByText('tr_123');
    await userEvent.click(within(rowOf('tr_123')).getByRole('button', { name: `Explain the discrepancy ${DISCREPANCY_KIND_LABELS.amount} of tr_123` }));
    const dialog = screen.getByRole('dialog', { name: 'Explain discrepancy' });
    await userEvent.type(within(dialog).getByLabelText('Note'), '  Refunded fee, settled by hand  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark explained' }));

    await waitFor(() => expect(putCalls()).toHaveLength(1));
    expect(new URL(String(putCalls()[0][0]), 'http://localhost').pathname).toBe(`/api/admin/reconciliation-discrepancies/${open.id}/explain`);
    expect(JSON.parse(String(putCalls()[0][1]?.body))).toEqual({ note: 'Refunded fee, settled by hand' });
    expect(await screen.findByText(RECONCILIATION_MESSAGES.explained)).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await within(rowOf('tr_123')).findByText('Refunded fee, settled by hand')).toBeVisible();
    expect(within(rowOf('tr_123')).queryByRole('button', { name: /Explain/ })).toBeNull();
    expect(screen.getByText('2 (all explained)')).toBeVisible();
  });

  it("refuses an empty or too long note with the contract's message, sending nothing", async () => {
    renderPage();
    await screen.findByText('tr_123');
    await userEvent.click(within(rowOf('tr_123')).getByRole('button', { name: /^Explain/ }));
    const dialog = screen.getByRole('dialog', { name: 'Explain discrepancy' });
    await userEvent.type(within(dialog).getByLabelText('Note'), '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark explained' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(RECONCILIATION_MESSAGES.noteRequired);
    expect(within(dialog).getByLabelText('Note')).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(within(dialog).getByLabelText('Note'));
    await userEvent.click(within(dialog).getByLabelText('Note'));
    await userEvent.paste('x'.repeat(1001));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark explained' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(RECONCILIATION_MESSAGES.noteRequired);
    expect(putCalls()).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows a skipped run's reason plainly, and that nothing was compared", async () => {
    runNow = {
      ...run,
      status: 'skipped',
      transfersChecked: 0,
      discrepancyCount: 0,
      openCount: 0,
      startedBy: 'me@example.com',
      error: 'The offline ledger provider keeps no transfers to reconcile against (no STRIPE_SECRET_KEY)',
    };
    discrepancies = [];
    renderPage();
    expect(await screen.findByText('The offline ledger provider keeps no transfers to reconcile against (no STRIPE_SECRET_KEY)')).toBeVisible();
    expect(screen.getByText('skipped')).toBeVisible();
    expect(screen.getByText('Nothing was compared in this run')).toBeVisible();
  });

  it("says the api's error for an unknown run", async () => {
    handler = () => ({ status: 404, body: { message: 'Reconciliation run not found' } });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Reconciliation run not found');
  });

  it('shows no Explain button to an admin whose roles cannot explain', async () => {
    signInAs(['support']);
    renderPage();
    await screen.findByText('tr_123');
    expect(screen.queryByRole('button', { name: /Explain/ })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  });
});
