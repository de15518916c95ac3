import type { Page } from '@playwright/test';
import type { Ute, UteListResponse } from '@ute/contract';
import { apiToken, expect, test, waitForMail } from './support/fixtures';
import { axeViolations } from './support/axe';

/** Every live ute, straight from the api, to know what the screen must show. */
async function fetchUtes(page: Page, query = ''): Promise<UteListResponse> {
  const token = await apiToken(page);
  const response = await page.request.get(`/api/admin/get-all-ute-list?pageSize=100${query}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return (await response.json()) as UteListResponse;
}

async function uteById(page: Page, uteId: string): Promise<Ute> {
  const ute = (await fetchUtes(page)).data.find((candidate) => candidate.uteId === uteId);
  if (!ute) throw new Error(`${uteId} is not in the seed`);
  return ute;
}

/** Narrows the list to the ute's name and answers its row. */
async function openRowOf(page: Page, ute: Ute) {
  await page.goto('/ute-list');
  await page.getByPlaceholder('Search by UTE name').fill(ute.fullName!);
  await expect(page).toHaveURL(/search=/);
  const row = page.getByRole('row').filter({ hasText: ute.uteId });
  await expect(row).toHaveCount(1);
  return row;
}

const expiryOf = (ute: Ute) =>
  ute.licenceExpireDate ? `${String(ute.licenceExpireDate.licenceExpireMonth).padStart(2, '0')}/${ute.licenceExpireDate.licenceExpireYear}` : 'N/A';

test.describe('UTE Management', () => {
  test('a search with no match shows the empty state, and clearing it brings the list back', async ({ adminPage: page }) => {
    await page.goto('/ute-list');
    await expect(page.getByRole('heading', { level: 1, name: 'UTE Management' })).toBeVisible();
    await expect(page.getByRole('row')).toHaveCount(11);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByPlaceholder('Search by UTE name').fill('no ute is called this');
    await expect(page.getByText('No UTE Listings Found', { exact: true })).toBeVisible();
    await expect(page.getByText('There are currently no UTE listings available. Check back later or add a new UTE.', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/search=no\+ute\+is\+called\+this/);
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);

    await page.getByPlaceholder('Search by UTE name').fill('');
    await expect(page.getByRole('row')).toHaveCount(11);
  });

  test('pages forward and back with the results line right, and the URL keeps the page', async ({ adminPage: page }) => {
    const { totalCount } = await fetchUtes(page);
    expect(totalCount).toBeGreaterThan(20);
    await page.goto('/ute-list');
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    await expect(pager.getByText(`Showing 1 to 10 of ${totalCount} results`)).toBeVisible();
    await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();
    const firstPageIds = await page.getByRole('row').allInnerTexts();

    await pager.getByRole('button', { name: 'Next' }).click();
    await expect(pager.getByText(`Showing 11 to 20 of ${totalCount} results`)).toBeVisible();
    await expect(page).toHaveURL(/page=2/);
    await pager.getByRole('button', { name: 'Page 3' }).click();
    await expect(pager.getByText(`Showing 21 to 30 of ${totalCount} results`)).toBeVisible();
    await expect(pager.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');

    await page.reload();
    await expect(pager.getByText(`Showing 21 to 30 of ${totalCount} results`)).toBeVisible();
    await pager.getByRole('button', { name: 'Previous' }).click();
    await expect(pager.getByText(`Showing 11 to 20 of ${totalCount} results`)).toBeVisible();
    await page.goBack();
    await expect(pager.getByText(`Showing 21 to 30 of ${totalCount} results`)).toBeVisible();

    const lastPage = Math.ceil(totalCount / 10);
    await page.goto(`/ute-list?page=${lastPage}`);
    await expect(pager.getByText(`Showing ${(lastPage - 1) * 10 + 1} to ${totalCount} of ${totalCount} results`)).toBeVisible();
    await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();
    await page.goto('/ute-list');
    await expect(pager.getByText(`Showing 1 to 10 of ${totalCount} results`)).toBeVisible();
    expect(await page.getByRole('row').allInnerTexts()).toEqual(firstPageIds);
  });

  test('approving a pending ute changes its badge, and a reload keeps it', async ({ adminPage: page }) => {
    const ute = await uteById(page, 'UTE-000001');
    expect(ute.status).toBe('Pending');
    const row = await openRowOf(page, ute);
    await expect(row.getByText('Pending', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Reject' })).toBeEnabled();

    await row.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText('UTE approved successfully')).toBeVisible();
    await expect(row.getByText('Approved', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Approve' })).toBeDisabled();
    await expect(row.getByRole('button', { name: 'Reject' })).toBeEnabled();

    await page.reload();
    const reloaded = page.getByRole('row').filter({ hasText: ute.uteId });
    await expect(reloaded.getByText('Approved', { exact: true })).toBeVisible();
    await expect(reloaded.getByRole('button', { name: 'Approve' })).toBeDisabled();
  });

  test('rejecting a ute asks why, tells the lister, shows the reason, and disables Reject on it', async ({ adminPage: page }) => {
    const ute = await uteById(page, 'UTE-000005');
    expect(ute.status).toBe('Approved');
    const row = await openRowOf(page, ute);
    await expect(row.getByRole('button', { name: 'Approve' })).toBeDisabled();
    await row.getByRole('button', { name: 'Reject' }).click();
    const dialog = page.getByRole('dialog', { name: `Reject UTE “${ute.fullName}”` });
    await dialog.getByLabel('Reason').selectOption({ label: 'The licence could not be verified' });
    await dialog.getByLabel('Note (optional)').fill('The licence number does not match the photo.');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(page.getByText('UTE rejected successfully')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    const mail = await waitForMail((received) => received.subject === `Your ute listing ${ute.uteId} was not approved`);
    expect(mail.text).toContain('The reason: The licence could not be verified.');
    expect(mail.text).toContain('A note from our team: The licence number does not match the photo.');
    await row.getByRole('button', { name: 'View' }).click();
    const details = page.getByRole('dialog', { name: 'UTE Details' });
    await expect(details.getByText('The licence could not be verified')).toBeVisible();
    await expect(details.getByText('The licence number does not match the photo.')).toBeVisible();
    await details.getByRole('button', { name: 'Close' }).first().click();
    await expect(row.getByText('Rejected', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Reject' })).toBeDisabled();
    await expect(row.getByRole('button', { name: 'Approve' })).toBeEnabled();
  });

  test('delete asks first, and on confirm removes the row', async ({ adminPage: page }) => {
    const ute = await uteById(page, 'UTE-000004');
    const before = (await fetchUtes(page)).totalCount;
    const row = await openRowOf(page, ute);

    await row.getByRole('button', { name: 'Delete' }).click();
    let dialog = page.getByRole('dialog', { name: 'Delete UTE' });
    await expect(dialog.getByText(`Are you sure you want to delete this UTE (${ute.fullName})?`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(row).toHaveCount(1);

    await row.getByRole('button', { name: 'Delete' }).click();
    dialog = page.getByRole('dialog', { name: 'Delete UTE' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('UTE deleted successfully')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('row').filter({ hasText: ute.uteId })).toHaveCount(0);
    expect((await fetchUtes(page)).totalCount).toBe(before - 1);
    await page.reload();
    await expect(page.getByRole('row').filter({ hasText: ute.uteId })).toHaveCount(0);
  });

  test("View opens 'UTE Details' with every field, every image and the licence image", async ({ adminPage: page }) => {
    const ute = await uteById(page, 'UTE-000002');
    const row = await openRowOf(page, ute);
    await expect(row.getByRole('cell').nth(4)).toHaveText(expiryOf(ute));
    await expect(row.getByRole('cell').nth(10)).toHaveText(`$${ute.budget}`);
    await row.getByRole('button', { name: 'View' }).click();

    const dialog = page.getByRole('dialog', { name: 'UTE Details' });
    await expect(dialog.getByRole('heading', { name: 'UTE Details' })).toBeVisible();
    const expected: [string, string][] = [
      ['Full Name', ute.fullName ?? 'N/A'],
      ['UTE ID', ute.uteId],
      ['Description', ute.description ?? 'No description'],
      ['Licence No.', ute.licenceNumber ?? 'N/A'],
      ['Licence Expiry Date', expiryOf(ute)],
      ['Service Cities', ute.serviceCity.join(', ') || 'N/A'],
      ['State', ute.state ?? 'N/A'],
      ['Location', ute.location ?? 'N/A'],
      ['UTE Model', ute.uteModel ?? 'N/A'],
      ['Chassis No.', ute.chesisNumber ?? 'N/A'],
      ['Availability', ute.uteAvailble.join(', ') || 'N/A'],
      ['Budget', `$${ute.budget}`],
      ['Status', ute.status],
    ];
    for (const [label, value] of expected) {
      await expect(dialog.locator('dt', { hasText: label }).first().locator('xpath=following-sibling::dd[1]')).toHaveText(value);
    }
    const images = dialog.getByRole('img');
    await expect(images).toHaveCount(ute.uteImages.length + 1);
    // every image really loads, the signed licence image included
    await expect
      .poll(() => images.evaluateAll((nodes) => nodes.map((node) => (node as HTMLImageElement).complete && (node as HTMLImageElement).naturalWidth > 0)))
      .toEqual(Array(ute.uteImages.length + 1).fill(true));
    await expect(dialog.getByRole('img', { name: /licence/ })).toHaveAttribute('src', /\/images\/licences\/.+\?expires=\d+&sig=/);

    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await expect(dialog).toHaveCount(0);
  });
});
