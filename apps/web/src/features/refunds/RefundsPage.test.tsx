import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { REFUND_MESSAGES, type Refund } from '@ute/contract';
import { installFakeJsonApi, matchRoute } from '../../test/fakeJsonApi';
import { renderWithProviders } from '../../test/renderWithProviders';
import { RefundsPage } from './RefundsPage';

const refundOf = (n: number, patch: Partial<Refund> = {}): Refund => ({
  id: `00000008-0000-4000-8000-00000000000${n}`,
  paymentId: 'p1',
  bookingKind: 'ute',
  bookingId: 'b1',
  bookingReference: `UB-000${n}`,
  customerName: 'Cara Customer',
  amountCents: 2_500,
  reason: 'requested_by_customer',
  note: null,
  recovery: 'not_paid_yet',
  method: 'stripe',
  status: 'succeeded',
  source: 'admin',
  stripeRefundId: 're_1',
  transferReversalId: null,
  reversalStatus: null,
  bankReference: null,
  failureMessage: null,
  feeCents: 250,
  gstCents: 23,
  ownerCents: 2_250,
  adminEmail: 'finance@example.com',
  createdAt: '2026-03-04T02:00:00.000Z',
  completedAt: '2026-03-04T02:00:01.000Z',
  version: '1',
  ...patch,
});
const undecided = refundOf(2, { recovery: 'undecided', source: 'stripe_dashboard', reason: 'duplicate', adminEmail: null });

let chosen: unknown = null;
const fetchMock = installFakeJsonApi((url, init) => {
  const route = matchRoute(init.method ?? 'GET', url)?.name;
  if (route === 'refunds') {
    const rows = url.searchParams.get('recovery') === 'undecided' ? [undecided] : [refundOf(1), undecided];
    return { body: { data: rows, totalCount: rows.length, undecidedCount: 1, paginationData: { page: 1, totalPages: 1 } } };
  }
  if (route === 'chooseRefundRecovery') {
    chosen = JSON.parse(String(init.body));
    return { body: { message: REFUND_MESSAGES.recoveryRecorded, data: { ...undecided, recovery: 'absorb' } } };
  }
  return { status: 404, body: { message: 'unexpected' } };
});

const listQueries = () =>
  fetchMock.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), method: init?.method ?? 'GET' }))
    .filter(({ url, method }) => matchRoute(method, url)?.name === 'refunds')
    .map(({ url }) => Object.fromEntries(url.searchParams));

const renderPage = (path = '/refunds') =>
  renderWithProviders(
    <>
      <RefundsPage />
      <Toaster />
    </>,
    path,
  );

describe('RefundsPage', () => {
  it('lists every refund with its booking, reason, method and the recovery of the owner share', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Refunds, newest first' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('UB-0001');
    expect(rows[1]).toHaveTextContent('A$25.00');
    expect(rows[1]).toHaveTextContent('Requested by the customer');
    expect(rows[1]).toHaveTextContent('A$22.50: Owner not paid yet: their payout shrinks');
    expect(within(rows[1]).getByRole('link', { name: 'UB-0001' })).toHaveAttribute('href', '/booking-list?open=b1');
    expect(rows[2]).toHaveTextContent("Stripe (made in Stripe's dashboard)");
    expect(within(rows[1]).queryByRole('button', { name: /Choose recovery/ })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Recovery to choose (1)' })).toBeVisible();
  });

  it('narrows to the refunds waiting for a recovery choice, and records the choice', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('tab', { name: 'Recovery to choose (1)' }));
    await screen.findByRole('table', { name: 'Refunds whose owner share waits for a recovery choice' });
    await waitFor(() => expect(listQueries().at(-1)).toMatchObject({ recovery: 'undecided' }));

    await userEvent.click(screen.getByRole('button', { name: 'Choose recovery of A$25.00 to Cara Customer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose recovery' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(REFUND_MESSAGES.recoveryFormRequired);
    await userEvent.click(within(dialog).getByRole('radio', { name: 'The platform absorbs it (an expense)' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(REFUND_MESSAGES.recoveryRecorded)).toBeVisible();
    expect(chosen).toEqual({ recovery: 'absorb' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Choose recovery' })).toBeNull());
  });
});
