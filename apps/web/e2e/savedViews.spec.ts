import type { Page } from '@playwright/test';
import { WORK_QUEUE_LABELS, type SavedView, type UteListResponse } from '@ute/contract';
import { createAdminWithRoles, signInFastAs } from './support/admins';
import { apiToken, expect, test } from './support/fixtures';

async function getJson<T>(page: Page, path: string, token?: string): Promise<T> {
  const response = await page.request.get(`/api/admin${path}`, { headers: { Authorization: `Bearer ${token ?? (await apiToken(page))}` } });
  expect(response.status()).toBe(200);
  return (await response.json()) as T;
}

const exactly = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

test.describe('Saved views', () => {
  test('an admin saves a filtered ute list as a shared view; a colleague opens it with its filters but cannot delete it', async ({
    adminPage: page,
    browser,
  }) => {
    // A search that the pending utes of the seed answer: the first letters of one's name.
    const pending = await getJson<UteListResponse>(page, '/get-all-ute-list?pageSize=100&status=Pending');
    const named = pending.data.find((ute) => (ute.fullName ?? '').trim().length >= 3);
    test.skip(!named, 'the seed has no pending ute with a name');
    const search = named!.fullName!.trim().slice(0, 3);
    const expected = await getJson<UteListResponse>(page, `/get-all-ute-list?pageSize=1&status=Pending&search=${encodeURIComponent(search)}`);
    const name = `Pending ${search} ${Date.now()}`.slice(0, 60);

    await page.goto('/ute-list?status=Pending');
    await page.getByPlaceholder('Search by UTE name').fill(search);
    await expect(page).toHaveURL(/search=/);
    const tabs = page.getByRole('navigation', { name: 'Saved views' });
    await tabs.getByRole('button', { name: 'Save view' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save view' });
    await dialog.getByRole('textbox', { name: 'View name' }).fill(name);
    await dialog.getByRole('checkbox', { name: 'Share with the team' }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();

    const tab = tabs.getByRole('link', { name: exactly(name) });
    await expect(tab).toHaveAttribute('aria-current', 'page');
    await expect(tab).toContainText('Shared');
    await expect(tab).toContainText(String(expected.totalCount));
    await expect(page).toHaveURL(/view=/);
    await page.screenshot({ path: test.info().outputPath('saved-views.png'), fullPage: true });

    const views = await getJson<{ data: SavedView[] }>(page, '/saved-views/utes');
    const view = views.data.find((candidate) => candidate.name === name)!;
    expect(view.isShared).toBe(true);
    expect(new URLSearchParams(view.query).get('status')).toBe('Pending');
    expect(new URLSearchParams(view.query).get('search')).toBe(search);

    const colleague = await createAdminWithRoles(page, ['moderator']);
    const context = await browser.newContext();
    const other = await context.newPage();
    const token = await signInFastAs(other, colleague);
    await other.goto('/ute-list');
    const otherTabs = other.getByRole('navigation', { name: 'Saved views' });
    const sharedTab = otherTabs.getByRole('link', { name: exactly(name) });
    await expect(sharedTab).toContainText(String(expected.totalCount));
    await sharedTab.click();
    await expect(other).toHaveURL(new RegExp(`status=Pending.*search=.*view=${view.id}`));
    await expect(other.getByPlaceholder('Search by UTE name')).toHaveValue(search);
    await expect(other.getByText(WORK_QUEUE_LABELS.pendingUtes).first()).toBeVisible();
    await expect(otherTabs.getByText(/^Shared by /)).toBeVisible();
    await expect(otherTabs.getByRole('button', { name: 'Delete view' })).toHaveCount(0);
    const refused = await other.request.delete(`/api/admin/saved-views/${view.id}/delete`, { headers: { Authorization: `Bearer ${token}` } });
    expect(refused.status()).toBe(403);
    await context.close();

    // Its creator deletes it: the tab goes.
    await tabs.getByRole('button', { name: 'Delete view' }).click();
    await page.getByRole('dialog', { name: 'Delete view' }).getByRole('button', { name: 'Delete' }).click();
    await expect(tabs.getByRole('link', { name: exactly(name) })).toHaveCount(0);
  });
});
