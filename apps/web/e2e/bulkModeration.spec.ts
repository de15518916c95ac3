import type { Page } from '@playwright/test';
import type { Ute } from '@ute/contract';
import { apiToken, expect, test, waitForMail } from './support/fixtures';

async function pendingUtes(page: Page): Promise<Ute[]> {
  const token = await apiToken(page);
  const response = await page.request.get('/api/admin/get-all-ute-list?status=Pending&pageSize=10', { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: Ute[] }).data;
}

test.describe('Bulk moderation', () => {
  test('an admin picks two pending utes, rejects them with a reason, sees each result, and each lister is told', async ({ adminPage: page }) => {
    const [first, second] = await pendingUtes(page);
    await page.goto('/ute-list?status=Pending');
    const rowOf = (ute: Ute) => page.locator(`tr[data-row-id="${ute._id}"]`);
    await rowOf(first).getByRole('checkbox').check();
    await rowOf(second).getByRole('checkbox').check();
    const bar = page.getByRole('toolbar', { name: 'Bulk actions' });
    await expect(bar).toContainText('2 selected');
    await bar.getByRole('button', { name: 'Reject selected' }).click();

    const dialog = page.getByRole('dialog', { name: 'Reject 2 UTEs' });
    await dialog.getByLabel('Reason').selectOption({ label: 'It duplicates another listing' });
    await dialog.getByRole('button', { name: 'Reject' }).click();

    const results = page.getByRole('dialog', { name: 'Reject: 2 done, 0 skipped' });
    await expect(results.getByRole('listitem')).toHaveCount(2);
    await expect(results.getByRole('listitem').first()).toContainText('Done');
    await results.getByRole('button', { name: 'Close' }).first().click();
    // The filtered list no longer holds them, and nothing stays picked.
    await expect(rowOf(first)).toHaveCount(0);
    await expect(bar).toHaveCount(0);

    for (const ute of [first, second]) {
      const mail = await waitForMail((received) => received.subject === `Your ute listing ${ute.uteId} was not approved`);
      expect(mail.text).toContain('The reason: It duplicates another listing.');
    }

    // Rejecting one of them again is skipped, with the reason.
    await page.goto(`/ute-list?open=${first._id}`);
    await page.getByRole('dialog', { name: 'UTE Details' }).getByRole('button', { name: 'Close' }).first().click();
    await rowOf(first).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Reject selected' }).click();
    await page.getByRole('dialog', { name: 'Reject 1 UTE' }).getByLabel('Reason').selectOption('photos');
    await page.getByRole('dialog', { name: 'Reject 1 UTE' }).getByRole('button', { name: 'Reject' }).click();
    const skipped = page.getByRole('dialog', { name: 'Reject: 0 done, 1 skipped' });
    await expect(skipped.getByRole('listitem')).toContainText('Skipped: UTE is already Rejected');
  });

  test('select-all picks the page, and users are deactivated then activated in bulk', async ({ adminPage: page }) => {
    await page.goto('/all-users');
    const rows = page.locator('tr[data-row-id]');
    await expect(rows.first()).toBeVisible();
    await page.getByRole('checkbox', { name: 'Select all rows on this page' }).check();
    const count = await rows.count();
    await expect(page.getByRole('toolbar', { name: 'Bulk actions' })).toContainText(`${count} selected`);
    await page.getByRole('checkbox', { name: 'Select all rows on this page' }).uncheck();
    await expect(page.getByRole('toolbar', { name: 'Bulk actions' })).toHaveCount(0);

    const firstRow = rows.first();
    await firstRow.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Deactivate selected', exact: true }).click();
    const results = page.getByRole('dialog', { name: /^Deactivate: / });
    await expect(results).toBeVisible();
    await results.getByRole('button', { name: 'Close' }).first().click();
    await expect(firstRow.getByText('Inactive', { exact: true })).toBeVisible();
    await firstRow.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Activate selected', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Activate: 1 done, 0 skipped' })).toBeVisible();
  });
});
