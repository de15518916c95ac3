import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { RECONCILIATION_MESSAGES, reconciliationRunResponseSchema, reconciliationRunsResponseSchema, runReconciliationResponseSchema } from '@ute/contract';
import { auditLog } from '../../db/tables/audit.table';
import { payouts } from '../../db/tables/payouts.table';
import { createOwnerBankAccount, createPayment, createStripeOwner, createUser, createUteBooking } from '../../test/factories';
import { startStripeTestServer, type StripeTestServer } from '../../test/stripeTestServer';
import { createTestApp, signInAs, type TestApp } from '../../test/testApp';
import { findDiscrepancies, findUnreceiptedManualPayouts } from './reconciliation.service';
import type { AcceptedReceipt, ManualPayout } from './reconciliation.repository';

const period = { from: new Date('2026-11-01T00:00:00Z'), to: new Date('2026-11-03T00:00:00Z') };
const inside = new Date('2026-11-02T00:00:00Z');
const before = new Date('2026-10-31T23:30:00Z');

describe('findDiscrepancies', () => {
  const payout = (overrides: Partial<Parameters<typeof findDiscrepancies>[0][number]> = {}) => ({
    payoutId: randomUUID(),
    transferId: 'tr_1',
    transferGroup: 'payout-ute-1',
    amountCents: 1_000,
    reversedCents: 0,
    destination: 'acct_1',
    createdAt: inside,
    ...overrides,
  });
  const transfer = (overrides: Partial<Parameters<typeof findDiscrepancies>[1][number]> = {}) => ({
    id: 'tr_1',
    amountCents: 1_000,
    amountReversedCents: 0,
    destinationAccountId: 'acct_1',
    transferGroup: 'payout-ute-1',
    createdAt: inside,
    ...overrides,
  });

  it('finds nothing when both sides agree, matching by transfer id or, before the id was recorded, by transfer group', () => {
    expect(findDiscrepancies([payout()], [transfer()], period)).toEqual([]);
    expect(findDiscrepancies([payout({ transferId: null })], [transfer()], period)).toEqual([]);
  });

  it('reports each kind of difference', () => {
    const kinds = (ledger: ReturnType<typeof payout>[], stripe: ReturnType<typeof transfer>[]) =>
      findDiscrepancies(ledger, stripe, period).map((found) => found.kind);
    expect(kinds([payout()], [])).toEqual(['missing_in_stripe']);
    expect(kinds([], [transfer()])).toEqual(['missing_in_ledger']);
    expect(kinds([payout()], [transfer({ amountCents: 999 })])).toEqual(['amount']);
    expect(kinds([payout()], [transfer({ destinationAccountId: 'acct_2' })])).toEqual(['destination']);
    expect(kinds([payout({ reversedCents: 100 })], [transfer({ amountReversedCents: 300 })])).toEqual(['reversed']);
  });

  it('does not report a transfer just across the period edge as missing (it belongs to the next or last run)', () => {
    expect(findDiscrepancies([payout({ createdAt: before })], [], period)).toEqual([]);
    expect(findDiscrepancies([], [transfer({ createdAt: before })], period)).toEqual([]);
  });
});

describe('findUnreceiptedManualPayouts', () => {
  const customer = randomUUID();
  const payout = (overrides: Partial<ManualPayout> = {}): ManualPayout => ({
    payoutId: randomUUID(),
    amountCents: 4_500,
    bookingKind: 'ute',
    bookingRef: 'UB-1',
    customerId: customer,
    grossCents: 5_000,
    createdAt: inside,
    ...overrides,
  });
  const receipt = (overrides: Partial<AcceptedReceipt> = {}): AcceptedReceipt => ({
    paymentId: randomUUID(),
    payerId: customer,
    isJob: false,
    amountCents: 5_000,
    ...overrides,
  });
  const unreceipted = (history: ManualPayout[], receipts: AcceptedReceipt[]) =>
    findUnreceiptedManualPayouts(history, receipts, period).map((found) => found.payoutId);

  it("matches a bank payout to its customer's accepted receipt of the booking's gross (the owner's net is less by the fee)", () => {
    expect(unreceipted([payout()], [receipt()])).toEqual([]);
  });

  it('reports a payout whose customer has no receipt of that amount, of that kind, or whose receipt an earlier payout took', () => {
    const lone = payout();
    expect(unreceipted([lone], [receipt({ amountCents: 4_999 })])).toEqual([lone.payoutId]);
    expect(unreceipted([lone], [receipt({ isJob: true })])).toEqual([lone.payoutId]);
    expect(unreceipted([lone], [receipt({ payerId: randomUUID() })])).toEqual([lone.payoutId]);
    const earlier = payout({ createdAt: before });
    const later = payout();
    expect(unreceipted([earlier, later], [receipt()])).toEqual([later.payoutId]);
    const noCustomer = payout({ customerId: null });
    expect(unreceipted([noCustomer], [receipt()])).toEqual([noCustomer.payoutId]);
    expect(findUnreceiptedManualPayouts([lone], [], period)[0]).toMatchObject({
      kind: 'manual_without_receipt',
      transferId: null,
      ledgerValue: '4500 cents paid by bank for UB-1',
      stripeValue: 'no accepted receipt of 5000 cents from the customer',
    });
  });

  it('reports only the payouts of the period: one before it took its receipt or was reported by an earlier run', () => {
    expect(unreceipted([payout({ createdAt: before })], [])).toEqual([]);
  });
});

describe('reconciliation against Stripe (real SDK, local Stripe)', () => {
  let stripe: StripeTestServer;
  let t: TestApp;

  beforeAll(async () => {
    stripe = await startStripeTestServer();
    t = await createTestApp({ seeded: true, twoFactor: true, env: { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_API_BASE: stripe.url } });
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  it('records a run with each discrepancy, shows it, and lets finance explain each once', async () => {
    const owner = await createStripeOwner(t.database.db);
    const paid = await createUteBooking(t.database.db, { ownerId: owner.id, amount: 40 });
    const reversedLater = await createUteBooking(t.database.db, { ownerId: owner.id, amount: 25 });
    for (const booking of [paid, reversedLater])
      expect((await t.request({ method: 'POST', url: `/transfer-amount/${owner.id}/${booking.id}` })).statusCode).toBe(200);
    // Stripe reverses $10 of the second without our hearing of it, and holds a transfer the ledger never made.
    const sdk = new Stripe('sk_test_x', { host: '127.0.0.1', port: Number(new URL(stripe.url).port), protocol: 'http' });
    const second = stripe.transfers.find((transfer) => transfer.metadata.bookingId === reversedLater.id)!;
    await sdk.transfers.createReversal(second.id, { amount: 1_000 });
    const stranger = stripe.seedTransfer({ idempotencyKey: 'made-elsewhere', amount: 777, destination: 'acct_elsewhere' });

    const response = await t.request({ method: 'POST', url: '/reconcile-now' });
    expect(response.statusCode, response.body).toBe(200);
    const { message, data: run } = runReconciliationResponseSchema.parse(response.json());
    expect(message).toBe(RECONCILIATION_MESSAGES.ran);
    expect(run).toMatchObject({ status: 'done', transfersChecked: 3, discrepancyCount: 2, openCount: 2, startedBy: 'admin@test.local' });

    const detail = reconciliationRunResponseSchema.parse((await t.request({ method: 'GET', url: `/reconciliation-runs/${run.id}` })).json());
    expect(detail.discrepancies.map((found) => [found.kind, found.transferId])).toEqual([
      ['missing_in_ledger', stranger.id],
      ['reversed', second.id],
    ]);
    const list = reconciliationRunsResponseSchema.parse((await t.request({ method: 'GET', url: '/reconciliation-runs' })).json());
    expect(list.data[0]).toMatchObject({ id: run.id, openCount: 2 });

    const [first] = detail.discrepancies;
    const explain = await t.request({
      method: 'PUT',
      url: `/reconciliation-discrepancies/${first.id}/explain`,
      payload: { note: 'Test transfer made in the Stripe dashboard' },
    });
    expect(explain.statusCode, explain.body).toBe(200);
    expect(explain.json().message).toBe(RECONCILIATION_MESSAGES.explained);
    const again = await t.request({ method: 'PUT', url: `/reconciliation-discrepancies/${first.id}/explain`, payload: { note: 'again' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(RECONCILIATION_MESSAGES.alreadyExplained);
    const after = reconciliationRunResponseSchema.parse((await t.request({ method: 'GET', url: `/reconciliation-runs/${run.id}` })).json());
    expect(after.data.openCount).toBe(1);
    expect(after.discrepancies[0]).toMatchObject({ explainedBy: 'admin@test.local', explanation: 'Test transfer made in the Stripe dashboard' });
    const audits = await t.database.db.select({ action: auditLog.action }).from(auditLog);
    expect(audits.map((row) => row.action)).toEqual(expect.arrayContaining(['reconciliation.run', 'reconciliation.explain']));
  });

  it('answers 400 for an empty note or a bad id, 404 for an unknown run or discrepancy, 403 for support', async () => {
    const empty = await t.request({ method: 'PUT', url: `/reconciliation-discrepancies/${randomUUID()}/explain`, payload: { note: ' ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain(RECONCILIATION_MESSAGES.noteRequired);
    expect((await t.request({ method: 'PUT', url: `/reconciliation-discrepancies/${randomUUID()}/explain`, payload: { note: 'x' } })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/reconciliation-runs/${randomUUID()}` })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/reconciliation-runs/nope' })).statusCode).toBe(400);
    const support = await signInAs(t, ['support']);
    expect((await t.request({ method: 'POST', url: '/reconcile-now', token: support.token })).statusCode).toBe(403);
  });
});

describe('reconciliation with the offline ledger provider', () => {
  it('records a skipped run that says why', async () => {
    const t = await createTestApp({ twoFactor: true });
    try {
      const response = await t.request({ method: 'POST', url: '/reconcile-now' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data).toMatchObject({ status: 'skipped', discrepancyCount: 0, error: expect.stringContaining('offline ledger') });
    } finally {
      await t.close();
    }
  });

  it("compares bank payouts with the customers' accepted receipts even without Stripe, and records the payout without one", async () => {
    const t = await createTestApp({ twoFactor: true });
    try {
      const owner = await createUser(t.database.db);
      await createOwnerBankAccount(t.database.db, { ownerId: owner.id });
      const customer = await createUser(t.database.db);
      const receipted = await createUteBooking(t.database.db, { ownerId: owner.id, bookedBy: customer.id, amount: 50, transactionId: null });
      const unreceipted = await createUteBooking(t.database.db, { ownerId: owner.id, bookedBy: customer.id, amount: 60, transactionId: null });
      await createPayment(t.database.db, { payerId: customer.id, amountCents: 5_000, status: 'inProgress' });
      // A receipt not yet accepted does not count.
      await createPayment(t.database.db, { payerId: customer.id, amountCents: 6_000, status: 'pending' });
      for (const booking of [receipted, unreceipted]) {
        const paid = await t.request({ method: 'PUT', url: `/transfer-manual-payment/${booking.id}`, payload: { kind: 'ute' } });
        expect(paid.statusCode, paid.body).toBe(200);
      }
      // A payout of a bank file (modules/batches) is a bank payout too: this one has no receipt either.
      const batched = await createUteBooking(t.database.db, {
        ownerId: owner.id,
        bookedBy: customer.id,
        amount: 70,
        transactionId: null,
        transferState: 'transferred',
      });
      await t.database.db.insert(payouts).values({
        bookingKind: 'ute',
        bookingId: batched.id,
        ownerId: owner.id,
        amountCents: 7_000,
        method: 'aba',
        status: 'succeeded',
        idempotencyKey: `aba-test-${batched.id}`,
        completedAt: new Date(),
      });

      const response = await t.request({ method: 'POST', url: '/reconcile-now' });
      expect(response.statusCode, response.body).toBe(200);
      const run = runReconciliationResponseSchema.parse(response.json()).data;
      expect(run).toMatchObject({ status: 'skipped', manualPayoutsChecked: 3, discrepancyCount: 2, openCount: 2 });
      const detail = reconciliationRunResponseSchema.parse((await t.request({ method: 'GET', url: `/reconciliation-runs/${run.id}` })).json());
      expect(detail.discrepancies.map((discrepancy) => discrepancy.ledgerValue).sort()).toEqual(
        [`6000 cents paid by bank for ${unreceipted.uteBookingId}`, `7000 cents paid by bank for ${batched.uteBookingId}`].sort(),
      );
      expect(detail.discrepancies.find((discrepancy) => discrepancy.ledgerValue?.includes(unreceipted.uteBookingId))).toMatchObject({
        kind: 'manual_without_receipt',
        transferId: null,
        ledgerValue: `6000 cents paid by bank for ${unreceipted.uteBookingId}`,
        stripeValue: 'no accepted receipt of 6000 cents from the customer',
      });
    } finally {
      await t.close();
    }
  });
});
