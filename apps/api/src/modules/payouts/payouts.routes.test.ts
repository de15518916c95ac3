import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYOUT_MESSAGES } from '@ute/contract';
import { createTestApp, type TestApp } from '../../test/testApp';
import type { AppContext } from '../../appContext';
import { createPayoutsService, STALE_PAYOUT_MS } from './payouts.service';
import {
  auditActionsOf,
  createJobBooking,
  createStripeOwner,
  createUteBooking,
  payoutsOf,
  simulateCrashAfterClaim,
  transferStateOf,
} from '../../test/factories';

/** What server.ts does at start, on a test app's context. */
const reconcilePendingPayouts = ({ db, payouts, log }: AppContext) => createPayoutsService({ db, payouts, log }).reconcilePendingPayouts();

/** The payout endpoints with the offline ledger provider (no STRIPE_SECRET_KEY). */
describe('payouts api (offline ledger provider)', () => {
  let t: TestApp;
  let owner: { id: string; stripeAccountId: string };

  beforeAll(async () => {
    t = await createTestApp({ seeded: true, twoFactor: true });
    owner = await createStripeOwner(t.database.db);
  });
  afterAll(() => t.close());

  describe('POST /api/admin/transfer-amount/:uteOwnerId/:bookingId', () => {
    it('pays a delivered ute booking through the ledger once, with a payout row and audit rows', async () => {
      const booking = await createUteBooking(t.database.db, { ownerId: owner.id, amount: 199.99 });
      const response = await t.request({ method: 'POST', url: `/transfer-amount/${owner.id}/${booking.id}` });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: PAYOUT_MESSAGES.ledgerTransferred });
      expect(await transferStateOf(t.database.db, 'ute', booking.id)).toBe('transferred');
      const [payout, ...others] = await payoutsOf(t.database.db, booking.id);
      expect(others).toHaveLength(0);
      expect(payout).toMatchObject({
        bookingKind: 'ute',
        method: 'ledger',
        status: 'succeeded',
        amountCents: 19999,
        currency: 'aud',
        idempotencyKey: `payout-ute-${booking.id}`,
        providerTransferId: `ledger_payout-ute-${booking.id}`,
      });
      expect(payout.completedAt).not.toBeNull();
      expect(await auditActionsOf(t.database.db, booking.id)).toEqual(['payout.start', 'payout.succeed']);

      const list = (await t.request({ method: 'GET', url: '/ute-booking-list?limit=100' })).json();
      expect(list.data.find((b: { _id: string }) => b._id === booking.id)).toMatchObject({ isTransfered: true, isTransferring: false });
    });

    it('pays a job booking found by the same call', async () => {
      const booking = await createJobBooking(t.database.db, { ownerId: owner.id, amount: 80 });
      const response = await t.request({ method: 'POST', url: `/transfer-amount/${owner.id}/${booking.id}` });
      expect(response.statusCode).toBe(200);
      expect(await transferStateOf(t.database.db, 'job', booking.id)).toBe('transferred');
      expect((await payoutsOf(t.database.db, booking.id))[0]).toMatchObject({
        bookingKind: 'job',
        amountCents: 8000,
        idempotencyKey: `payout-job-${booking.id}`,
      });
    });

    it('answers 409 for a booking already transferred', async () => {
      const booking = await createUteBooking(t.database.db, { ownerId: owner.id });
      expect((await t.request({ method: 'POST', url: `/transfer-amount/${owner.id}/${booking.id}` })).statusCode).toBe(200);
      const again = await t.request({ method: 'POST', url: `/transfer-amount/${owner.id}/${booking.id}` });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: PAYOUT_MESSAGES.alreadyTransferred });
      expect(await payoutsOf(t.database.db, booking.id)).toHaveLength(1);
    });

    it('answers 409 for a booking that is not delivered', async () => {
      const booking = await createUteBooking(t.database.db, { ownerId: owner.id, status: 'dispatched' });
      const response = await t.request({ method: 'POST', url: `/transfer-amount/${owner.id}/${booking.id}` });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: PAYOUT_MESSAGES.notDelivered });
      expect(await transferStateOf(t.database.db, 'ute', booking.id)).toBe('none');
      expect(await payoutsOf(t.database.db, booking.id)).toHaveLength(0);
    });

    it('answers 409 for a booking being transferred right now', async () => {
      const booking = await createUteBooking(t.database.db, { ownerId: owner.id });
      await simulateCrashAfterClaim(t.database.db, {
        kind: 'ute',
        id: booking.id,
        ownerId: owner.id,
        amountCents: 12345,
        method: 'ledger',
        idempotencyKey: `payout-ute-${booking.id}`,
      });
      const response = await t.request({ method: 'POST', url: `/transfer-amount/${owner.id}/${booking.id}` });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: PAYOUT_MESSAGES.beingTransferred });
    });

    it('settles a stale payout (outcome never recorded) when the transfer is asked for again', async () => {
      const booking = await createUteBooking(t.database.db, { ownerId: owner.id });
      await simulateCrashAfterClaim(t.database.db, {
        kind: 'ute',
        id: booking.id,
        ownerId: owner.id,
        amountCents: 12345,
        method: 'ledger',
        idempotencyKey: `payout-ute-${booking.id}`,
        createdAt: new Date(Date.now() - STALE_PAYOUT_MS - 1000),
      });
      const response = await t.request({ method: 'POST', url: `/transfer-amount/${owner.id}/${booking.id}` });
      expect(response.statusCode).toBe(200);
      expect(await transferStateOf(t.database.db, 'ute', booking.id)).toBe('transferred');
      const rows = await payoutsOf(t.database.db, booking.id);
      expect(rows).toHaveLength(1);
      expect(rows[0].status).toBe('succeeded');
      expect(await auditActionsOf(t.database.db, booking.id)).toEqual(['payout.reconcile']);
    });

    it('gives exactly one success to 20 concurrent requests for one booking', async () => {
      const booking = await createUteBooking(t.database.db, { ownerId: owner.id });
      const responses = await Promise.all(Array.from({ length: 20 }, () => t.request({ method: 'POST', url: `/transfer-amount/${owner.id}/${booking.id}` })));
      const codes = responses.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(19);
      for (const r of responses.filter((r) => r.statusCode === 409)) {
        expect([PAYOUT_MESSAGES.alreadyTransferred, PAYOUT_MESSAGES.beingTransferred]).toContain(r.json().message);
      }
      expect(await payoutsOf(t.database.db, booking.id)).toHaveLength(1);
    });

    it('rejects an owner id that is not the booking owner with 400', async () => {
      const booking = await createUteBooking(t.database.db, { ownerId: owner.id });
      const response = await t.request({ method: 'POST', url: `/transfer-amount/${randomUUID()}/${booking.id}` });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: PAYOUT_MESSAGES.notOwner });
      expect(await transferStateOf(t.database.db, 'ute', booking.id)).toBe('none');
    });

    it('answers 404 for an unknown booking', async () => {
      const response = await t.request({ method: 'POST', url: `/transfer-amount/${owner.id}/${randomUUID()}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Booking not found' });
    });

    it('rejects a malformed booking id with 400', async () => {
      const response = await t.request({ method: 'POST', url: `/transfer-amount/${owner.id}/not-a-uuid` });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('bookingId must be a valid id');
    });
  });

  describe('PUT /api/admin/transfer-manual-payment/:bookingId', () => {
    it('records a manual payout once, with one audit row', async () => {
      const booking = await createUteBooking(t.database.db, { ownerId: owner.id, transactionId: null, amount: 300 });
      const response = await t.request({ method: 'PUT', url: `/transfer-manual-payment/${booking.id}`, payload: { kind: 'ute' } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: PAYOUT_MESSAGES.manualTransferred });
      expect(await transferStateOf(t.database.db, 'ute', booking.id)).toBe('transferred');
      const payouts = await payoutsOf(t.database.db, booking.id);
      expect(payouts).toHaveLength(1);
      expect(payouts[0]).toMatchObject({ method: 'manual', status: 'succeeded', amountCents: 30000, providerTransferId: null });
      expect(await auditActionsOf(t.database.db, booking.id)).toEqual(['payout.manual']);
    });

    it('works without a body and for job bookings', async () => {
      const booking = await createJobBooking(t.database.db, { ownerId: owner.id, transactionId: null });
      const response = await t.request({ method: 'PUT', url: `/transfer-manual-payment/${booking.id}` });
      expect(response.statusCode).toBe(200);
      expect(await transferStateOf(t.database.db, 'job', booking.id)).toBe('transferred');
    });

    it('answers 409 for a second manual payout and for a booking not delivered', async () => {
      const booking = await createUteBooking(t.database.db, { ownerId: owner.id, transactionId: null });
      expect((await t.request({ method: 'PUT', url: `/transfer-manual-payment/${booking.id}` })).statusCode).toBe(200);
      const again = await t.request({ method: 'PUT', url: `/transfer-manual-payment/${booking.id}` });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: PAYOUT_MESSAGES.alreadyTransferred });

      const pending = await createUteBooking(t.database.db, { ownerId: owner.id, transactionId: null, status: 'pending' });
      const notDelivered = await t.request({ method: 'PUT', url: `/transfer-manual-payment/${pending.id}` });
      expect(notDelivered.statusCode).toBe(409);
      expect(notDelivered.json()).toEqual({ message: PAYOUT_MESSAGES.notDelivered });
    });

    it('gives exactly one success to 10 concurrent manual payouts', async () => {
      const booking = await createJobBooking(t.database.db, { ownerId: owner.id, transactionId: null });
      const responses = await Promise.all(Array.from({ length: 10 }, () => t.request({ method: 'PUT', url: `/transfer-manual-payment/${booking.id}` })));
      expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
      expect(responses.filter((r) => r.statusCode === 409)).toHaveLength(9);
      expect(await payoutsOf(t.database.db, booking.id)).toHaveLength(1);
    });

    it('answers 404 for an unknown booking and for the wrong kind', async () => {
      expect((await t.request({ method: 'PUT', url: `/transfer-manual-payment/${randomUUID()}` })).statusCode).toBe(404);
      const booking = await createUteBooking(t.database.db, { ownerId: owner.id, transactionId: null });
      const wrongKind = await t.request({ method: 'PUT', url: `/transfer-manual-payment/${booking.id}`, payload: { kind: 'job' } });
      expect(wrongKind.statusCode).toBe(404);
      expect(wrongKind.json()).toEqual({ message: 'Booking not found' });
    });

    it('rejects a bad kind and a malformed id with 400', async () => {
      const booking = await createUteBooking(t.database.db, { ownerId: owner.id, transactionId: null });
      const badKind = await t.request({ method: 'PUT', url: `/transfer-manual-payment/${booking.id}`, payload: { kind: 'car' } });
      expect(badKind.statusCode).toBe(400);
      expect(badKind.json().message).toBe('kind must be ute or job');
      const badId = await t.request({ method: 'PUT', url: '/transfer-manual-payment/123' });
      expect(badId.statusCode).toBe(400);
      expect(badId.json().message).toBe('bookingId must be a valid id');
    });
  });

  describe('reconcilePendingPayouts with the ledger provider', () => {
    it('records a ledger payout left pending by a crash', async () => {
      const booking = await createJobBooking(t.database.db, { ownerId: owner.id });
      await simulateCrashAfterClaim(t.database.db, {
        kind: 'job',
        id: booking.id,
        ownerId: owner.id,
        amountCents: 25000,
        method: 'ledger',
        idempotencyKey: `payout-job-${booking.id}`,
      });
      expect(await reconcilePendingPayouts(t.app.ctx)).toBeGreaterThanOrEqual(1);
      expect(await transferStateOf(t.database.db, 'job', booking.id)).toBe('transferred');
      expect((await payoutsOf(t.database.db, booking.id))[0]).toMatchObject({ status: 'succeeded', providerTransferId: `ledger_payout-job-${booking.id}` });
      expect(await auditActionsOf(t.database.db, booking.id)).toEqual(['payout.reconcile']);
    });

    it('leaves a pending Stripe payout alone when Stripe is not configured', async () => {
      const booking = await createJobBooking(t.database.db, { ownerId: owner.id });
      await simulateCrashAfterClaim(t.database.db, {
        kind: 'job',
        id: booking.id,
        ownerId: owner.id,
        amountCents: 25000,
        method: 'stripe',
        idempotencyKey: `payout-job-${booking.id}`,
      });
      await reconcilePendingPayouts(t.app.ctx);
      expect(await transferStateOf(t.database.db, 'job', booking.id)).toBe('transferring');
      expect((await payoutsOf(t.database.db, booking.id))[0].status).toBe('pending');
    });
  });
});
