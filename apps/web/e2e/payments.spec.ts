import type { Page } from '@playwright/test';
import type { ManualPaymentListResponse, Payment, PaymentListResponse } from '@ute/contract';
import { apiToken, expect, test } from './support/fixtures';
import { axeViolations } from './support/axe';

const aud = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'AUD' });
const dateTime = new Intl.DateTimeFormat('en-AU', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });

async function apiGet<T>(page: Page, path: string): Promise<T> {
  const token = await apiToken(page);
  const response = await page.request.get(`/api/admin${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

const headerTexts = async (page: Page) => (await page.getByRole('columnheader').allInnerTexts()).map((text) => text.trim().toLowerCase());
const rowOf = (page: Page, payment: Payment) => page.locator(`tr[data-row-id="${payment._id}"]`);

test.describe('Payment History', () => {
  test('lists Stripe payments newest first with User, Amount, Date, Status and the Refund action', async ({ adminPage: page }) => {
    const list = await apiGet<PaymentListResponse>(page, '/payment-list?limit=10');
    await page.goto('/payment-history');
    await expect(page.getByRole('heading', { level: 1, name: 'Payment History' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Stripe Payments' })).toHaveAttribute('aria-selected', 'true');
    await expect.poll(() => headerTexts(page)).toEqual(['user', 'amount', 'date', 'status', 'action']);
    const rows = page.locator('tbody tr');
    await expect(rows).toHaveCount(10);
    for (const [index, payment] of list.data.entries()) {
      const row = rows.nth(index);
      await expect(row).toHaveAttribute('data-row-id', payment._id);
      await expect(row.getByRole('cell').nth(0)).toHaveText(payment.paymentBy);
      await expect(row.getByRole('cell').nth(1)).toHaveText(aud.format(payment.amount / 100));
      await expect(row.getByRole('cell').nth(2)).toHaveText(dateTime.format(new Date(payment.createdAt)));
      const tone = { succeeded: 'bg-green-100', pending: 'bg-yellow-100', failed: 'bg-red-100' }[payment.status] ?? 'bg-slate-200';
      await expect(row.getByText(payment.status, { exact: true })).toHaveClass(new RegExp(tone));
    }
    await expect(page.getByText(`Showing 1 to 10 of ${list.totalCount} results`)).toBeVisible();
  });

  test('sorts Oldest First / Newest First on the server and searches by name', async ({ adminPage: page }) => {
    const oldest = await apiGet<PaymentListResponse>(page, '/payment-list?limit=10&sort=oldest');
    await page.goto('/payment-history');
    await page.getByLabel('Sort').selectOption({ label: 'Oldest First' });
    await expect(page).toHaveURL(/sort=oldest/);
    await expect(page.locator('tbody tr').first()).toHaveAttribute('data-row-id', oldest.data[0]._id);
    await expect(page.getByLabel('Sort')).toHaveValue('oldest');

    const name = oldest.data[0].paymentBy;
    const searched = await apiGet<PaymentListResponse>(page, `/payment-list?limit=100&sort=oldest&search=${encodeURIComponent(name)}`);
    await page.getByPlaceholder('Search by name').fill(name);
    await expect(page).toHaveURL(/search=/);
    await expect
      .poll(async () => {
        const names = await page.locator('tbody tr td:first-child').allInnerTexts();
        return names.length === Math.min(10, searched.totalCount) && names.every((text) => text.trim() === name);
      })
      .toBe(true);

    await page.getByLabel('Sort').selectOption({ label: 'Newest First' });
    await expect(page).not.toHaveURL(/sort=oldest/);
    const newest = await apiGet<PaymentListResponse>(page, `/payment-list?limit=10&search=${encodeURIComponent(name)}`);
    await expect(page.locator('tbody tr').first()).toHaveAttribute('data-row-id', newest.data[0]._id);

    await page.getByPlaceholder('Search by name').fill('nobody is called this');
    await expect(page.getByText('No stripe payment records found', { exact: true })).toBeVisible();
    await page.getByRole('tab', { name: 'Manual Payments' }).click();
    await expect(page.getByText('No manual payment records found', { exact: true })).toBeVisible();
  });

  test('switches to Manual Payments and between the Ute Payments and Job Payments sub-tabs', async ({ adminPage: page }) => {
    const ute = await apiGet<ManualPaymentListResponse>(page, '/get-update-manual-status?kind=ute&limit=10');
    const job = await apiGet<ManualPaymentListResponse>(page, '/get-update-manual-status?kind=job&limit=10');
    await page.goto('/payment-history');
    await page.getByRole('tab', { name: 'Manual Payments' }).click();
    await expect(page).toHaveURL(/tab=manual/);
    await expect(page.getByRole('tab', { name: 'Ute Payments' })).toHaveAttribute('aria-selected', 'true');
    await expect.poll(() => headerTexts(page)).toEqual(['user', 'amount', 'date', 'status', 'transaction id', 'receipt', 'action']);
    await expect(page.locator('tbody tr').first()).toHaveAttribute('data-row-id', ute.data[0]._id);

    await page.getByRole('tab', { name: 'Job Payments' }).click();
    await expect(page).toHaveURL(/kind=job/);
    await expect(page.locator('tbody tr').first()).toHaveAttribute('data-row-id', job.data[0]._id);
    for (const payment of job.data) {
      const row = rowOf(page, payment);
      await expect(row.getByRole('cell').nth(4)).toHaveText(payment.transactionId ?? 'N/A');
      if (payment.paymentImage) await expect(row.getByRole('button', { name: 'View' })).toBeVisible();
      else await expect(row.getByText('No receipt', { exact: true })).toBeVisible();
      await expect(row.getByRole('button', { name: payment.status === 'inProgress' ? 'Accepted' : 'Accept', exact: true })).toBeVisible();
    }

    await page.reload();
    await expect(page.getByRole('tab', { name: 'Job Payments' })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('tab', { name: 'Ute Payments' }).click();
    await expect(page.locator('tbody tr').first()).toHaveAttribute('data-row-id', ute.data[0]._id);
    await page.getByRole('tab', { name: 'Stripe Payments' }).click();
    await expect.poll(() => headerTexts(page)).toEqual(['user', 'amount', 'date', 'status', 'action']);
  });

  test('accepts a manual payment: Accept, then a disabled Accepted', async ({ adminPage: page }) => {
    const list = await apiGet<ManualPaymentListResponse>(page, '/get-update-manual-status?kind=ute&limit=10');
    const payment = list.data.find((candidate) => candidate.status !== 'inProgress');
    if (!payment) throw new Error('the seed has no manual payment to accept on the first page');
    await page.goto('/payment-history?tab=manual');
    const row = rowOf(page, payment);
    const accept = row.getByRole('button', { name: 'Accept', exact: true });
    await expect(accept).toBeEnabled();
    await accept.click();
    await expect(page.getByText('Payment accepted successfully')).toBeVisible();
    const accepted = row.getByRole('button', { name: 'Accepted', exact: true });
    await expect(accepted).toBeDisabled();
    await expect(row.getByText('inProgress', { exact: true })).toBeVisible();

    const token = await apiToken(page);
    const again = await page.request.put(`/api/admin/update-manual-status/${payment._id}`, { headers: { authorization: `Bearer ${token}` } });
    expect(again.status()).toBe(409);
  });

  test('opens a receipt in Payment Receipt and the private image loads through its signed link', async ({ adminPage: page }) => {
    const list = await apiGet<ManualPaymentListResponse>(page, '/get-update-manual-status?kind=ute&limit=10');
    const payment = list.data.find((candidate) => candidate.paymentImage);
    if (!payment) throw new Error('the seed has no receipt on the first page');
    await page.goto('/payment-history?tab=manual');
    await rowOf(page, payment).getByRole('button', { name: 'View' }).click();
    const dialog = page.getByRole('dialog', { name: 'Payment Receipt' });
    const image = dialog.getByRole('img', { name: 'Payment receipt' });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
    const src = await image.getAttribute('src');
    expect(src).toMatch(/^\/payment\/.+\?expires=\d+&sig=/);

    // Without the signature the receipt is not served.
    const unsigned = await page.request.get(src!.split('?')[0]);
    expect(unsigned.status()).toBe(403);

    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
  });
});
