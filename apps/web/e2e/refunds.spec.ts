import type { Locator, Page } from '@playwright/test';
import {
  API_BASE,
  apiPaths,
  formatCentsAud,
  JOURNAL_KIND_LABELS,
  REFUND_MESSAGES,
  REFUND_REASON_LABELS,
  refundPartsOf,
  type OwnerLedgerResponse,
  type PaymentListResponse,
  type RefundListResponse,
  type RefundSummary,
  type TwoFactorEnableResponse,
  type TwoFactorSetup,
} from '@ute/contract';
import { createAdminWithRoles, type AdminCredentials } from './support/admins';
import { Authenticator } from './support/authenticator';
import { apiToken, expect, test, waitForMail } from './support/fixtures';
import { storeSessionToken, withOldSecondFactor } from './support/sessions';
import { registerStripePaymentIntent, stripeRefundsOf, stripeReversalsOf, stripeTransferOfBooking } from './support/stripeServer';
import { axeViolations } from './support/axe';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function apiGet<T>(page: Page, path: string, token?: string): Promise<T> {
  const response = await page.request.get(`${API_BASE}${path}`, { headers: bearer(token ?? (await apiToken(page))) });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

/** Turns 2FA on for a new admin through the api, keeping their authenticator (the spec answers the step-up with it). */
async function enrolWithAuthenticator(page: Page, admin: AdminCredentials): Promise<{ token: string; authenticator: Authenticator }> {
  const signIn = await page.request.post(`${API_BASE}/sign-in`, { data: { email: admin.email, password: admin.password } });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const headers = bearer(((await signIn.json()) as { token: string }).token);
  const setup = await page.request.post(`${API_BASE}/two-factor/setup`, { headers });
  expect(setup.status(), await setup.text()).toBe(200);
  const authenticator = new Authenticator(((await setup.json()) as TwoFactorSetup).secret);
  const enable = await page.request.post(`${API_BASE}/two-factor/enable`, {
    headers,
    data: { code: await authenticator.nextCode(), password: admin.password },
  });
  expect(enable.status(), await enable.text()).toBe(200);
  return { token: ((await enable.json()) as TwoFactorEnableResponse).token, authenticator };
}

/**
 * A demo Stripe payment whose booking (its payment intent on both) is delivered, never refunded and
 * not paid out yet, or paid out by a Stripe transfer: the demo links payments 1, 13, 25... to bookings.
 */
async function refundablePaymentWithBooking(page: Page): Promise<RefundSummary> {
  const payments = await apiGet<PaymentListResponse>(page, `${apiPaths.payments}?limit=100`);
  for (const payment of payments.data.filter((candidate) => /^pi_demo\d{12}$/.test(candidate.transactionId ?? '') && candidate.status === 'succeeded')) {
    const { data } = await apiGet<{ data: RefundSummary }>(page, apiPaths.paymentRefunds(payment._id));
    const isPaidByStripe = data.booking?.transferState === 'transferred' && data.booking.payoutMethod === 'stripe';
    if (data.booking?.status === 'delivered' && data.refunds.length === 0 && (data.booking.transferState === 'none' || isPaidByStripe)) return data;
  }
  throw new Error('no demo Stripe payment with a delivered booking left to refund');
}

/** The value beside `label` in a list of terms and definitions. */
const valueBeside = (scope: Locator, label: string) => scope.locator('dt').filter({ hasText: label }).locator('xpath=following-sibling::dd[1]');

test.describe('Refunds', () => {
  test("a finance admin with 2FA refunds part of a paid-out Stripe booking, reversing the owner's transfer; Stripe, the ledger, Payment History and the customer's mail show it", async ({
    page,
  }) => {
    // The booking, paid out to its owner through Stripe first (as finance would have done).
    const ownerToken = await apiToken(page);
    let summary = await refundablePaymentWithBooking(page);
    const booking = summary.booking!;
    if (booking.transferState === 'none') {
      const paid = await page.request.post(`${API_BASE}${apiPaths.stripeTransfer(booking.ownerId, booking.id)}`, { headers: bearer(ownerToken) });
      expect(paid.status(), await paid.text()).toBe(200);
      summary = (await apiGet<{ data: RefundSummary }>(page, apiPaths.paymentRefunds(summary.payment.id))).data;
    }
    const { payment } = summary;
    const transfer = await stripeTransferOfBooking(page.request, booking.id);
    expect(transfer, 'Stripe holds the payout transfer').toBeDefined();
    await registerStripePaymentIntent(page.request, payment.transactionId!, payment.amountCents);

    // A part of the payment: 40% of it, in whole cents.
    const amountCents = Math.round(payment.amountCents * 0.4);
    const parts = refundPartsOf(summary.split, summary.bookedRefundedCents, amountCents);
    expect(parts.ownerCents).toBeGreaterThan(0);

    // A finance admin with 2FA, signed in long enough ago that the refund asks for a code in place.
    const finance = await createAdminWithRoles(page, ['finance']);
    const { token, authenticator } = await enrolWithAuthenticator(page, finance);
    await storeSessionToken(page, withOldSecondFactor(token));

    await page.goto(`/payment-history?search=${encodeURIComponent(payment.paymentBy)}`);
    const row = page.locator(`tr[data-row-id="${payment.id}"]`);
    await row.getByRole('button', { name: `Refund: ${payment.paymentBy}, ${formatCentsAud(payment.amountCents)}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund' });
    await expect(dialog.getByLabel('Amount (A$)')).toHaveValue((payment.amountCents / 100).toFixed(2));
    await expect(dialog).toContainText(booking.reference);
    await dialog.getByLabel('Amount (A$)').fill((amountCents / 100).toFixed(2));
    await dialog.getByLabel('Reason').selectOption({ label: REFUND_REASON_LABELS.service_not_provided });
    await dialog.getByLabel('Note (optional)').fill('E2E: the ute arrived a day late');
    await dialog.getByRole('radio', { name: "Reverse the owner's Stripe transfer" }).check();
    const preview = dialog.getByLabel('What the refund takes');
    await expect(valueBeside(preview, 'Platform fee refunded')).toHaveText(`${formatCentsAud(parts.feeCents)} (GST ${formatCentsAud(parts.gstCents)})`);
    await expect(valueBeside(preview, "Owner's share")).toHaveText(`${formatCentsAud(parts.ownerCents)}: taken back from their Stripe transfer`);
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
    await dialog.getByRole('button', { name: `Refund ${formatCentsAud(amountCents)}` }).click();

    const stepUp = page.getByRole('dialog', { name: 'Confirm it is you' });
    await stepUp.getByLabel('Authentication code').fill(await authenticator.nextCode());
    await stepUp.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText(REFUND_MESSAGES.stripeRefunded)).toBeVisible();
    await expect(dialog).toHaveCount(0);

    // Stripe made one refund of the payment intent, with our id, and reversed the owner's share of their transfer.
    const [stripeRefund, ...moreRefunds] = await stripeRefundsOf(page.request, payment.transactionId!);
    expect(moreRefunds).toEqual([]);
    expect(stripeRefund).toMatchObject({ amount: amountCents, reason: 'requested_by_customer', status: 'succeeded' });
    const [reversal, ...moreReversals] = await stripeReversalsOf(page.request, transfer!.id);
    expect(moreReversals).toEqual([]);
    expect(reversal).toMatchObject({ amount: parts.ownerCents, metadata: { refundId: stripeRefund.metadata.refundId } });

    // Payment History says it, and the refund is on the Refunds screen with its recovery.
    await expect(row.getByText(`Partly refunded ${formatCentsAud(amountCents)}`)).toBeVisible();
    const refunds = await apiGet<RefundListResponse>(page, `${apiPaths.refunds}?limit=10`, token);
    expect(refunds.data[0]).toMatchObject({
      id: stripeRefund.metadata.refundId,
      amountCents,
      recovery: 'reverse_transfer',
      reversalStatus: 'succeeded',
      transferReversalId: reversal.id,
      stripeRefundId: stripeRefund.id,
      adminEmail: finance.email,
    });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Refunds', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Refunds' })).toBeVisible();
    const refundRow = page.locator(`tr[data-row-id="${stripeRefund.metadata.refundId}"]`);
    await expect(refundRow).toContainText(booking.reference);
    await expect(refundRow).toContainText(`${formatCentsAud(parts.ownerCents)}: Reverse the owner's Stripe transfer`);
    expect(await axeViolations(page)).toEqual([]);

    // The booking's row and the owner's ledger show it.
    await page.goto(`/booking-list?open=${booking.id}`);
    await expect(page.locator(`tr[data-row-id="${booking.id}"]`).getByText(`Partly refunded ${formatCentsAud(amountCents)}`)).toBeVisible();
    const ledger = await apiGet<OwnerLedgerResponse>(page, `${apiPaths.ownerLedger(booking.ownerId)}?limit=5`, token);
    expect(ledger.data[0]).toMatchObject({ kind: 'refund.issued', bookingId: booking.id, paidOutChangeCents: -parts.ownerCents });
    await page.goto(`/owner-ledger/${booking.ownerId}`);
    await expect(page.locator('tbody tr').first().getByRole('cell').nth(1)).toHaveText(JOURNAL_KIND_LABELS['refund.issued']);

    // The customer's mail, from its named template.
    const mail = await waitForMail((candidate) => candidate.subject === `Your refund for booking ${booking.reference}`);
    expect(mail.text).toContain(`We have refunded ${formatCentsAud(amountCents)} (Australian dollars) for booking ${booking.reference}`);
    expect(mail.text).toContain(`Reason: ${REFUND_REASON_LABELS.service_not_provided}.`);

    // A second refund beyond what is left is refused (409) with what is left.
    const beyond = await page.request.post(`${API_BASE}${apiPaths.createRefund(payment.id)}`, {
      headers: bearer(ownerToken),
      data: { amountCents: payment.amountCents, reason: 'other', recovery: 'absorb', requestKey: crypto.randomUUID() },
    });
    expect(beyond.status()).toBe(409);
    expect(((await beyond.json()) as { message: string }).message).toContain(formatCentsAud(payment.amountCents - amountCents));
  });
});
