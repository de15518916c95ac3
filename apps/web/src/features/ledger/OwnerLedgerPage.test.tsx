import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { Toaster } from 'sonner';
import { JOURNAL_KIND_LABELS, PAYOUT_MESSAGES, type AdminRole, type OwnerLedgerEntry, type OwnerLedgerResponse, type OwnerPayoutStatus } from '@ute/contract';
import { installFakeJsonApi, matchRoute, type FakeHandler } from '../../test/fakeJsonApi';
import { renderWithProviders } from '../../test/renderWithProviders';
import { sessionActions } from '../../lib/session';
import { OwnerLedgerPage } from './OwnerLedgerPage';

const OWNER_ID = '00000001-0000-4000-8000-000000000001';
const BOOKING_ID = '00000003-0000-4000-8000-000000000007';
const owner = { ownerId: OWNER_ID, ownerName: 'Jack Smith', email: 'jack@example.com', payableCents: -4550, inTransitCents: 12000, paidOutCents: 50000 };
const notHeld: OwnerPayoutStatus = {
  holdReason: null,
  heldAt: null,
  heldBy: null,
  payoutsEnabled: null,
  disabledReason: null,
  lastPayoutFailure: null,
  version: '0',
};
let payoutStatus: OwnerPayoutStatus;
const entryOf = (id: number, patch: Partial<OwnerLedgerEntry>): OwnerLedgerEntry => ({
  journalId: `00000009-0000-4000-8000-00000000000${id}`,
  kind: 'booking.payable',
  createdAt: '2026-03-04T05:06:00.000Z',
  bookingKind: 'ute',
  bookingId: BOOKING_ID,
  owedChangeCents: 0,
  paidOutChangeCents: 0,
  owedAfterCents: 0,
  ...patch,
});
const entries = [
  entryOf(3, { kind: 'payout.succeeded', owedChangeCents: -12000, paidOutChangeCents: 12000, owedAfterCents: -4550 }),
  entryOf(2, { kind: 'booking.payable', bookingKind: 'job', owedChangeCents: 7450, owedAfterCents: 7450 }),
  entryOf(1, { kind: 'payout.before-ledger', bookingKind: null, bookingId: null }),
];

let handler: FakeHandler;
const fetchMock = installFakeJsonApi((url, init) => handler(url, init));

function signInAs(roles: AdminRole[]) {
  sessionActions.setToken('token-1');
  sessionActions.updateUser({ _id: 'a-me', email: 'me@example.com', name: 'me', roles, userRole: roles[0], twoFactorEnabled: true, mustEnrolTwoFactor: false });
}

beforeEach(() => {
  payoutStatus = notHeld;
  signInAs(['finance']);
  handler = (url, init) => {
    const route = matchRoute(init.method ?? 'GET', url);
    if (route?.name === 'holdOwnerPayouts') {
      const { reason } = JSON.parse(String(init.body)) as { reason: string };
      payoutStatus = { ...payoutStatus, holdReason: reason, heldAt: '2026-03-05T00:00:00.000Z', heldBy: 'me@example.com' };
      return { body: { message: PAYOUT_MESSAGES.holdSet } };
    }
    if (route?.name === 'releaseOwnerPayouts') {
      payoutStatus = { ...payoutStatus, holdReason: null, heldAt: null, heldBy: null };
      return { body: { message: PAYOUT_MESSAGES.holdReleased } };
    }
    if (route?.name !== 'ownerLedger') return { status: 404, body: { message: 'unexpected' } };
    const body: OwnerLedgerResponse = { owner, payoutStatus, data: entries, totalCount: 45, paginationData: { page: 1, totalPages: 3 } };
    return { body };
  };
});

const renderPage = (path = `/owner-ledger/${OWNER_ID}`) =>
  renderWithProviders(
    <>
      <Routes>
        <Route path="/owner-ledger/:id" element={<OwnerLedgerPage />} />
      </Routes>
      <Toaster />
    </>,
    path,
  );

const payouts = () => screen.getByRole('region', { name: 'Payouts' });
const putCalls = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');

describe('OwnerLedgerPage', () => {
  it("shows the owner's balances, then the entries newest first with their event, booking and movements", async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Jack Smith' })).toBeVisible();
    const balances = screen.getByText('Payable').closest('dl')!;
    expect(within(balances).getByText('-A$45.50')).toHaveClass('text-red-700');
    expect(within(balances).getByText('A$120.00')).toBeVisible();
    expect(within(balances).getByText('A$500.00')).toBeVisible();

    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Date', 'Event', 'Booking', 'Owed change', 'Paid out change', 'Owed after']);
    const [payout, payable, beforeLedger] = within(table).getAllByRole('row').slice(1);
    expect(
      within(payout)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      expect.stringMatching(/^\d{2}\/\d{2}\/2026/),
      JOURNAL_KIND_LABELS['payout.succeeded'],
      `Ute booking ${BOOKING_ID}`,
      '-A$120.00',
      '+A$120.00',
      '-A$45.50',
    ]);
    expect(within(payout).getByRole('link', { name: `Ute booking ${BOOKING_ID}` })).toHaveAttribute('href', `/booking-list?open=${BOOKING_ID}`);
    expect(within(payable).getByRole('link', { name: `Job booking ${BOOKING_ID}` })).toHaveAttribute('href', `/job-booking-list?open=${BOOKING_ID}`);
    expect(within(payable).getByText('+A$74.50')).toBeVisible();
    // A movement is never red, a balance below zero is.
    expect(within(payout).getByText('-A$120.00')).not.toHaveClass('text-red-700');
    expect(within(payout).getByText('-A$45.50')).toHaveClass('text-red-700');
    expect(within(beforeLedger).getByText(JOURNAL_KIND_LABELS['payout.before-ledger'])).toBeVisible();
    expect(within(beforeLedger).getByText('N/A')).toBeVisible();
    expect(screen.getByText('Showing 1 to 20 of 45 results')).toBeVisible();
  });

  it('asks the api for 20 entries a page and moves through the pages', async () => {
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Jack Smith' });
    const queryOf = (index: number) => Object.fromEntries(new URL(String(fetchMock.mock.calls[index][0]), 'http://localhost').searchParams);
    expect(queryOf(0)).toEqual({ page: '1', limit: '20' });
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await vi.waitFor(() => expect(queryOf(fetchMock.mock.calls.length - 1)).toEqual({ page: '2', limit: '20' }));
  });

  it("says the api's error when the owner is unknown", async () => {
    handler = () => ({ status: 404, body: { message: 'Owner not found' } });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Owner not found');
    expect(screen.getByRole('link', { name: 'Balances' })).toHaveAttribute('href', '/balances');
  });
});

describe('OwnerLedgerPage: what stands between the owner and a payout', () => {
  it('holds payouts with a reason: the call and its body, the toast, then the notice with who and when', async () => {
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Jack Smith' });
    expect(within(payouts()).getByText('Payouts to this owner are not on hold.')).toBeVisible();
    await userEvent.click(within(payouts()).getByRole('button', { name: 'Hold payouts' }));
    const dialog = screen.getByRole('dialog', { name: 'Hold payouts' });
    expect(dialog).toHaveTextContent('Transfers to Jack Smith are refused, with this reason, until the hold is released.');
    await userEvent.type(within(dialog).getByLabelText('Reason'), ' Bank details under review ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hold payouts' }));

    await waitFor(() => expect(putCalls()).toHaveLength(1));
    expect(new URL(String(putCalls()[0][0]), 'http://localhost').pathname).toBe(`/api/admin/owner-payout-hold/${OWNER_ID}`);
    expect(JSON.parse(String(putCalls()[0][1]?.body))).toEqual({ reason: 'Bank details under review' });
    expect(await screen.findByText(PAYOUT_MESSAGES.holdSet)).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await within(payouts()).findByText(/^Payouts on hold: Bank details under review \(by me@example\.com, \d{2}\/\d{2}\/2026.*\)$/)).toBeVisible();
    expect(within(payouts()).queryByRole('button', { name: 'Hold payouts' })).toBeNull();
  });

  it("refuses an empty reason with the contract's message, sending nothing", async () => {
    renderPage();
    await userEvent.click(await within(await screen.findByRole('region', { name: 'Payouts' })).findByRole('button', { name: 'Hold payouts' }));
    const dialog = screen.getByRole('dialog', { name: 'Hold payouts' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hold payouts' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(PAYOUT_MESSAGES.holdReasonRequired);
    expect(within(dialog).getByLabelText('Reason')).toHaveAttribute('aria-invalid', 'true');
    expect(putCalls()).toHaveLength(0);
  });

  it('releases a hold: the call without a body, the toast, and the notice gone', async () => {
    payoutStatus = { ...notHeld, holdReason: 'Disputed delivery', heldAt: '2026-03-04T05:06:00.000Z', heldBy: 'fin@example.com' };
    renderPage();
    expect(await screen.findByText(/^Payouts on hold: Disputed delivery \(by fin@example\.com, \d{2}\/\d{2}\/2026/)).toBeVisible();
    await userEvent.click(within(payouts()).getByRole('button', { name: 'Release hold' }));

    await waitFor(() => expect(putCalls()).toHaveLength(1));
    expect(new URL(String(putCalls()[0][0]), 'http://localhost').pathname).toBe(`/api/admin/owner-payout-release/${OWNER_ID}`);
    expect(putCalls()[0][1]?.body).toBeUndefined();
    expect(await screen.findByText(PAYOUT_MESSAGES.holdReleased)).toBeVisible();
    expect(await within(payouts()).findByText('Payouts to this owner are not on hold.')).toBeVisible();
    expect(screen.queryByText(/^Payouts on hold/)).toBeNull();
  });

  it("says when Stripe cannot pay the owner's account and when their last bank payout failed", async () => {
    payoutStatus = { ...notHeld, payoutsEnabled: false, disabledReason: 'requirements.past_due', lastPayoutFailure: 'The bank account has been closed' };
    renderPage();
    expect(await screen.findByText("Stripe cannot pay this owner's account: requirements.past_due")).toBeVisible();
    expect(within(payouts()).getByText('Last bank payout failed: The bank account has been closed')).toBeVisible();
  });

  it('says neither when payouts are enabled (or not known yet) and none failed', async () => {
    payoutStatus = { ...notHeld, payoutsEnabled: true };
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Jack Smith' });
    expect(screen.queryByText(/Stripe cannot pay/)).toBeNull();
    expect(screen.queryByText(/Last bank payout failed/)).toBeNull();
  });

  it('shows the hold but no Hold or Release button to an admin whose roles cannot change it', async () => {
    signInAs(['support']);
    payoutStatus = { ...notHeld, holdReason: 'Disputed delivery', heldAt: null, heldBy: null };
    renderPage();
    expect(await screen.findByText('Payouts on hold: Disputed delivery')).toBeVisible();
    expect(within(payouts()).queryByRole('button')).toBeNull();
  });
});
