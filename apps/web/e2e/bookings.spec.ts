import type { Page } from '@playwright/test';
import type { BankAccount, JobBooking, JobBookingListResponse, UteBooking, UteBookingListResponse } from '@ute/contract';
import { apiToken, expect, test } from './support/fixtures';
import { axeViolations } from './support/axe';

const aud = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'AUD' });
const UTE_COLUMNS = [
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
];
const JOB_COLUMNS = ['Job Name', 'Ute Owner', 'Ute Name', 'Amount', 'Status', 'Created At', 'Job Booking ID', 'Is-Transfered', 'Actions'];

async function apiGet<T>(page: Page, path: string): Promise<T> {
  const token = await apiToken(page);
  const response = await page.request.get(`/api/admin${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

/** A booking the screen can pay, and the page of the list (newest first, 10 a page) it is on. */
function pickPayable<T extends { status: string; isTransfered: boolean; isTransferring: boolean }>(rows: T[], skip = 0): { booking: T; page: number } {
  const candidates = rows
    .map((booking, index) => ({ booking, index }))
    .filter(({ booking }) => booking.status === 'delivered' && !booking.isTransfered && !booking.isTransferring);
  const found = candidates[skip];
  if (!found) throw new Error('the seed has no payable booking left on this tab');
  return { booking: found.booking, page: Math.floor(found.index / 10) + 1 };
}

const headerTexts = async (page: Page) => (await page.getByRole('columnheader').allInnerTexts()).map((text) => text.trim().toLowerCase());

test.describe('Ute Bookings', () => {
  test('shows every column in order on both tabs, keeps the tab in the URL, and says Stripe is the payout provider', async ({ adminPage: page }) => {
    const stripe = await apiGet<UteBookingListResponse>(page, '/ute-booking-list?limit=10');
    await page.goto('/booking-list');
    await expect(page.getByRole('heading', { level: 1, name: 'Ute Bookings' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Stripe Payments' })).toHaveAttribute('aria-selected', 'true');
    await expect.poll(() => headerTexts(page)).toEqual(UTE_COLUMNS.map((c) => c.toLowerCase()));
    await expect(page.getByTestId('payout-provider-note')).toContainText('Payout provider: Stripe.');

    const first = stripe.data[0];
    const row = page.locator(`tr[data-row-id="${first._id}"]`);
    await expect(row.getByRole('cell').nth(0)).toHaveText(first.bookingBy ? `${first.bookingBy.firstName} ${first.bookingBy.lastName}` : 'N/A');
    await expect(row.getByRole('cell').nth(2)).toHaveText(aud.format(first.amount));
    await expect(row.getByRole('cell').nth(6)).toHaveText(`${first.pickupAddress!.street}, ${first.pickupAddress!.state} ${first.pickupAddress!.postalCode}`);
    await expect(row.getByRole('cell').nth(8)).toHaveText(first.uteBookingId);

    await page.getByRole('tab', { name: 'Manual Payments' }).click();
    await expect(page).toHaveURL(/tab=manual/);
    await expect(page.getByRole('tab', { name: 'Manual Payments' })).toHaveAttribute('aria-selected', 'true');
    const manual = await apiGet<UteBookingListResponse>(page, '/ute-booking-list?payment=manual&limit=10');
    await expect(page.locator(`tr[data-row-id="${manual.data[0]._id}"]`)).toBeVisible();
    await expect.poll(() => headerTexts(page)).toEqual(UTE_COLUMNS.map((c) => c.toLowerCase()));

    await page.reload();
    await expect(page.getByRole('tab', { name: 'Manual Payments' })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('tab', { name: 'Stripe Payments' }).click();
    await expect(page).not.toHaveURL(/tab=manual/);
  });

  test('colours booking statuses and enables Transfer only on delivered bookings not yet transferred', async ({ adminPage: page }) => {
    const list = await apiGet<UteBookingListResponse>(page, '/ute-booking-list?limit=10');
    await page.goto('/booking-list');
    for (const booking of list.data) {
      const row = page.locator(`tr[data-row-id="${booking._id}"]`);
      const badge = row.getByText(booking.status, { exact: true });
      const tone =
        { delivered: 'bg-green-100', completed: 'bg-green-100', cancelled: 'bg-red-100', pending: 'bg-yellow-100' }[booking.status] ?? 'bg-slate-200';
      await expect(badge).toHaveClass(new RegExp(tone));
      const button = row.getByRole('button', { name: 'Transfer' });
      if (booking.status === 'delivered' && !booking.isTransfered) await expect(button).toBeEnabled();
      else await expect(button).toBeDisabled();
      await expect(row.getByRole('cell').nth(9)).toHaveText(booking.isTransfered ? 'Transfered' : 'Not Transfered');
    }
  });

  test('a manual transfer through the modal shows the bank details and ends with Transfered and a disabled button', async ({ adminPage: page }) => {
    const list = await apiGet<UteBookingListResponse>(page, '/ute-booking-list?payment=manual&limit=100');
    const { booking, page: pageNumber } = pickPayable<UteBooking>(list.data);
    const bank = (await apiGet<{ data: BankAccount }>(page, `/get-account-detail/${booking.uteBy}`)).data;

    await page.goto(`/booking-list?tab=manual${pageNumber > 1 ? `&page=${pageNumber}` : ''}`);
    const row = page.locator(`tr[data-row-id="${booking._id}"]`);
    await expect(row.getByRole('cell').nth(9)).toHaveText('Not Transfered');

    // Cancel closes without recording anything.
    await row.getByRole('button', { name: 'Transfer' }).click();
    let dialog = page.getByRole('dialog', { name: 'Manual Payment' });
    await expect(dialog.getByText(bank.accountNumber, { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(row.getByRole('button', { name: 'Transfer' })).toBeEnabled();

    await row.getByRole('button', { name: 'Transfer' }).click();
    dialog = page.getByRole('dialog', { name: 'Manual Payment' });
    for (const [label, value] of [
      ['Bank Account Number', bank.accountNumber],
      ['BSB Number', bank.bsbCode],
      ['Account Holder Name', bank.accountHolderName],
      ['Bank Name', bank.bankName],
      ['Amount to Transfer', aud.format(booking.amount)],
    ]) {
      await expect(dialog.getByText(label, { exact: true })).toBeVisible();
      await expect(dialog.getByText(value, { exact: true })).toBeVisible();
    }
    await dialog.getByRole('button', { name: 'Transfer' }).click();
    await expect(page.getByText('Manual payment recorded successfully')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(row.getByRole('cell').nth(9)).toHaveText('Transfered');
    await expect(row.getByRole('button', { name: 'Transfer' })).toBeDisabled();

    // The api agrees, and a second payout is refused.
    const token = await apiToken(page);
    const again = await page.request.put(`/api/admin/transfer-manual-payment/${booking._id}`, { headers: { authorization: `Bearer ${token}` } });
    expect(again.status()).toBe(409);
    expect((await again.json()).message).toBe('This booking has already been transferred');
  });

  test('a transfer on a delivered Stripe-tab booking goes through Stripe and shows Transfered', async ({ adminPage: page }) => {
    const list = await apiGet<UteBookingListResponse>(page, '/ute-booking-list?limit=100');
    const { booking, page: pageNumber } = pickPayable<UteBooking>(list.data);
    await page.goto(`/booking-list${pageNumber > 1 ? `?page=${pageNumber}` : ''}`);
    const row = page.locator(`tr[data-row-id="${booking._id}"]`);
    await row.getByRole('button', { name: 'Transfer' }).click();
    await expect(page.getByText('Amount transferred successfully')).toBeVisible();
    await expect(row.getByRole('cell').nth(9)).toHaveText('Transfered');
    await expect(row.getByRole('button', { name: 'Transfer' })).toBeDisabled();
  });
});

test.describe('Booking screens accessibility', () => {
  test('the booking lists and the Manual Payment dialog have no axe violations', async ({ adminPage: page }) => {
    await page.goto('/booking-list');
    await expect(page.locator('tbody tr').first()).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    const manual = await apiGet<JobBookingListResponse>(page, '/job-booking-list?payment=manual&limit=100');
    const { booking, page: pageNumber } = pickPayable<JobBooking>(manual.data);
    await page.goto(`/job-booking-list?tab=manual${pageNumber > 1 ? `&page=${pageNumber}` : ''}`);
    await expect(page.locator('tbody tr').first()).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.locator(`tr[data-row-id="${booking._id}"]`).getByRole('button', { name: 'Transfer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Manual Payment' });
    await expect(dialog.getByText('BSB Number', { exact: true })).toBeVisible();
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });
});

test.describe('Job Bookings', () => {
  test('shows every column in order on both tabs and switches tabs through the URL', async ({ adminPage: page }) => {
    const stripe = await apiGet<JobBookingListResponse>(page, '/job-booking-list?limit=10');
    await page.goto('/job-booking-list');
    await expect(page.getByRole('heading', { level: 1, name: 'Job Bookings' })).toBeVisible();
    await expect.poll(() => headerTexts(page)).toEqual(JOB_COLUMNS.map((c) => c.toLowerCase()));
    const first = stripe.data[0];
    const row = page.locator(`tr[data-row-id="${first._id}"]`);
    await expect(row.getByRole('cell').nth(0)).toHaveText(first.jobTitle);
    await expect(row.getByRole('cell').nth(1)).toHaveText(`${first.uteOwner!.firstName} ${first.uteOwner!.lastName}`);
    await expect(row.getByRole('cell').nth(3)).toHaveText(aud.format(first.amount));
    await expect(row.getByRole('cell').nth(6)).toHaveText(first.jobBookingId);
    await expect(page.getByTestId('payout-provider-note')).toContainText('Payout provider: Stripe.');

    await page.getByRole('tab', { name: 'Manual Payments' }).click();
    await expect(page).toHaveURL(/tab=manual/);
    const manual = await apiGet<JobBookingListResponse>(page, '/job-booking-list?payment=manual&limit=10');
    await expect(page.locator(`tr[data-row-id="${manual.data[0]._id}"]`)).toBeVisible();
    await page.getByRole('tab', { name: 'Stripe Payments' }).click();
    await expect(page.locator(`tr[data-row-id="${first._id}"]`)).toBeVisible();
  });

  test('a manual transfer of a job booking through the modal ends with Transfered', async ({ adminPage: page }) => {
    const list = await apiGet<JobBookingListResponse>(page, '/job-booking-list?payment=manual&limit=100');
    const { booking, page: pageNumber } = pickPayable<JobBooking>(list.data);
    const bank = (await apiGet<{ data: BankAccount }>(page, `/get-account-detail/${booking.uteBy}`)).data;
    await page.goto(`/job-booking-list?tab=manual${pageNumber > 1 ? `&page=${pageNumber}` : ''}`);
    const row = page.locator(`tr[data-row-id="${booking._id}"]`);
    await row.getByRole('button', { name: 'Transfer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Manual Payment' });
    await expect(dialog.getByText(bank.bsbCode, { exact: true })).toBeVisible();
    await expect(dialog.getByText(aud.format(booking.amount), { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Transfer' }).click();
    await expect(row.getByRole('cell').nth(7)).toHaveText('Transfered');
    await expect(row.getByRole('button', { name: 'Transfer' })).toBeDisabled();
  });

  test('a Stripe-tab transfer of a delivered job booking shows Transfered', async ({ adminPage: page }) => {
    const list = await apiGet<JobBookingListResponse>(page, '/job-booking-list?limit=100');
    const { booking, page: pageNumber } = pickPayable<JobBooking>(list.data);
    await page.goto(`/job-booking-list${pageNumber > 1 ? `?page=${pageNumber}` : ''}`);
    const row = page.locator(`tr[data-row-id="${booking._id}"]`);
    await row.getByRole('button', { name: 'Transfer' }).click();
    await expect(page.getByText('Amount transferred successfully')).toBeVisible();
    await expect(row.getByRole('cell').nth(7)).toHaveText('Transfered');
    await expect(row.getByRole('button', { name: 'Transfer' })).toBeDisabled();
  });

  test('deleting a job booking asks first and removes it from the list', async ({ adminPage: page }) => {
    const list = await apiGet<JobBookingListResponse>(page, '/job-booking-list?payment=manual&limit=10');
    const booking = list.data.find((candidate) => candidate.status !== 'delivered') ?? list.data[list.data.length - 1];
    await page.goto('/job-booking-list?tab=manual');
    const row = page.locator(`tr[data-row-id="${booking._id}"]`);
    await row.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Job Booking' });
    await expect(dialog.getByText(`Are you sure you want to delete this job booking (${booking.jobBookingId})?`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete Job Booking' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Job booking deleted successfully')).toBeVisible();
    await expect(row).toHaveCount(0);
  });
});
