import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { PAYOUT_MESSAGES, WEBHOOK_MESSAGES, ownerLedgerResponseSchema, uteBookingListResponseSchema, webhookEventsResponseSchema } from '@ute/contract';
import { ownerPayoutStatus } from '../../db/tables/payouts.table';
import { stripeEvents } from '../../db/tables/webhooks.table';
import { auditActionsOf, createStripeOwner, createUteBooking, payoutsOf, simulateCrashAfterClaim, transferStateOf } from '../../test/factories';
import { createTestApp, signInAs, type TestApp } from '../../test/testApp';
import { ownerBalances } from '../ledger/ledger.repository';

const SECRET = 'whsec_test_signing_secret';
const stripe = new Stripe('sk_test_unused');

/** A Stripe event as Stripe sends it: the object, the type, and on Connect events the account. */
function stripeEvent(type: string, object: Record<string, unknown>, extra: { account?: string; id?: string } = {}) {
  return {
    id: extra.id ?? `evt_${randomUUID().replaceAll('-', '')}`,
    object: 'event',
    type,
    livemode: false,
    created: Math.floor(Date.now() / 1000),
    account: extra.account,
    data: { object },
  };
}

interface DeliveryOptions {
  header?: string;
  timestamp?: number;
  secret?: string;
}

/** Posts an event to `t`'s endpoint signed as Stripe signs it (the SDK's own test header), or with the header given. */
function deliverTo(t: TestApp, event: object, options: DeliveryOptions = {}) {
  const payload = JSON.stringify(event);
  const header = options.header ?? stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? SECRET, timestamp: options.timestamp });
  return t.app.inject({ method: 'POST', url: '/webhooks/stripe', payload, headers: { 'content-type': 'application/json', 'stripe-signature': header } });
}

describe('Stripe webhooks', () => {
  let t: TestApp;

  const deliver = (event: object, options?: DeliveryOptions) => deliverTo(t, event, options);

  /** The event once its job has run (the worker polls the queue). */
  async function worked(id: string, timeoutMs = 15_000) {
    const start = Date.now();
    for (;;) {
      const [row] = await t.database.db.select().from(stripeEvents).where(eq(stripeEvents.id, id));
      if (row && row.state !== 'received' && row.state !== 'failed') return row;
      if (Date.now() - start > timeoutMs) throw new Error(`event ${id} still ${row?.state ?? 'missing'} after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** What the ute booking list says beside the booking's Transfer button (the row found by its id, on whichever tab). */
  const blockedReasonOf = async (bookingId: string) =>
    uteBookingListResponseSchema.parse((await t.request({ method: 'GET', url: `/ute-booking-list?id=${bookingId}` })).json()).data[0].payoutBlockedReason;
  const balanceOf = async (ownerId: string) => (await ownerBalances(t.database.db)).find((b) => b.ownerId === ownerId);

  /** A booking whose payout reached Stripe but whose outcome was never recorded. */
  async function pendingPayout(amount = 80) {
    const owner = await createStripeOwner(t.database.db);
    const booking = await createUteBooking(t.database.db, { ownerId: owner.id, amount });
    const payout = await simulateCrashAfterClaim(t.database.db, {
      kind: 'ute',
      id: booking.id,
      ownerId: owner.id,
      amountCents: amount * 100,
      method: 'ledger',
      idempotencyKey: `payout-ute-${booking.id}`,
    });
    const transfer = {
      id: `tr_${randomUUID().slice(0, 12)}`,
      object: 'transfer',
      amount: amount * 100,
      transfer_group: payout.idempotencyKey,
      destination: owner.stripeAccountId,
    };
    return { owner, booking, payout, transfer };
  }

  beforeAll(async () => {
    t = await createTestApp({ seeded: true, twoFactor: true, env: { STRIPE_WEBHOOK_SECRET: SECRET, JOB_POLL_SECONDS: '1' } });
  });
  afterAll(() => t.close());

  describe('POST /webhooks/stripe', () => {
    it('refuses an unsigned, a wrongly signed and a 301-second-old event with 400, and stores none of them', async () => {
      const event = stripeEvent('transfer.created', { id: 'tr_x' });
      const payload = JSON.stringify(event);
      const unsigned = await t.app.inject({ method: 'POST', url: '/webhooks/stripe', payload, headers: { 'content-type': 'application/json' } });
      expect(unsigned.statusCode).toBe(400);
      expect(unsigned.json().message).toBe(WEBHOOK_MESSAGES.badSignature);
      expect((await deliver(event, { secret: 'whsec_someone_else' })).statusCode).toBe(400);
      expect((await deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 301 })).statusCode).toBe(400);
      expect(await t.database.db.$count(stripeEvents, eq(stripeEvents.id, event.id))).toBe(0);
    });

    it('accepts an event signed with any of two v1 signatures (a secret being rotated), with no bearer token', async () => {
      const event = stripeEvent('customer.created', { id: 'cus_1' });
      const payload = JSON.stringify(event);
      const good = stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
      const [timestamp, v1] = good.split(',');
      const response = await deliver(event, { header: `${timestamp},v1=${'0'.repeat(64)},${v1}` });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ received: true });
      expect(await worked(event.id)).toMatchObject({ state: 'ignored', note: 'customer.created is not an event the back-office applies' });
    });

    it('records a pending payout from transfer.created once, however often it is delivered', async () => {
      const { booking, payout, transfer } = await pendingPayout();
      const event = stripeEvent('transfer.created', transfer);
      expect((await deliver(event)).statusCode).toBe(200);
      expect((await deliver(event)).statusCode).toBe(200);
      expect(await worked(event.id)).toMatchObject({ state: 'processed', attempts: 1 });
      expect(await t.database.db.$count(stripeEvents, eq(stripeEvents.id, event.id))).toBe(1);
      expect((await payoutsOf(t.database.db, booking.id))[0]).toMatchObject({ id: payout.id, status: 'succeeded', providerTransferId: transfer.id });
      expect(await transferStateOf(t.database.db, 'ute', booking.id)).toBe('transferred');
      expect((await auditActionsOf(t.database.db, booking.id)).filter((action) => action === 'payout.webhook')).toHaveLength(1);
    });

    it('applies transfer.reversed arriving before transfer.created, and the late transfer.created changes nothing', async () => {
      const { owner, booking, transfer } = await pendingPayout(60);
      const reversed = stripeEvent('transfer.reversed', { ...transfer, amount_reversed: 6_000, reversed: true });
      expect((await deliver(reversed)).statusCode).toBe(200);
      expect(await worked(reversed.id)).toMatchObject({ state: 'processed' });
      // Paid, then wholly reversed: owed again, and the booking can be paid again.
      expect(await balanceOf(owner.id)).toMatchObject({ payableCents: 6_000, inTransitCents: 0, paidOutCents: 0 });
      expect(await transferStateOf(t.database.db, 'ute', booking.id)).toBe('none');

      const created = stripeEvent('transfer.created', transfer);
      expect((await deliver(created)).statusCode).toBe(200);
      expect(await worked(created.id)).toMatchObject({ state: 'processed' });
      expect(await balanceOf(owner.id)).toMatchObject({ payableCents: 6_000, paidOutCents: 0 });
      expect(await auditActionsOf(t.database.db, booking.id)).toEqual(['payout.webhook', 'payout.reverse']);
    });

    it('journals partial reversals by their increase only, whatever the order of delivery', async () => {
      const { owner, booking, transfer } = await pendingPayout(100);
      await worked((await deliverAndId(stripeEvent('transfer.created', transfer))).id);
      for (const amountReversed of [2_500, 1_000, 4_000, 4_000]) {
        await worked((await deliverAndId(stripeEvent('transfer.updated', { ...transfer, amount_reversed: amountReversed }))).id);
      }
      expect(await balanceOf(owner.id)).toMatchObject({ payableCents: 4_000, paidOutCents: 6_000 });
      expect((await payoutsOf(t.database.db, booking.id))[0].reversedCents).toBe(4_000);
      expect(await transferStateOf(t.database.db, 'ute', booking.id)).toBe('transferred');
    });

    it('ignores a transfer that is not ours, saying why', async () => {
      const event = stripeEvent('transfer.created', { id: 'tr_not_ours', transfer_group: 'someone-else', amount: 100 });
      await deliver(event);
      expect(await worked(event.id)).toMatchObject({ state: 'ignored', note: 'no payout of ours has transfer tr_not_ours' });
    });

    it('flags an owner whose connected account cannot be paid, and notes their failed bank payouts until one is paid', async () => {
      const owner = await createStripeOwner(t.database.db);
      const ledgerOf = async () => ownerLedgerResponseSchema.parse((await t.request({ method: 'GET', url: `/owner-ledger/${owner.id}` })).json()).payoutStatus;
      const restricted = stripeEvent(
        'account.updated',
        { id: owner.stripeAccountId, payouts_enabled: false, requirements: { disabled_reason: 'requirements.past_due' } },
        { account: owner.stripeAccountId },
      );
      await worked((await deliverAndId(restricted)).id);
      expect(await ledgerOf()).toMatchObject({ payoutsEnabled: false, disabledReason: 'requirements.past_due' });
      // The booking lists say why before anyone clicks Transfer: a Stripe booking cannot be paid, a manual one can.
      const stripeBooking = await createUteBooking(t.database.db, { ownerId: owner.id, amount: 30 });
      const manualBooking = await createUteBooking(t.database.db, { ownerId: owner.id, amount: 30, transactionId: null });
      expect(await blockedReasonOf(stripeBooking.id)).toBe(`${PAYOUT_MESSAGES.accountCannotBePaidPrefix}requirements.past_due`);
      expect(await blockedReasonOf(manualBooking.id)).toBeNull();

      const failed = stripeEvent('payout.failed', { id: 'po_1', failure_message: 'The bank account has been closed' }, { account: owner.stripeAccountId });
      await worked((await deliverAndId(failed)).id);
      expect(await ledgerOf()).toMatchObject({ lastPayoutFailure: 'The bank account has been closed' });
      const paid = stripeEvent('payout.paid', { id: 'po_2' }, { account: owner.stripeAccountId });
      await worked((await deliverAndId(paid)).id);
      const enabled = stripeEvent(
        'account.updated',
        { id: owner.stripeAccountId, payouts_enabled: true, requirements: {} },
        { account: owner.stripeAccountId },
      );
      await worked((await deliverAndId(enabled)).id);
      expect(await ledgerOf()).toMatchObject({ payoutsEnabled: true, disabledReason: null, lastPayoutFailure: null });
      expect(await blockedReasonOf(stripeBooking.id)).toBeNull();
    });

    it('ignores an event of the other mode (live while the api runs in test mode)', async () => {
      const event = { ...stripeEvent('transfer.created', { id: 'tr_live' }), livemode: true };
      await deliver(event);
      expect(await worked(event.id)).toMatchObject({ state: 'ignored', note: 'a live mode event; the api runs in test mode' });
    });

    it('marks an event failed when applying it fails, and the job queue retries it until it is processed', async () => {
      const { booking, transfer } = await pendingPayout();
      await t.database.db.execute(
        sql`create function refuse_payout_update() returns trigger language plpgsql as $$ begin raise exception 'payouts are read-only for a moment'; end $$`,
      );
      await t.database.db.execute(sql`create trigger refuse_payout_update before update on payouts for each row execute function refuse_payout_update()`);
      const event = stripeEvent('transfer.created', transfer);
      try {
        await deliver(event);
        const start = Date.now();
        let row = (await t.database.db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id)))[0];
        while (row.state !== 'failed' && Date.now() - start < 15_000) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          row = (await t.database.db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id)))[0];
        }
        expect(row).toMatchObject({ state: 'failed', note: expect.stringContaining('payouts are read-only') });
      } finally {
        await t.database.db.execute(sql`drop trigger refuse_payout_update on payouts`);
        await t.database.db.execute(sql`drop function refuse_payout_update()`);
      }
      const done = await worked(event.id, 30_000);
      expect(done.attempts).toBeGreaterThanOrEqual(2);
      expect(await transferStateOf(t.database.db, 'ute', booking.id)).toBe('transferred');
    });
  });

  async function deliverAndId(event: { id: string }) {
    const response = await deliver(event);
    expect(response.statusCode, response.body).toBe(200);
    return event;
  }

  describe('GET /api/admin/webhook-events and the replay', () => {
    it('lists the inbox newest first, filters by state, and replays an event', async () => {
      const event = stripeEvent('transfer.created', { id: 'tr_replayed', transfer_group: 'nobody' });
      await worked((await deliverAndId(event)).id);
      const list = webhookEventsResponseSchema.parse((await t.request({ method: 'GET', url: '/webhook-events?state=ignored&limit=100' })).json());
      expect(list.data.find((row) => row.id === event.id)).toMatchObject({ type: 'transfer.created', state: 'ignored', attempts: 1 });
      expect(list.data.every((row) => row.state === 'ignored')).toBe(true);

      const replay = await t.request({ method: 'POST', url: `/webhook-events/${event.id}/replay` });
      expect(replay.statusCode, replay.body).toBe(200);
      expect(replay.json()).toMatchObject({ message: WEBHOOK_MESSAGES.replayed, data: { id: event.id, state: 'ignored', attempts: 2 } });
      expect(await auditActionsOf(t.database.db, event.id)).toEqual(['webhook.replay']);
    });

    it('answers 400 for a bad state or event id, 404 for an unknown event, 403 for support', async () => {
      const badState = await t.request({ method: 'GET', url: '/webhook-events?state=done' });
      expect(badState.statusCode).toBe(400);
      expect(badState.body).toContain(WEBHOOK_MESSAGES.stateInvalid);
      expect((await t.request({ method: 'POST', url: '/webhook-events/not-an-event/replay' })).statusCode).toBe(400);
      expect((await t.request({ method: 'POST', url: '/webhook-events/evt_unknown/replay' })).statusCode).toBe(404);
      const support = await signInAs(t, ['support']);
      expect((await t.request({ method: 'GET', url: '/webhook-events', token: support.token })).statusCode).toBe(403);
    });
  });

  describe("finance's hold on an owner's payouts", () => {
    it('refuses Transfer and manual payment with the reason while held, audits hold and release, and 409s a second release', async () => {
      const owner = await createStripeOwner(t.database.db);
      const booking = await createUteBooking(t.database.db, { ownerId: owner.id, amount: 30 });
      const hold = await t.request({ method: 'PUT', url: `/owner-payout-hold/${owner.id}`, payload: { reason: 'ABN check pending' } });
      expect(hold.statusCode, hold.body).toBe(200);
      expect(hold.json().message).toBe(PAYOUT_MESSAGES.holdSet);
      expect(await blockedReasonOf(booking.id)).toBe(`${PAYOUT_MESSAGES.onHoldPrefix}ABN check pending`);

      const transfer = await t.request({ method: 'POST', url: `/transfer-amount/${owner.id}/${booking.id}` });
      expect(transfer.statusCode).toBe(409);
      expect(transfer.json().message).toBe(`${PAYOUT_MESSAGES.onHoldPrefix}ABN check pending`);
      expect((await t.request({ method: 'PUT', url: `/transfer-manual-payment/${booking.id}`, payload: { kind: 'ute' } })).statusCode).toBe(409);
      expect(ownerLedgerResponseSchema.parse((await t.request({ method: 'GET', url: `/owner-ledger/${owner.id}` })).json()).payoutStatus).toMatchObject({
        holdReason: 'ABN check pending',
        heldBy: 'admin@test.local',
      });

      expect((await t.request({ method: 'PUT', url: `/owner-payout-release/${owner.id}` })).json().message).toBe(PAYOUT_MESSAGES.holdReleased);
      expect(await blockedReasonOf(booking.id)).toBeNull();
      expect((await t.request({ method: 'PUT', url: `/owner-payout-release/${owner.id}` })).statusCode).toBe(409);
      expect((await t.request({ method: 'POST', url: `/transfer-amount/${owner.id}/${booking.id}` })).statusCode).toBe(200);
      expect(await auditActionsOf(t.database.db, owner.id)).toEqual(['payout.hold', 'payout.release']);
    });

    it('refuses a hold or release on a page loaded before a colleague changed the hold, naming them (If-Match)', async () => {
      const owner = await createStripeOwner(t.database.db);
      const loaded = ownerLedgerResponseSchema.parse((await t.request({ method: 'GET', url: `/owner-ledger/${owner.id}` })).json()).payoutStatus;
      expect(loaded.version).toBe('0');
      const colleague = await signInAs(t, ['finance'], { twoFactor: true });
      const theirs = await t.request({
        method: 'PUT',
        url: `/owner-payout-hold/${owner.id}`,
        payload: { reason: 'ABN check pending' },
        token: colleague.token,
        headers: { 'if-match': loaded.version },
      });
      expect(theirs.statusCode, theirs.body).toBe(200);
      const stale = await t.request({
        method: 'PUT',
        url: `/owner-payout-hold/${owner.id}`,
        payload: { reason: 'Bank details wrong' },
        headers: { 'if-match': loaded.version },
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().message).toMatch(/^Payout held by .+ at .+, after you opened it\. Reload to see the change\.$/);
      const held = ownerLedgerResponseSchema.parse((await t.request({ method: 'GET', url: `/owner-ledger/${owner.id}` })).json()).payoutStatus;
      expect(held).toMatchObject({ holdReason: 'ABN check pending' });
      expect(held.version).not.toBe('0');
      // A Stripe event about the owner's account rewrites the row, not the hold: the version stays.
      await t.database.db.update(ownerPayoutStatus).set({ payoutsEnabled: true }).where(eq(ownerPayoutStatus.ownerId, owner.id));
      const released = await t.request({ method: 'PUT', url: `/owner-payout-release/${owner.id}`, headers: { 'if-match': held.version } });
      expect(released.statusCode, released.body).toBe(200);
      const staleRelease = await t.request({
        method: 'PUT',
        url: `/owner-payout-release/${owner.id}`,
        token: colleague.token,
        headers: { 'if-match': held.version },
      });
      expect(staleRelease.statusCode).toBe(409);
      expect(staleRelease.json().message).toMatch(/^Payout released by /);
    });

    it('answers 400 without a reason, 404 for an unknown owner, 403 for a moderator', async () => {
      const owner = await createStripeOwner(t.database.db);
      const empty = await t.request({ method: 'PUT', url: `/owner-payout-hold/${owner.id}`, payload: { reason: '  ' } });
      expect(empty.statusCode).toBe(400);
      expect(empty.body).toContain(PAYOUT_MESSAGES.holdReasonRequired);
      expect((await t.request({ method: 'PUT', url: `/owner-payout-hold/${randomUUID()}`, payload: { reason: 'x' } })).statusCode).toBe(404);
      const moderator = await signInAs(t, ['moderator']);
      expect((await t.request({ method: 'PUT', url: `/owner-payout-hold/${owner.id}`, token: moderator.token, payload: { reason: 'x' } })).statusCode).toBe(
        403,
      );
    });
  });
});

describe('Stripe webhooks without a signing secret', () => {
  it('answers 503 and stores nothing', async () => {
    const t = await createTestApp();
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/webhooks/stripe',
        payload: '{}',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json().message).toBe(WEBHOOK_MESSAGES.notConfigured);
      expect(await t.database.db.$count(stripeEvents)).toBe(0);
    } finally {
      await t.close();
    }
  });
});

describe('Stripe webhooks in a burst', () => {
  it('are worked one after another without waiting a poll between them: the worker is woken by the delivery and asks again after each job', async () => {
    // A poll far longer than the wait below: any event left to the next poll fails the test.
    const t = await createTestApp({ env: { STRIPE_WEBHOOK_SECRET: SECRET, JOB_POLL_SECONDS: '60' } });
    try {
      await t.app.ready();
      const events = Array.from({ length: 12 }, () => stripeEvent('charge.succeeded', { id: 'ch_burst', object: 'charge' }));
      const answers = await Promise.all(events.map((event) => deliverTo(t, event)));
      expect(answers.map((answer) => answer.statusCode)).toEqual(events.map(() => 200));
      const deadline = Date.now() + 20_000;
      let states: string[] = [];
      while (Date.now() < deadline) {
        states = (await t.database.db.select({ state: stripeEvents.state }).from(stripeEvents)).map((row) => row.state);
        if (states.length === events.length && states.every((state) => state === 'ignored')) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(states).toEqual(events.map(() => 'ignored'));
    } finally {
      await t.close();
    }
  }, 60_000);
});
