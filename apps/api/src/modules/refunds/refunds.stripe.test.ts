import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REFUND_MESSAGES, type Refund } from '@ute/contract';
import { ledgerJournals, ledgerLines, platformFees } from '../../db/tables/ledger.table';
import { refunds } from '../../db/tables/refunds.table';
import { createPayment, createStripeOwner, createUser, createUteBooking, payoutsOf } from '../../test/factories';
import { startStripeTestServer, type StripeTestServer } from '../../test/stripeTestServer';
import { createTestApp, type TestApp } from '../../test/testApp';
import { insertStripeEvent } from '../webhooks/webhooks.repository';
import { webhooksServiceOf } from '../webhooks/webhooks.routes';
import { createRefundsService, refundIdempotencyKey, reversalIdempotencyKey, STALE_REFUND_MS } from './refunds.service';
import { createStripeRefundProvider } from './stripeRefundProvider';

/**
 * Exactly-once refunds and transfer reversals through the real `stripe` SDK against the local Stripe
 * test server (STRIPE_API_BASE): parallel clicks, lost answers, crashes, refusals, and the order of
 * Stripe's webhooks against our own records.
 */
describe('Stripe refunds (real SDK against a local Stripe)', () => {
  let stripe: StripeTestServer;
  let t: TestApp;
  let owner: { id: string; stripeAccountId: string };

  beforeAll(async () => {
    stripe = await startStripeTestServer();
    t = await createTestApp({ seeded: true, twoFactor: true, env: { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_API_BASE: stripe.url } });
    owner = await createStripeOwner(t.database.db);
    await t.database.db.insert(platformFees).values({ bookingKind: 'ute', percentBps: 1_000, fixedCents: 0 });
  });
  afterEach(() => stripe.reset());
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  const db = () => t.database.db;
  const service = (app = t) => createRefundsService({ db: app.database.db, refunds: app.app.ctx.refunds, mailer: app.app.ctx.mailer, log: app.app.log });

  /** A delivered booking paid through Stripe (its payment intent known to the test server), optionally paid out by a Stripe transfer. */
  async function paidBooking(amount = 100, options: { isPaidOut?: boolean; app?: TestApp } = {}) {
    const app = options.app ?? t;
    const customer = await createUser(app.database.db);
    const booking = await createUteBooking(app.database.db, { ownerId: owner.id, amount, bookedBy: customer.id });
    const payment = await createPayment(app.database.db, {
      isStripe: true,
      status: 'succeeded',
      amountCents: Math.round(amount * 100),
      transactionId: booking.transactionId,
      payerId: customer.id,
    });
    stripe.refunds.registerPaymentIntent(booking.transactionId!, payment.amountCents);
    if (options.isPaidOut) {
      const paid = await app.request({ method: 'POST', url: `/transfer-amount/${owner.id}/${booking.id}` });
      expect(paid.statusCode, paid.body).toBe(200);
    }
    return { booking, payment };
  }

  const refund = (paymentId: string, body: Record<string, unknown>, app = t) =>
    app.request({ method: 'POST', url: `/payments/${paymentId}/refunds`, payload: { reason: 'service_not_provided', requestKey: randomUUID(), ...body } });

  const refundsOf = (paymentId: string, app = t) =>
    app.database.db.select().from(refunds).where(eq(refunds.paymentId, paymentId)).orderBy(asc(refunds.createdAt));

  async function journalKindsOf(refundId: string): Promise<string[]> {
    const rows = await db()
      .select({ kind: ledgerJournals.kind })
      .from(ledgerJournals)
      .where(eq(ledgerJournals.refundId, refundId))
      .orderBy(asc(ledgerJournals.createdAt));
    return rows.map((row) => row.kind);
  }

  /** The payout.reversed journals of a payout: what the transfer.reversed webhook journalled. */
  async function reversedJournalCents(payoutId: string): Promise<number[]> {
    const rows = await db()
      .select({ cents: ledgerLines.amountCents })
      .from(ledgerLines)
      .innerJoin(ledgerJournals, eq(ledgerJournals.id, ledgerLines.journalId))
      .where(and(eq(ledgerJournals.payoutId, payoutId), eq(ledgerJournals.kind, 'payout.reversed'), eq(ledgerLines.account, 'owner_paid_out')));
    return rows.map((row) => row.cents);
  }

  /** Stores a Stripe event in the inbox and works it, as the stripe-event job does. */
  async function applyEvent(type: string, object: Record<string, unknown>) {
    const id = `evt_${randomUUID().replaceAll('-', '')}`;
    await insertStripeEvent(db(), { id, type, account: null, livemode: false, payload: { id, type, livemode: false, data: { object } } });
    return webhooksServiceOf(t.app.ctx).processEvent(id);
  }

  it('refunds through Stripe with the key of the request, its amount, its reason as Stripe names it, and our id', async () => {
    const { payment, booking } = await paidBooking(120);
    const requestKey = randomUUID();
    const response = await refund(payment.id, { amountCents: 4_000, requestKey, reason: 'service_not_provided' });
    expect(response.statusCode, response.body).toBe(200);
    const { message, data } = response.json<{ message: string; data: Refund }>();
    expect(message).toBe(REFUND_MESSAGES.stripeRefunded);
    expect(stripe.refunds.idempotencyKeys).toEqual([refundIdempotencyKey(payment.id, requestKey)]);
    expect(stripe.refunds.refunds).toHaveLength(1);
    expect(stripe.refunds.refunds[0]).toMatchObject({
      amount: 4_000,
      payment_intent: booking.transactionId,
      reason: 'requested_by_customer',
      metadata: { refundId: data.id, paymentId: payment.id, bookingKind: 'ute', bookingId: booking.id },
    });
    expect(data).toMatchObject({ status: 'succeeded', method: 'stripe', stripeRefundId: stripe.refunds.refunds[0].id, recovery: 'not_paid_yet' });
    // Stripe's charge.refunded for it finds it recorded: nothing more.
    const event = await applyEvent('charge.refunded', { id: 'ch_x', payment_intent: booking.transactionId, refunds: { data: stripe.refunds.refunds } });
    expect(event).toMatchObject({ state: 'ignored' });
    expect(await refundsOf(payment.id)).toHaveLength(1);
  });

  it('makes one Stripe refund of 20 parallel identical clicks', async () => {
    const { payment } = await paidBooking(90);
    const requestKey = randomUUID();
    const responses = await Promise.all(Array.from({ length: 20 }, () => refund(payment.id, { amountCents: 9_000, requestKey })));
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 200).length).toBeGreaterThanOrEqual(1);
    expect(codes.filter((code) => code !== 200 && code !== 409)).toEqual([]);
    expect(stripe.refunds.postCount).toBe(1);
    expect(stripe.refunds.refunds).toHaveLength(1);
    expect(await refundsOf(payment.id)).toHaveLength(1);
  });

  it('refuses with 409, without calling Stripe, the second of two parallel refunds that exceed the payment', async () => {
    const { payment } = await paidBooking(50);
    const responses = await Promise.all([refund(payment.id, { amountCents: 3_000 }), refund(payment.id, { amountCents: 3_000 })]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(stripe.refunds.postCount).toBe(1);
  });

  it('frees the amount again when Stripe refuses (502 with its words), and a new request refunds it', async () => {
    const { payment } = await paidBooking(40);
    stripe.rejectNext(400, 'This PaymentIntent does not have a successful charge to refund.');
    const refused = await refund(payment.id, { amountCents: 4_000 });
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toEqual({ message: `${REFUND_MESSAGES.refusedPrefix}This PaymentIntent does not have a successful charge to refund.` });
    expect((await refundsOf(payment.id))[0]).toMatchObject({
      status: 'failed',
      failureMessage: 'This PaymentIntent does not have a successful charge to refund.',
    });
    expect((await refund(payment.id, { amountCents: 4_000 })).statusCode).toBe(200);
    expect(stripe.refunds.refunds).toHaveLength(1);
  });

  it('retries a dropped answer with the same key: one Stripe refund', async () => {
    const { payment } = await paidBooking(70);
    stripe.dropAfterAccept(1);
    const response = await refund(payment.id, { amountCents: 2_000 });
    expect(response.statusCode, response.body).toBe(200);
    expect(stripe.refunds.postCount).toBe(2);
    expect(new Set(stripe.refunds.idempotencyKeys).size).toBe(1);
    expect(stripe.refunds.refunds).toHaveLength(1);
  });

  it('records once a refund whose answer was lost in a crash: by the reconciliation, which finds it in Stripe', async () => {
    const { payment, booking } = await paidBooking(80);
    // The state a crash between Stripe's answer and our record leaves: the row pending (stale), the refund made.
    const key = `refund-${payment.id}-${randomUUID()}`;
    const [pending] = await db()
      .insert(refunds)
      .values({
        paymentId: payment.id,
        bookingKind: 'ute',
        bookingId: booking.id,
        ownerId: owner.id,
        amountCents: 1_500,
        reason: 'requested_by_customer',
        recovery: 'not_paid_yet',
        method: 'stripe',
        idempotencyKey: key,
        createdAt: new Date(Date.now() - STALE_REFUND_MS - 1_000),
      })
      .returning();
    const made = stripe.refunds.refundOutside(booking.transactionId!, 1_500);
    made.metadata = { refundId: pending.id };

    expect(await service().reconcilePendingRefunds()).toBe(1);
    expect(stripe.refunds.postCount).toBe(0);
    expect((await refundsOf(payment.id))[0]).toMatchObject({ status: 'succeeded', stripeRefundId: made.id });
    expect(await journalKindsOf(pending.id)).toEqual(['refund.issued']);
    expect(await service().reconcilePendingRefunds()).toBe(0);
    // Its webhook then finds it recorded.
    expect(await applyEvent('charge.refunded', { id: 'ch_y', payment_intent: booking.transactionId, refunds: { data: [made] } })).toMatchObject({
      state: 'ignored',
    });
    expect(await journalKindsOf(pending.id)).toEqual(['refund.issued']);
  });

  it('records a crashed refund from its charge.refunded webhook (our id in its metadata), once', async () => {
    const { payment, booking } = await paidBooking(80);
    const [pending] = await db()
      .insert(refunds)
      .values({
        paymentId: payment.id,
        bookingKind: 'ute',
        bookingId: booking.id,
        ownerId: owner.id,
        amountCents: 2_500,
        reason: 'duplicate',
        recovery: 'not_paid_yet',
        method: 'stripe',
        idempotencyKey: `refund-${payment.id}-${randomUUID()}`,
      })
      .returning();
    const made = stripe.refunds.refundOutside(booking.transactionId!, 2_500, 'duplicate');
    made.metadata = { refundId: pending.id };
    // A charge.refunded that does not list its refunds (API 2022-11-15 and later): they are read from Stripe.
    const charge = { id: made.charge, payment_intent: booking.transactionId, amount_refunded: 2_500 };
    expect(await applyEvent('charge.refunded', charge)).toMatchObject({ state: 'processed' });
    expect(await applyEvent('charge.refunded', charge)).toMatchObject({ state: 'ignored' });
    const [row] = await refundsOf(payment.id);
    expect(row).toMatchObject({ id: pending.id, status: 'succeeded', source: 'admin', stripeRefundId: made.id });
    expect(await journalKindsOf(pending.id)).toEqual(['refund.issued']);
  });

  describe('when Stripe answers late (client time-out)', () => {
    let slow: TestApp;
    beforeAll(async () => {
      slow = await createTestApp({
        seeded: true,
        twoFactor: true,
        env: { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_API_BASE: stripe.url },
        build: { refunds: createStripeRefundProvider('sk_test_x', stripe.url, { timeoutMs: 400, maxNetworkRetries: 1 }) },
      });
      await createUser(slow.database.db, { id: owner.id, stripeAccountId: owner.stripeAccountId });
    });
    afterAll(() => slow.close());

    it('keeps an unconfirmed refund pending (502), refuses a repeat while it may be in flight, then resumes it once stale', async () => {
      const { payment } = await paidBooking(60, { app: slow });
      stripe.delayAfterAccept(1_500, 2);
      const requestKey = randomUUID();
      const first = await refund(payment.id, { amountCents: 6_000, requestKey }, slow);
      expect(first.statusCode).toBe(502);
      expect(first.json()).toEqual({ message: REFUND_MESSAGES.uncertain });
      expect((await refundsOf(payment.id, slow))[0].status).toBe('pending');
      expect(stripe.refunds.refunds).toHaveLength(1);

      const early = await refund(payment.id, { amountCents: 6_000, requestKey }, slow);
      expect(early.statusCode).toBe(409);
      expect(early.json()).toEqual({ message: REFUND_MESSAGES.inProgress });

      await slow.database.db
        .update(refunds)
        .set({ createdAt: new Date(Date.now() - STALE_REFUND_MS - 1_000) })
        .where(eq(refunds.paymentId, payment.id));
      const resumed = await refund(payment.id, { amountCents: 6_000, requestKey }, slow);
      expect(resumed.statusCode, resumed.body).toBe(200);
      expect(resumed.json<{ data: Refund }>().data).toMatchObject({ status: 'succeeded', stripeRefundId: stripe.refunds.refunds[0].id });
      expect(stripe.refunds.refunds).toHaveLength(1);
    });
  });

  describe('with a transfer reversal', () => {
    it("reverses the owner's share on their Stripe transfer, and the transfer.reversed webhook after it journals nothing more", async () => {
      const { payment, booking } = await paidBooking(100, { isPaidOut: true });
      const [payout] = await payoutsOf(db(), booking.id);
      const response = await refund(payment.id, { amountCents: 5_000, recovery: 'reverse_transfer' });
      expect(response.statusCode, response.body).toBe(200);
      const { data } = response.json<{ data: Refund }>();
      expect(data).toMatchObject({ recovery: 'reverse_transfer', ownerCents: 4_500, reversalStatus: 'succeeded' });
      expect(stripe.refunds.reversalIdempotencyKeys).toEqual([reversalIdempotencyKey(data.id)]);
      expect(stripe.refunds.reversals).toEqual([
        expect.objectContaining({ amount: 4_500, transfer: payout.providerTransferId, metadata: expect.objectContaining({ refundId: data.id }) }),
      ]);
      expect(data.transferReversalId).toBe(stripe.refunds.reversals[0].id);
      const transfer = stripe.transfers.find((candidate) => candidate.id === payout.providerTransferId)!;
      expect(transfer.amount_reversed).toBe(4_500);
      expect((await payoutsOf(db(), booking.id))[0].reversedCents).toBe(4_500);

      expect(await applyEvent('transfer.reversed', { ...transfer })).toMatchObject({ state: 'processed' });
      expect(await reversedJournalCents(payout.id)).toEqual([]);
      // A reversal made in Stripe's dashboard on top is journalled, by its own amount only.
      const more = await fetch(`${stripe.url}/v1/transfers/${transfer.id}/reversals`, {
        method: 'POST',
        headers: { authorization: 'Bearer sk_test_x', 'content-type': 'application/x-www-form-urlencoded' },
        body: 'amount=500',
      });
      expect(more.status).toBe(200);
      await applyEvent('transfer.reversed', { ...transfer });
      expect(await reversedJournalCents(payout.id)).toEqual([500]);
    });

    it('journals nothing more when the transfer.reversed webhook arrives before the reversal is recorded', async () => {
      const { payment, booking } = await paidBooking(100, { isPaidOut: true });
      const [payout] = await payoutsOf(db(), booking.id);
      // The refund's answer and the reversal's both come late; the webhook is worked while the reversal's is awaited.
      stripe.delayAfterAccept(1_200, 2);
      const pending = refund(payment.id, { amountCents: 10_000, recovery: 'reverse_transfer' });
      const deadline = Date.now() + 10_000;
      while (stripe.refunds.reversals.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      const transfer = stripe.transfers.find((candidate) => candidate.id === payout.providerTransferId)!;
      expect(transfer.amount_reversed).toBe(9_000);
      const [before] = await refundsOf(payment.id);
      expect(before).toMatchObject({ reversalStatus: 'pending', transferReversalId: null });
      expect(await applyEvent('transfer.reversed', { ...transfer })).toMatchObject({ state: 'processed' });
      const response = await pending;
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<{ data: Refund }>().data).toMatchObject({ reversalStatus: 'succeeded', ownerCents: 9_000 });
      expect(await reversedJournalCents(payout.id)).toEqual([]);
      // A whole reversal by a refund does not make the booking payable again.
      expect((await t.request({ method: 'GET', url: `/ute-booking-list?id=${booking.id}` })).json().data[0]).toMatchObject({
        isTransfered: true,
        refundedCents: 10_000,
      });
    });

    it("charges the owner's balance instead when Stripe refuses the reversal (too little left on the transfer)", async () => {
      const { payment, booking } = await paidBooking(100, { isPaidOut: true });
      const [payout] = await payoutsOf(db(), booking.id);
      // Reversed in Stripe's dashboard, its webhook not here yet.
      await fetch(`${stripe.url}/v1/transfers/${payout.providerTransferId}/reversals`, {
        method: 'POST',
        headers: { authorization: 'Bearer sk_test_x', 'content-type': 'application/x-www-form-urlencoded' },
        body: 'amount=8000',
      });
      const response = await refund(payment.id, { amountCents: 10_000, recovery: 'reverse_transfer' });
      expect(response.statusCode, response.body).toBe(200);
      const { data } = response.json<{ data: Refund }>();
      expect(data).toMatchObject({ recovery: 'owner_balance', reversalStatus: 'failed', failureMessage: 'Invalid reversal amount' });
      expect(await journalKindsOf(data.id)).toEqual(['refund.issued', 'refund.reversal-failed']);
      expect((await payoutsOf(db(), booking.id))[0].reversedCents).toBe(0);
      const lines = await db()
        .select({ account: ledgerLines.account, total: sql<string>`sum(${ledgerLines.amountCents})` })
        .from(ledgerLines)
        .innerJoin(ledgerJournals, eq(ledgerJournals.id, ledgerLines.journalId))
        .where(eq(ledgerJournals.refundId, data.id))
        .groupBy(ledgerLines.account);
      expect(Object.fromEntries(lines.map((line) => [line.account, Number(line.total)]))).toMatchObject({ owner_paid_out: 0, adjustments: 9_000 });
    });

    it("records a refund made in Stripe's dashboard after the payout as undecided, and reverses the transfer when an admin chooses it", async () => {
      const { payment, booking } = await paidBooking(100, { isPaidOut: true });
      const made = stripe.refunds.refundOutside(booking.transactionId!, 3_000, 'fraudulent');
      expect(await applyEvent('charge.refunded', { id: made.charge, payment_intent: booking.transactionId })).toMatchObject({ state: 'processed' });
      const [row] = await refundsOf(payment.id);
      expect(row).toMatchObject({ source: 'stripe_dashboard', recovery: 'undecided', reason: 'fraudulent', stripeRefundId: made.id, ownerCents: 2_700 });
      expect(stripe.refunds.postCount).toBe(0);

      const chosen = await t.request({ method: 'POST', url: `/refunds/${row.id}/recovery`, payload: { recovery: 'reverse_transfer' } });
      expect(chosen.statusCode, chosen.body).toBe(200);
      expect(chosen.json<{ data: Refund }>().data).toMatchObject({ recovery: 'reverse_transfer', reversalStatus: 'succeeded' });
      expect(stripe.refunds.reversals).toEqual([expect.objectContaining({ amount: 2_700, metadata: expect.objectContaining({ refundId: row.id }) })]);
      expect(await journalKindsOf(row.id)).toEqual(['refund.issued', 'refund.recovered']);
    });

    it('sends again at the reconciliation a reversal whose answer was lost, once', async () => {
      const { payment, booking } = await paidBooking(100, { isPaidOut: true });
      // The refund answers; the reversal is made but its answer lost on every try (the SDK's three): its outcome is unknown.
      stripe.refunds.dropReversalAnswers(3);
      const response = await refund(payment.id, { amountCents: 2_000, recovery: 'reverse_transfer' });
      expect(response.statusCode, response.body).toBe(200);
      const { data } = response.json<{ data: Refund }>();
      expect(data.reversalStatus).toBe('pending');
      expect(stripe.refunds.reversals).toHaveLength(1);

      await db()
        .update(refunds)
        .set({ createdAt: new Date(Date.now() - STALE_REFUND_MS - 1_000) })
        .where(eq(refunds.id, data.id));
      await service().reconcilePendingRefunds();
      const [row] = await refundsOf(payment.id);
      expect(row).toMatchObject({ reversalStatus: 'succeeded', transferReversalId: stripe.refunds.reversals[0].id });
      expect(stripe.refunds.reversals).toHaveLength(1);
      expect((await payoutsOf(db(), booking.id))[0].reversedCents).toBe(1_800);
    });
  });
});
