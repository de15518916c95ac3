import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import {
  API_BASE,
  apiPaths,
  DISCREPANCY_KIND_LABELS,
  RECONCILIATION_MESSAGES,
  WEBHOOK_MESSAGES,
  type ReconciliationRun,
  type WebhookEvent,
  type WebhookEventsResponse,
} from '@ute/contract';
import { createAdminWithRoles, signInFastAs } from './support/admins';
import { expect, test } from './support/fixtures';
import { postStripeEvent } from './support/stripeEvents';
import { makeStripeTransferOutsideTheLedger } from './support/stripeServer';
import { axeViolations } from './support/axe';

async function apiGet<T>(page: Page, token: string, path: string): Promise<T> {
  const response = await page.request.get(`${API_BASE}${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

/** The inbox's row of `eventId`, through the api (it is on the first page: the newest first). */
async function eventOf(page: Page, token: string, eventId: string): Promise<WebhookEvent | undefined> {
  const inbox = await apiGet<WebhookEventsResponse>(page, token, `${apiPaths.webhookEvents}?limit=100`);
  return inbox.data.find((event) => event.id === eventId);
}

test.describe("Stripe's side of the ledger: the webhook inbox and reconciliation", () => {
  test('a finance admin finds a signed Stripe event on Webhooks, ignored with its reason, filters by state and replays it', async ({ page }) => {
    const finance = await createAdminWithRoles(page, ['finance']);
    const token = await signInFastAs(page, finance);

    // An event the back-office does not apply: stored, then marked ignored by its job.
    const eventId = `evt_e2e${randomUUID().replaceAll('-', '')}` as const;
    const sent = await postStripeEvent(page.request, { id: eventId, type: 'charge.succeeded', data: { object: { id: 'ch_e2e', object: 'charge' } } });
    expect(sent.status(), await sent.text()).toBe(200);
    await expect.poll(async () => (await eventOf(page, token, eventId))?.state, { timeout: 15_000 }).toBe('ignored');
    const stored = (await eventOf(page, token, eventId))!;

    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Webhooks', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
    const row = page.locator(`tr[data-row-id="${eventId}"]`);
    await expect(row.getByRole('cell').nth(0)).toHaveText(eventId);
    await expect(row.getByRole('cell').nth(1)).toHaveText('charge.succeeded');
    await expect(row.getByRole('cell').nth(3)).toHaveText('ignored');
    await expect(row.getByRole('cell').nth(4)).toHaveText(String(stored.attempts));
    await expect(row.getByRole('cell').nth(5)).toHaveText(stored.note!);
    expect(await axeViolations(page)).toEqual([]);

    // The filter is sent to the api and kept in the URL; an empty state says so.
    await page.getByLabel('State').selectOption('failed');
    await expect(page).toHaveURL(/\/webhooks\?state=failed$/);
    await expect(row).toHaveCount(0);
    const failed = await apiGet<WebhookEventsResponse>(page, token, `${apiPaths.webhookEvents}?state=failed`);
    if (failed.totalCount === 0) await expect(page.getByText('No failed events')).toBeVisible();
    await page.getByLabel('State').selectOption('ignored');
    await expect(page).toHaveURL(/\/webhooks\?state=ignored$/);
    await expect(row).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('State')).toHaveValue('ignored');

    await row.getByRole('button', { name: `Replay ${eventId}` }).click();
    await expect(page.getByText(WEBHOOK_MESSAGES.replayed)).toBeVisible();
    const replayed = (await eventOf(page, token, eventId))!;
    expect(replayed.attempts).toBeGreaterThan(stored.attempts);
    await expect(row.getByRole('cell').nth(3)).toHaveText('ignored');
    await expect(row.getByRole('cell').nth(4)).toHaveText(new RegExp(`^${replayed.attempts}\\s*\\(retried\\)$`));
  });

  test('a finance admin presses Reconcile now, finds a transfer made in Stripe outside the ledger among the discrepancies and explains it', async ({
    page,
  }) => {
    const finance = await createAdminWithRoles(page, ['finance']);
    const token = await signInFastAs(page, finance);
    const outside = await makeStripeTransferOutsideTheLedger(page.request, 4321, 'acct_demo0000000001');

    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reconciliation', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reconciliation' })).toBeVisible();
    await page.getByRole('button', { name: 'Reconcile now' }).click();
    await expect(page.getByText(RECONCILIATION_MESSAGES.ran)).toBeVisible();

    const runs = await apiGet<{ data: ReconciliationRun[] }>(page, token, `${apiPaths.reconciliationRuns}?limit=10`);
    const [run] = runs.data;
    // The e2e server pays through Stripe (the local test server): its list is compared with the ledger.
    expect(run).toMatchObject({ status: 'done', startedBy: finance.email, error: null });
    expect(run.transfersChecked).toBeGreaterThanOrEqual(1);
    expect(run.discrepancyCount).toBeGreaterThanOrEqual(1);
    const row = page.locator(`tr[data-row-id="${run.id}"]`);
    await expect(page.locator('tbody tr').first()).toHaveAttribute('data-row-id', run.id);
    await expect(row.getByRole('cell').nth(2)).toHaveText('done');
    await expect(row.getByRole('cell').nth(3)).toHaveText(String(run.transfersChecked));
    await expect(row.getByRole('cell').nth(4)).toHaveText(String(run.manualPayoutsChecked));
    await expect(row.getByRole('cell').nth(5)).toHaveText(`${run.discrepancyCount} (${run.openCount} open)`);
    await expect(row.getByRole('cell').nth(6)).toHaveText(finance.email);
    expect(await axeViolations(page)).toEqual([]);

    await row.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/reconciliation-runs/${run.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: /^Reconciliation run of / })).toBeVisible();
    const discrepancy = page.locator('tbody tr').filter({ hasText: outside.id });
    await expect(discrepancy.getByRole('cell').nth(0)).toHaveText(DISCREPANCY_KIND_LABELS.missing_in_ledger);
    await expect(discrepancy.getByRole('cell').nth(4)).toHaveText(`4321 cents to ${outside.destination}`);
    expect(await axeViolations(page)).toEqual([]);

    await discrepancy.getByRole('button', { name: `Explain the discrepancy ${DISCREPANCY_KIND_LABELS.missing_in_ledger} of ${outside.id}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Explain discrepancy' });
    const note = 'E2E: a goodwill transfer made in Stripe by hand';
    await dialog.getByLabel('Note').fill(note);
    await dialog.getByRole('button', { name: 'Mark explained' }).click();
    await expect(page.getByText(RECONCILIATION_MESSAGES.explained)).toBeVisible();
    await expect(discrepancy.getByRole('cell').nth(5)).toContainText(note);
    await expect(discrepancy.getByRole('button', { name: /^Explain the discrepancy/ })).toHaveCount(0);

    await page.getByRole('main').getByRole('link', { name: 'Reconciliation', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reconciliation' })).toBeVisible();
  });
});
