import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PAYOUT_MESSAGES } from '@ute/contract';
import { createTestApp, type TestApp } from '../../test/testApp';
import { auditActionsOf, countRows, createJobBooking, createStripeOwner, createUser, createUteBookings } from '../../test/factories';

/** The endpoints of the bookings module with the offline ledger provider (no STRIPE_SECRET_KEY). */
describe('bookings api (offline ledger provider)', () => {
  let t: TestApp;
  let owner: { id: string; stripeAccountId: string };

  beforeAll(async () => {
    t = await createTestApp({ seeded: true, twoFactor: true });
    owner = await createStripeOwner(t.database.db);
  });
  afterAll(() => t.close());

  describe('GET /api/admin/ute-booking-list', () => {
    it('lists the Stripe tab by default, newest first, with the total and the active provider', async () => {
      const response = await t.request({ method: 'GET', url: '/ute-booking-list' });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      const expected = await countRows(
        t.database.db,
        sql`select count(*)::int as count from ute_bookings where deleted_at is null and transaction_id is not null`,
      );
      expect(body.totalCount).toBe(expected);
      expect(body.paginationData).toEqual({ page: 1, totalPages: Math.ceil(expected / 10) });
      expect(body.payoutProvider).toBe('ledger');
      expect(body.data).toHaveLength(10);
      for (const booking of body.data) expect(booking.transactionId).not.toBeNull();
      const times = body.data.map((b: { createdAt: string }) => Date.parse(b.createdAt));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      const first = body.data[0];
      expect(Object.keys(first).sort()).toEqual(
        [
          '_id',
          'actualAmount',
          'amount',
          'bookingBy',
          'createdAt',
          'dropAddress',
          'isTransfered',
          'isTransferring',
          'payoutBlockedReason',
          'pickupAddress',
          'requestAmount',
          'status',
          'transactionId',
          'uteBookingId',
          'uteBy',
          'uteName',
          // Its place in the awaiting-payout queue, null here (docs/design.md §15).
          'workItem',
          // What a payout on it sends as If-Match (docs/design.md §14).
          'version',
        ].sort(),
      );
    });

    it('lists the Manual tab (bookings without a transaction id) with addresses and the booker', async () => {
      // The five newest manual bookings, each with its booker.
      const booker = await createUser(t.database.db);
      await createUteBookings(
        t.database.db,
        Array.from({ length: 5 }, () => ({ ownerId: owner.id, bookedBy: booker.id, transactionId: null })),
      );
      const response = await t.request({ method: 'GET', url: '/ute-booking-list?payment=manual&page=1&limit=5' });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.data).toHaveLength(5);
      for (const booking of body.data) {
        expect(booking.transactionId).toBeNull();
        expect(booking.pickupAddress).toEqual({ street: expect.any(String), state: expect.any(String), postalCode: expect.any(String) });
        expect(booking.bookingBy).toEqual({ _id: expect.any(String), firstName: expect.any(String), lastName: expect.any(String) });
      }
    });

    it('pages without overlap', async () => {
      const first = (await t.request({ method: 'GET', url: '/ute-booking-list?page=1&limit=3' })).json();
      const second = (await t.request({ method: 'GET', url: '/ute-booking-list?page=2&limit=3' })).json();
      const ids = new Set(first.data.map((b: { _id: string }) => b._id));
      for (const booking of second.data) expect(ids.has(booking._id)).toBe(false);
      expect(second.paginationData.page).toBe(2);
    });

    it('rejects an unknown payment kind with 400 and a clear message', async () => {
      const response = await t.request({ method: 'GET', url: '/ute-booking-list?payment=cash' });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('payment must be stripe or manual');
    });

    it('rejects a page size above 100 with 400', async () => {
      const response = await t.request({ method: 'GET', url: '/ute-booking-list?limit=500' });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('limit must be at most 100');
    });
  });

  describe('GET /api/admin/job-booking-list', () => {
    it('lists job bookings of each tab with the ute owner', async () => {
      for (const payment of ['stripe', 'manual'] as const) {
        const response = await t.request({ method: 'GET', url: `/job-booking-list?payment=${payment}` });
        expect(response.statusCode).toBe(200);
        const body = response.json();
        const expected = await countRows(
          t.database.db,
          payment === 'stripe'
            ? sql`select count(*)::int as count from job_bookings where deleted_at is null and transaction_id is not null`
            : sql`select count(*)::int as count from job_bookings where deleted_at is null and transaction_id is null`,
        );
        expect(body.totalCount).toBe(expected);
        expect(body.payoutProvider).toBe('ledger');
        for (const booking of body.data) {
          expect(booking.transactionId === null).toBe(payment === 'manual');
          expect(booking.uteOwner).toEqual({ _id: booking.uteBy, firstName: expect.any(String), lastName: expect.any(String) });
          expect(typeof booking.jobTitle).toBe('string');
        }
      }
    });

    it('rejects a non-numeric page with 400', async () => {
      const response = await t.request({ method: 'GET', url: '/job-booking-list?page=abc' });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('page must be a number');
    });
  });

  describe('GET /api/admin/get-account-detail/:ownerId', () => {
    it("answers the owner's bank details", async () => {
      const response = await t.request({ method: 'GET', url: `/get-account-detail/${owner.id}` });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        data: {
          accountNumber: expect.stringMatching(/^\d+$/),
          bsbCode: expect.stringMatching(/^\d{3}-\d{3}$/),
          accountHolderName: expect.any(String),
          bankName: expect.any(String),
        },
      });
    });

    it('answers 404 for an unknown owner and for an owner without bank details', async () => {
      const unknown = await t.request({ method: 'GET', url: `/get-account-detail/${randomUUID()}` });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: 'Owner not found' });
      const withoutBank = await createUser(t.database.db);
      const none = await t.request({ method: 'GET', url: `/get-account-detail/${withoutBank.id}` });
      expect(none.statusCode).toBe(404);
      expect(none.json()).toEqual({ message: 'Bank account not found' });
    });

    it('rejects a malformed id with 400 and no token with 401', async () => {
      const bad = await t.request({ method: 'GET', url: '/get-account-detail/xyz' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('ownerId must be a valid id');
      expect((await t.request({ method: 'GET', url: `/get-account-detail/${owner.id}`, token: null })).statusCode).toBe(401);
    });
  });

  describe('PUT /api/admin/delete-job-booking/:id', () => {
    it('keeps the row with a deleted mark, hides it from the list and writes one audit row', async () => {
      const booking = await createJobBooking(t.database.db, { ownerId: owner.id });
      const before = (await t.request({ method: 'GET', url: '/job-booking-list' })).json();
      const response = await t.request({ method: 'PUT', url: `/delete-job-booking/${booking.id}` });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: PAYOUT_MESSAGES.jobBookingDeleted });
      const after = (await t.request({ method: 'GET', url: '/job-booking-list' })).json();
      expect(after.totalCount).toBe(before.totalCount - 1);
      expect(after.data.some((b: { _id: string }) => b._id === booking.id)).toBe(false);
      expect(await countRows(t.database.db, sql`select count(*)::int as count from job_bookings where id = ${booking.id} and deleted_at is not null`)).toBe(1);
      expect(await auditActionsOf(t.database.db, booking.id)).toEqual(['job-booking.delete']);
    });

    it('answers 404 for a second delete, for an unknown id, and a deleted booking cannot be paid', async () => {
      const booking = await createJobBooking(t.database.db, { ownerId: owner.id });
      expect((await t.request({ method: 'PUT', url: `/delete-job-booking/${booking.id}` })).statusCode).toBe(200);
      const again = await t.request({ method: 'PUT', url: `/delete-job-booking/${booking.id}` });
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ message: 'Job booking not found' });
      expect((await t.request({ method: 'PUT', url: `/delete-job-booking/${randomUUID()}` })).statusCode).toBe(404);
      expect((await t.request({ method: 'POST', url: `/transfer-amount/${owner.id}/${booking.id}` })).statusCode).toBe(404);
    });

    it('answers 409 while a payout for it is in flight', async () => {
      const booking = await createJobBooking(t.database.db, { ownerId: owner.id, transferState: 'transferring' });
      const response = await t.request({ method: 'PUT', url: `/delete-job-booking/${booking.id}` });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: PAYOUT_MESSAGES.deleteWhileTransferring });
    });

    it('rejects a malformed id with 400 and no token with 401', async () => {
      const bad = await t.request({ method: 'PUT', url: '/delete-job-booking/1' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('id must be a valid id');
      expect((await t.request({ method: 'PUT', url: `/delete-job-booking/${randomUUID()}`, token: null })).statusCode).toBe(401);
    });
  });
});
