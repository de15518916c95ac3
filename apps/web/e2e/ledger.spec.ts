import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import {
  API_BASE,
  apiPaths,
  JOURNAL_KIND_LABELS,
  PAYOUT_MESSAGES,
  type OwnerBalancesResponse,
  type OwnerLedgerResponse,
  type PayoutSplit,
  type PlatformFeesResponse,
  type UpdatePlatformFee,
  type UteBookingListResponse,
  type WebhookEvent,
  type WebhookEventsResponse,
} from '@ute/contract';
import { createAdminWithRoles, enrolThroughApi, signInFastAs } from './support/admins';
import { apiToken, E2E_ADMIN, expect, test } from './support/fixtures';
import { ownerAuthenticator } from './support/ownerSession';
import { storeSessionToken, withOldSecondFactor } from './support/sessions';
import { postStripeEvent } from './support/stripeEvents';
import { reverseStripeTransfer, stripeTransferOfBooking } from './support/stripeServer';
import { axeViolations } from './support/axe';

const aud = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'AUD' });
const audOfCents = (cents: number) => aud.format(cents / 100);
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function apiGet<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(`${API_BASE}${path}`, { headers: bearer(await apiToken(page)) });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

/** The value beside `label` in a list of terms and definitions (the Manual Payment dialog, an owner's balances). */
const valueBeside = (scope: Locator, label: string) =>
  scope
    .locator('dt')
    .filter({ hasText: new RegExp(`^${label.replace(/[()]/g, '\\$&')}$`) })
    .locator('xpath=following-sibling::dd[1]');

/** The inbox's row of `eventId`, through the api (it is on the first page: the newest first). */
async function webhookEventOf(page: Page, eventId: string): Promise<WebhookEvent | undefined> {
  return (await apiGet<WebhookEventsResponse>(page, `${apiPaths.webhookEvents}?limit=100`)).data.find((event) => event.id === eventId);
}

/** Balances sorted by Paid out, on the page that holds `ownerId`, shows these amounts in the owner's row. */
async function expectBalancesRow(page: Page, ownerId: string, amounts: { payableCents: number; paidOutCents: number }): Promise<void> {
  let pageNumber = 1;
  for (; ; pageNumber += 1) {
    const balances = await apiGet<OwnerBalancesResponse>(page, `${apiPaths.ownerBalances}?sort=paidOut&limit=10&page=${pageNumber}`);
    if (balances.data.some((owner) => owner.ownerId === ownerId)) break;
    expect(pageNumber, 'the owner is on Balances').toBeLessThan(balances.paginationData.totalPages);
  }
  await page.goto(`/balances?sort=paidOut${pageNumber > 1 ? `&page=${pageNumber}` : ''}`);
  const row = page.locator(`tr[data-row-id="${ownerId}"]`);
  await expect(row.getByRole('cell').nth(2)).toHaveText(audOfCents(amounts.payableCents));
  await expect(row.getByRole('cell').nth(4)).toHaveText(audOfCents(amounts.paidOutCents));
}

test.describe('The ledger: platform fee, balances and owner ledgers', () => {
  // The other specs pay bookings and expect the booking's amount: no fee once this spec is done, whatever happened in it.
  test.afterAll(async ({ browser }) => {
    const page = await browser.newPage();
    const token = await apiToken(page);
    for (const bookingKind of ['ute', 'job'] as const) {
      const body: UpdatePlatformFee = { bookingKind, percentBps: 0, fixedCents: 0 };
      const response = await page.request.put(`${API_BASE}${apiPaths.updatePlatformFee}`, { headers: bearer(token), data: body });
      expect(response.status(), await response.text()).toBe(200);
    }
    await page.close();
  });

  test('an owner sets the ute fee to 10% + $0.50 on Settings, confirming with a code, and sees it in force and in the history', async ({ page }) => {
    // Signed in with 2FA more than five minutes ago: changing the fee asks for a code in place.
    await storeSessionToken(page, withOldSecondFactor(await apiToken(page)));
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(page.getByText('A change applies to bookings delivered after it; the GST in the fee is 1/11 of it.')).toBeVisible();

    const card = page.getByRole('region', { name: 'Ute bookings' });
    await expect(card.getByTestId('fee-in-force-ute')).toHaveText('No fee');
    await card.getByRole('button', { name: 'Edit the fee of ute bookings' }).click();
    const form = page.getByRole('form', { name: 'Edit the fee of ute bookings' });
    await form.getByLabel('Percent').fill('ten');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('Percent must be a number from 0 to 100 with at most 2 decimal places')).toBeVisible();
    await form.getByLabel('Percent').fill('10');
    await form.getByLabel('Fixed amount').fill('0.50');
    await form.getByRole('button', { name: 'Save' }).click();

    const stepUp = page.getByRole('dialog', { name: 'Confirm it is you' });
    await stepUp.getByLabel('Authentication code').fill(await ownerAuthenticator().nextCode());
    await stepUp.getByRole('button', { name: 'Confirm' }).click();
    await expect(stepUp).toHaveCount(0);
    await expect(page.getByText('Platform fee updated')).toBeVisible();

    await expect(card.getByTestId('fee-in-force-ute')).toHaveText('10.00% + A$0.50, GST inclusive');
    await expect(card.getByText(`Set by ${E2E_ADMIN.email} on `)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Job bookings' }).getByTestId('fee-in-force-job')).toHaveText('No fee');
    const newest = page.getByRole('table', { name: 'Platform fee changes, newest first' }).locator('tbody tr').first();
    await expect(newest.getByRole('cell').nth(0)).toHaveText('Ute bookings');
    await expect(newest.getByRole('cell').nth(1)).toHaveText('10.00% + A$0.50, GST inclusive');
    await expect(newest.getByRole('cell').nth(2)).toHaveText(E2E_ADMIN.email);

    // The api agrees, in bps and cents.
    const fees = await apiGet<PlatformFeesResponse>(page, apiPaths.platformFees);
    expect(fees.data.find((fee) => fee.bookingKind === 'ute')).toMatchObject({ percentBps: 1000, fixedCents: 50, setBy: E2E_ADMIN.email });
    expect(await axeViolations(page)).toEqual([]);
  });

  test("Balances sorts by Paid out on the server, and an owner's name opens their ledger with its entries", async ({ adminPage: page }) => {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Balances', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Balances' })).toBeVisible();
    await expect(page.locator('tbody tr').first()).toBeVisible();
    await expect
      .poll(async () => (await page.getByRole('columnheader').allTextContents()).map((text) => text.trim()))
      .toEqual(['Owner', 'Email', 'Payable', 'In transit', 'Paid out (all time)']);

    await page.getByLabel('Sort').selectOption({ label: 'Paid out' });
    await expect(page).toHaveURL(/\/balances\?sort=paidOut$/);
    const paid = await apiGet<OwnerBalancesResponse>(page, `${apiPaths.ownerBalances}?sort=paidOut&limit=10`);
    expect(paid.data.length, 'the demo data has owners with a balance').toBeGreaterThan(0);
    await expect
      .poll(() => page.locator('tbody tr').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-row-id'))))
      .toEqual(paid.data.map((owner) => owner.ownerId));
    const top = paid.data[0];
    const row = page.locator(`tr[data-row-id="${top.ownerId}"]`);
    await expect(row.getByRole('cell').nth(2)).toHaveText(audOfCents(top.payableCents));
    await expect(row.getByRole('cell').nth(3)).toHaveText(audOfCents(top.inTransitCents));
    await expect(row.getByRole('cell').nth(4)).toHaveText(audOfCents(top.paidOutCents));
    expect(await axeViolations(page)).toEqual([]);

    // A reload keeps the sort.
    await page.reload();
    await expect(page.getByLabel('Sort')).toHaveValue('paidOut');

    await row.getByRole('link', { name: top.ownerName }).click();
    await expect(page).toHaveURL(new RegExp(`/owner-ledger/${top.ownerId}$`));
    await expect(page.getByRole('heading', { level: 1, name: top.ownerName })).toBeVisible();
    const ledger = await apiGet<OwnerLedgerResponse>(page, `${apiPaths.ownerLedger(top.ownerId)}?limit=20`);
    expect(ledger.totalCount, 'the owner paid out most has ledger entries').toBeGreaterThan(0);
    await expect(valueBeside(page.locator('main dl'), 'Payable')).toHaveText(audOfCents(ledger.owner.payableCents));
    await expect(valueBeside(page.locator('main dl'), 'Paid out (all time)')).toHaveText(audOfCents(ledger.owner.paidOutCents));

    const entries = page.locator('tbody tr');
    await expect(entries).toHaveCount(Math.min(20, ledger.totalCount));
    const [newest] = ledger.data;
    await expect(entries.first()).toHaveAttribute('data-row-id', newest.journalId);
    await expect(entries.first().getByRole('cell').nth(1)).toHaveText(JOURNAL_KIND_LABELS[newest.kind] ?? newest.kind);
    await expect(entries.first().getByRole('cell').nth(5)).toHaveText(audOfCents(newest.owedAfterCents));
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('main').getByRole('link', { name: 'Balances', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Balances' })).toBeVisible();
  });

  test("a finance admin holds an owner's payouts with a reason on their ledger page, sees the notice, and releases the hold", async ({ page }) => {
    const finance = await createAdminWithRoles(page, ['finance']);
    await signInFastAs(page, finance);
    // The owner of a booking awaiting payout (the hold is released at the end, whatever happens).
    const list = await apiGet<UteBookingListResponse>(page, `${apiPaths.uteBookings}?limit=100`);
    const payable = list.data.filter((booking) => booking.status === 'delivered' && !booking.isTransfered && !booking.isTransferring);
    expect(payable.length, 'delivered Stripe ute bookings not yet transferred in the demo data').toBeGreaterThan(0);
    const booking = payable.at(-1)!;
    const ownerId = booking.uteBy;
    const owner = (await apiGet<OwnerLedgerResponse>(page, `${apiPaths.ownerLedger(ownerId)}?limit=1`)).owner;
    const reason = 'E2E: bank details under review';
    try {
      await page.goto(`/owner-ledger/${ownerId}`);
      await expect(page.getByRole('heading', { level: 1, name: owner.ownerName })).toBeVisible();
      const payouts = page.getByRole('region', { name: 'Payouts' });
      await expect(payouts.getByText('Payouts to this owner are not on hold.')).toBeVisible();

      await payouts.getByRole('button', { name: 'Hold payouts' }).click();
      const dialog = page.getByRole('dialog', { name: 'Hold payouts' });
      await dialog.getByRole('button', { name: 'Hold payouts' }).click();
      await expect(dialog.getByRole('alert')).toHaveText(PAYOUT_MESSAGES.holdReasonRequired);
      expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
      await dialog.getByLabel('Reason').fill(reason);
      await dialog.getByRole('button', { name: 'Hold payouts' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByText(PAYOUT_MESSAGES.holdSet)).toBeVisible();
      await expect(payouts.getByText(`Payouts on hold: ${reason} (by ${finance.email}, `)).toBeVisible();
      const held = await apiGet<OwnerLedgerResponse>(page, `${apiPaths.ownerLedger(ownerId)}?limit=20`);
      expect(held.payoutStatus).toMatchObject({ holdReason: reason, heldBy: finance.email });
      expect(await axeViolations(page)).toEqual([]);

      // The booking list says why before anyone clicks: Transfer disabled, the reason beneath it.
      await page.goto(`/booking-list?open=${booking._id}`);
      const transfer = page.locator(`tr[data-row-id="${booking._id}"]`).getByRole('button', { name: 'Transfer' });
      await expect(transfer).toBeDisabled();
      await expect(transfer).toHaveAccessibleDescription(`${PAYOUT_MESSAGES.onHoldPrefix}${reason}`);
      expect(await axeViolations(page)).toEqual([]);

      // A reload of the owner's page shows the same hold, from the api.
      await page.goto(`/owner-ledger/${ownerId}`);
      await expect(payouts.getByText(`Payouts on hold: ${reason} (by ${finance.email}, `)).toBeVisible();
      await payouts.getByRole('button', { name: 'Release hold' }).click();
      await expect(page.getByText(PAYOUT_MESSAGES.holdReleased)).toBeVisible();
      await expect(payouts.getByText('Payouts to this owner are not on hold.')).toBeVisible();
      await expect(payouts.getByRole('button', { name: 'Hold payouts' })).toBeVisible();
      expect((await apiGet<OwnerLedgerResponse>(page, `${apiPaths.ownerLedger(ownerId)}?limit=20`)).payoutStatus.holdReason).toBeNull();
    } finally {
      // Never leave the owner held for the specs that pay them; a 409 says it is not held.
      await page.request.put(`${API_BASE}${apiPaths.releaseOwnerPayouts(ownerId)}`, { headers: bearer(await apiToken(page)) });
    }
  });

  test("a finance admin sees the split of a delivered booking in the Manual Payment dialog, the owner's net as the amount", async ({ page }) => {
    const finance = await createAdminWithRoles(page, ['finance']);
    await storeSessionToken(page, await enrolThroughApi(page, finance));

    const list = await apiGet<UteBookingListResponse>(page, `${apiPaths.uteBookings}?payment=manual&limit=100`);
    // The last payable one: bookings.spec pays from the top of the list.
    const index = list.data.findLastIndex((booking) => booking.status === 'delivered' && !booking.isTransfered && !booking.isTransferring);
    expect(index, 'a delivered manual ute booking not yet transferred in the demo data').toBeGreaterThanOrEqual(0);
    const booking = list.data[index];
    const split = (await apiGet<{ data: PayoutSplit }>(page, apiPaths.payoutSplit('ute', booking._id))).data;
    expect(split.netCents).toBe(split.grossCents - split.feeCents);

    const pageNumber = Math.floor(index / 10) + 1;
    await page.goto(`/booking-list?tab=manual${pageNumber > 1 ? `&page=${pageNumber}` : ''}`);
    await page.locator(`tr[data-row-id="${booking._id}"]`).getByRole('button', { name: 'Transfer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Manual Payment' });
    await expect(dialog.getByText('Bank Account Number', { exact: true })).toBeVisible();
    await expect(valueBeside(dialog, 'Platform fee (incl. GST)')).toHaveText(audOfCents(split.feeCents));
    await expect(valueBeside(dialog, 'GST in fee')).toHaveText(audOfCents(split.gstCents));
    await expect(valueBeside(dialog, 'Amount to Transfer')).toHaveText(audOfCents(split.netCents));
    // The booking's amount is a line of its own when a fee was taken; without one it is the amount to transfer.
    if (split.feeCents > 0) await expect(valueBeside(dialog, 'Booking amount')).toHaveText(audOfCents(split.grossCents));
    else await expect(dialog.getByText('Booking amount', { exact: true })).toHaveCount(0);
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
    // Nothing is paid here: other specs pay these bookings.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
  });

  test("finance pays an owner through Stripe, the transfer's webhook arrives and Balances and the owner's ledger show it; Stripe reverses it and the owner is owed again", async ({
    page,
  }) => {
    const finance = await createAdminWithRoles(page, ['finance']);
    await storeSessionToken(page, await enrolThroughApi(page, finance));

    // The last payable Stripe ute booking but one: bookings.spec pays from the top of the list, twoFactor.spec the last one
    // (this one is payable again at the end: a whole reversal frees it).
    const list = await apiGet<UteBookingListResponse>(page, `${apiPaths.uteBookings}?limit=100`);
    const payable = list.data.flatMap((booking, index) => (booking.status === 'delivered' && !booking.isTransfered && !booking.isTransferring ? [index] : []));
    expect(payable.length, 'two delivered Stripe ute bookings not yet transferred in the demo data').toBeGreaterThanOrEqual(2);
    const index = payable.at(-2)!;
    const booking = list.data[index];
    const ownerId = booking.uteBy;
    const split = (await apiGet<{ data: PayoutSplit }>(page, apiPaths.payoutSplit('ute', booking._id))).data;
    const before = (await apiGet<OwnerLedgerResponse>(page, `${apiPaths.ownerLedger(ownerId)}?limit=20`)).owner;

    // Pay: Transfer on the Stripe tab sends the owner's net through the Stripe SDK.
    const pageNumber = Math.floor(index / 10) + 1;
    await page.goto(`/booking-list${pageNumber > 1 ? `?page=${pageNumber}` : ''}`);
    await expect(page.getByTestId('payout-provider-note')).toContainText('Payout provider: Stripe.');
    const bookingRow = page.locator(`tr[data-row-id="${booking._id}"]`);
    // Before paying, the row's split says what the transfer will send.
    await bookingRow.getByRole('button', { name: `Payout split of ${booking.uteBookingId}` }).click();
    const splitDialog = page.getByRole('dialog', { name: `Payout split of ${booking.uteBookingId}` });
    await expect(valueBeside(splitDialog, 'Platform fee (incl. GST)')).toHaveText(audOfCents(split.feeCents));
    await expect(valueBeside(splitDialog, 'GST in fee')).toHaveText(audOfCents(split.gstCents));
    await expect(valueBeside(splitDialog, "Owner's net")).toHaveText(audOfCents(split.netCents));
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
    await splitDialog.getByRole('button', { name: 'Close' }).click();
    await expect(splitDialog).toHaveCount(0);
    await bookingRow.getByRole('button', { name: 'Transfer' }).click();
    await expect(page.getByText(PAYOUT_MESSAGES.stripeTransferred)).toBeVisible();
    await expect(bookingRow.getByRole('cell').nth(9)).toHaveText('Transfered');
    const transfer = await stripeTransferOfBooking(page.request, booking._id);
    expect(transfer, 'Stripe holds the transfer the api made').toMatchObject({ amount: split.netCents, amount_reversed: 0 });

    // Stripe's transfer.created arrives, signed; the inbox applies it.
    const createdId = `evt_e2e${randomUUID().replaceAll('-', '')}` as const;
    const created = await postStripeEvent(page.request, { id: createdId, type: 'transfer.created', data: { object: { ...transfer! } } });
    expect(created.status(), await created.text()).toBe(200);
    await expect.poll(async () => (await webhookEventOf(page, createdId))?.state, { timeout: 15_000 }).toBe('processed');

    // Balances (sorted by Paid out, on the owner's page of it) and the owner's ledger show the payout.
    const paid = { payableCents: before.payableCents - split.netCents, paidOutCents: before.paidOutCents + split.netCents };
    await expectBalancesRow(page, ownerId, paid);
    await page.goto(`/owner-ledger/${ownerId}`);
    const summary = page.locator('main dl').first();
    await expect(valueBeside(summary, 'Payable')).toHaveText(audOfCents(paid.payableCents));
    await expect(valueBeside(summary, 'Paid out (all time)')).toHaveText(audOfCents(paid.paidOutCents));
    await expect(page.locator('tbody tr').first().getByRole('cell').nth(1)).toHaveText(JOURNAL_KIND_LABELS['payout.succeeded']);

    // Finance reverses the transfer in Stripe's dashboard; transfer.reversed arrives and the owner is owed the net again.
    const reversed = await reverseStripeTransfer(page.request, transfer!);
    const reversedId = `evt_e2e${randomUUID().replaceAll('-', '')}` as const;
    const sent = await postStripeEvent(page.request, { id: reversedId, type: 'transfer.reversed', data: { object: { ...reversed } } });
    expect(sent.status(), await sent.text()).toBe(200);
    await expect.poll(async () => (await webhookEventOf(page, reversedId))?.state, { timeout: 15_000 }).toBe('processed');
    await page.reload();
    await expect(valueBeside(summary, 'Payable')).toHaveText(audOfCents(before.payableCents));
    await expect(valueBeside(summary, 'Paid out (all time)')).toHaveText(audOfCents(before.paidOutCents));
    const newest = page.locator('tbody tr').first();
    await expect(newest.getByRole('cell').nth(1)).toHaveText(JOURNAL_KIND_LABELS['payout.reversed']);
    await expect(newest.getByRole('cell').nth(3)).toHaveText(`+${audOfCents(split.netCents)}`);
    await expectBalancesRow(page, ownerId, before);

    // A whole reversal frees the booking to be paid again.
    await page.goto(`/booking-list${pageNumber > 1 ? `?page=${pageNumber}` : ''}`);
    await expect(bookingRow.getByRole('cell').nth(9)).toHaveText('Not Transfered');
    await expect(bookingRow.getByRole('button', { name: 'Transfer' })).toBeEnabled();
  });
});
