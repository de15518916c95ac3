import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { API_BASE, apiPaths, BATCH_MESSAGES, type BankAccount, type PayoutBatchCandidate, type PayoutBatchResponse } from '@ute/contract';
import { toAbaText } from '../../api/src/modules/batches/aba';
import { createAdminWithRoles, enrolThroughApi } from './support/admins';
import { apiToken, expect, test } from './support/fixtures';
import { storeSessionToken } from './support/sessions';
import { axeViolations } from './support/axe';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function apiGet<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(`${API_BASE}${path}`, { headers: bearer(await apiToken(page)) });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

/** Columns `from`-`to` of a record, 1-based and inclusive as the format's descriptions number them. */
const columns = (record: string, from: number, to: number) => record.slice(from - 1, to);

test.describe('Payout batches: an ABA file prepared by one admin and approved by another', () => {
  test('finance admin A prepares a batch of two bookings, cannot approve it, the owner approves it, downloads the file and marks it paid', async ({
    adminPage: ownerPage,
    browser,
  }) => {
    test.setTimeout(120_000);
    // Two bookings of two owners, paid by bank transfer and awaiting payout (the demo data has them).
    const { data: candidates } = await apiGet<{ data: PayoutBatchCandidate[] }>(ownerPage, apiPaths.payoutBatchCandidates);
    const eligible = candidates.filter((candidate) => candidate.blockedReason === null);
    const first = eligible[0];
    const second = eligible.find((candidate) => candidate.ownerId !== first?.ownerId);
    expect(first && second, 'the demo data has manual-payment bookings of two owners awaiting payout').toBeTruthy();
    const chosen = [first!, second!];

    // Admin A: finance, with 2FA (its token's factor is fresh, so preparing asks for no code).
    const makerCredentials = await createAdminWithRoles(ownerPage, ['finance']);
    const makerToken = await enrolThroughApi(ownerPage, makerCredentials);
    const makerContext = await browser.newContext();
    const maker = await makerContext.newPage();
    await storeSessionToken(maker, makerToken);
    await maker.goto('/');
    await maker.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Payout Batches', exact: true }).click();
    await expect(maker.getByRole('heading', { level: 1, name: 'Payout Batches' })).toBeVisible();

    await maker.getByRole('button', { name: 'Prepare batch' }).click();
    const dialog = maker.getByRole('dialog', { name: 'Prepare batch' });
    for (const candidate of chosen) {
      const row = dialog.getByRole('row').filter({ has: maker.getByRole('checkbox', { name: `Select ${candidate.bookingReference}` }) });
      await expect(row).toContainText(candidate.ownerName);
      await expect(row).toContainText(candidate.bsb!);
      await expect(row).toContainText(candidate.accountNumberMasked!);
      await row.getByRole('checkbox').check();
    }
    await expect(dialog.getByText(/^2 bookings selected, /)).toBeVisible();
    await dialog.getByRole('button', { name: 'Prepare batch' }).click();

    await expect(maker).toHaveURL(/\/payout-batch\/[0-9a-f-]{36}$/);
    const batchId = maker.url().split('/').pop()!;
    await expect(maker.getByRole('heading', { name: /^Payout batch PB-\d{4}$/ })).toBeVisible();
    // Maker-checker: A's Approve is disabled, saying why; forced through the api, it is refused.
    const makerApprove = maker.getByRole('button', { name: 'Approve' });
    await expect(makerApprove).toBeDisabled();
    await expect(maker.getByText(BATCH_MESSAGES.preparerCannotApprove)).toBeVisible();
    const forced = await maker.request.post(`${API_BASE}${apiPaths.approvePayoutBatch(batchId)}`, { headers: bearer(makerToken) });
    expect(forced.status()).toBe(403);
    expect(await forced.json()).toEqual({ message: BATCH_MESSAGES.preparerCannotApprove });
    const early = await maker.request.get(`${API_BASE}${apiPaths.downloadPayoutBatch(batchId)}`, { headers: bearer(makerToken) });
    expect(early.status()).toBe(409);
    expect(await axeViolations(maker)).toEqual([]);
    await makerContext.close();

    // Admin B, the owner (2FA), approves it.
    await ownerPage.goto(`/payout-batch/${batchId}`);
    await ownerPage.getByRole('button', { name: 'Approve' }).click();
    await expect(ownerPage.getByText(BATCH_MESSAGES.approved)).toBeVisible();

    // The file, read back line by line.
    const downloadPromise = ownerPage.waitForEvent('download');
    await ownerPage.getByRole('button', { name: 'Download ABA' }).click();
    const download = await downloadPromise;
    const { data: batch } = await apiGet<PayoutBatchResponse>(ownerPage, apiPaths.payoutBatch(batchId));
    expect(download.suggestedFilename()).toBe(`payout-batch-${String(batch.number).padStart(4, '0')}.aba`);
    const file = readFileSync((await download.path())!, 'latin1');
    expect(file.endsWith('\r\n')).toBe(true);
    const records = file.slice(0, -2).split('\r\n');
    for (const record of records) expect(record).toMatch(/^[\x20-\x7E]{120}$/);
    expect(records).toHaveLength(4);
    const [header, ...rest] = records;
    const total = rest.pop()!;
    expect(columns(header, 1, 1)).toBe('0');
    expect(columns(header, 19, 20)).toBe('01');
    expect(columns(header, 75, 80)).toBe(`${batch.processingDate.slice(8, 10)}${batch.processingDate.slice(5, 7)}${batch.processingDate.slice(2, 4)}`);

    let totalCents = 0;
    for (const candidate of chosen) {
      const { data: bank } = await apiGet<{ data: BankAccount }>(ownerPage, apiPaths.bankAccount(candidate.ownerId));
      const detail = rest.find((record) => columns(record, 9, 17).trim() === bank.accountNumber);
      expect(detail, `a detail record pays ${candidate.ownerName}`).toBeDefined();
      expect(columns(detail!, 1, 1)).toBe('1');
      expect(columns(detail!, 2, 8)).toBe(candidate.bsb);
      expect(columns(detail!, 19, 20)).toBe('53');
      expect(Number(columns(detail!, 21, 30))).toBe(candidate.amountCents);
      expect(columns(detail!, 31, 62)).toBe(toAbaText(bank.accountHolderName).slice(0, 32).padEnd(32));
      expect(columns(detail!, 63, 80)).toBe(`PAYOUT ${batch.reference}`.padEnd(18));
      totalCents += candidate.amountCents;
    }
    expect(columns(total, 1, 8)).toBe('7999-999');
    expect(Number(columns(total, 21, 30))).toBe(totalCents);
    expect(Number(columns(total, 31, 40))).toBe(totalCents);
    expect(Number(columns(total, 41, 50))).toBe(0);
    expect(columns(total, 75, 80)).toBe('000002');

    // The bank paid it.
    await ownerPage.getByRole('button', { name: 'Mark paid' }).click();
    const confirm = ownerPage.getByRole('dialog', { name: 'Mark batch paid' });
    await confirm.getByRole('button', { name: 'Mark paid' }).click();
    await expect(ownerPage.getByText(BATCH_MESSAGES.paid)).toBeVisible();
    await expect(ownerPage.getByRole('table', { name: 'Credits of the batch, one per owner, as in the file' }).getByText('paid', { exact: true })).toHaveCount(
      2,
    );

    for (const candidate of chosen) {
      await ownerPage.goto(candidate.bookingKind === 'ute' ? `/booking-list?open=${candidate.bookingId}` : `/job-booking-list?open=${candidate.bookingId}`);
      await expect(ownerPage.locator(`tr[data-row-id="${candidate.bookingId}"]`)).toContainText('Transfered');
      await expect(ownerPage.locator(`tr[data-row-id="${candidate.bookingId}"]`)).not.toContainText('Not Transfered');
    }
  });
});
