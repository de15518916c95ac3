import type { Page } from '@playwright/test';
import type { NotificationListResponse, UteListResponse } from '@ute/contract';
import { createAdminWithRoles, signInFastAs } from './support/admins';
import { apiToken, expect, test } from './support/fixtures';

async function getJson<T>(page: Page, path: string, token?: string): Promise<T> {
  const response = await page.request.get(`/api/admin${path}`, { headers: { Authorization: `Bearer ${token ?? (await apiToken(page))}` } });
  expect(response.status()).toBe(200);
  return (await response.json()) as T;
}

test.describe('Notifications', () => {
  test('an admin mentions a colleague in a ute’s notes; the colleague’s bell counts it, opens the ute from it and marks all read', async ({
    adminPage: page,
    browser,
  }) => {
    const ute = (await getJson<UteListResponse>(page, '/get-all-ute-list?pageSize=1')).data[0];
    const colleague = await createAdminWithRoles(page, ['moderator']);
    const marker = `E2E mention ${Date.now()}`;

    // The owner writes two notes on the ute, each mentioning the colleague.
    await page.goto(`/ute-list?open=${ute._id}`);
    const notes = page.getByRole('region', { name: 'Internal notes' });
    for (const text of [`${marker}: check the photos`, `${marker}: and the rego`]) {
      await notes.getByRole('textbox', { name: 'Add a note' }).fill(`${text} @[${colleague.name}] please`);
      await notes.getByRole('button', { name: 'Save note' }).click();
      await expect(notes.getByRole('listitem').filter({ hasText: text })).toBeVisible();
    }

    const context = await browser.newContext();
    const other = await context.newPage();
    const token = await signInFastAs(other, colleague);
    await other.goto('/');
    const bell = other.getByRole('button', { name: 'Notifications, 2 unread' });
    await expect(bell).toBeVisible();
    await bell.click();
    const inbox = other.getByRole('dialog', { name: 'Notifications' });
    const mentions = inbox.getByRole('link', { name: /mentioned you on ute/ });
    await expect(mentions).toHaveCount(2);
    await other.screenshot({ path: test.info().outputPath('notifications-inbox.png') });

    await mentions.first().click();
    await expect(other).toHaveURL(new RegExp(`/ute-list\\?open=${ute._id}`));
    // The ute's details open over the list; closed, the bell says one is left.
    await expect(other.getByRole('dialog')).toBeVisible();
    await other.keyboard.press('Escape');
    await expect(other.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();

    await other.getByRole('button', { name: 'Notifications, 1 unread' }).click();
    await other.getByRole('dialog', { name: 'Notifications' }).getByRole('button', { name: 'Mark all read' }).click();
    await expect(other.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
    expect((await getJson<NotificationListResponse>(other, '/notifications', token)).unreadCount).toBe(0);

    // The author is never told of their own note.
    const mine = await getJson<NotificationListResponse>(page, '/notifications');
    expect(mine.data.filter((notification) => notification.recordId === ute._id && notification.kind === 'mention')).toEqual([]);
    await context.close();
  });
});
