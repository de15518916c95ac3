import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { Toaster } from 'sonner';
import {
  BATCH_MESSAGES,
  BATCH_SKIP_REASONS,
  type AdminRole,
  type PayoutBatch,
  type PayoutBatchCandidate,
  type PreparePayoutBatchBody,
  type PayoutBatchSkipped,
} from '@ute/contract';
import { installFakeJsonApi, matchRoute } from '../../test/fakeJsonApi';
import { renderWithProviders } from '../../test/renderWithProviders';
import { sessionActions } from '../../lib/session';
import { PayoutBatchesPage } from './PayoutBatchesPage';

const batchOf = (n: number, patch: Partial<PayoutBatch> = {}): PayoutBatch => ({
  id: `00000009-0000-4000-8000-00000000000${n}`,
  number: n,
  reference: `PB-000${n}`,
  status: 'prepared',
  processingDate: '2026-03-05',
  lineCount: 3,
  creditCount: 2,
  totalCents: 25_050,
  fileSha256: 'a'.repeat(64),
  fileName: `payout-batch-000${n}.aba`,
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
  version: '1',
  ...patch,
});

const candidateOf = (n: number, patch: Partial<PayoutBatchCandidate> = {}): PayoutBatchCandidate => ({
  bookingKind: 'ute',
  bookingId: `0000000a-0000-4000-8000-00000000000${n}`,
  bookingReference: `UB-000${n}`,
  ownerId: 'o-1',
  ownerName: 'Ava Nguyen',
  bsb: '062-000',
  accountNumberMasked: '*****678',
  accountName: 'Ava Nguyen',
  amountCents: 10_000 * n,
  createdAt: '2026-03-01T00:00:00.000Z',
  blockedReason: null,
  ...patch,
});

const paid = batchOf(1, {
  status: 'paid',
  approvedBy: 'checker@example.com',
  approvedAt: '2026-03-04T02:00:00.000Z',
  paidBy: 'checker@example.com',
  paidAt: '2026-03-05T02:00:00.000Z',
});
const waiting = batchOf(2);

let batches: PayoutBatch[];
let candidates: PayoutBatchCandidate[];
let skipped: PayoutBatchSkipped[];
let prepared: PreparePayoutBatchBody[];
installFakeJsonApi((url, init) => {
  const route = matchRoute(init.method ?? 'GET', url)?.name;
  if (route === 'payoutBatches') return { body: { data: batches, totalCount: batches.length, paginationData: { page: 1, totalPages: 1 } } };
  if (route === 'payoutBatchCandidates') return { body: { data: candidates, hasMore: false } };
  if (route === 'preparePayoutBatch') {
    const body = JSON.parse(String(init.body)) as PreparePayoutBatchBody;
    prepared.push(body);
    const batch = batchOf(3, { lineCount: body.bookings.length - skipped.length });
    batches = [batch, ...batches];
    return { body: { message: BATCH_MESSAGES.prepared, data: batch, skipped } };
  }
  return { status: 404, body: { message: 'unexpected' } };
});

function signInAs(roles: AdminRole[]) {
  sessionActions.setToken('token-1');
  sessionActions.updateUser({
    _id: 'a-maker',
    email: 'maker@example.com',
    name: 'maker',
    roles,
    userRole: roles[0],
    twoFactorEnabled: true,
    mustEnrolTwoFactor: false,
  });
}

const renderPage = () =>
  renderWithProviders(
    <>
      <Routes>
        <Route path="/payout-batches" element={<PayoutBatchesPage />} />
        <Route path="/payout-batch/:id" element={<p>Batch page</p>} />
      </Routes>
      <Toaster />
    </>,
    '/payout-batches',
  );

beforeEach(() => {
  batches = [waiting, paid];
  candidates = [
    candidateOf(1),
    candidateOf(2, { bookingKind: 'job', bookingReference: 'JB-0002', ownerId: 'o-2', ownerName: 'Ben Taylor', bsb: '083-004', accountNumberMasked: '***654' }),
    candidateOf(3, { ownerId: 'o-3', ownerName: 'Cal Held', blockedReason: BATCH_SKIP_REASONS.noBankAccount, bsb: null, accountNumberMasked: null }),
  ];
  skipped = [];
  prepared = [];
  signInAs(['finance']);
});

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('PayoutBatchesPage', () => {
  it('lists the batches newest first: reference, status, bookings, owners, total, date, who prepared, approved and paid', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Payout batches, newest first' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Batch', 'Status', 'Bookings', 'Owners', 'Total', 'Processing date', 'Prepared', 'Approved', 'Paid or cancelled']);
    const [waitingRow, paidRow] = within(table).getAllByRole('row').slice(1);
    expect(cellsOf(waitingRow)).toEqual([
      'PB-0002',
      'prepared',
      '3',
      '2',
      'A$250.50',
      '05/03/2026',
      expect.stringMatching(/^maker@example\.com\d{2}\/\d{2}\/2026/),
      'N/A',
      'N/A',
    ]);
    expect(cellsOf(paidRow).slice(7)).toEqual([expect.stringMatching(/^checker@example\.com/), expect.stringMatching(/^checker@example\.com/)]);
    expect(within(waitingRow).getByRole('link', { name: 'PB-0002' })).toHaveAttribute('href', `/payout-batch/${waiting.id}`);
    expect(within(paidRow).getByText('paid')).toHaveClass('bg-green-100');
  });

  it('prepares a batch of the picked bookings (a blocked one cannot be picked) and opens it', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Prepare batch' }));
    const dialog = await screen.findByRole('dialog', { name: 'Prepare batch' });
    const table = await within(dialog).findByRole('table', { name: 'Bookings awaiting payout' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(cellsOf(rows[1])).toEqual(['', 'JB-0002', 'Ben Taylor', '083-004', '***654', 'A$200.00', '01/03/2026']);
    expect(within(rows[2]).getByText(BATCH_SKIP_REASONS.noBankAccount)).toHaveClass('text-red-700');
    expect(within(dialog).getByRole('checkbox', { name: 'Select UB-0003' })).toBeDisabled();
    const prepareButton = within(dialog).getByRole('button', { name: 'Prepare batch' });
    expect(prepareButton).toBeDisabled();

    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Select all bookings' }));
    expect(within(dialog).getByText('2 bookings selected, A$300.00')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Select UB-0001' }));
    expect(within(dialog).getByText('1 booking selected, A$200.00')).toBeVisible();
    await userEvent.click(prepareButton);

    expect(await screen.findByText('Batch page')).toBeVisible();
    expect(prepared).toEqual([{ bookings: [{ kind: 'job', id: candidates[1].bookingId }] }]);
    expect(await screen.findByText(BATCH_MESSAGES.prepared)).toBeVisible();
  });

  it('lists the bookings the api left out, with why, before opening the batch', async () => {
    skipped = [{ bookingKind: 'ute', bookingId: candidates[0].bookingId, reason: BATCH_MESSAGES.bookingInBatch }];
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Prepare batch' }));
    const dialog = await screen.findByRole('dialog', { name: 'Prepare batch' });
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Select all bookings' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Prepare batch' }));
    const result = await screen.findByRole('dialog', { name: 'Batch PB-0003 prepared' });
    expect(result).toHaveTextContent('1 booking in the batch. 1 booking left out:');
    expect(result).toHaveTextContent(`UB-0001: ${BATCH_MESSAGES.bookingInBatch}`);
    await userEvent.click(within(result).getByRole('button', { name: 'Open batch' }));
    await waitFor(() => expect(screen.getByText('Batch page')).toBeVisible());
  });

  it('shows no Prepare batch button to an admin whose roles cannot prepare one', async () => {
    signInAs(['support']);
    renderPage();
    await screen.findByRole('table');
    expect(screen.queryByRole('button', { name: 'Prepare batch' })).toBeNull();
  });
});
