import type { Page } from '@playwright/test';
import {
  API_BASE,
  apiPaths,
  DISPUTE_MESSAGES,
  JOURNAL_KIND_LABELS,
  type DisputeListResponse,
  type TwoFactorEnableResponse,
  type TwoFactorSetup,
  type UteBookingListResponse,
  type WorkQueueCount,
} from '@ute/contract';
import { createAdminWithRoles, type AdminCredentials } from './support/admins';
import { Authenticator } from './support/authenticator';
import { apiToken, expect, test } from './support/fixtures';
import { storeSessionToken, withOldSecondFactor } from './support/sessions';
import { postStripeEvent, stripeDisputeEvent } from './support/stripeEvents';
import { closeStripeDispute, createStripeDispute, stripeDispute, stripeFileText } from './support/stripeServer';
import { waitingBadgeName } from './support/badges';
import { axeViolations } from './support/axe';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const aud = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'AUD' });

async function apiGet<T>(page: Page, path: string, token: string): Promise<T> {
  const response = await page.request.get(`${API_BASE}${path}`, { headers: bearer(token) });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

/** Turns 2FA on for `admin` through the api, keeping their authenticator (for the step-up code the spec types). */
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

const needingEvidence = async (page: Page, token: string) =>
  (await apiGet<{ data: WorkQueueCount[] }>(page, apiPaths.workQueues, token)).data.find((queue) => queue.queue === 'disputesNeedingEvidence')?.count ?? 0;

test.describe('Disputes: a chargeback from Stripe, the evidence and the loss', () => {
  test("a finance admin builds evidence from the booking's record, submits it with a code, and has the platform bear the lost dispute", async ({ page }) => {
    test.setTimeout(120_000);
    const finance = await createAdminWithRoles(page, ['finance']);
    const { token, authenticator } = await enrolWithAuthenticator(page, finance);
    // Signed in with 2FA more than five minutes ago: submitting asks for a code in place.
    await storeSessionToken(page, withOldSecondFactor(token));

    // A seeded ute booking paid through Stripe, from the middle of the list (other specs refund and pay from its ends).
    const bookings = await apiGet<UteBookingListResponse>(page, `${apiPaths.uteBookings}?payment=stripe&limit=100`, await apiToken(page));
    const candidates = bookings.data.filter((booking) => booking.transactionId && booking.bookingBy && booking.pickupAddress && !booking.refundedCents);
    const booking = candidates[Math.floor(candidates.length / 2)];
    expect(booking, 'a Stripe-paid ute booking in the demo data').toBeDefined();
    const amountCents = Math.round(booking.amount * 100);
    const queueBefore = await needingEvidence(page, token);

    // The cardholder disputes the payment: Stripe makes the dispute and sends its signed event to the webhook endpoint.
    const dueBy = Math.floor(Date.now() / 1000) + 5 * 86_400 + 3_600;
    const dispute = await createStripeDispute(page.request, { amountCents, paymentIntent: booking.transactionId!, dueBy });
    const created = await postStripeEvent(page.request, stripeDisputeEvent('charge.dispute.created', dispute));
    expect(created.status(), await created.text()).toBe(200);
    await expect
      .poll(
        async () =>
          (await apiGet<DisputeListResponse>(page, `${apiPaths.disputes}?status=needs_response&limit=100`, token)).data.some(
            (row) => row.stripeDisputeId === dispute.id,
          ),
        {
          timeout: 15_000,
        },
      )
      .toBe(true);

    // The sidebar's badge counts it and opens the disputes that need evidence.
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: waitingBadgeName('Disputes needing evidence', queueBefore + 1) }).click();
    await expect(page).toHaveURL(/\/disputes\?status=needs_response$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Disputes' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Filtered: Disputes needing evidence' })).toBeVisible();

    const row = page.locator('tbody tr').filter({ hasText: booking.uteBookingId });
    // Filtered to the disputes needing evidence, the list opens with the Waiting column (design §15).
    await expect(row.getByRole('cell').nth(0)).toHaveText(/^\d+ (min|h|d)\s*Unassigned/);
    await expect(row.getByRole('cell').nth(1)).toHaveText(aud.format(booking.amount));
    await expect(row.getByRole('cell').nth(2)).toHaveText('product not received');
    await expect(row.getByRole('cell').nth(3)).toHaveText('needs response');
    await expect(row.getByRole('cell').nth(4)).toHaveText(/^\d{2}\/\d{2}\/\d{4}5 days left$/);
    const customerName = `${booking.bookingBy!.firstName} ${booking.bookingBy!.lastName}`;
    await expect(row.getByRole('cell').nth(6)).toHaveText(customerName);
    await expect(row.getByRole('link', { name: booking.uteBookingId })).toHaveAttribute('href', `/booking-list?open=${booking._id}`);
    await expect(row.getByRole('cell').nth(7).getByRole('link')).toHaveAttribute('href', `/owner-ledger/${booking.uteBy}`);
    expect(await axeViolations(page)).toEqual([]);

    // Build evidence: the booking's facts in Stripe's fields.
    await row.getByRole('button', { name: `Build evidence for ${dispute.id}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Build evidence' });
    await expect(dialog.getByText('5 days left')).toBeVisible();
    const description = dialog.getByLabel('Product description');
    await expect(description).toHaveValue(new RegExp(`^Ute hire: .+, booking ${booking.uteBookingId}\\.`));
    await expect(description).toHaveValue(new RegExp(`Pickup: ${booking.pickupAddress!.street}`));
    await expect(description).toHaveValue(new RegExp(`status: ${booking.status}\\.$`));
    await expect(dialog.getByLabel('Customer name')).toHaveValue(customerName);
    await expect(dialog.getByLabel('Other evidence (receipt, refund policy, status history)')).toHaveValue(/Booking history: booked on /);
    await expect(dialog.getByText(JOURNAL_KIND_LABELS['dispute.funds-withdrawn'])).toBeVisible();
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);

    // One field edited, then submitted: a code, asked in place.
    const other = dialog.getByLabel('Other evidence (receipt, refund policy, status history)');
    const policy = 'Refund policy: a booking is refunded in full when the ute does not arrive; this one was delivered.';
    await other.fill(`${await other.inputValue()}\n${policy}`);
    await dialog.getByRole('button', { name: 'Submit evidence' }).click();
    const stepUp = page.getByRole('dialog', { name: 'Confirm it is you' });
    await stepUp.getByLabel('Authentication code').fill(await authenticator.nextCode());
    await stepUp.getByRole('button', { name: 'Confirm' }).click();
    await expect(stepUp).toHaveCount(0);
    await expect(page.getByText(DISPUTE_MESSAGES.submitted)).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Dispute under review' }).getByText(policy, { exact: false })).toBeVisible();

    // Stripe got it: the edited text, the booking's facts, submit=true.
    const inStripe = await stripeDispute(page.request, dispute.id);
    expect(inStripe.status).toBe('under_review');
    expect(inStripe.evidence_details.submission_count).toBe(1);
    expect(inStripe.evidence.uncategorized_text).toContain(policy);
    expect(inStripe.evidence.product_description).toContain(booking.uteBookingId);
    expect(inStripe.evidence.customer_name).toBe(customerName);
    if (inStripe.evidence.customer_communication) expect(await stripeFileText(page.request, inStripe.evidence.customer_communication)).toContain(' wrote:\n');
    await page.keyboard.press('Escape');
    await expect(nav.getByRole('link', { name: waitingBadgeName('Disputes needing evidence') })).toHaveCount(queueBefore === 0 ? 0 : 1);

    // The card network decides against the platform: Stripe closes it lost.
    const lost = await closeStripeDispute(page.request, dispute.id, 'lost');
    const closed = await postStripeEvent(page.request, stripeDisputeEvent('charge.dispute.closed', lost));
    expect(closed.status(), await closed.text()).toBe(200);
    await expect
      .poll(
        async () =>
          (await apiGet<DisputeListResponse>(page, `${apiPaths.disputes}?status=closed&limit=100`, token)).data.find(
            (one) => one.stripeDisputeId === dispute.id,
          )?.status,
        {
          timeout: 15_000,
        },
      )
      .toBe('lost');

    await page.getByLabel('Status').selectOption('Closed');
    await expect(page).toHaveURL(/\/disputes\?status=closed$/);
    await expect(row.getByRole('cell').nth(2)).toHaveText('lostRecovery to choose');
    await row.getByRole('button', { name: `Recover the loss for ${dispute.id}` }).click();
    const lostDialog = page.getByRole('dialog', { name: 'Dispute lost' });
    const recovery = lostDialog.getByRole('form', { name: 'Recover the loss' });
    await recovery.getByLabel('Absorb it as a platform expense').check();
    await recovery.getByRole('button', { name: 'Record the loss' }).click();
    // Within five minutes of the code above: no second code is asked.
    await expect(page.getByText(DISPUTE_MESSAGES.absorbed)).toBeVisible();

    // The loss moved from disputes pending to the platform's expense: the ledger line is there.
    const lossLine = lostDialog.locator('tr[data-journal-kind="dispute.loss-absorbed"]');
    await expect(lossLine.first().getByRole('cell').nth(1)).toHaveText(JOURNAL_KIND_LABELS['dispute.loss-absorbed']);
    await expect(lossLine.first().getByRole('cell').nth(2)).toHaveText('Platform expense');
    await expect(lossLine.first().getByRole('cell').nth(3)).toHaveText(`+${aud.format(booking.amount)}`);
    await expect(lossLine.nth(1).getByRole('cell').nth(2)).toHaveText('Disputes pending');
    await expect(lostDialog.getByText(new RegExp(`^Borne by the platform \\(chosen by ${finance.email.replace('.', '\\.')} on `))).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(row.getByRole('cell').nth(2)).toHaveText('lostBorne by the platform');
  });
});
