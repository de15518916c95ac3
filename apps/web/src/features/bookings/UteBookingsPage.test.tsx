import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UteBooking, UteBookingListResponse } from '@ute/contract';
import { installFakeJsonApi } from '../../test/fakeJsonApi';
import { renderWithProviders } from '../../test/renderWithProviders';
import { UteBookingsPage } from './UteBookingsPage';

const delivered: UteBooking = {
  _id: '00000004-0000-4000-8000-000000000001',
  uteBookingId: 'UB-000001',
  bookingBy: { _id: 'u1', firstName: 'Olivia', lastName: 'Nguyen' },
  uteName: "Jack's Toyota Hilux",
  amount: 1234.5,
  actualAmount: 1250,
  requestAmount: null,
  status: 'delivered',
  pickupAddress: { street: '12 George St', state: 'NSW', postalCode: '2000' },
  dropAddress: { street: '3 Collins St', state: 'VIC', postalCode: '3000' },
  isTransfered: false,
  isTransferring: false,
  payoutBlockedReason: null,
  transactionId: 'pi_1',
  uteBy: '00000001-0000-4000-8000-000000000002',
  createdAt: '2026-03-04T05:06:00.000Z',
};

let lists: Record<string, UteBooking[]>;
let provider: 'stripe' | 'ledger';
const fetchMock = installFakeJsonApi((url, init) => {
  if (url.pathname.endsWith('/ute-booking-list')) {
    const data =
      url.searchParams.get('awaitingPayout') === 'true'
        ? [...lists.stripe, ...lists.manual].filter((b) => b.status === 'delivered' && !b.isTransfered)
        : (lists[url.searchParams.get('payment') ?? 'stripe'] ?? []);
    const body: UteBookingListResponse = { data, totalCount: data.length, paginationData: { page: 1, totalPages: 1 }, payoutProvider: provider };
    return { body };
  }
  if (url.pathname.endsWith(`/payout-split/ute/${delivered._id}`)) {
    return { body: { data: { grossCents: 123_450, feeCents: 12_395, gstCents: 1_127, netCents: 111_055 } } };
  }
  if (url.pathname.includes('/transfer-amount/') && init.method === 'POST') {
    lists.stripe = lists.stripe.map((b) => ({ ...b, isTransfered: true }));
    return { body: { message: 'Amount transferred successfully' } };
  }
  return { status: 404, body: { message: 'unexpected' } };
});

const renderPage = (path = '/booking-list') => renderWithProviders(<UteBookingsPage />, path);

beforeEach(() => {
  lists = { stripe: [delivered], manual: [] };
  provider = 'stripe';
});

describe('UteBookingsPage', () => {
  it('shows the columns of docs/product.md in order with AUD amounts and addresses', async () => {
    renderPage();
    await screen.findByText('UB-000001');
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'User Name',
      'Ute Name',
      'Amount',
      'Actual Amount',
      'Request Amount',
      'Status',
      'Pickup Address',
      'Drop Address',
      'Ute Booking ID',
      'Is-Transfered',
      'Actions',
    ]);
    const cells = screen.getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells.slice(0, 10)).toEqual([
      'Olivia Nguyen',
      "Jack's Toyota Hilux",
      'A$1,234.50',
      'A$1,250.00',
      'N/A',
      'delivered',
      '12 George St, NSW 2000',
      '3 Collins St, VIC 3000',
      'UB-000001',
      'Not Transfered',
    ]);
    expect(screen.getByText('delivered')).toHaveClass('bg-green-100');
    expect(screen.getByTestId('payout-provider-note')).toHaveTextContent('Payout provider: Stripe');
  });

  it('transfers on the Stripe tab and then shows Transfered with a disabled button', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Transfer' }));
    expect(await screen.findByText('Transfered')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Transfer' })).toBeDisabled();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(String(post?.[0])).toContain(`/transfer-amount/${delivered.uteBy}/${delivered._id}`);
  });

  it("disables Transfer for an owner who cannot be paid and says why beneath it, in the api's words", async () => {
    const reason = "Finance has put this owner's payouts on hold: ABN check pending";
    lists.stripe = [{ ...delivered, payoutBlockedReason: reason }];
    renderPage();
    const button = await screen.findByRole('button', { name: 'Transfer' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(reason);
    expect(screen.getByText(reason)).toBeVisible();
  });

  it('says nothing beside Transfer on a booking already transferred, whatever its owner', async () => {
    lists.stripe = [{ ...delivered, isTransfered: true, payoutBlockedReason: 'Finance has put this owner’s payouts on hold: x' }];
    renderPage();
    expect(await screen.findByRole('button', { name: 'Transfer' })).not.toHaveAccessibleDescription();
    expect(screen.queryByText(/on hold/)).toBeNull();
  });

  it("opens a delivered booking's payout split from its row: gross, fee with its GST, and the owner's net", async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Payout split of UB-000001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payout split of UB-000001' });
    const terms = within(dialog)
      .getAllByRole('term')
      .map((term) => term.textContent);
    const values = within(dialog)
      .getAllByRole('definition')
      .map((value) => value.textContent);
    expect(Object.fromEntries(terms.map((term, at) => [term, values[at]]))).toEqual({
      'Booking amount': 'A$1,234.50',
      'Platform fee (incl. GST)': 'A$123.95',
      'GST in fee': 'A$11.27',
      "Owner's net": 'A$1,110.55',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('offers no split on a booking not yet delivered', async () => {
    lists.stripe = [{ ...delivered, status: 'accepted' }];
    renderPage();
    await screen.findByText('UB-000001');
    expect(screen.queryByRole('button', { name: /^Payout split of/ })).toBeNull();
  });

  it('opened from the awaiting payout badge, lists both tabs without the tab strip, and pays each row its own way', async () => {
    lists.manual = [{ ...delivered, _id: '00000004-0000-4000-8000-000000000002', uteBookingId: 'UB-000002', transactionId: null }];
    renderPage('/booking-list?awaitingPayout=true');
    await screen.findByText('UB-000002');
    expect(screen.getByText('UB-000001')).toBeInTheDocument();
    const listCall = new URL(String(fetchMock.mock.calls[0][0]), 'http://localhost');
    expect(listCall.searchParams.get('awaitingPayout')).toBe('true');
    expect(listCall.searchParams.has('payment')).toBe(false);
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Filtered: Ute bookings delivered, awaiting payout');
    await userEvent.click(screen.getAllByRole('button', { name: 'Transfer' })[0]);
    // Paid through the api, the Stripe booking leaves the queue.
    await waitFor(() => expect(screen.queryByText('UB-000001')).toBeNull());
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(String(post?.[0])).toContain(`/transfer-amount/${delivered.uteBy}/${delivered._id}`);
    // The manual one opens the Manual Payment dialog instead.
    await userEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByRole('dialog', { name: 'Manual Payment' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Clear filter' }));
    expect(await screen.findByRole('tablist')).toBeInTheDocument();
  });

  it("shows each tab's empty state and the offline ledger note", async () => {
    lists = { stripe: [], manual: [] };
    provider = 'ledger';
    renderPage();
    expect(await screen.findByText('No stripe bookings found')).toBeInTheDocument();
    expect(screen.getByTestId('payout-provider-note')).toHaveTextContent('Payout provider: offline ledger');
    await userEvent.click(screen.getByRole('tab', { name: 'Manual Payments' }));
    expect(await screen.findByText('No bookings found')).toBeInTheDocument();
  });

  it('keeps Transfer disabled for a booking that is not delivered', async () => {
    lists.stripe = [{ ...delivered, status: 'dispatched' }];
    renderPage();
    expect(await screen.findByRole('button', { name: 'Transfer' })).toBeDisabled();
  });

  it("opened from Analytics' drill-down, lists one status of those days across both tabs, with a chip for each filter", async () => {
    renderPage('/booking-list?createdFrom=2026-11-03&createdTo=2026-11-03&bookingStatus=delivered');
    await screen.findByText('UB-000001');
    const lists = () =>
      fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost')).filter((url) => url.pathname.endsWith('/ute-booking-list'));
    const first = lists()[0].searchParams;
    expect([first.get('createdFrom'), first.get('createdTo'), first.get('status'), first.has('payment')]).toEqual([
      '2026-11-03',
      '2026-11-03',
      'delivered',
      false,
    ]);
    expect(screen.queryByRole('tablist')).toBeNull();
    const chips = screen.getAllByRole('status');
    expect(chips.map((chip) => chip.textContent)).toEqual([expect.stringContaining('Created 3 Nov 2026'), expect.stringContaining('Status: delivered')]);
    await userEvent.click(within(chips[1]).getByRole('button', { name: 'Clear filter' }));
    await waitFor(() => expect(lists().at(-1)!.searchParams.has('status')).toBe(false));
    expect(lists().at(-1)!.searchParams.get('createdFrom')).toBe('2026-11-03');
    expect(screen.getByRole('status')).toHaveTextContent('Filtered: Created 3 Nov 2026');
    await userEvent.click(screen.getByRole('button', { name: 'Clear filter' }));
    expect(await screen.findByRole('tablist')).toBeInTheDocument();
    expect(lists().at(-1)!.searchParams.get('payment')).toBe('stripe');
  });
});
