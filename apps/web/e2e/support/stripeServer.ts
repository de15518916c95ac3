import type { APIRequestContext } from '@playwright/test';
import { E2E_STRIPE_SECRET_KEY } from './constants';
import { expect } from './fixtures';

/** A transfer as the local Stripe test server answers it (the fields the specs read). */
export interface StripeTransfer {
  id: string;
  object: 'transfer';
  amount: number;
  amount_reversed: number;
  reversed: boolean;
  destination: string;
  transfer_group: string | null;
  metadata: Record<string, string>;
}

function stripeApi(path: string): string {
  const base = process.env.E2E_STRIPE_API_BASE;
  if (!base) throw new Error('E2E_STRIPE_API_BASE is not set (global setup did not run)');
  return `${base}${path}`;
}

const auth = { authorization: `Bearer ${E2E_STRIPE_SECRET_KEY}` };

/** The transfer the api made for a booking, as Stripe keeps it (its metadata names the booking). */
export async function stripeTransferOfBooking(request: APIRequestContext, bookingId: string): Promise<StripeTransfer | undefined> {
  const response = await request.get(stripeApi('/v1/transfers?limit=100'), { headers: auth });
  expect(response.status(), await response.text()).toBe(200);
  const { data } = (await response.json()) as { data: StripeTransfer[] };
  return data.find((transfer) => transfer.metadata.bookingId === bookingId);
}

/** Reverses a transfer in Stripe (as finance would in Stripe's dashboard); answers the transfer after it. */
export async function reverseStripeTransfer(request: APIRequestContext, transfer: StripeTransfer): Promise<StripeTransfer> {
  const response = await request.post(stripeApi(`/v1/transfers/${transfer.id}/reversals`), { headers: auth, form: {} });
  expect(response.status(), await response.text()).toBe(200);
  const { amount } = (await response.json()) as { amount: number };
  const reversedCents = transfer.amount_reversed + amount;
  return { ...transfer, amount_reversed: reversedCents, reversed: reversedCents === transfer.amount };
}

/** A transfer made in Stripe outside the back-office (from Stripe's dashboard, say): the ledger knows nothing of it. */
export async function makeStripeTransferOutsideTheLedger(request: APIRequestContext, amountCents: number, destination: string): Promise<StripeTransfer> {
  const response = await request.post(stripeApi('/v1/transfers'), {
    headers: auth,
    form: { amount: String(amountCents), currency: 'aud', destination, transfer_group: `e2e-outside-${Date.now()}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as StripeTransfer;
}

/** A dispute as the local Stripe test server keeps it (the fields the disputes spec reads). */
export interface StripeDispute {
  id: string;
  object: 'dispute';
  amount: number;
  payment_intent: string | null;
  status: string;
  evidence: Record<string, string | null>;
  evidence_details: { due_by: number | null; submission_count: number };
}

/** A cardholder disputes a payment: the test server makes the dispute (as a card network would), answered as Stripe shows it. */
export async function createStripeDispute(
  request: APIRequestContext,
  input: { amountCents: number; paymentIntent: string; dueBy: number; reason?: string },
): Promise<StripeDispute> {
  const response = await request.post(stripeApi('/v1/test_helpers/disputes'), {
    headers: auth,
    form: {
      amount: String(input.amountCents),
      payment_intent: input.paymentIntent,
      due_by: String(input.dueBy),
      reason: input.reason ?? 'product_not_received',
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as StripeDispute;
}

/** The card network decides: the dispute ends won or lost. */
export async function closeStripeDispute(request: APIRequestContext, id: string, status: 'won' | 'lost'): Promise<StripeDispute> {
  const response = await request.post(stripeApi(`/v1/test_helpers/disputes/${id}/close`), { headers: auth, form: { status } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as StripeDispute;
}

/** The dispute as Stripe has it now: what the api submitted as evidence. */
export async function stripeDispute(request: APIRequestContext, id: string): Promise<StripeDispute> {
  const response = await request.get(stripeApi(`/v1/disputes/${id}`), { headers: auth });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as StripeDispute;
}

/** The text of a file the api uploaded (a dispute's customer communication). */
export async function stripeFileText(request: APIRequestContext, fileId: string): Promise<string> {
  const response = await request.get(stripeApi(`/v1/files/${fileId}/contents`), { headers: auth });
  expect(response.status(), await response.text()).toBe(200);
  return response.text();
}

/** A refund as the local Stripe test server keeps it (the fields the specs read). */
export interface StripeRefund {
  id: string;
  amount: number;
  payment_intent: string | null;
  reason: string | null;
  status: string;
  metadata: Record<string, string>;
}

/** A transfer reversal as the local Stripe test server keeps it. */
export interface StripeTransferReversal {
  id: string;
  amount: number;
  transfer: string;
  metadata: Record<string, string>;
}

/**
 * Tells the local Stripe test server that the customer paid `amountCents` with this payment intent (the
 * demo data's payments know their intent's id, Stripe does not): a refund of it is then checked against
 * that amount as Stripe does. The test server's own endpoint, not Stripe's.
 */
export async function registerStripePaymentIntent(request: APIRequestContext, paymentIntent: string, amountCents: number): Promise<void> {
  const response = await request.post(stripeApi('/test/payment_intents'), { headers: auth, form: { id: paymentIntent, amount: String(amountCents) } });
  expect(response.status(), await response.text()).toBe(200);
}

/** The refunds Stripe made of a payment intent, newest first. */
export async function stripeRefundsOf(request: APIRequestContext, paymentIntent: string): Promise<StripeRefund[]> {
  const response = await request.get(stripeApi(`/v1/refunds?payment_intent=${encodeURIComponent(paymentIntent)}&limit=100`), { headers: auth });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: StripeRefund[] }).data;
}

/** The reversals of a transfer, newest first. */
export async function stripeReversalsOf(request: APIRequestContext, transferId: string): Promise<StripeTransferReversal[]> {
  const response = await request.get(stripeApi(`/v1/transfers/${transferId}/reversals`), { headers: auth });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: StripeTransferReversal[] }).data;
}
