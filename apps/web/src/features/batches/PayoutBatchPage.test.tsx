import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { Toaster } from 'sonner';
import { BATCH_MESSAGES, type AdminRole, type PayoutBatch, type PayoutBatchCredit } from '@ute/contract';
import { installFakeJsonApi, matchRoute, type FakeHandler } from '../../test/fakeJsonApi';
import { renderWithProviders } from '../../test/renderWithProviders';
import { sessionActions } from '../../lib/session';
import { PayoutBatchPage } from './PayoutBatchPage';

const BATCH_ID = '00000009-0000-4000-8000-000000000001';
const prepared: PayoutBatch = {
  id: BATCH_ID,
  number: 1,
  reference: 'PB-0001',
  status: 'prepared',
  processingDate: '2026-03-05',
  lineCount: 3,
  creditCount: 2,
  totalCents: 25_050,
  fileSha256: 'a'.repeat(64),
  fileName: 'payout-batch-0001.aba',
  preparedById: 'a-maker',
  preparedBy: 'maker@example.com',
  preparedAt: '2026-03-04T01:00:00.000Z',
  approvedBy: null,
  approvedAt: null,
  paidBy: null,
  paidAt: null,
  cancelledBy: null,
  cancelledAt: null,
  downloadCount: 0,
  version: '3',
};
const creditOf = (ownerId: string, ownerName: string, status: PayoutBatchCredit['status'], lines: [string, number][]): PayoutBatchCredit => ({
  ownerId,
  ownerName,
  bsb: '062-000',
  accountNumberMasked: '*****678',
  accountName: ownerName,
  lodgementReference: 'PAYOUT PB-0001',
  amountCents: lines.reduce((sum, [, cents]) => sum + cents, 0),
  status,
  returnReason: null,
  returnedAt: null,
  lines: lines.map(([reference, amountCents], index) => ({
    id: `0000000b-0000-4000-8000-0000000000${ownerId.slice(-1)}${index}`,
    bookingKind: 'ute',
    bookingId: `0000000a-0000-4000-8000-0000000000${ownerId.slice(-1)}${index}`,
    bookingReference: reference,
    payoutId: `0000000c-0000-4000-8000-0000000000${ownerId.slice(-1)}${index}`,
    amountCents,
    status,
  })),
});

let batch: PayoutBatch;
let credits: PayoutBatchCredit[];
let calls: string[];
let handler: FakeHandler;
const fetchMock = installFakeJsonApi((url, init) => handler(url, init));

const setStatus = (status: PayoutBatch['status'], patch: Partial<PayoutBatch> = {}) => {
  batch = { ...batch, status, ...patch };
  credits = credits.map((credit) =>
    credit.status === 'returned' ? credit : { ...credit, status: status === 'paid' ? 'paid' : status === 'cancelled' ? 'cancelled' : 'included' },
  );
};

beforeEach(() => {
  batch = prepared;
  credits = [
    creditOf('o-1', 'Ava Nguyen', 'included', [
      ['UB-0001', 15_000],
      ['UB-0002', 5_050],
    ]),
    creditOf('o-2', 'Ben Taylor', 'included', [['JB-0003', 5_000]]),
  ];
  calls = [];
  handler = (url, init) => {
    const route = matchRoute(init.method ?? 'GET', url);
    if (route && route.name !== 'payoutBatch') calls.push(route.name);
    const name = route?.name;
    if (name === 'payoutBatch') return { body: { data: batch, credits } };
    if (name === 'approvePayoutBatch') {
      setStatus('approved', { approvedBy: 'checker@example.com', approvedAt: '2026-03-04T02:00:00.000Z' });
      return { body: { message: BATCH_MESSAGES.approved, data: batch } };
    }
    if (name === 'markPayoutBatchPaid') {
      setStatus('paid', { paidBy: 'checker@example.com', paidAt: '2026-03-05T02:00:00.000Z' });
      return { body: { message: BATCH_MESSAGES.paid, data: batch } };
    }
    if (name === 'cancelPayoutBatch') {
      setStatus('cancelled', { cancelledBy: 'checker@example.com', cancelledAt: '2026-03-05T02:00:00.000Z' });
      return { body: { message: BATCH_MESSAGES.cancelled, data: batch } };
    }
    if (name === 'returnPayoutBatchCredit') {
      const { reason } = JSON.parse(String(init.body)) as { reason: string };
      credits = credits.map((credit) => (credit.ownerId === route?.params.ownerId ? { ...credit, status: 'returned', returnReason: reason } : credit));
      return { body: { message: BATCH_MESSAGES.creditReturned, data: batch } };
    }
    if (name === 'downloadPayoutBatch') return { status: 409, body: { message: BATCH_MESSAGES.notApprovedForDownload } };
    return { status: 404, body: { message: 'unexpected' } };
  };
});

function signInAs(id: string, roles: AdminRole[] = ['finance']) {
  sessionActions.setToken('token-1');
  sessionActions.updateUser({ _id: id, email: `${id}@example.com`, name: id, roles, userRole: roles[0], twoFactorEnabled: true, mustEnrolTwoFactor: false });
}

const renderPage = () =>
  renderWithProviders(
    <>
      <Routes>
        <Route path="/payout-batch/:id" element={<PayoutBatchPage />} />
      </Routes>
      <Toaster />
    </>,
    `/payout-batch/${BATCH_ID}`,
  );

describe('PayoutBatchPage', () => {
  it('shows the batch and its credits, one per owner with its bookings, and disables Approve for its preparer, saying why', async () => {
    signInAs('a-maker');
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Payout batch PB-0001' })).toBeVisible();
    const table = screen.getByRole('table', { name: 'Credits of the batch, one per owner, as in the file' });
    const [ava] = within(table).getAllByRole('row').slice(1);
    expect(
      within(ava)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Ava Nguyen', '062-000', '*****678', 'Ava Nguyen', 'UB-0001 A$150.00UB-0002 A$50.50', 'A$200.50', 'included', '']);

    const approve = screen.getByRole('button', { name: 'Approve' });
    expect(approve).toBeDisabled();
    expect(approve).toHaveAccessibleDescription(BATCH_MESSAGES.preparerCannotApprove);
    expect(screen.getByText(BATCH_MESSAGES.preparerCannotApprove)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Download ABA' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel batch' })).toBeEnabled();
  });

  it('lets another admin approve, then offers Download ABA and Mark paid, and marks it paid', async () => {
    signInAs('a-checker');
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(BATCH_MESSAGES.approved)).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Download ABA' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Mark paid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark batch paid' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect(await screen.findByText(BATCH_MESSAGES.paid)).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Mark paid' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Cancel batch' })).toBeNull();
    expect(calls).toEqual(['approvePayoutBatch', 'markPayoutBatchPaid']);
  });

  it("downloads the file from the batch's ABA call, and shows the api's refusal", async () => {
    batch = { ...prepared, status: 'approved', approvedBy: 'checker@example.com', approvedAt: '2026-03-04T02:00:00.000Z' };
    signInAs('a-maker');
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Download ABA' }));
    expect(await screen.findByText(BATCH_MESSAGES.notApprovedForDownload)).toBeVisible();
    const download = fetchMock.mock.calls.find(([input]) => String(input).endsWith(`/payout-batches/${BATCH_ID}/aba`));
    expect(download?.[1]?.method ?? 'GET').toBe('GET');
  });

  it("returns an owner's credit with a reason (required), then shows it returned with the reason", async () => {
    batch = { ...prepared, status: 'approved', approvedBy: 'checker@example.com', approvedAt: '2026-03-04T02:00:00.000Z' };
    signInAs('a-checker');
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: "Return Ben Taylor's credit" }));
    const dialog = await screen.findByRole('dialog', { name: 'Return credit' });
    expect(dialog).toHaveTextContent("The bank returned Ben Taylor's credit of A$50.00: its 1 booking go back to awaiting payout.");
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark returned' }));
    expect(await within(dialog).findByText(BATCH_MESSAGES.reasonRequired)).toBeVisible();
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Account closed');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark returned' }));
    expect(await screen.findByText(BATCH_MESSAGES.creditReturned)).toBeVisible();
    const row = (await screen.findByText('Account closed')).closest('tr')!;
    expect(within(row).getByText('returned')).toHaveClass('bg-red-100');
    expect(within(row).queryByRole('button', { name: /Return/ })).toBeNull();
    expect(calls).toEqual(['returnPayoutBatchCredit']);
  });

  it('cancels the batch after asking, saying its bookings become payable again', async () => {
    signInAs('a-maker');
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel batch' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel batch' });
    expect(dialog).toHaveTextContent(BATCH_MESSAGES.cancelHint);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel batch' }));
    expect(await screen.findByText(BATCH_MESSAGES.cancelled)).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel batch' })).toBeNull());
    const heading = screen.getByRole('heading', { name: 'Payout batch PB-0001' });
    expect(within(heading.parentElement!).getByText('cancelled')).toHaveClass('bg-slate-200');
  });

  it('shows no step to an admin whose roles cannot take them', async () => {
    signInAs('a-support', ['support']);
    renderPage();
    await screen.findByRole('heading', { name: 'Payout batch PB-0001' });
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel batch' })).toBeNull();
  });
});
