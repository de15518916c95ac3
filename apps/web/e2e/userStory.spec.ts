import type { Page } from '@playwright/test';
import type { UserStoryResponse } from '@ute/contract';
import { apiToken, expect, test } from './support/fixtures';

async function getJson<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(`/api/admin${path}`, { headers: { Authorization: `Bearer ${await apiToken(page)}` } });
  expect(response.status()).toBe(200);
  return (await response.json()) as T;
}

test.describe("A user's whole story", () => {
  test('the Users List opens a user page with each part of their story, and "See all" opens the list filtered to them', async ({ adminPage: page }) => {
    // An owner: the owner of a booked ute has utes and bookings.
    const booking = (await getJson<{ data: { uteBy: string }[] }>(page, '/ute-booking-list?limit=1')).data[0];
    const story = await getJson<UserStoryResponse>(page, `/users/${booking.uteBy}/story`);
    const utes = story.sections.find((section) => section.section === 'utes')!;
    expect(utes.total).toBeGreaterThan(0);

    await page.goto(`/all-users?search=${encodeURIComponent(story.user.email)}`);
    await page
      .locator(`tr[data-row-id="${story.user._id}"]`)
      .getByRole('link', { name: `${story.user.firstName} ${story.user.lastName}`, exact: true })
      .click();
    await expect(page).toHaveURL(new RegExp(`/users/${story.user._id}$`));
    await expect(page.getByRole('heading', { level: 1, name: `${story.user.firstName} ${story.user.lastName}` })).toBeVisible();
    for (const name of ['Utes', 'Jobs', 'Ute bookings', 'Job bookings', 'Payments', 'Queries', 'Activity', 'Admin actions'])
      await expect(page.getByRole('heading', { level: 2, name: new RegExp(`^${name} \\(\\d+\\)$`) })).toBeVisible();
    const utesSection = page.getByRole('region', { name: /^Utes/ });
    await expect(utesSection.getByRole('listitem')).toHaveCount(Math.min(utes.total, 5));
    await expect(utesSection.getByRole('listitem').first()).toContainText(utes.items[0].title);
    await page.screenshot({ path: test.info().outputPath('user-story.png'), fullPage: true });

    // The status toggle acts here, and the admin action shows up in the story.
    const toggle = story.user.isActive ? 'Deactivate' : 'Activate';
    await page.getByRole('button', { name: toggle, exact: true }).click();
    await expect(
      page
        .getByRole('region', { name: /^Admin actions/ })
        .getByRole('listitem')
        .first(),
    ).toContainText(`user.${toggle.toLowerCase()}`);
    await page.getByRole('button', { name: story.user.isActive ? 'Activate' : 'Deactivate', exact: true }).click();
    const actionsBefore = story.sections.find((section) => section.section === 'adminActions')!.total;
    await expect(page.getByRole('heading', { level: 2, name: `Admin actions (${actionsBefore + 2})` })).toBeVisible();

    await utesSection.getByRole('link', { name: 'See all utes' }).click();
    await expect(page).toHaveURL(new RegExp(`/ute-list\\?user=${story.user._id}$`));
    await expect(page.getByRole('status').filter({ hasText: 'the utes of one user' })).toBeVisible();
    await expect(page.locator('tr[data-row-id]')).toHaveCount(Math.min(utes.total, 10));
    await page.getByRole('button', { name: 'Clear filter' }).click();
    await expect(page).toHaveURL(/\/ute-list$/);
  });

  test('an unknown user says so', async ({ adminPage: page }) => {
    await page.goto('/users/00000000-0000-4000-8000-0000000000ff');
    await expect(page.getByRole('alert')).toHaveText('User not found');
  });
});
