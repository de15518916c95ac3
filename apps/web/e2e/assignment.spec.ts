import type { Page } from '@playwright/test';
import type { NotificationListResponse, UteListResponse } from '@ute/contract';
import { createAdminWithRoles, signInFastAs } from './support/admins';
import { apiToken, expect, test } from './support/fixtures';

async function getJson<T>(page: Page, path: string, token?: string): Promise<T> {
  const response = await page.request.get(`/api/admin${path}`, { headers: { Authorization: `Bearer ${token ?? (await apiToken(page))}` } });
  expect(response.status()).toBe(200);
  return (await response.json()) as T;
}

/** "Mo Moderator" gives "MM" (the list's holder mark). */
const initialsOf = (name: string) => {
  const words = name.trim().split(/\s+/);
  return (words.length === 1 ? words[0][0] : `${words[0][0]}${words[words.length - 1][0]}`).toUpperCase();
};

test.describe('Assignment', () => {
  test('an owner assigns a pending ute to a moderator, who sees it as theirs in the list, the sidebar and the bell', async ({ adminPage: page, browser }) => {
    const ute = (await getJson<UteListResponse>(page, '/get-all-ute-list?status=Pending&assigned=none&pageSize=1')).data[0];
    expect(ute.workItem?.assigneeId).toBeNull();
    const name = ute.fullName ?? ute.uteId;
    const colleague = await createAdminWithRoles(page, ['moderator']);

    // The owner opens the pending utes on this one and assigns it to the colleague.
    await page.goto(`/ute-list?status=Pending&open=${ute._id}`);
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: `Assign UTE ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Assign to…' }).click();
    const dialog = page.getByRole('dialog', { name: `Assign UTE ${name}` });
    await dialog.getByRole('combobox', { name: 'Admin' }).selectOption({ label: colleague.name });
    await dialog.getByRole('button', { name: 'Assign' }).click();
    await expect(page.getByText(`Assigned to ${colleague.name}`, { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('img', { name: `Assigned to ${colleague.name}` })).toHaveText(initialsOf(colleague.name));

    // The colleague, in their own browser: the sidebar counts one of theirs, which leads to the list filtered to them.
    const context = await browser.newContext();
    const other = await context.newPage();
    const token = await signInFastAs(other, colleague);
    await other.goto('/');
    const mine = other.getByRole('link', { name: '1 mine: Pending utes' });
    await expect(mine).toBeVisible();
    await mine.click();
    await expect(other).toHaveURL(/\/ute-list\?status=Pending&assigned=me/);
    await expect(other.getByRole('combobox', { name: 'Assigned' })).toHaveValue('me');
    const row = other.getByRole('row').filter({ hasText: ute.uteId });
    await expect(row).toBeVisible();
    await expect(row.getByRole('img', { name: `Assigned to ${colleague.name}` })).toHaveText(initialsOf(colleague.name));
    await expect(other.getByRole('row')).toHaveCount(2); // the header and their one ute
    await other.screenshot({ path: test.info().outputPath('assigned-to-me.png') });

    // The bell tells them who assigned it, and opens the ute.
    const bell = other.getByRole('button', { name: 'Notifications, 1 unread' });
    await expect(bell).toBeVisible();
    await bell.click();
    const notice = other.getByRole('dialog', { name: 'Notifications' }).getByRole('link', { name: /assigned you pending utes/ });
    await expect(notice).toBeVisible();
    const notifications = await getJson<NotificationListResponse>(other, '/notifications', token);
    expect(notifications.data.filter((item) => item.kind === 'assigned' && item.recordId === ute._id)).toHaveLength(1);

    // Released by the colleague, it is nobody's again.
    await other.keyboard.press('Escape');
    await row.getByRole('button', { name: `Assign UTE ${name}` }).click();
    await other.getByRole('menuitem', { name: 'Release' }).click();
    await expect(other.getByRole('link', { name: /mine: Pending utes/ })).toHaveCount(0);
    expect((await getJson<UteListResponse>(page, `/get-all-ute-list?id=${ute._id}`)).data[0].workItem?.assigneeId).toBeNull();
    await context.close();
  });
});
