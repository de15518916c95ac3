import type { Page } from '@playwright/test';
import type { CustomerQuery, QueryListResponse } from '@ute/contract';
import { apiToken, expect, readMails, test, waitForMail } from './support/fixtures';

/** Seed queries 20 and 21 have no replies; no other spec touches them. */
const REPLY_QUERY_ID = '00000008-0000-4000-8000-000000000020';
const DELETE_QUERY_ID = '00000008-0000-4000-8000-000000000021';

async function seededQuery(page: Page, id: string): Promise<CustomerQuery> {
  const token = await apiToken(page);
  const response = await page.request.get('/api/admin/all-queries?limit=100', { headers: { authorization: `Bearer ${token}` } });
  const query = ((await response.json()) as QueryListResponse).queries.find((candidate) => candidate._id === id);
  if (!query) throw new Error(`seed query ${id} not found`);
  return query;
}

test.describe('User Queries', () => {
  test('the list shows the columns, the short message and numbered pages', async ({ adminPage: page }) => {
    await page.goto('/queries');
    await expect(page.getByRole('heading', { level: 1, name: 'User Queries' })).toBeVisible();
    await expect(page.getByRole('columnheader')).toHaveText(['', 'Name', 'Email', 'Phone', 'Message', 'Date', 'Replies', 'Actions']);
    await expect(page.locator('tbody tr')).toHaveCount(10);
    await expect(page.getByRole('button', { name: 'Page 3' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Sort queries' })).toHaveValue('latest');
    await page.getByRole('combobox', { name: 'Sort queries' }).selectOption('oldest');
    await expect(page).toHaveURL(/sort=oldest/);
  });

  test('a blank reply shows "Please enter a reply message" and sends nothing', async ({ adminPage: page }) => {
    const query = await seededQuery(page, REPLY_QUERY_ID);
    const mailsBefore = readMails().length;
    await page.goto(`/queries?email=${encodeURIComponent(query.email)}`);
    await page.getByRole('button', { name: `Reply to ${query.email}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Your Reply').fill('   ');
    await dialog.getByRole('button', { name: 'Send Reply' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Please enter a reply message');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.locator(`tr[data-row-id="${REPLY_QUERY_ID}"]`).getByTestId('reply-count')).toHaveText('0');
    expect(readMails().length).toBe(mailsBefore);
  });

  test('a reply is stored, shown in the details and mailed to the customer', async ({ adminPage: page }) => {
    const query = await seededQuery(page, REPLY_QUERY_ID);
    const replyText = `Thanks ${query.firstName}, a tray ute is free this Saturday from 8 AM. Reference ${Date.now()}.`;
    await page.goto('/queries');
    await page.getByRole('searchbox', { name: 'Search queries by email' }).fill(query.email);
    const row = page.locator(`tr[data-row-id="${REPLY_QUERY_ID}"]`);
    await expect(page.locator('tbody tr')).toHaveCount(1);

    await row.getByRole('button', { name: `Reply to ${query.email}` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('To')).toHaveValue(query.email);
    await expect(dialog.getByLabel('Original Query')).toHaveValue(query.message);
    await dialog.getByLabel('Your Reply').fill(replyText);
    await dialog.getByRole('button', { name: 'Send Reply' }).click();
    await expect(page.getByText('Reply sent successfully')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(row.getByTestId('reply-count')).toHaveText('1');

    await row.getByRole('button', { name: `View details of the query from ${query.email}` }).click();
    const details = page.getByRole('dialog', { name: 'Query Details' });
    await expect(details.getByText(replyText)).toBeVisible();
    await expect(details.getByText('Mail sent')).toBeVisible();
    await details.getByRole('button', { name: 'Close' }).last().click();

    const mail = await waitForMail((received) => received.to.includes(query.email) && received.text.includes(replyText));
    expect(mail.subject).toBe('Re: your enquiry');
  });

  test('a query without replies says "No replies yet" in its details', async ({ adminPage: page }) => {
    const query = await seededQuery(page, DELETE_QUERY_ID);
    await page.goto(`/queries?email=${encodeURIComponent(query.email)}`);
    await page.getByRole('button', { name: `View details of the query from ${query.email}` }).click();
    const details = page.getByRole('dialog', { name: 'Query Details' });
    await expect(details.getByText('No replies yet')).toBeVisible();
    await expect(details.getByText(query.message)).toBeVisible();
  });

  test('deleting a query asks first and removes it', async ({ adminPage: page }) => {
    const query = await seededQuery(page, DELETE_QUERY_ID);
    await page.goto(`/queries?email=${encodeURIComponent(query.email)}`);
    await page.getByRole('button', { name: `Delete the query from ${query.email}` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Are you sure you want to delete this query?')).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Query deleted successfully')).toBeVisible();
    await expect(page.getByText('No queries found')).toBeVisible();
  });
});
