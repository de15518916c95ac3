import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { apiToken, expect, test } from './support/fixtures';

/** Clicks the screen's "Export CSV" and reads the file it saves: its name, header and data rows. */
async function exportFrom(page: Page) {
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloadPromise;
  const bytes = readFileSync((await download.path())!);
  // UTF-8 with a byte order mark, so Excel reads it as UTF-8.
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [header, ...rows] = bytes.toString('utf8').slice(1).trimEnd().split('\r\n');
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  return { name: download.suggestedFilename(), header: header.split(','), rows };
}

async function totalOf(page: Page, path: string): Promise<number> {
  const response = await page.request.get(`/api/admin${path}`, { headers: { Authorization: `Bearer ${await apiToken(page)}` } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { totalCount: number }).totalCount;
}

test.describe('CSV export', () => {
  test('UTE Management exports the pending utes it shows, every one of them', async ({ adminPage: page }) => {
    await page.goto('/ute-list?status=Pending');
    await expect(page.locator('tr[data-row-id]').first()).toBeVisible();
    const file = await exportFrom(page);
    expect(file.name).toMatch(/^utes-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(file.header.slice(0, 4)).toEqual(['id', 'ute_id', 'full_name', 'status']);
    expect(file.rows).toHaveLength(await totalOf(page, '/get-all-ute-list?status=Pending'));
    for (const row of file.rows) expect(row).toContain(',Pending,');
    // The first row of the file is the first row of the list.
    const firstId = await page.locator('tr[data-row-id]').first().getAttribute('data-row-id');
    expect(file.rows[0].startsWith(`${firstId},`)).toBe(true);
  });

  test('Payment History exports the tab it is on, amounts in dollars', async ({ adminPage: page }) => {
    await page.goto('/payment-history?tab=manual&kind=job');
    await expect(page.locator('tr[data-row-id]').first()).toBeVisible();
    const file = await exportFrom(page);
    expect(file.name).toMatch(/^manual-payments-\d{4}-\d{2}-\d{2}\.csv$/);
    const amount = file.header.indexOf('amount_dollars');
    const kind = file.header.indexOf('kind');
    expect(file.rows).toHaveLength(await totalOf(page, '/get-update-manual-status?kind=job'));
    for (const row of file.rows) {
      const cells = row.split(',');
      expect(cells[amount]).toMatch(/^\d+\.\d{2}$/);
      expect(cells[kind]).toBe('job');
    }
  });
});
