import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PAYOUT_MESSAGES } from '@ute/contract';
import { buildApp } from '../../app';
import { createTestApp, type TestApp } from '../../test/testApp';
import { startStripeTestServer, type StripeTestServer } from '../../test/stripeTestServer';
import type { AppContext } from '../../appContext';
import { createPayoutsService } from './payouts.service';
import { createStripePayoutProvider } from './stripePayoutProvider';
import {
  auditActionsOf,
  createJobBooking,
  createStripeOwner,
  createUser,
  createUteBooking,
  payoutsOf,
  simulateCrashAfterClaim,
  transferStateOf,
} from '../../test/factories';

/** What server.ts does at start, on a test app's context. */
const reconcilePendingPayouts = ({ db, payouts, log }: AppContext) => createPayoutsService({ db, payouts, log }).reconcilePendingPayouts();

/**
 * Exactly-once payouts through the real `stripe` SDK against a local server that speaks the Stripe
 * transfers API (STRIPE_API_BASE).
 */
describe('Stripe payouts (real SDK against a local Stripe)', () => {
  let stripe: StripeTestServer;
  let t: TestApp;
  let owner: { id: string; stripeAccountId: string };

  const transfersFor = (bookingId: string) => stripe.transfers.filter((transfer) => transfer.metadata.bookingId === bookingId);
  const transfer = (bookingId: string, app = t) => app.request({ method: 'POST', url: `/transfer-amount/${owner.id}/${bookingId}` });

  beforeAll(async () => {
    stripe = await startStripeTestServer();
    t = await createTestApp({ seeded: true, twoFactor: true, env: { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_API_BASE: stripe.url } });
    owner = await createStripeOwner(t.database.db);
  });
  afterEach(() => stripe.reset());
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  it('says Stripe is the active provider in the booking lists', async () => {
    expect((await t.request({ method: 'GET', url: '/ute-booking-list' })).json().payoutProvider).toBe('stripe');
    expect((await t.request({ method: 'GET', url: '/job-booking-list' })).json().payoutProvider).toBe('stripe');
  });

  it("creates one transfer to the owner's connected account in cents AUD, keyed by the booking", async () => {
    const booking = await createUteBooking(t.database.db, { ownerId: owner.id, amount: 245.5 });
    const response = await transfer(booking.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: PAYOUT_MESSAGES.stripeTransferred });

    const key = `payout-ute-${booking.id}`;
    expect(stripe.transfers).toHaveLength(1);
    expect(stripe.transfers[0]).toMatchObject({ amount: 24550, currency: 'aud', destination: owner.stripeAccountId, transfer_group: key });
    expect(stripe.idempotencyKeys).toEqual([key]);
    const [payout] = await payoutsOf(t.database.db, booking.id);
    expect(payout).toMatchObject({
      method: 'stripe',
      status: 'succeeded',
      idempotencyKey: key,
      providerTransferId: stripe.transfers[0].id,
      amountCents: 24550,
    });
    expect(await transferStateOf(t.database.db, 'ute', booking.id)).toBe('transferred');
    expect(await auditActionsOf(t.database.db, booking.id)).toEqual(['payout.start', 'payout.succeed']);
  });

  it('gives 20 concurrent requests for one booking one 200 and 19 409s, and Stripe sees one transfer', async () => {
    const booking = await createJobBooking(t.database.db, { ownerId: owner.id, amount: 410 });
    const responses = await Promise.all(Array.from({ length: 20 }, () => transfer(booking.id)));
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    for (const r of responses.filter((r) => r.statusCode === 409)) {
      expect([PAYOUT_MESSAGES.alreadyTransferred, PAYOUT_MESSAGES.beingTransferred]).toContain(r.json().message);
    }
    expect(stripe.postCount).toBe(1);
    expect(transfersFor(booking.id)).toHaveLength(1);
    expect(await payoutsOf(t.database.db, booking.id)).toHaveLength(1);
    expect(await transferStateOf(t.database.db, 'job', booking.id)).toBe('transferred');
  });

  it('retries a dropped answer with the same key: no second transfer', async () => {
    const booking = await createUteBooking(t.database.db, { ownerId: owner.id });
    stripe.dropAfterAccept(1);
    const response = await transfer(booking.id);
    expect(response.statusCode).toBe(200);
    expect(stripe.postCount).toBe(2);
    expect(new Set(stripe.idempotencyKeys)).toEqual(new Set([`payout-ute-${booking.id}`]));
    expect(transfersFor(booking.id)).toHaveLength(1);
    expect((await payoutsOf(t.database.db, booking.id))[0].providerTransferId).toBe(transfersFor(booking.id)[0].id);
  });

  it('refuses a booking whose owner has no connected account with 409, without calling Stripe', async () => {
    const unconnected = await createUser(t.database.db, { stripeAccountId: null });
    const booking = await createUteBooking(t.database.db, { ownerId: unconnected.id });
    const response = await t.request({ method: 'POST', url: `/transfer-amount/${unconnected.id}/${booking.id}` });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: PAYOUT_MESSAGES.noStripeAccount });
    expect(stripe.postCount).toBe(0);
    expect(await transferStateOf(t.database.db, 'ute', booking.id)).toBe('none');
  });

  it('releases the booking when Stripe refuses (4xx), and a later attempt uses a new key', async () => {
    const booking = await createUteBooking(t.database.db, { ownerId: owner.id });
    stripe.rejectNext(400, 'Insufficient funds in Stripe account. In test mode, you can add funds to your available balance.');
    const refused = await transfer(booking.id);
    expect(refused.statusCode).toBe(502);
    expect(refused.json().message).toBe(
      `${PAYOUT_MESSAGES.refusedPrefix}Insufficient funds in Stripe account. In test mode, you can add funds to your available balance.`,
    );
    expect(await transferStateOf(t.database.db, 'ute', booking.id)).toBe('none');
    expect((await payoutsOf(t.database.db, booking.id))[0]).toMatchObject({ status: 'failed', failureMessage: expect.stringContaining('Insufficient funds') });
    expect(transfersFor(booking.id)).toHaveLength(0);

    const retried = await transfer(booking.id);
    expect(retried.statusCode).toBe(200);
    expect(transfersFor(booking.id)).toHaveLength(1);
    const payouts = await payoutsOf(t.database.db, booking.id);
    expect(payouts.map((p) => [p.status, p.idempotencyKey])).toEqual([
      ['failed', `payout-ute-${booking.id}`],
      ['succeeded', `payout-ute-${booking.id}-2`],
    ]);
    expect(await auditActionsOf(t.database.db, booking.id)).toEqual(['payout.start', 'payout.fail', 'payout.start', 'payout.succeed']);
  });

  it('reconciles a crash between the Stripe call and the database write at the next start', async () => {
    const booking = await createUteBooking(t.database.db, { ownerId: owner.id, amount: 99 });
    const key = `payout-ute-${booking.id}`;
    const payout = await simulateCrashAfterClaim(t.database.db, {
      kind: 'ute',
      id: booking.id,
      ownerId: owner.id,
      amountCents: 9900,
      method: 'stripe',
      idempotencyKey: key,
    });
    const sent = stripe.seedTransfer({ idempotencyKey: key, amount: 9900, destination: owner.stripeAccountId, metadata: { bookingId: booking.id } });

    // The next start: a new app on the same database runs the reconciliation before it listens.
    const restarted = await buildApp({ config: t.config, database: t.database, logger: false });
    const recorded = await reconcilePendingPayouts(restarted.ctx);
    await restarted.close();
    expect(recorded).toBeGreaterThanOrEqual(1);
    expect(stripe.postCount).toBe(0);
    expect(transfersFor(booking.id)).toHaveLength(1);
    const [after] = await payoutsOf(t.database.db, booking.id);
    expect(after).toMatchObject({ id: payout.id, status: 'succeeded', providerTransferId: sent.id });
    expect(await transferStateOf(t.database.db, 'ute', booking.id)).toBe('transferred');
    expect(await auditActionsOf(t.database.db, booking.id)).toEqual(['payout.reconcile']);
    // Nothing is left to do on the following start.
    expect(await reconcilePendingPayouts(t.app.ctx)).toBe(0);
  });

  it('sends at the next start a payout claimed but never sent (crash before the call), once', async () => {
    const booking = await createJobBooking(t.database.db, { ownerId: owner.id, amount: 60 });
    const key = `payout-job-${booking.id}`;
    await simulateCrashAfterClaim(t.database.db, { kind: 'job', id: booking.id, ownerId: owner.id, amountCents: 6000, method: 'stripe', idempotencyKey: key });
    await reconcilePendingPayouts(t.app.ctx);
    expect(stripe.transfers).toHaveLength(1);
    expect(stripe.transfers[0]).toMatchObject({ amount: 6000, transfer_group: key, destination: owner.stripeAccountId });
    expect(stripe.idempotencyKeys).toEqual([key]);
    expect(await transferStateOf(t.database.db, 'job', booking.id)).toBe('transferred');
  });

  describe('when Stripe answers late (client time-out)', () => {
    let slow: TestApp;
    beforeAll(async () => {
      slow = await createTestApp({
        seeded: true,
        twoFactor: true,
        env: { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_API_BASE: stripe.url },
        build: { payouts: createStripePayoutProvider('sk_test_x', stripe.url, { timeoutMs: 400, maxNetworkRetries: 2 }) },
      });
      // The same owner in this app's own database.
      await createUser(slow.database.db, { id: owner.id, stripeAccountId: owner.stripeAccountId });
    });
    afterAll(() => slow.close());

    it('retries a timed-out call with the same key and makes no second transfer', async () => {
      const booking = await createUteBooking(slow.database.db, { ownerId: owner.id });
      stripe.delayAfterAccept(1500, 1);
      const response = await transfer(booking.id, slow);
      expect(response.statusCode).toBe(200);
      expect(stripe.postCount).toBe(2);
      expect(stripe.idempotencyKeys).toEqual([`payout-ute-${booking.id}`, `payout-ute-${booking.id}`]);
      expect(transfersFor(booking.id)).toHaveLength(1);
      expect((await payoutsOf(slow.database.db, booking.id))[0]).toMatchObject({ status: 'succeeded', providerTransferId: transfersFor(booking.id)[0].id });
    });

    it('keeps an unconfirmed payout pending (502) and records it once at reconciliation', async () => {
      const booking = await createUteBooking(slow.database.db, { ownerId: owner.id });
      stripe.delayAfterAccept(1500, 3);
      const response = await transfer(booking.id, slow);
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({ message: PAYOUT_MESSAGES.uncertain });
      expect(await transferStateOf(slow.database.db, 'ute', booking.id)).toBe('transferring');
      expect((await payoutsOf(slow.database.db, booking.id))[0].status).toBe('pending');
      expect(transfersFor(booking.id)).toHaveLength(1);

      const again = await transfer(booking.id, slow);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: PAYOUT_MESSAGES.beingTransferred });

      await reconcilePendingPayouts(slow.app.ctx);
      expect(transfersFor(booking.id)).toHaveLength(1);
      expect(await transferStateOf(slow.database.db, 'ute', booking.id)).toBe('transferred');
      expect((await payoutsOf(slow.database.db, booking.id))[0]).toMatchObject({ status: 'succeeded', providerTransferId: transfersFor(booking.id)[0].id });
    });
  });
});
