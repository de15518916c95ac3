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
