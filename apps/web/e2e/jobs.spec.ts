import type { Page } from '@playwright/test';
import type { Job, JobListResponse } from '@ute/contract';
import { apiToken, expect, test } from './support/fixtures';
import { axeViolations } from './support/axe';

async function fetchJobs(page: Page, query = ''): Promise<JobListResponse> {
  const token = await apiToken(page);
  const response = await page.request.get(`/api/admin/get-all-job-list?limit=100${query}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return (await response.json()) as JobListResponse;
}

async function jobById(page: Page, jobId: string): Promise<Job> {
  const job = (await fetchJobs(page)).data.find((candidate) => candidate.jobId === jobId);
  if (!job) throw new Error(`${jobId} is not in the seed`);
  return job;
}

/** Narrows the list to the job's title and answers its row. */
async function openRowOf(page: Page, job: Job) {
  await page.goto('/job-list');
  await page.getByPlaceholder('Search jobs...').fill(job.title);
  await expect(page).toHaveURL(/search=/);
  const row = page.getByRole('row').filter({ hasText: job.jobId });
  await expect(row).toHaveCount(1);
  return row;
}

/** The budgets shown in the Budget column, as numbers (N/A as null). */
async function shownBudgets(page: Page): Promise<(number | null)[]> {
  const texts = await page.locator('tbody tr td:nth-child(7)').allInnerTexts();
  return texts.map((text) => (text === 'N/A' ? null : Number(text.replace(/[$,]/g, ''))));
}

test.describe('Job Listings', () => {
  test('a search with no match shows the empty state', async ({ adminPage: page }) => {
    await page.goto('/job-list');
    await expect(page.getByRole('heading', { level: 1, name: 'Job Listings' })).toBeVisible();
    await expect(page.getByRole('row')).toHaveCount(11);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByPlaceholder('Search jobs...').fill('nobody posted this');
    await expect(page.getByText('No Jobs Found', { exact: true })).toBeVisible();
    await expect(page.getByText('No jobs match your search criteria. Try a different search.', { exact: true })).toBeVisible();
    await page.getByPlaceholder('Search jobs...').fill('');
    await expect(page.getByRole('row')).toHaveCount(11);
  });

  test('a search matches titles on the server, case-insensitively, from page 1', async ({ adminPage: page }) => {
    const expected = await fetchJobs(page, '&search=tip%20run');
    expect(expected.totalCount).toBeGreaterThan(0);
    await page.goto('/job-list?page=2');
    await page.getByPlaceholder('Search jobs...').fill('TIP RUN');
    await expect(page).toHaveURL(/search=TIP\+RUN/);
    await expect(page).not.toHaveURL(/page=/);
    await expect(page.locator('tbody tr')).toHaveCount(Math.min(10, expected.totalCount));
    for (const title of await page.locator('tbody tr td:nth-child(2)').allInnerTexts()) expect(title.toLowerCase()).toContain('tip run');
  });

  test('pages forward and back with the results line right', async ({ adminPage: page }) => {
    const { totalCount } = await fetchJobs(page);
    await page.goto('/job-list');
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    await expect(pager.getByText(`Showing 1 to 10 of ${totalCount} results`)).toBeVisible();
    await pager.getByRole('button', { name: 'Next' }).click();
    await expect(pager.getByText(`Showing 11 to 20 of ${totalCount} results`)).toBeVisible();
    await pager.getByRole('button', { name: 'Next' }).click();
    await expect(pager.getByText(`Showing 21 to 30 of ${totalCount} results`)).toBeVisible();
    await pager.getByRole('button', { name: 'Previous' }).click();
    await expect(pager.getByText(`Showing 11 to 20 of ${totalCount} results`)).toBeVisible();
    await pager.getByRole('button', { name: 'Page 1' }).click();
    await expect(pager.getByText(`Showing 1 to 10 of ${totalCount} results`)).toBeVisible();
    await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();
  });

  test('sorting by budget orders the rows over all jobs, and No Filter goes back to newest first', async ({ adminPage: page }) => {
    const all = (await fetchJobs(page)).data.map((job) => job.budget ?? 0);
    await page.goto('/job-list?page=2');
    await page.getByRole('button', { name: /^Filter/ }).click();
    await page.getByRole('menuitemradio', { name: 'Budget: Low to High' }).click();
    await expect(page).toHaveURL(/sort=budgetAsc/);
    await expect(page).not.toHaveURL(/page=/);
    await expect.poll(async () => (await shownBudgets(page))[0]).toBe(Math.min(...all));
    const ascending = await shownBudgets(page);
    expect(ascending).toEqual([...ascending].sort((a, b) => (a ?? 0) - (b ?? 0)));

    await page.getByRole('button', { name: /^Filter/ }).click();
    await page.getByRole('menuitemradio', { name: 'Budget: High to Low' }).click();
    await expect(page).toHaveURL(/sort=budgetDesc/);
    await expect.poll(async () => (await shownBudgets(page))[0]).toBe(Math.max(...all));
    const descending = await shownBudgets(page);
    expect(descending).toEqual([...descending].sort((a, b) => (b ?? 0) - (a ?? 0)));
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/page=2/);
    // The URL and the pager change first; the rows are page 2's once the table is no longer busy.
    await expect(page.getByRole('navigation', { name: 'Pagination' }).getByText(/^Showing 11 to 20 of/)).toBeVisible();
    await expect(page.locator('[data-table-scroll]')).not.toHaveAttribute('aria-busy');
    const secondPage = await shownBudgets(page);
    expect(Math.max(...secondPage.map((b) => b ?? 0))).toBeLessThanOrEqual(Math.min(...descending.map((b) => b ?? 0)));

    await page.reload();
    await expect(page.getByRole('button', { name: /^Filter/ })).toContainText('Budget: High to Low');
    await page.getByRole('button', { name: /^Filter/ }).click();
    await page.getByRole('menuitemradio', { name: 'No Filter' }).click();
    await expect(page).not.toHaveURL(/sort=/);
  });

  test('rejecting a pending job changes its badge; an approved job cannot be rejected', async ({ adminPage: page }) => {
    const job = await jobById(page, 'JOB-000003');
    expect(job.status).toBe('Pending');
    const row = await openRowOf(page, job);
    await expect(row.getByText('Pending', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: 'Reject' }).click();
    const dialog = page.getByRole('dialog', { name: `Reject Job “${job.title}”` });
    await dialog.getByLabel('Reason').selectOption('price');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(page.getByText('Job rejected successfully')).toBeVisible();
    await expect(row.getByText('Rejected', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Reject' })).toBeDisabled();
    await expect(row.getByRole('button', { name: 'Approve' })).toBeEnabled();
    await page.reload();
    await expect(page.getByRole('row').filter({ hasText: job.jobId }).getByText('Rejected', { exact: true })).toBeVisible();

    const approved = await jobById(page, 'JOB-000001');
    expect(approved.status).toBe('Approved');
    const approvedRow = await openRowOf(page, approved);
    await expect(approvedRow.getByRole('button', { name: 'Approve' })).toBeDisabled();
    await expect(approvedRow.getByRole('button', { name: 'Reject' })).toBeDisabled();
  });

  test('delete asks first, and on confirm removes the row', async ({ adminPage: page }) => {
    const job = await jobById(page, 'JOB-000006');
    const row = await openRowOf(page, job);
    await row.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Job' });
    await expect(dialog.getByText(`Are you sure you want to delete this job (${job.title})?`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Job deleted successfully')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: job.jobId })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('row').filter({ hasText: job.jobId })).toHaveCount(0);
  });

  test("View opens 'Job Details' with every field and the images, or 'No images available'", async ({ adminPage: page }) => {
    const job = await jobById(page, 'JOB-000002');
    expect(job.jobImg.length).toBeGreaterThan(0);
    let row = await openRowOf(page, job);
    await expect(row.getByRole('cell').nth(6)).toHaveText(`$${job.budget}`);
    await row.getByRole('button', { name: 'View' }).click();
    let dialog = page.getByRole('dialog', { name: 'Job Details' });
    const expected: [string, string][] = [
      ['Title', job.title],
      ['JOB ID', job.jobId],
      ['Description', job.description ?? 'No description'],
      ['State', job.state ?? 'N/A'],
      ['Location', job.location ?? 'N/A'],
      ['Work Schedule', job.workSchedule.join(', ') || 'N/A'],
      ['Budget', `$${job.budget}`],
      ['Status', job.status],
    ];
    for (const [label, value] of expected) {
      await expect(dialog.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]')).toHaveText(value);
    }
    await expect(dialog.locator('dt', { hasText: 'Created Date' })).toBeVisible();
    const images = dialog.getByRole('img');
    await expect(images).toHaveCount(job.jobImg.length);
    await expect
      .poll(() => images.evaluateAll((nodes) => nodes.map((node) => (node as HTMLImageElement).naturalWidth > 0)))
      .toEqual(Array(job.jobImg.length).fill(true));
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await expect(dialog).toHaveCount(0);

    const withoutImages = (await fetchJobs(page)).data.find((candidate) => candidate.jobImg.length === 0)!;
    row = await openRowOf(page, withoutImages);
    await row.getByRole('button', { name: 'View' }).click();
    dialog = page.getByRole('dialog', { name: 'Job Details' });
    await expect(dialog.getByText('No images available', { exact: true })).toBeVisible();
  });
});
