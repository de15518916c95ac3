import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Payment } from '@ute/contract';
import { installFakeJsonApi } from '../../test/fakeJsonApi';
import { renderWithProviders } from '../../test/renderWithProviders';
import { PaymentHistoryPage } from './PaymentHistoryPage';

const manual: Payment = {
  _id: '00000006-0000-4000-8000-000000000003',
  paymentBy: 'Olivia Nguyen',
  uteOwnerName: 'Jack Smith',
  amount: 123450,
  createdAt: '2026-03-04T05:06:00.000Z',
  status: 'pending',
  transactionId: 'BANK-00000003',
  paymentImage: '/payment/receipt-1.png?expires=9999999999&sig=abc',
  isStripe: false,
  isJob: 'false',
};

let manualRows: Payment[];
let releaseAccept: () => void;
const fetchMock = installFakeJsonApi(async (url, init) => {
  if (url.pathname.endsWith('/get-update-manual-status')) {
    const rows = url.searchParams.get('kind') === 'job' ? [] : manualRows;
    return { body: { data: rows, totalCount: rows.length, paginationData: { page: 1, totalPages: 1 } } };
  }
  if (url.pathname.endsWith('/payment-list')) return { body: { data: [], totalCount: 0, paginationData: { page: 1, totalPages: 1 } } };
  if (url.pathname.includes('/update-manual-status/') && init.method === 'PUT') {
    await new Promise<void>((resolve) => (releaseAccept = resolve));
    manualRows = manualRows.map((p) => ({ ...p, status: 'inProgress' }));
    return { body: { message: 'Payment accepted successfully' } };
  }
  return { status: 404, body: { message: 'unexpected' } };
});

const renderPage = (path: string) => renderWithProviders(<PaymentHistoryPage />, path);

beforeEach(() => {
  manualRows = [manual, { ...manual, _id: '00000006-0000-4000-8000-000000000004', paymentImage: null, transactionId: null, status: 'inProgress' }];
});

describe('PaymentHistoryPage', () => {
  it('shows the manual columns, cents as AUD, the receipt link or No receipt, and Accepted for inProgress', async () => {
    renderPage('/payment-history?tab=manual');
    await screen.findAllByText('Olivia Nguyen');
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'User',
      'Amount',
      'Date',
      'Status',
      'Transaction ID',
      'Receipt',
      'Action',
    ]);
    expect(screen.getAllByText('A$1,234.50')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'View' })).toBeInTheDocument();
    expect(screen.getByText('No receipt')).toBeInTheDocument();
    expect(screen.getByText('N/A')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accepted' })).toBeDisabled();
    expect(screen.getByText('pending')).toHaveClass('bg-yellow-100');
  });

  it('shows Loading... while accepting, then a disabled Accepted', async () => {
    renderPage('/payment-history?tab=manual');
    const [row] = (await screen.findAllByRole('row')).filter((r) => within(r).queryByRole('button', { name: 'Accept' }));
    await userEvent.click(within(row).getByRole('button', { name: 'Accept' }));
    expect(await within(row).findByRole('button', { name: 'Loading...' })).toBeDisabled();
    releaseAccept();
    expect(await within(row).findByRole('button', { name: 'Accepted' })).toBeDisabled();
  });

  it("opens the receipt in 'Payment Receipt'", async () => {
    renderPage('/payment-history?tab=manual');
    await userEvent.click(await screen.findByRole('button', { name: 'View' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payment Receipt' });
    expect(within(dialog).getByRole('img', { name: 'Payment receipt' })).toHaveAttribute('src', manual.paymentImage);
  });

  it('shows the empty states of each kind and the Job Payments sub-tab', async () => {
    renderPage('/payment-history');
    expect(await screen.findByText('No stripe payment records found')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Manual Payments' }));
    await userEvent.click(await screen.findByRole('tab', { name: 'Job Payments' }));
    expect(await screen.findByText('No manual payment records found')).toBeInTheDocument();
    const jobCall = fetchMock.mock.calls.find(([input]) => String(input).includes('kind=job'));
    expect(jobCall).toBeDefined();
  });

  it('sends the sort to the server', async () => {
    renderPage('/payment-history');
    await screen.findByText('No stripe payment records found');
    await userEvent.selectOptions(screen.getByLabelText('Sort'), 'Oldest First');
    await vi.waitFor(() => expect(fetchMock.mock.calls.some(([input]) => String(input).includes('sort=oldest'))).toBe(true));
  });
});
