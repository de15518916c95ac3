import type { Page } from '@playwright/test';
import type { User, UserListResponse } from '@ute/contract';
import { apiToken, expect, test } from './support/fixtures';

/** Seed user 7 (active in the demo data); no other spec changes it. */
const USER_ID = '00000001-0000-4000-8000-000000000007';

async function seededUser(page: Page, id: string): Promise<User> {
  const token = await apiToken(page);
  const response = await page.request.get('/api/admin/all-users-data?limit=100', { headers: { authorization: `Bearer ${token}` } });
  const user = ((await response.json()) as UserListResponse).data.find((candidate) => candidate._id === id);
  if (!user) throw new Error(`seed user ${id} not found`);
  return user;
}

async function dashboardCount(page: Page, key: 'totalActiveUser' | 'totalDeactiveUser'): Promise<number> {
  await page.goto('/');
  const value = page.getByTestId(`card-${key}`).getByTestId('card-value');
  await expect(value).toHaveText(/\d/);
  return Number((await value.textContent())!.replace(/\D/g, ''));
}

test.describe('Users List', () => {
  test('deactivating and reactivating a user changes its status and the dashboard counts', async ({ adminPage: page }) => {
    const user = await seededUser(page, USER_ID);
    expect(user.isActive).toBe(true);
    const activeBefore = await dashboardCount(page, 'totalActiveUser');
    const inactiveBefore = await dashboardCount(page, 'totalDeactiveUser');

    await page.goto('/all-users');
    await expect(page.getByRole('heading', { level: 1, name: 'Users List' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search users by email' }).fill(user.email);
    const row = page.locator(`tr[data-row-id="${USER_ID}"]`);
    await expect(page.locator('tbody tr')).toHaveCount(1);
    await expect(row.getByText('Active', { exact: true })).toBeVisible();
    await expect(row.getByRole('link', { name: `Activity of ${user.firstName} ${user.lastName}` })).toHaveAttribute('href', `/users-activity/${USER_ID}`);

    await row.getByRole('button', { name: 'Deactivate' }).click();
    await expect(page.getByText('User deactivated successfully')).toBeVisible();
    await expect(row.getByText('Inactive', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Activate' })).toBeVisible();
    expect(await dashboardCount(page, 'totalActiveUser')).toBe(activeBefore - 1);
    expect(await dashboardCount(page, 'totalDeactiveUser')).toBe(inactiveBefore + 1);

    await page.goto(`/all-users?search=${encodeURIComponent(user.email)}`);
    await row.getByRole('button', { name: 'Activate' }).click();
    await expect(page.getByText('User activated successfully')).toBeVisible();
    await expect(row.getByText('Active', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Deactivate' })).toBeVisible();
    expect(await dashboardCount(page, 'totalActiveUser')).toBe(activeBefore);
    expect(await dashboardCount(page, 'totalDeactiveUser')).toBe(inactiveBefore);
  });

  test('a search that finds nobody says "No matching users found"', async ({ adminPage: page }) => {
    await page.goto('/all-users');
    await page.getByRole('searchbox', { name: 'Search users by email' }).fill('nobody-has-this-address');
    await expect(page.getByText('No matching users found')).toBeVisible();
  });

  test('deleting a user asks first, then removes it from the list', async ({ adminPage: page }) => {
    const user = await seededUser(page, '00000001-0000-4000-8000-000000000078');
    await page.goto(`/all-users?search=${encodeURIComponent(user.email)}`);
    const row = page.locator(`tr[data-row-id="${user._id}"]`);
    await row.getByRole('button', { name: `Delete user ${user.email}` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Are you sure you want to delete this user?')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: `Delete user ${user.email}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('User deleted successfully')).toBeVisible();
    await expect(page.getByText('No matching users found')).toBeVisible();
  });
});
