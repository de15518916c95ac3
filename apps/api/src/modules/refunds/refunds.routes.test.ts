import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerOwesMessage, REFUND_MESSAGES, refundExceedsMessage, type Refund, type RefundSummary } from '@ute/contract';
import type { Db } from '../../db/database';
import { jobBookings, uteBookings } from '../../db/tables/bookings.table';
import { ledgerJournals, ledgerLines, platformFees } from '../../db/tables/ledger.table';
import { mailOutbox } from '../../db/tables/mail.table';
import { refunds } from '../../db/tables/refunds.table';
import { createTestApp, signInAs, type TestApp } from '../../test/testApp';
import { createJobBooking, createPayment, createStripeOwner, createUser, createUteBooking, payoutsOf } from '../../test/factories';
import { createRefundsService } from './refunds.service';

/** The refund endpoints with the offline ledger provider (no STRIPE_SECRET_KEY): the rules, the journals, the races. */
describe('refunds api (offline ledger provider)', () => {
  let t: TestApp;
  let owner: { id: string; stripeAccountId: string };

  beforeAll(async () => {
    t = await createTestApp({ seeded: true, twoFactor: true });
    owner = await createStripeOwner(t.database.db);
    // A fee of 10% (GST inclusive) on both kinds, so every refund has fee and GST parts.
    await t.database.db.insert(platformFees).values([
      { bookingKind: 'ute', percentBps: 1_000, fixedCents: 0 },
      { bookingKind: 'job', percentBps: 1_000, fixedCents: 0 },
    ]);
  });
  afterAll(() => t.close());

  const db = () => t.database.db;

  /** A customer, their delivered Stripe-paid booking and its payment (the payment intent on both). */
  async function paidBooking(options: { amount?: number; kind?: 'ute' | 'job'; status?: string; isStripe?: boolean } = {}) {
    const amount = options.amount ?? 200;
    const customer = await createUser(db(), { firstName: 'Cara' });
    const isStripe = options.isStripe ?? true;
    const values = { ownerId: owner.id, amount, bookedBy: customer.id, status: options.status ?? 'delivered', ...(isStripe ? {} : { transactionId: null }) };
    const booking = options.kind === 'job' ? await createJobBooking(db(), values) : await createUteBooking(db(), values);
    const payment = await createPayment(db(), {
      isStripe,
      isJob: options.kind === 'job',
      status: isStripe ? 'succeeded' : 'inProgress',
      amountCents: Math.round(amount * 100),
      transactionId: isStripe ? booking.transactionId : 'BANK-REF-1',
      payerId: customer.id,
      paymentBy: 'Cara Customer',
    });
    const reference = 'uteBookingId' in booking ? booking.uteBookingId : booking.jobBookingId;
    return { customer, booking: { ...booking, reference }, payment };
  }

  const refund = (paymentId: string, body: Record<string, unknown>, token?: string) =>
    t.request({
      method: 'POST',
      url: `/payments/${paymentId}/refunds`,
      payload: { reason: 'service_not_provided', requestKey: randomUUID(), ...body },
      ...(token ? { token } : {}),
    });

  /** Each account's sum over the lines of one refund's journals (platform accounts, and the owner's). */
  async function refundLines(refundId: string): Promise<Record<string, number>> {
    const rows = await db()
      .select({ account: ledgerLines.account, total: sql<string>`sum(${ledgerLines.amountCents})` })
      .from(ledgerLines)
      .innerJoin(ledgerJournals, eq(ledgerJournals.id, ledgerLines.journalId))
      .where(eq(ledgerJournals.refundId, refundId))
      .groupBy(ledgerLines.account);
    return Object.fromEntries(rows.map((row) => [row.account, Number(row.total)]));
  }

  async function refundsOf(paymentId: string) {
    return db().select().from(refunds).where(eq(refunds.paymentId, paymentId)).orderBy(asc(refunds.createdAt));
  }

  const summaryOf = async (paymentId: string): Promise<RefundSummary> =>
    (await t.request({ method: 'GET', url: `/payments/${paymentId}/refund-summary` })).json<{ data: RefundSummary }>().data;

  describe('POST /api/admin/payments/:id/refunds', () => {
    it('refunds part of a Stripe payment whose owner is not paid yet: fee and GST in proportion, the owner owed less', async () => {
      const { payment, booking } = await paidBooking({ amount: 200 });
      const response = await refund(payment.id, { amountCents: 5_000, note: 'Late by a day' });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<{ message: string; data: Refund }>();
      expect(body.message).toBe(REFUND_MESSAGES.ledgerRefunded);
      // Gross 200.00, fee 20.00 with GST 1.82: a quarter of each (GST 0.455 rounds half up).
      expect(body.data).toMatchObject({
        amountCents: 5_000,
        status: 'succeeded',
        method: 'ledger',
        source: 'admin',
        recovery: 'not_paid_yet',
        feeCents: 500,
        gstCents: 46,
        ownerCents: 4_500,
        bookingReference: booking.reference,
        note: 'Late by a day',
      });
      expect(await refundLines(body.data.id)).toEqual({
        platform_cash: -5_000,
        fee_revenue: 454,
        gst_payable: 46,
        owner_payable: 4_500,
      });
      // The owner's payout of the booking is its net less their share of the refund.
      const paid = await t.request({ method: 'PUT', url: `/transfer-manual-payment/${booking.id}`, payload: { kind: 'ute' } });
      expect(paid.statusCode, paid.body).toBe(200);
      expect((await payoutsOf(db(), booking.id))[0].amountCents).toBe(18_000 - 4_500);
      const [mail] = await db()
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.subject, `Your refund for booking ${booking.reference}`));
      expect(mail.body).toContain('A$50.00');
    });

    it('adds up several partial refunds to exactly the fee and GST once the whole gross is refunded', async () => {
      const { payment } = await paidBooking({ amount: 100.01 });
      const amounts = [3_333, 3_333, 3_335];
      for (const amountCents of amounts) expect((await refund(payment.id, { amountCents })).statusCode).toBe(200);
      const rows = await refundsOf(payment.id);
      // Fee 10.00 (GST 0.91) on 100.01.
      expect(rows.reduce((sum, row) => sum + row.feeCents!, 0)).toBe(1_000);
      expect(rows.reduce((sum, row) => sum + row.gstCents!, 0)).toBe(91);
      expect(rows.reduce((sum, row) => sum + row.ownerCents!, 0)).toBe(9_001);
      expect((await refund(payment.id, { amountCents: 1 })).json()).toEqual({ message: REFUND_MESSAGES.fullyRefunded });
    });

    it('refuses a refund beyond what is left with 409 and the amount left', async () => {
      const { payment } = await paidBooking({ amount: 80 });
      expect((await refund(payment.id, { amountCents: 6_000 })).statusCode).toBe(200);
      const response = await refund(payment.id, { amountCents: 2_001 });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: refundExceedsMessage(2_000) });
      expect((await summaryOf(payment.id)).remainingCents).toBe(2_000);
    });

    it('answers a repeat of the same request (its key) with the same refund, and a reused key with other details with 409', async () => {
      const { payment } = await paidBooking();
      const requestKey = randomUUID();
      const first = await refund(payment.id, { amountCents: 1_000, requestKey });
      const again = await refund(payment.id, { amountCents: 1_000, requestKey });
      expect(again.statusCode).toBe(200);
      expect(again.json<{ data: Refund }>().data.id).toBe(first.json<{ data: Refund }>().data.id);
      expect(await refundsOf(payment.id)).toHaveLength(1);
      const other = await refund(payment.id, { amountCents: 2_000, requestKey });
      expect(other.statusCode).toBe(409);
      expect(other.json()).toEqual({ message: REFUND_MESSAGES.requestKeyReused });
    });

    it('makes one refund of 10 parallel identical clicks', async () => {
      const { payment } = await paidBooking();
      const requestKey = randomUUID();
      const responses = await Promise.all(Array.from({ length: 10 }, () => refund(payment.id, { amountCents: 7_000, requestKey })));
      for (const response of responses) {
        expect([200, 409], response.body).toContain(response.statusCode);
        if (response.statusCode === 409) expect(response.json()).toEqual({ message: REFUND_MESSAGES.inProgress });
      }
      expect(responses.some((response) => response.statusCode === 200)).toBe(true);
      const rows = await refundsOf(payment.id);
      expect(rows).toHaveLength(1);
      expect(await db().$count(ledgerJournals, eq(ledgerJournals.refundId, rows[0].id))).toBe(1);
    });

    it('refuses exactly one of two parallel refunds that together exceed the payment', async () => {
      const { payment } = await paidBooking({ amount: 100 });
      const responses = await Promise.all([refund(payment.id, { amountCents: 6_000 }), refund(payment.id, { amountCents: 5_000 })]);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
      const refused = responses.find((response) => response.statusCode === 409)!;
      expect([refundExceedsMessage(4_000), refundExceedsMessage(5_000)]).toContain(refused.json().message);
      expect(await refundsOf(payment.id)).toHaveLength(1);
    });

    it('records a manual payment refund with its bank reference, and mails the customer', async () => {
      const { payment, booking, customer } = await paidBooking({ amount: 150, isStripe: false });
      const response = await refund(payment.id, { amountCents: 15_000, bankReference: 'NAB-REFUND-991', reason: 'duplicate' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<{ message: string; data: Refund }>()).toMatchObject({
        message: REFUND_MESSAGES.manualRecorded,
        data: { method: 'manual', bankReference: 'NAB-REFUND-991', status: 'succeeded', bookingId: booking.id, recovery: 'not_paid_yet' },
      });
      const [mail] = await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, customer.email));
      expect(mail.subject).toBe(`Your refund for booking ${booking.reference}`);
      expect(mail.body).toContain('bank transfer (reference NAB-REFUND-991)');
      expect(mail.body).toContain('Duplicate payment');
    });

    it('asks for a recovery once the owner was paid, and charges the owner balance, offset against their next payout', async () => {
      const { payment, booking } = await paidBooking({ amount: 100 });
      expect((await t.request({ method: 'PUT', url: `/transfer-manual-payment/${booking.id}`, payload: { kind: 'ute' } })).statusCode).toBe(200);
      const missing = await refund(payment.id, { amountCents: 2_000 });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({ message: REFUND_MESSAGES.recoveryRequired });
      const reverse = await refund(payment.id, { amountCents: 2_000, recovery: 'reverse_transfer' });
      expect(reverse.statusCode).toBe(409);
      expect(reverse.json()).toEqual({ message: REFUND_MESSAGES.notReversible });

      const charged = await refund(payment.id, { amountCents: 2_000, recovery: 'owner_balance' });
      expect(charged.statusCode, charged.body).toBe(200);
      const { data } = charged.json<{ data: Refund }>();
      expect(data).toMatchObject({ recovery: 'owner_balance', ownerCents: 1_800 });
      expect(await refundLines(data.id)).toEqual({ platform_cash: -2_000, fee_revenue: 182, gst_payable: 18, adjustments: 1_800 });

      // A new owner with only this debt and one booking: the next payout pays the net less the debt.
      const debtor = await createStripeOwner(db());
      const next = await createUteBooking(db(), { ownerId: debtor.id, amount: 50, transactionId: null });
      const debtBooking = await paidBookingOf(debtor.id, 30);
      expect((await t.request({ method: 'PUT', url: `/transfer-manual-payment/${debtBooking.booking.id}`, payload: { kind: 'ute' } })).statusCode).toBe(200);
      const debt = await refund(debtBooking.payment.id, { amountCents: 3_000, recovery: 'owner_balance', bankReference: 'B-1' });
      expect(debt.json<{ data: Refund }>().data.ownerCents).toBe(2_700);
      expect((await t.request({ method: 'PUT', url: `/transfer-manual-payment/${next.id}`, payload: { kind: 'ute' } })).statusCode).toBe(200);
      expect((await payoutsOf(db(), next.id))[0].amountCents).toBe(4_500 - 2_700);

      // Owing as much as a booking's net: 409, nothing paid.
      const small = await paidBookingOf(debtor.id, 10);
      expect((await t.request({ method: 'PUT', url: `/transfer-manual-payment/${small.booking.id}`, payload: { kind: 'ute' } })).statusCode).toBe(200);
      expect((await refund(small.payment.id, { amountCents: 1_000, recovery: 'owner_balance', bankReference: 'B-2' })).statusCode).toBe(200);
      const tiny = await createUteBooking(db(), { ownerId: debtor.id, amount: 5, transactionId: null });
      const refused = await t.request({ method: 'PUT', url: `/transfer-manual-payment/${tiny.id}`, payload: { kind: 'ute' } });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ message: ownerOwesMessage(450 - 900, 450) });
      expect(await payoutsOf(db(), tiny.id)).toHaveLength(0);
    });

    it('lets the platform absorb the owner share when the owner was paid', async () => {
      const { payment, booking } = await paidBooking({ amount: 60, kind: 'job' });
      expect((await t.request({ method: 'POST', url: `/transfer-amount/${owner.id}/${booking.id}` })).statusCode).toBe(200);
      const response = await refund(payment.id, { amountCents: 6_000, recovery: 'absorb', reason: 'requested_by_customer' });
      expect(response.statusCode, response.body).toBe(200);
      const { data } = response.json<{ data: Refund }>();
      expect(await refundLines(data.id)).toEqual({ platform_cash: -6_000, fee_revenue: 545, gst_payable: 55, platform_expense: 5_400 });
    });

    it('refunds a booking not delivered yet from customer funds, and its payable is then on what the customer kept', async () => {
      const { payment, booking } = await paidBooking({ amount: 120, status: 'accepted' });
      const response = await refund(payment.id, { amountCents: 2_000 });
      expect(response.statusCode, response.body).toBe(200);
      const { data } = response.json<{ data: Refund }>();
      expect(data).toMatchObject({ recovery: 'none', feeCents: 0, ownerCents: 0 });
      expect(await refundLines(data.id)).toEqual({ platform_cash: -2_000, customer_funds: 2_000 });
      await db().update(uteBookings).set({ status: 'delivered' }).where(eq(uteBookings.id, booking.id));
      const split = (await t.request({ method: 'GET', url: `/payout-split/ute/${booking.id}` })).json().data;
      expect(split).toEqual({ grossCents: 10_000, feeCents: 1_000, gstCents: 91, netCents: 9_000 });
      const after = await summaryOf(payment.id);
      expect(after).toMatchObject({ refundedCents: 2_000, remainingCents: 10_000, bookedRefundedCents: 0 });
    });

    it('withdraws what a refunded booking left when it is deleted before its payout: every account of it back to zero', async () => {
      const { payment, booking } = await paidBooking({ amount: 90, kind: 'job' });
      expect((await refund(payment.id, { amountCents: 3_000 })).statusCode).toBe(200);
      expect((await t.request({ method: 'PUT', url: `/delete-job-booking/${booking.id}` })).statusCode).toBe(200);
      const journalIds = sql`(select id from ledger_journals where booking_id = ${booking.id} union select j.id from ledger_journals j join refunds r on r.id = j.refund_id where r.booking_id = ${booking.id})`;
      const rows = await db()
        .select({ account: ledgerLines.account, total: sql<string>`sum(${ledgerLines.amountCents})` })
        .from(ledgerLines)
        .where(sql`${ledgerLines.journalId} in ${journalIds}`)
        .groupBy(ledgerLines.account);
      const totals = Object.fromEntries(rows.map((row) => [row.account, Number(row.total)]));
      expect(totals).toMatchObject({ owner_payable: 0, fee_revenue: 0, gst_payable: 0, customer_funds: 3_000, platform_cash: -3_000 });
      expect(await db().$count(jobBookings, and(eq(jobBookings.id, booking.id), sql`${jobBookings.deletedAt} is not null`))).toBe(1);
    });

    it('answers 400 for a bad amount, reason, note, key or recovery, and for the bank reference of the wrong kind of payment', async () => {
      const { payment } = await paidBooking();
      const cases: [Record<string, unknown>, string][] = [
        [{ amountCents: 0 }, REFUND_MESSAGES.amountInvalid],
        [{ amountCents: 10.5 }, REFUND_MESSAGES.amountInvalid],
        [{ amountCents: 100, reason: 'bored' }, REFUND_MESSAGES.reasonInvalid],
        [{ amountCents: 100, note: 'x'.repeat(501) }, REFUND_MESSAGES.noteInvalid],
        [{ amountCents: 100, requestKey: 'again' }, REFUND_MESSAGES.requestKeyInvalid],
        [{ amountCents: 100, recovery: 'hope' }, REFUND_MESSAGES.recoveryInvalid],
        [{ amountCents: 100, bankReference: 'NAB-1' }, REFUND_MESSAGES.bankReferenceStripe],
        [{ amountCents: 100, extra: true }, 'Unrecognized key: "extra"'],
      ];
      for (const [body, message] of cases) {
        const response = await refund(payment.id, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.json().message, JSON.stringify(body)).toBe(message);
      }
      const manual = await paidBooking({ isStripe: false });
      const noReference = await refund(manual.payment.id, { amountCents: 100 });
      expect(noReference.statusCode).toBe(400);
      expect(noReference.json()).toEqual({ message: REFUND_MESSAGES.bankReferenceRequired });
      expect(await refundsOf(payment.id)).toHaveLength(0);
    });

    it('answers 404 for an unknown payment and 409 for one that was not paid', async () => {
      const unknown = await refund(randomUUID(), { amountCents: 100 });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: 'Payment not found' });
      const pending = await createPayment(db(), { isStripe: true, status: 'pending', transactionId: 'pi_pending', amountCents: 5_000 });
      const refused = await refund(pending.id, { amountCents: 100 });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ message: REFUND_MESSAGES.notRefundable });
    });

    it('is a finance step-up: 403 for support and for finance without a recent second factor', async () => {
      const { payment } = await paidBooking();
      const support = await signInAs(t, ['support']);
      const bySupport = await refund(payment.id, { amountCents: 100 }, support.token);
      expect(bySupport.statusCode).toBe(403);
      expect(bySupport.json().reason).toBe('ROLE');
      const finance = await signInAs(t, ['finance']);
      const noFactor = await refund(payment.id, { amountCents: 100 }, finance.token);
      expect(noFactor.statusCode).toBe(403);
      expect(noFactor.json().reason).toBe('TWO_FACTOR_REQUIRED');
      const stepped = await signInAs(t, ['finance'], { twoFactor: true });
      expect((await refund(payment.id, { amountCents: 100 }, stepped.token)).statusCode).toBe(200);
    });
  });

  /** A delivered booking of `ownerId` for `amount` dollars paid by bank (manual payment accepted). */
  async function paidBookingOf(ownerId: string, amount: number) {
    const customer = await createUser(db());
    const booking = await createUteBooking(db(), { ownerId, amount, bookedBy: customer.id, transactionId: null });
    const payment = await createPayment(db(), {
      isStripe: false,
      status: 'inProgress',
      amountCents: Math.round(amount * 100),
      payerId: customer.id,
      transactionId: 'BANK-X',
    });
    return { booking, payment: { ...payment, id: payment.id } };
  }

  describe('GET /api/admin/payments/:id/refund-summary and /booking-refunds/:kind/:bookingId', () => {
    it("answers what is left to refund, the booking's split and whether its owner was paid", async () => {
      const { payment, booking } = await paidBooking({ amount: 40 });
      await refund(payment.id, { amountCents: 1_000 });
      const summary = await summaryOf(payment.id);
      expect(summary).toMatchObject({
        payment: { id: payment.id, amountCents: 4_000, isStripe: true },
        booking: { kind: 'ute', id: booking.id, reference: booking.reference, transferState: 'none', reversibleCents: 0, payoutMethod: null },
        split: { grossCents: 4_000, feeCents: 400, gstCents: 36 },
        bookedRefundedCents: 1_000,
        refundedCents: 1_000,
        remainingCents: 3_000,
        isOwnerPaid: false,
      });
      expect(summary.refunds).toHaveLength(1);
      const byBooking = await t.request({ method: 'GET', url: `/booking-refunds/ute/${booking.id}` });
      expect(byBooking.statusCode).toBe(200);
      expect(byBooking.json<{ data: RefundSummary }>().data.payment.id).toBe(payment.id);
    });

    it('finds a manual payment by the booker and the gross, and answers 404 and 400 otherwise', async () => {
      const { payment, booking } = await paidBooking({ amount: 33.3, isStripe: false, kind: 'job' });
      expect((await t.request({ method: 'GET', url: `/booking-refunds/job/${booking.id}` })).json().data.payment.id).toBe(payment.id);
      const lonely = await createJobBooking(db(), { ownerId: owner.id });
      const none = await t.request({ method: 'GET', url: `/booking-refunds/job/${lonely.id}` });
      expect(none.statusCode).toBe(404);
      expect(none.json()).toEqual({ message: REFUND_MESSAGES.noPayment });
      expect((await t.request({ method: 'GET', url: `/booking-refunds/job/${randomUUID()}` })).statusCode).toBe(404);
      expect((await t.request({ method: 'GET', url: `/booking-refunds/boat/${booking.id}` })).json().message).toBe(REFUND_MESSAGES.bookingKindInvalid);
      expect((await t.request({ method: 'GET', url: `/payments/${randomUUID()}/refund-summary` })).statusCode).toBe(404);
    });
  });

  describe('the optimistic check (If-Match, docs/design.md §14)', () => {
    it('refuses a refund from a dialog opened before a colleague refunded the payment, naming them: one refund, one journal', async () => {
      const { payment } = await paidBooking({ amount: 200 });
      const opened = await summaryOf(payment.id);
      expect(opened.payment.version).toMatch(/^\d+$/);
      const colleague = await signInAs(t, ['finance'], { twoFactor: true });
      const first = await t.request({
        method: 'POST',
        url: `/payments/${payment.id}/refunds`,
        payload: { reason: 'service_not_provided', requestKey: randomUUID(), amountCents: 5_000 },
        token: colleague.token,
        headers: { 'if-match': opened.payment.version },
      });
      expect(first.statusCode, first.body).toBe(200);
      const stale = await t.request({
        method: 'POST',
        url: `/payments/${payment.id}/refunds`,
        payload: { reason: 'service_not_provided', requestKey: randomUUID(), amountCents: 5_000 },
        headers: { 'if-match': opened.payment.version },
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json<{ message: string }>().message).toMatch(/^Refunded by .+ at .+, after you opened it\. Reload to see the change\.$/);
      expect(await refundsOf(payment.id)).toHaveLength(1);
      // The dialog reloaded: its new version lets the second refund through.
      const reopened = await summaryOf(payment.id);
      expect(reopened.payment.version).not.toBe(opened.payment.version);
      const second = await t.request({
        method: 'POST',
        url: `/payments/${payment.id}/refunds`,
        payload: { reason: 'service_not_provided', requestKey: randomUUID(), amountCents: 5_000 },
        headers: { 'if-match': reopened.payment.version },
      });
      expect(second.statusCode, second.body).toBe(200);
    });
  });

  describe('GET /api/admin/refunds and POST /api/admin/refunds/:id/recovery', () => {
    /** A refund made in Stripe's dashboard after the owner was paid, as its webhook records it. */
    async function dashboardRefund(amountCents: number) {
      const { payment, booking } = await paidBooking({ amount: 100 });
      expect((await t.request({ method: 'POST', url: `/transfer-amount/${owner.id}/${booking.id}` })).statusCode).toBe(200);
      const service = createRefundsService({ db: db(), refunds: t.app.ctx.refunds, mailer: t.app.ctx.mailer, log: t.app.log });
      const outcome = await service.applyStripeRefundEvent(
        'charge.refunded',
        {
          id: `ch_${randomUUID().slice(0, 8)}`,
          payment_intent: payment.transactionId,
          refunds: { data: [{ id: `re_${randomUUID().slice(0, 12)}`, amount: amountCents, status: 'succeeded', reason: 'duplicate', metadata: {} }] },
        },
        { adminId: null, requestId: 'test-webhook' },
      );
      expect(outcome.state).toBe('processed');
      const [row] = await refundsOf(payment.id);
      return { payment, booking, row };
    }

    it('lists refunds newest first, and those waiting for a recovery choice with their count', async () => {
      const { row } = await dashboardRefund(2_500);
      expect(row).toMatchObject({ source: 'stripe_dashboard', recovery: 'undecided', reason: 'duplicate', ownerCents: 2_250 });
      expect(await refundLines(row.id)).toEqual({ platform_cash: -2_500, fee_revenue: 227, gst_payable: 23, platform_expense: 2_250 });
      const undecided = await t.request({ method: 'GET', url: '/refunds?recovery=undecided' });
      expect(undecided.statusCode).toBe(200);
      const body = undecided.json<{ data: Refund[]; totalCount: number; undecidedCount: number }>();
      expect(body.data.every((item) => item.recovery === 'undecided')).toBe(true);
      expect(body.data[0].id).toBe(row.id);
      expect(body.undecidedCount).toBe(body.totalCount);
      const all = (await t.request({ method: 'GET', url: '/refunds?limit=100' })).json<{ totalCount: number }>();
      expect(all.totalCount).toBeGreaterThan(body.totalCount);
      expect((await t.request({ method: 'GET', url: '/refunds?recovery=all' })).json().message).toBe(REFUND_MESSAGES.filterInvalid);
    });

    it('writes the correcting journal for the chosen recovery, once', async () => {
      const { row } = await dashboardRefund(1_000);
      const choose = (recovery: string) => t.request({ method: 'POST', url: `/refunds/${row.id}/recovery`, payload: { recovery } });
      expect((await choose('later')).json().message).toBe(REFUND_MESSAGES.recoveryInvalid);
      const chosen = await choose('owner_balance');
      expect(chosen.statusCode, chosen.body).toBe(200);
      expect(chosen.json<{ message: string; data: Refund }>()).toMatchObject({
        message: REFUND_MESSAGES.recoveryRecorded,
        data: { recovery: 'owner_balance' },
      });
      expect(await refundLines(row.id)).toEqual({ platform_cash: -1_000, fee_revenue: 91, gst_payable: 9, platform_expense: 0, adjustments: 900 });
      const again = await choose('absorb');
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: REFUND_MESSAGES.recoveryAlreadyChosen });
      expect((await t.request({ method: 'POST', url: `/refunds/${randomUUID()}/recovery`, payload: { recovery: 'absorb' } })).statusCode).toBe(404);
    });

    it('refuses a recovery choice on a refund a colleague decided since it was listed, naming them (If-Match)', async () => {
      const { row } = await dashboardRefund(1_500);
      const listed = (await t.request({ method: 'GET', url: '/refunds?recovery=undecided&limit=100' }))
        .json<{ data: Refund[] }>()
        .data.find((item) => item.id === row.id)!;
      expect(listed.version).toMatch(/^\d+$/);
      const colleague = await signInAs(t, ['finance'], { twoFactor: true });
      const choose = (recovery: string, token?: string) =>
        t.request({
          method: 'POST',
          url: `/refunds/${row.id}/recovery`,
          payload: { recovery },
          headers: { 'if-match': listed.version },
          ...(token ? { token } : {}),
        });
      const theirs = await choose('absorb', colleague.token);
      expect(theirs.statusCode, theirs.body).toBe(200);
      const stale = await choose('owner_balance');
      expect(stale.statusCode).toBe(409);
      expect(stale.json<{ message: string }>().message).toMatch(/^Recovery chosen by .+ at .+, after you opened it\. Reload to see the change\.$/);
      // Absorbed, and nothing moved by the refused choice.
      expect(await refundLines(row.id)).toEqual({ platform_cash: -1_500, fee_revenue: 136, gst_payable: 14, platform_expense: 1_350 });
      const unknown = await t.request({
        method: 'POST',
        url: `/refunds/${randomUUID()}/recovery`,
        payload: { recovery: 'absorb' },
        headers: { 'if-match': '"1"' },
      });
      expect(unknown.statusCode).toBe(404);
    });

    it('reverses the offline transfer when chosen, and refuses a recovery for a refund that needs none', async () => {
      const { row } = await dashboardRefund(4_000);
      const chosen = await t.request({ method: 'POST', url: `/refunds/${row.id}/recovery`, payload: { recovery: 'reverse_transfer' } });
      expect(chosen.statusCode, chosen.body).toBe(200);
      expect(chosen.json<{ data: Refund }>().data).toMatchObject({
        recovery: 'reverse_transfer',
        reversalStatus: 'succeeded',
        transferReversalId: `ledger_refund-reversal-${row.id}`,
      });
      expect(await refundLines(row.id)).toMatchObject({ platform_expense: 0, owner_paid_out: 3_600 });
      const [payout] = await payoutsOf(db(), row.bookingId!);
      expect(payout.reversedCents).toBe(3_600);

      const { payment } = await paidBooking();
      const plain = (await refund(payment.id, { amountCents: 500 })).json<{ data: Refund }>().data;
      const refused = await t.request({ method: 'POST', url: `/refunds/${plain.id}/recovery`, payload: { recovery: 'absorb' } });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ message: REFUND_MESSAGES.recoveryNotUndecided });
    });

    it('shows refunds on the payment list, the booking list and the user page', async () => {
      const { payment, booking, customer } = await paidBooking({ amount: 70 });
      await refund(payment.id, { amountCents: 1_500 });
      const payments = (await t.request({ method: 'GET', url: `/payment-list?userId=${customer.id}` })).json();
      expect(payments.data[0]).toMatchObject({ _id: payment.id, refundedCents: 1_500 });
      const bookings = (await t.request({ method: 'GET', url: `/ute-booking-list?id=${booking.id}` })).json();
      expect(bookings.data[0]).toMatchObject({ _id: booking.id, refundedCents: 1_500 });
      const story = (await t.request({ method: 'GET', url: `/users/${customer.id}/story` })).json();
      const section = story.sections.find((item: { section: string }) => item.section === 'payments');
      expect(section.items[0].status).toBe('Partly refunded A$15.00');
      // The owner's ledger names the booking of the refund's journal (through the refund).
      const ledger = (await t.request({ method: 'GET', url: `/owner-ledger/${owner.id}?limit=5` })).json();
      expect(ledger.data[0]).toMatchObject({ kind: 'refund.issued', bookingKind: 'ute', bookingId: booking.id, owedChangeCents: -1_350 });
    });
  });

  it('refuses in the database refunds of one payment that add up to more than it, whoever writes them', async () => {
    const { payment } = await paidBooking({ amount: 10 });
    const insert = (amountCents: number) =>
      (db() as Db)
        .insert(refunds)
        .values({
          paymentId: payment.id,
          amountCents,
          reason: 'other',
          recovery: 'none',
          method: 'ledger',
          idempotencyKey: `direct-${randomUUID()}`,
        })
        .then(
          () => 'ok',
          (error: { cause?: { message?: string } }) => error.cause?.message ?? String(error),
        );
    const outcomes = await Promise.all([insert(600), insert(600)]);
    expect(outcomes.filter((outcome) => outcome === 'ok')).toHaveLength(1);
    expect(outcomes.find((outcome) => outcome !== 'ok')).toMatch(/add up to 1200 cents, more than its 1000 cents/);
  });
});
