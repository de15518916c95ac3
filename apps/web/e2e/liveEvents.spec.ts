import type { Page } from '@playwright/test';
import type { NotificationListResponse, Ute, UteListResponse } from '@ute/contract';
import { createAdminWithRoles, signInFastAs } from './support/admins';
import { apiToken, expect, test } from './support/fixtures';

async function getJson<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(`/api/admin${path}`, { headers: { Authorization: `Bearer ${await apiToken(page)}` } });
  expect(response.status()).toBe(200);
  return (await response.json()) as T;
}

/** The oldest pending ute: the other specs take the newest ones. */
async function oldestPendingUte(page: Page): Promise<Ute> {
  const pending = await getJson<UteListResponse>(page, '/get-all-ute-list?status=Pending&pageSize=100');
  const ute = pending.data.at(-1);
  if (!ute) throw new Error('the seed has no pending ute');
  return ute;
}

/** Live events (docs/design.md §14): what one admin does reaches the other's open screen within 2 s, without a reload. */
test.describe('Live updates', () => {
  test('two admins on the same pending ute: one approves, the other’s row and open Reject see it, and the Reject answers who changed it', async ({
    adminPage: page,
    browser,
  }) => {
    const ute = await oldestPendingUte(page);
    const colleague = await createAdminWithRoles(page, ['moderator']);

    // The owner has the ute's row open and starts rejecting it.
    await page.goto(`/ute-list?open=${ute._id}`);
    await page.getByRole('dialog', { name: 'UTE Details' }).getByRole('button', { name: 'Close' }).first().click();
    const row = page.locator(`tr[data-row-id="${ute._id}"]`);
    await expect(row.getByText('Pending', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: 'Reject' }).click();
    const rejecting = page.getByRole('dialog', { name: `Reject UTE “${ute.fullName}”` });
    await rejecting.getByLabel('Reason').selectOption({ label: 'The photos are missing, unclear or do not show the vehicle' });

    // Meanwhile the colleague, in another browser, approves it.
    const context = await browser.newContext();
    const other = await context.newPage();
    await signInFastAs(other, colleague);
    await other.goto(`/ute-list?open=${ute._id}`);
    await other.getByRole('dialog', { name: 'UTE Details' }).getByRole('button', { name: 'Close' }).first().click();
    await other.locator(`tr[data-row-id="${ute._id}"]`).getByRole('button', { name: 'Approve' }).click();
    await expect(other.getByText('UTE approved successfully')).toBeVisible();

    // Within 2 s the owner's list shows it, and who did it.
    await expect(row.getByText('Approved', { exact: true })).toBeVisible({ timeout: 2000 });
    // (Read as text: the open Reject dialog hides the page behind it from the accessibility tree.)
    await expect(row.getByText(new RegExp(`^Approved by ${colleague.name} \\d+ s ago$`))).toBeVisible({ timeout: 2000 });
    await expect(rejecting.getByRole('status')).toHaveText(new RegExp(`^Approved by ${colleague.name} \\d+ s ago$`));
    await page.screenshot({ path: test.info().outputPath('live-collision.png') });

    // The Reject opened before the change was made on the Pending ute: it is refused and says why.
    await rejecting.getByRole('button', { name: 'Reject' }).click();
    await expect(
      page.getByText(new RegExp(`^Approved by ${colleague.name} at \\d{1,2}:\\d{2}:\\d{2}\\s?(am|pm), after you opened it\\. Reload to see the change\\.$`)),
    ).toBeVisible();
    const after = await getJson<UteListResponse>(page, `/get-all-ute-list?id=${ute._id}`);
    expect(after.data[0].status).toBe('Approved');
    await context.close();
  });

  test('a mention reaches the colleague’s open screen live', async ({ adminPage: page, browser }) => {
    const ute = await oldestPendingUte(page);
    const colleague = await createAdminWithRoles(page, ['moderator']);
    const context = await browser.newContext();
    const other = await context.newPage();
    await signInFastAs(other, colleague);
    await other.goto('/');
    await expect(other.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

    await page.goto(`/ute-list?open=${ute._id}`);
    const notes = page.getByRole('region', { name: 'Internal notes' });
    await notes.getByRole('textbox', { name: 'Add a note' }).fill(`Live mention ${Date.now()} @[${colleague.name}]`);
    await notes.getByRole('button', { name: 'Save note' }).click();

    // The inbox is read every 30 s on its own: within 2 s it can only be the stream.
    await expect(other.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible({ timeout: 2000 });
    const inbox = await other.request.get('/api/admin/notifications', {
      headers: { Authorization: `Bearer ${await other.evaluate(() => localStorage.getItem('auth_token'))}` },
    });
    expect(((await inbox.json()) as NotificationListResponse).unreadCount).toBe(1);
    await context.close();
  });
});
