import type { ActivityResponse, User, UserListResponse } from '@ute/contract';
import { apiToken, expect, test } from './support/fixtures';

/** Seed user 1 has one activity of every type and sub-type, over several days. */
const USER_ID = '00000001-0000-4000-8000-000000000001';

test.describe('User Activity', () => {
  test('an admin opens a user activity, filters by a date and by All Dates, and goes back', async ({ adminPage: page }) => {
    const token = await apiToken(page);
    const headers = { authorization: `Bearer ${token}` };
    const user = ((await (await page.request.get('/api/admin/all-users-data?limit=100', { headers })).json()) as UserListResponse).data.find(
      (candidate: User) => candidate._id === USER_ID,
    )!;
    const activity = (await (await page.request.get(`/api/admin/get-activities/${USER_ID}?days=60`, { headers })).json()) as ActivityResponse;
    expect(activity.dates.length).toBeGreaterThan(1);
    const fullName = `${user.firstName} ${user.lastName}`;

    await page.goto(`/all-users?search=${encodeURIComponent(user.email)}`);
    await page.getByRole('link', { name: `Activity of ${fullName}` }).click();
    await expect(page).toHaveURL(new RegExp(`/users-activity/${USER_ID}$`));
    await expect(page.getByRole('heading', { level: 1, name: `${fullName}'s Activities` })).toBeVisible();

    const plural = (count: number) => `${count} ${count === 1 ? 'activity' : 'activities'}`;
    const latest = activity.dates[0];
    await expect(page.getByTestId('activity-count')).toHaveText(`${plural(latest.count)} (Latest)`);
    await expect(page.getByTestId('activity-entry')).toHaveCount(latest.count);

    const filter = page.getByRole('combobox', { name: 'Filter by Date' });
    await expect(filter.locator('option').first()).toHaveText('Latest Activities');
    await expect(filter.locator('option').nth(1)).toHaveText(`All Dates (${plural(activity.totalCount)})`);
    await expect(filter.locator('option')).toHaveCount(2 + activity.dates.length);

    const older = activity.dates[1];
    await filter.selectOption(older.date);
    await expect(page.getByTestId('activity-count')).toHaveText(new RegExp(`^${plural(older.count)} on \\w+,? \\d{1,2} \\w+ \\d{4}$`));
    await expect(page.getByTestId('activity-entry')).toHaveCount(older.count);

    await filter.selectOption('all');
    await expect(page.getByTestId('activity-count')).toHaveText(plural(activity.totalCount));
    await expect(page.getByTestId('activity-entry')).toHaveCount(activity.totalCount);
    await expect(page.getByText(`${fullName} added a new UTE`, { exact: false }).first()).toBeVisible();
    await expect(page.getByText(`${fullName} logged in.`).first()).toBeVisible();
    await expect(page.getByText('initiate manual payment', { exact: true }).first()).toBeVisible();
    await expect(page.getByText(`${fullName} initiated a manual UTE payment for`, { exact: false })).toBeVisible();
    await expect(page.getByText(`${fullName} performed the activity other.`)).toBeVisible();

    await page.getByRole('button', { name: 'Back to all activities' }).click();
    await expect(page).toHaveURL(/\/all-users$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Users List' })).toBeVisible();
  });

  test("an unknown user shows Unknown User's Activities and the empty text", async ({ adminPage: page }) => {
    await page.goto('/users-activity/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { level: 1, name: "Unknown User's Activities" })).toBeVisible();
    await expect(page.getByText('No activities found for the selected date filter')).toBeVisible();
  });
});
