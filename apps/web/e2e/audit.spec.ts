import { readFileSync } from 'node:fs';
import { apiToken, expect, test } from './support/fixtures';
import { axeViolations } from './support/axe';

/** Today's calendar day where the audit filters count days (Australia/Sydney). */
const sydneyDay = (offsetDays = 0) => new Date(Date.now() + offsetDays * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Australia/Sydney' });

test.describe('Audit Log', () => {
  test('an owner edits a FAQ, sees it on top of the audit log with its diff, filters, verifies and exports it', async ({ adminPage: page }) => {
    const stamp = Date.now();
    const question = `Audit check ${stamp}?`;
    const edited = `Audit edited ${stamp}?`;
    const token = await apiToken(page);
    const created = await page.request.post('/api/admin/create-faq', {
      headers: { Authorization: `Bearer ${token}` },
      data: { question, answer: 'Before the edit.' },
    });
    expect(created.status()).toBe(200);
    const faqId = ((await created.json()) as { data: { _id: string } }).data._id;

    // The action, done as an admin does it.
    await page.goto('/faq');
    await page.getByRole('button', { name: `Edit FAQ: ${question}` }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit FAQ' });
    await editDialog.getByPlaceholder('Enter Question').fill(edited);
    await editDialog.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('FAQ updated successfully')).toBeVisible();

    await page.getByRole('link', { name: 'Audit Log' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible();
    for (const header of ['When', 'Admin', 'Action', 'Target', 'Changes'])
      await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    const top = page.getByRole('row').nth(1);
    await expect(top).toContainText('Faq update');
    await expect(top).toContainText(faqId);
    await expect(top).toContainText(`question: ${question} → ${edited}`);

    // Filter by action: the URL keeps it through a reload.
    await page.getByLabel('Action', { exact: true }).selectOption('faq.update');
    await expect(page).toHaveURL(/action=faq\.update/);
    await page.reload();
    await expect(page.getByLabel('Action', { exact: true })).toHaveValue('faq.update');
    await expect(page.getByRole('row').nth(1)).toContainText(`question: ${question} → ${edited}`);
    for (const row of await page.getByRole('row').all()) {
      const text = await row.textContent();
      if (text && !text.includes('When')) expect(text).toContain('Faq update');
    }

    // Filter by date: today has it, a range ending yesterday does not.
    await page.getByLabel('From', { exact: true }).fill(sydneyDay());
    await page.getByLabel('To', { exact: true }).fill(sydneyDay());
    await expect(page).toHaveURL(new RegExp(`from=${sydneyDay()}`));
    await expect(page.getByRole('row').nth(1)).toContainText(edited);
    await page.reload();
    await expect(page.getByLabel('From', { exact: true })).toHaveValue(sydneyDay());
    await expect(page.getByRole('row').nth(1)).toContainText(edited);
    await page.getByLabel('From', { exact: true }).fill(sydneyDay(-2));
    await page.getByLabel('To', { exact: true }).fill(sydneyDay(-1));
    await expect(page.getByText('No entries match these filters')).toBeVisible();
    await page.getByLabel('To', { exact: true }).fill(sydneyDay());

    // The entry in full.
    await page
      .getByRole('row')
      .nth(1)
      .getByRole('button', { name: /View audit entry/ })
      .click();
    const details = page.getByRole('dialog', { name: /Audit entry #\d+/ });
    await expect(details.getByText('Before', { exact: true })).toBeVisible();
    await expect(details.getByText(`"question": "${edited}"`)).toBeVisible();
    await details.getByRole('button', { name: 'Close' }).first().click();
    await expect(details).toBeHidden();

    // Verify the chain.
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('status').filter({ hasText: /The audit log is intact \(\d+ entries\)/ })).toBeVisible();

    // Export the filtered log.
    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = bytes.toString('utf8');
    expect(csv).toContain('id,seq,when,admin_id,admin_name,admin_email,action,target_type,target_id,before,after,request_id,hash');
    expect(csv).toContain(faqId);
    expect(csv).toContain(edited);
    for (const line of csv.slice(1).trim().split('\r\n').slice(1)) expect(line).toContain(',faq.update,');
    await expect(page.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });

  test('the audit log screen has no accessibility violations', async ({ adminPage: page }) => {
    const token = await apiToken(page);
    const created = await page.request.post('/api/admin/create-faq', {
      headers: { Authorization: `Bearer ${token}` },
      data: { question: `Audit a11y ${Date.now()}?`, answer: 'An answer.' },
    });
    expect(created.status()).toBe(200);
    await page.goto('/audit-log');
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});
