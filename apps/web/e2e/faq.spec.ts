import { expect, test } from './support/fixtures';
import { axeViolations } from './support/axe';

test.describe('FAQ', () => {
  test('an admin adds, edits and deletes a FAQ, and each change survives a reload', async ({ adminPage: page }) => {
    const stamp = Date.now();
    const question = `Can I book a ute for a whole week? ${stamp}`;
    const edited = `Can I book a ute for two weeks? ${stamp}`;
    await page.goto('/faq');
    await expect(page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeVisible();
    for (const header of ['Question', 'Answer', 'Actions']) await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Add FAQ' }).click();
    const addDialog = page.getByRole('dialog', { name: 'Add a New FAQ' });
    await addDialog.getByPlaceholder('Enter Question').fill(question);
    await addDialog.getByPlaceholder('Enter Answer').fill('Yes, weekly hire is available from most owners.');
    await addDialog.getByRole('button', { name: 'Save' }).click();
    await expect(addDialog).toBeHidden();
    await expect(page.getByText('FAQ created successfully')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('cell', { name: question, exact: true })).toBeVisible();

    await page.getByRole('button', { name: `Edit FAQ: ${question}` }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit FAQ' });
    await expect(editDialog.getByPlaceholder('Enter Question')).toHaveValue(question);
    await expect(editDialog.getByPlaceholder('Enter Answer')).toHaveValue('Yes, weekly hire is available from most owners.');
    await editDialog.getByPlaceholder('Enter Question').fill(edited);
    await editDialog.getByRole('button', { name: 'Update' }).click();
    await expect(editDialog).toBeHidden();
    await expect(page.getByText('FAQ updated successfully')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('cell', { name: edited, exact: true })).toBeVisible();
    await expect(page.getByRole('cell', { name: question, exact: true })).toHaveCount(0);

    await page.getByRole('button', { name: `Delete FAQ: ${edited}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete FAQ' });
    await expect(confirm.getByText('Are you sure you want to delete this FAQ?')).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('cell', { name: edited, exact: true })).toBeVisible();
    await page.getByRole('button', { name: `Delete FAQ: ${edited}` }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('FAQ deleted successfully')).toBeVisible();
    await expect(page.getByRole('cell', { name: edited, exact: true })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeVisible();
    await expect(page.getByRole('cell', { name: edited, exact: true })).toHaveCount(0);
  });

  test('an answer with markup is shown as literal text', async ({ adminPage: page }) => {
    const question = `Markup check ${Date.now()}`;
    const answer = 'Use <b>bold</b> sparingly <img src=x onerror="window.__xss=1">';
    await page.goto('/faq');
    await page.getByRole('button', { name: 'Add FAQ' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a New FAQ' });
    await dialog.getByPlaceholder('Enter Question').fill(question);
    await dialog.getByPlaceholder('Enter Answer').fill(answer);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('row').filter({ hasText: question });
    await expect(row.getByText(answer, { exact: true })).toBeVisible();
    await expect(row.locator('b')).toHaveCount(0);
    await expect(row.locator('img')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  });

  test('an empty FAQ is refused with the server message, and cancelling clears the fields', async ({ adminPage: page }) => {
    await page.goto('/faq');
    await page.getByRole('button', { name: 'Add FAQ' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a New FAQ' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Question is required')).toBeVisible();
    await dialog.getByPlaceholder('Enter Question').fill('Half-written draft');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Add FAQ' }).click();
    await expect(page.getByRole('dialog', { name: 'Add a New FAQ' }).getByPlaceholder('Enter Question')).toHaveValue('');
  });

  test('the FAQ screen has no accessibility violations, nor has its add dialog', async ({ adminPage: page }) => {
    await page.goto('/faq');
    await expect(page.locator('tbody tr').first()).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Add FAQ' }).first().click();
    await expect(page.getByRole('dialog', { name: 'Add a New FAQ' })).toBeVisible();
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
  });
});
