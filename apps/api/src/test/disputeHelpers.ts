import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Db } from '../db/database';
import { stripeEvents } from '../db/tables/webhooks.table';
import { createCustomerQuery, createPayment, createQueryReply, createUser, createUteBooking } from './factories';
import type { TestApp } from './testApp';

/** The webhook signing secret of the dispute tests' apps. */
export const DISPUTE_WEBHOOK_SECRET = 'whsec_dispute_tests';
const signer = new Stripe('sk_test_unused');

/** Posts `event` to the app's Stripe endpoint, signed as Stripe signs it (the SDK's test header). */
export function deliverStripeEvent(t: TestApp, event: object) {
  const payload = JSON.stringify(event);
  const header = signer.webhooks.generateTestHeaderString({ payload, secret: DISPUTE_WEBHOOK_SECRET });
  return t.app.inject({ method: 'POST', url: '/webhooks/stripe', payload, headers: { 'content-type': 'application/json', 'stripe-signature': header } });
}

/** The inbox row of an event once its job has worked it (the worker polls the queue). */
export async function workedStripeEvent(t: TestApp, id: string, timeoutMs = 15_000) {
  const start = Date.now();
  for (;;) {
    const [row] = await t.database.db.select().from(stripeEvents).where(eq(stripeEvents.id, id));
    if (row && row.state !== 'received' && row.state !== 'failed') return row;
    if (Date.now() - start > timeoutMs) throw new Error(`event ${id} still ${row?.state ?? 'missing'} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Delivers an event and waits until it is worked; answers its inbox row. */
export async function applyStripeEvent(t: TestApp, event: { id: string }) {
  const response = await deliverStripeEvent(t, event);
  if (response.statusCode !== 200) throw new Error(`webhook answered ${response.statusCode}: ${response.body}`);
  return workedStripeEvent(t, event.id);
}

/**
 * A delivered, Stripe-paid ute booking as a dispute finds it: its owner and customer, the payment
 * row of its payment intent, and a query the customer sent with our reply.
 */
export async function createDisputedBooking(db: Db, options: { amount?: number; hasOwner?: boolean } = {}) {
  const amount = options.amount ?? 150;
  const owner = await createUser(db, { firstName: 'Olive', lastName: 'Owner' });
  const customer = await createUser(db, { firstName: 'Cara', lastName: 'Customer', address: '9 Pitt St, Sydney NSW 2000' });
  const booking = await createUteBooking(db, { ownerId: owner.id, bookedBy: customer.id, amount, uteName: 'Disputed Hilux' });
  const payment = await createPayment(db, {
    payerId: customer.id,
    paymentBy: 'Cara Customer',
    amountCents: amount * 100,
    status: 'succeeded',
    isStripe: true,
    transactionId: booking.transactionId,
  });
  const query = await createCustomerQuery(db, {
    firstName: 'Cara',
    lastName: 'Customer',
    email: customer.email.toUpperCase(),
    message: 'Where is my ute? Nobody came.',
  });
  await createQueryReply(db, { queryId: query.id, message: 'The owner says the ute was delivered at 9am.' });
  return { owner, customer, booking, payment, query, amountCents: amount * 100, paymentIntentId: booking.transactionId! };
}
