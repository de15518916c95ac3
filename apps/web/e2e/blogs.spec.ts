import { makeDemoPng } from '../../api/src/seed/png';
import { expect, test } from './support/fixtures';
import { axeViolations } from './support/axe';

test.describe('Blogs', () => {
  test('the list shows the columns of the spec with previews and loaded images', async ({ adminPage: page }) => {
    await page.goto('/blogs');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    for (const header of ['Title', 'Description', 'Posted At', 'Views', 'Image', 'User', 'Actions']) {
      await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    }
    // The seed has a blog without a description.
    await expect(page.getByRole('cell', { name: 'No description', exact: true })).toBeVisible();
    const firstImage = page.getByRole('img', { name: /^Image of / }).first();
    await expect.poll(() => firstImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  });

  test('an admin adds a blog with an image, sees the image load, edits it and deletes it', async ({ adminPage: page }) => {
    const title = `Loading a trailer safely ${Date.now()}`;
    const description = Array.from({ length: 30 }, (_, i) => `word${i + 1}`).join(' ');
    await page.goto('/blogs');
    await page.getByRole('button', { name: 'Add Blog' }).click();
    const addDialog = page.getByRole('dialog', { name: 'Add a New Blog' });
    await addDialog.getByLabel('Title', { exact: true }).fill(title);
    await addDialog.getByLabel('Description', { exact: true }).fill(description);
    await addDialog
      .getByLabel('Image', { exact: true })
      .setInputFiles({ name: 'trailer.png', mimeType: 'image/png', buffer: makeDemoPng(64, 40, [220, 90, 30]) });
    await addDialog.getByLabel('User Name', { exact: true }).fill('Casey Writer');
    await addDialog.getByRole('button', { name: 'Save' }).click();
    await expect(addDialog).toBeHidden();
    await expect(page.getByText('Blog created successfully')).toBeVisible();

    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row.getByText(`${description.split(' ').slice(0, 25).join(' ')}...`, { exact: true })).toBeVisible();
    await expect(row.getByRole('cell', { name: 'Casey Writer', exact: true })).toBeVisible();
    const image = row.getByRole('img', { name: `Image of ${title}` });
    await expect(image).toHaveAttribute('src', /^\/blogImg\/[a-z0-9]+-[0-9a-f]{16}\.png$/);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64);
    const imageSrc = await image.getAttribute('src');

    await row.getByRole('button', { name: `Edit blog: ${title}` }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit Blog' });
    await expect(editDialog.getByLabel('Title', { exact: true })).toHaveValue(title);
    await expect(editDialog.getByLabel('User Name', { exact: true })).toHaveValue('Casey Writer');
    const editedTitle = `${title} (updated)`;
    await editDialog.getByLabel('Title', { exact: true }).fill(editedTitle);
    await editDialog.getByRole('button', { name: 'Update' }).click();
    await expect(editDialog).toBeHidden();
    await expect(page.getByText('Blog updated successfully')).toBeVisible();
    const editedRow = page.getByRole('row').filter({ hasText: editedTitle });
    // No new file: the image stays.
    await expect(editedRow.getByRole('img', { name: `Image of ${editedTitle}` })).toHaveAttribute('src', imageSrc!);
    await page.reload();
    await expect(page.getByRole('cell', { name: editedTitle, exact: true })).toBeVisible();

    await page.getByRole('button', { name: `Delete blog: ${editedTitle}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Blog' });
    await expect(confirm.getByText('Are you sure you want to delete this blog?')).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Blog deleted successfully')).toBeVisible();
    await expect(page.getByRole('cell', { name: editedTitle, exact: true })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('columnheader', { name: 'Title', exact: true })).toBeVisible();
    await expect(page.getByRole('cell', { name: editedTitle, exact: true })).toHaveCount(0);
  });

  test('a file that is not an image is refused with the server message', async ({ adminPage: page }) => {
    await page.goto('/blogs');
    await page.getByRole('button', { name: 'Add Blog' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a New Blog' });
    await dialog.getByLabel('Title', { exact: true }).fill(`Not an image ${Date.now()}`);
    await dialog.getByLabel('Description', { exact: true }).fill('This upload is an HTML page named like a picture.');
    await dialog
      .getByLabel('Image', { exact: true })
      .setInputFiles({ name: 'evil.png', mimeType: 'image/png', buffer: Buffer.from('<html><script>alert(1)</script></html>') });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Image must be a PNG, JPEG, GIF or WebP file')).toBeVisible();
    await expect(dialog).toBeVisible();
  });

  test('the blogs screen has no accessibility violations, nor has its add dialog', async ({ adminPage: page }) => {
    await page.goto('/blogs');
    await expect(page.locator('tbody tr').first()).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Add Blog' }).first().click();
    await expect(page.getByRole('dialog', { name: 'Add a New Blog' })).toBeVisible();
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
  });
});
