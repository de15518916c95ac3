import type { Page } from '@playwright/test';
import { API_BASE, apiPaths, INVOICE_MESSAGES, type JobBookingListResponse, type OwnerLedgerResponse } from '@ute/contract';
import { createAdminWithRoles, enrolThroughApi } from './support/admins';
import { apiToken, expect, test, waitForMail } from './support/fixtures';
import { ownerAuthenticator } from './support/ownerSession';
import { storeSessionToken, withOldSecondFactor } from './support/sessions';
import { axeViolations } from './support/axe';

const aud = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'AUD' });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function apiGet<T>(page: Page, path: string, token?: string): Promise<T> {
  const response = await page.request.get(`${API_BASE}${path}`, { headers: bearer(token ?? (await apiToken(page))) });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

test.describe('Tax invoices and payout remittances', () => {
  test('an owner sets the business details that invoices name, on Settings, confirming with a code', async ({ page }) => {
    await storeSessionToken(page, withOldSecondFactor(await apiToken(page)));
    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'Business details' });
    await expect(section.getByText('Not set yet: tax invoices cannot be issued until an owner sets the legal name and ABN.')).toBeVisible();

    await section.getByRole('button', { name: 'Edit the business details' }).click();
    const form = page.getByRole('form', { name: 'Edit the business details' });
    await form.getByLabel('Legal name').fill('Ute Hire Marketplace Pty Ltd');
    await form.getByLabel('ABN').fill('51 824 753 557');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText(INVOICE_MESSAGES.abnInvalid)).toBeVisible();
    // The ATO's own ABN, its published example.
    await form.getByLabel('ABN').fill('51 824 753 556');
    await form.getByLabel('Address').fill('1 George Street, Sydney NSW 2000');
    await form.getByRole('button', { name: 'Save' }).click();

    const stepUp = page.getByRole('dialog', { name: 'Confirm it is you' });
    await stepUp.getByLabel('Authentication code').fill(await ownerAuthenticator().nextCode());
    await stepUp.getByRole('button', { name: 'Confirm' }).click();
    await expect(stepUp).toHaveCount(0);
    await expect(page.getByText(INVOICE_MESSAGES.businessDetailsUpdated)).toBeVisible();
    const details = section.getByTestId('business-details');
    await expect(details).toContainText('Ute Hire Marketplace Pty Ltd');
    await expect(details).toContainText('51 824 753 556');
    await expect(details).toContainText('1 George Street, Sydney NSW 2000');
    expect(await axeViolations(page)).toEqual([]);
  });

  test("paying an owner mails them a remittance; a booking that paid no fee has no tax invoice, and the owner's ledger says why", async ({ page }) => {
    const finance = await createAdminWithRoles(page, ['finance']);
    const token = await enrolThroughApi(page, finance);
    await storeSessionToken(page, token);

    // A delivered manual job booking in the middle of the list: the other specs pay from its ends.
    const list = await apiGet<JobBookingListResponse>(page, `${apiPaths.jobBookings}?payment=manual&limit=100`, token);
    const payable = list.data.filter((booking) => booking.status === 'delivered' && !booking.isTransfered && !booking.isTransferring);
    expect(payable.length, 'delivered manual job bookings not yet transferred in the demo data').toBeGreaterThanOrEqual(3);
    const booking = payable[Math.floor(payable.length / 2)];
    const owner = (await apiGet<OwnerLedgerResponse>(page, `${apiPaths.ownerLedger(booking.uteBy)}?limit=10`, token)).owner;

    const paid = await page.request.put(`${API_BASE}${apiPaths.manualTransfer(booking._id)}`, { headers: bearer(token), data: { kind: 'job' } });
    expect(paid.status(), await paid.text()).toBe(200);
    const mail = await waitForMail((candidate) => candidate.to.includes(owner.email ?? '') && candidate.subject.includes(booking.jobBookingId));
    expect(mail.subject).toBe(`Payout remittance: ${aud.format(booking.amount)} for booking ${booking.jobBookingId}`);
    expect(mail.text).toContain(`We have paid you ${aud.format(booking.amount)} for booking ${booking.jobBookingId}`);
    // The demo's bookings were delivered before any fee was set: no fee, so no invoice.
    expect(mail.attachments).toEqual([]);

    // The page of the owner's ledger (20 entries a page, newest first) that holds the booking's payable journal.
    let ledgerPage = 1;
    for (; ; ledgerPage += 1) {
      const ledger = await apiGet<OwnerLedgerResponse>(page, `${apiPaths.ownerLedger(booking.uteBy)}?limit=20&page=${ledgerPage}`, token);
      if (ledger.data.some((entry) => entry.kind === 'booking.payable' && entry.bookingId === booking._id)) break;
      expect(ledgerPage, "the booking's payable journal is on the owner's ledger").toBeLessThan(ledger.paginationData.totalPages);
    }
    await page.goto(`/owner-ledger/${booking.uteBy}${ledgerPage > 1 ? `?page=${ledgerPage}` : ''}`);
    const payableRow = page
      .locator('tbody tr')
      .filter({ hasText: booking._id })
      .filter({ has: page.getByRole('button', { name: `Tax invoice of ${booking._id}` }) });
    await payableRow.getByRole('button', { name: `Tax invoice of ${booking._id}` }).click();
    await expect(page.getByText(INVOICE_MESSAGES.noFee)).toBeVisible();
  });
});
