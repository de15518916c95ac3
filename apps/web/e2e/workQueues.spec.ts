import type { Page } from '@playwright/test';
import { WORK_QUEUE_LABELS, type Ute, type WorkQueueCount } from '@ute/contract';
import { waitingBadgeName } from './support/badges';
import { apiToken, expect, test } from './support/fixtures';

/** The api's answer, as the e2e admin (an owner: every queue). */
async function workQueues(page: Page): Promise<Record<string, number>> {
  const response = await page.request.get('/api/admin/work-queues', { headers: { authorization: `Bearer ${await apiToken(page)}` } });
  expect(response.status()).toBe(200);
  const { data } = (await response.json()) as { data: WorkQueueCount[] };
  return Object.fromEntries(data.map(({ queue, count }) => [queue, count]));
}

async function pendingUteIds(page: Page): Promise<string[]> {
  const response = await page.request.get('/api/admin/get-all-ute-list?status=Pending&pageSize=10', {
    headers: { authorization: `Bearer ${await apiToken(page)}` },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: Ute[] }).data.map((ute) => ute.uteId);
}

const BADGE_LINKS: [keyof typeof WORK_QUEUE_LABELS, RegExp][] = [
  ['pendingUtes', /\/ute-list\?status=Pending$/],
  ['pendingJobs', /\/job-list\?status=Pending$/],
  ['uteBookingsAwaitingPayout', /\/booking-list\?awaitingPayout=true$/],
  ['jobBookingsAwaitingPayout', /\/job-booking-list\?awaitingPayout=true$/],
  ['manualPaymentsAwaitingAcceptance', /\/payment-history\?tab=manual&awaitingAcceptance=true$/],
  ['unansweredQueries', /\/queries\?unanswered=true$/],
  ['quotesAwaitingPrice', /\/quotes\?awaitingPrice=true$/],
  ['disputesNeedingEvidence', /\/disputes\?status=needs_response$/],
  ['undecidedRefunds', /\/refunds\?recovery=undecided$/],
];

test.describe('Work queues: the sidebar counts the work waiting and opens it', () => {
  test('the pending utes badge shows the count, opens exactly those utes with the filter in the URL, and drops when one is approved', async ({
    adminPage: page,
  }) => {
    const pending = (await workQueues(page)).pendingUtes;
    expect(pending, 'pending utes in the demo data').toBeGreaterThan(1);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const badge = nav.getByRole('link', { name: waitingBadgeName('Pending utes', pending) });
    await expect(badge).toHaveText(pending > 99 ? '99+' : String(pending));

    await badge.click();
    await expect(page).toHaveURL(/\/ute-list\?status=Pending$/);
    await expect(page.getByRole('status').filter({ hasText: 'Filtered: Pending utes' })).toBeVisible();
    // The pager's results line (shown past one page) says the list's total: the badge's count.
    if (pending > 10) await expect(page.getByText(`of ${pending} results`)).toBeVisible();
    const rows = page.getByRole('row').filter({ has: page.getByRole('cell') });
    const expectedIds = await pendingUteIds(page);
    await expect(rows).toHaveCount(expectedIds.length);
    for (const [index, uteId] of expectedIds.entries()) {
      await expect(rows.nth(index)).toContainText(uteId);
      await expect(rows.nth(index).getByText('Pending', { exact: true })).toBeVisible();
    }
    // A reload keeps the filter: it lives in the URL.
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: 'Filtered: Pending utes' })).toBeVisible();

    const first = rows.filter({ hasText: expectedIds[0] });
    await first.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText('UTE approved successfully')).toBeVisible();
    // The mutation refreshes the badge and the filtered list at once; the approved ute leaves it.
    await expect(nav.getByRole('link', { name: waitingBadgeName('Pending utes', pending - 1) })).toBeVisible();
    if (pending - 1 > 10) await expect(page.getByText(`of ${pending - 1} results`)).toBeVisible();
    await expect(rows.filter({ hasText: expectedIds[0] })).toHaveCount(0);

    await page.getByRole('button', { name: 'Clear filter' }).click();
    await expect(page).toHaveURL(/\/ute-list$/);
    await expect(page.getByText('Filtered: Pending utes')).toHaveCount(0);
    await expect(rows.filter({ hasText: expectedIds[0] }).getByText('Approved', { exact: true })).toBeVisible();
  });

  test('every badge opens its own list, filtered and saying so', async ({ adminPage: page }) => {
    const counts = await workQueues(page);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [queue, url] of BADGE_LINKS) {
      const count = counts[queue];
      const label = WORK_QUEUE_LABELS[queue];
      if (!count) {
        await expect(nav.getByRole('link', { name: waitingBadgeName(label) })).toHaveCount(0);
        continue;
      }
      await nav.getByRole('link', { name: waitingBadgeName(label, count) }).click();
      await expect(page).toHaveURL(url);
      await expect(page.getByRole('status').filter({ hasText: `Filtered: ${label}` })).toBeVisible();
      await expect(
        page
          .getByRole('row')
          .filter({ has: page.getByRole('cell') })
          .first(),
      ).toBeVisible();
    }
  });
});
