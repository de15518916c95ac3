import type { Page } from '@playwright/test';
import { apiToken, expect, test } from './support/fixtures';

async function firstRowOf<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(`/api/admin${path}`, { headers: { Authorization: `Bearer ${await apiToken(page)}` } });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { data: T[] };
  return body.data[0];
}

test.describe('Global search', () => {
  test('Ctrl-K finds a ute by its UTE ID and Enter opens it on UTE Management with its details', async ({ adminPage: page }) => {
    const ute = await firstRowOf<{ _id: string; uteId: string; fullName: string | null }>(page, '/get-all-ute-list?pageSize=1');
    await page.goto('/');
    // The shortcut works once the shell is up.
    await expect(page.getByRole('banner').getByRole('button', { name: /Search/ })).toBeVisible();
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Search' });
    await dialog.getByRole('combobox', { name: 'Search everything' }).fill(ute.uteId);
    const results = dialog.getByRole('listbox', { name: 'Search results' });
    await expect(results.getByRole('group', { name: 'Utes' }).getByRole('option').first()).toContainText(ute.uteId);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/ute-list\\?open=${ute._id}$`));
    await expect(page.locator('tr[data-row-id]')).toHaveCount(1);
    await expect(page.getByRole('dialog')).toBeVisible();
  });

  test('the header box finds a user by email, the arrow keys reach the hit, and it opens on the Users List', async ({ adminPage: page }) => {
    const user = await firstRowOf<{ _id: string; email: string }>(page, '/all-users-data?limit=1');
    await page.goto('/faq');
    await page
      .getByRole('banner')
      .getByRole('button', { name: /Search/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Search' });
    await dialog.getByRole('combobox').fill(user.email);
    const hit = dialog.getByRole('group', { name: 'Users' }).getByRole('option', { name: new RegExp(user.email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
    await expect(hit).toBeVisible();
    await hit.click();
    await expect(page).toHaveURL(new RegExp(`/all-users\\?open=${user._id}$`));
    await expect(page.locator('tr[data-row-id]')).toHaveCount(1);
    await expect(page.locator(`tr[data-row-id="${user._id}"]`)).toContainText(user.email);
  });
});
