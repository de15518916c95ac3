import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { API_BASE, apiPaths, presetRange, sydneyToday, type AnalyticsResponse } from '@ute/contract';
import { createAdminWithRoles } from './support/admins';
import { apiToken, expect, signInWithForm, test } from './support/fixtures';
import { axeViolations } from './support/axe';

const GROUP_HEADINGS = ['Money', 'Bookings', 'Supply', 'People', 'Support', 'Funnel', 'Cohorts'];

/** The api's answer for the bookings group over `range`, grouped by day. */
async function bookingsOf(page: Page, range: { from: string; to: string }): Promise<AnalyticsResponse> {
  const response = await page.request.get(`${API_BASE}${apiPaths.analyticsBookings}?from=${range.from}&to=${range.to}&groupBy=day`, {
    headers: { authorization: `Bearer ${await apiToken(page)}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as AnalyticsResponse;
}

test.describe('Analytics: the marketplace in charts, each group to the roles of its numbers', () => {
  test('an owner changes the range, compares with the previous period, downloads a CSV and opens a bar on its list', async ({ adminPage: page }) => {
    await page.goto('/analytics');
    await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(GROUP_HEADINGS);

    await page.getByLabel('Range', { exact: true }).selectOption({ label: 'Last 90 days' });
    await expect(page).toHaveURL(/\/analytics\?preset=last90$/);
    const range = presetRange('last90', sydneyToday());
    const bookings = page.getByTestId('analytics-group-bookings');
    await expect(bookings.getByText(/(vs previous period|to compare with the previous period)$/).first()).toBeVisible();
    await expect(bookings.getByText(/^Previous period: /).first()).toBeVisible();
    await expect(page.getByTestId('analytics-group-cohorts').getByRole('table')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    // The CSV holds the api's numbers: a bucket column, then a column per series.
    const answer = await bookingsOf(page, range);
    const chart = answer.charts.find((candidate) => candidate.kind === 'stackedBar');
    expect(chart, 'the bookings group has a stacked bar chart').toBeDefined();
    const card = page.getByTestId(`chart-${chart!.key}`);
    const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: `Download CSV of ${chart!.title}` }).click()]);
    expect(download.suggestedFilename()).toBe(`${chart!.key}-${range.from}-${range.to}.csv`);
    const lines = readFileSync(await download.path(), 'utf8')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(['bucket', ...chart!.series.map((series) => series.label)].join(','));
    expect(lines).toHaveLength(chart!.buckets.length + 1);
    const firstRow = chart!.buckets[0]!;
    expect(lines[1]).toBe([firstRow, ...chart!.series.map((series) => (series.values[0] === null ? '' : String(series.values[0])))].join(','));

    const [picture] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: `Download PNG of ${chart!.title}` }).click()]);
    expect(picture.suggestedFilename()).toBe(`${chart!.key}-${range.from}-${range.to}.png`);
    expect(
      readFileSync(await picture.path())
        .subarray(1, 4)
        .toString('ascii'),
    ).toBe('PNG');

    // The table view shows the same numbers.
    await card.getByRole('button', { name: 'Table' }).click();
    await expect(card.getByRole('table')).toBeVisible();
    await expect(card.getByRole('table').getByRole('row')).toHaveCount(chart!.buckets.length + 1);
    expect(await axeViolations(page, `[data-testid="chart-${chart!.key}"]`)).toEqual([]);
    await card.getByRole('button', { name: 'Table' }).click();

    // A bar opens its bookings: made on that day, in that status.
    const bucketIndex = chart!.buckets.findIndex((_, index) => chart!.series.some((series) => (series.values[index] ?? 0) > 0));
    expect(bucketIndex, 'some booking was made in the last 90 days').toBeGreaterThanOrEqual(0);
    const series = chart!.series.find((candidate) => (candidate.values[bucketIndex] ?? 0) > 0)!;
    const day = chart!.buckets[bucketIndex]!;
    await card.getByTestId(`bar-${series.key}-${day}`).click();
    await expect(page).toHaveURL(new RegExp(`createdFrom=${day}&createdTo=${day}`));
    await expect(page).toHaveURL(new RegExp(`bookingStatus=${encodeURIComponent(series.key).replaceAll('%20', '(%20|\\+)')}`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('a moderator sees the supply charts only', async ({ page }) => {
    const credentials = await createAdminWithRoles(page, ['moderator']);
    await signInWithForm(page, credentials);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Analytics', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
    await expect(page.getByTestId('analytics-group-supply').getByRole('figure').first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Supply']);
  });
});
