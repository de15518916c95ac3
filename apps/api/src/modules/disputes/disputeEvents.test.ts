import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { disputes } from '../../db/tables/disputes.table';
import { ledgerJournals, ledgerLines } from '../../db/tables/ledger.table';
import { auditLog } from '../../db/tables/audit.table';
import { readCounters, COUNTERS } from '../../db/counters';
import { applyStripeEvent, createDisputedBooking, deliverStripeEvent, DISPUTE_WEBHOOK_SECRET } from '../../test/disputeHelpers';
import { startStripeTestServer, type StripeTestServer } from '../../test/stripeTestServer';
import { stripeDisputeEvent, type FakeDispute } from '../../test/stripeTestDisputes';
import { createTestApp, type TestApp } from '../../test/testApp';
import { DISPUTE_JOURNAL_KINDS } from './disputes.repository';

describe("Stripe's dispute events (charge.dispute.*)", () => {
  let t: TestApp;
  let stripe: StripeTestServer;
  const now = () => Math.floor(Date.now() / 1000);

  beforeAll(async () => {
    stripe = await startStripeTestServer();
    t = await createTestApp({
      env: { STRIPE_WEBHOOK_SECRET: DISPUTE_WEBHOOK_SECRET, STRIPE_SECRET_KEY: 'sk_test_disputes', STRIPE_API_BASE: stripe.url, JOB_POLL_SECONDS: '1' },
    });
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  const rowOf = async (stripeDisputeId: string) => (await t.database.db.select().from(disputes).where(eq(disputes.stripeDisputeId, stripeDisputeId)))[0];
  const countRows = (stripeDisputeId: string) => t.database.db.$count(disputes, eq(disputes.stripeDisputeId, stripeDisputeId));

  /** The dispute's journals, oldest first, each with its lines as account -> cents. */
  async function journalsOf(disputeId: string) {
    const rows = await t.database.db
      .select({
        id: ledgerJournals.id,
        kind: ledgerJournals.kind,
        account: ledgerLines.account,
        ownerId: ledgerLines.ownerId,
        amountCents: ledgerLines.amountCents,
      })
      .from(ledgerJournals)
      .innerJoin(ledgerLines, eq(ledgerLines.journalId, ledgerJournals.id))
      .where(and(eq(ledgerJournals.disputeId, disputeId), inArray(ledgerJournals.kind, [...DISPUTE_JOURNAL_KINDS])))
      .orderBy(ledgerJournals.createdAt, ledgerLines.id);
    const journals = new Map<string, { kind: string; lines: Record<string, number> }>();
    for (const row of rows) {
      const journal = journals.get(row.id) ?? { kind: row.kind, lines: {} };
      journal.lines[row.account] = row.amountCents;
      journals.set(row.id, journal);
    }
    return [...journals.values()];
  }

  const needingEvidence = async () => (await readCounters(t.database.db, [COUNTERS.disputesNeedingEvidence]))[COUNTERS.disputesNeedingEvidence];

  it('records charge.dispute.created once with its booking, customer, owner and due date, and journals the withdrawal once however often it comes', async () => {
    const disputed = await createDisputedBooking(t.database.db);
    const queueBefore = await needingEvidence();
    const dispute = stripe.disputes.createDispute({ amount: disputed.amountCents, paymentIntent: disputed.paymentIntentId, reason: 'product_not_received' });
    const created = stripeDisputeEvent('charge.dispute.created', dispute);
    expect((await deliverStripeEvent(t, created)).statusCode).toBe(200);
    expect(await applyStripeEvent(t, created)).toMatchObject({ state: 'processed', attempts: 1 });
    // The same dispute in another event (Stripe's retries carry the same id; this is a second event about it).
    expect(await applyStripeEvent(t, stripeDisputeEvent('charge.dispute.created', dispute))).toMatchObject({ state: 'processed' });

    expect(await countRows(dispute.id)).toBe(1);
    const row = await rowOf(dispute.id);
    expect(row).toMatchObject({
      chargeId: dispute.charge,
      paymentIntentId: disputed.paymentIntentId,
      paymentId: disputed.payment.id,
      bookingKind: 'ute',
      bookingId: disputed.booking.id,
      ownerId: disputed.owner.id,
      customerId: disputed.customer.id,
      amountCents: disputed.amountCents,
      currency: 'aud',
      reason: 'product_not_received',
      status: 'needs_response',
      evidenceSubmittedAt: null,
    });
    expect(row.evidenceDueBy?.getTime()).toBe(dispute.evidence_details.due_by! * 1000);
    expect(await journalsOf(row.id)).toEqual([
      { kind: 'dispute.funds-withdrawn', lines: { disputes_pending: disputed.amountCents, platform_cash: -disputed.amountCents } },
    ]);
    expect(await needingEvidence()).toBe(queueBefore! + 1);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'dispute'), eq(auditLog.targetId, row.id)));
    expect(audits.map((entry) => entry.action)).toEqual(['dispute.webhook']);
  });

  it('records an inquiry (warning_needs_response) without moving money, and journals the withdrawal when it becomes a chargeback', async () => {
    const disputed = await createDisputedBooking(t.database.db);
    const dispute = stripe.disputes.createDispute({
      amount: 5000,
      paymentIntent: disputed.paymentIntentId,
      status: 'warning_needs_response',
      created: now() - 100,
    });
    await applyStripeEvent(t, stripeDisputeEvent('charge.dispute.created', dispute, { created: now() - 100 }));
    const row = await rowOf(dispute.id);
    expect(row.status).toBe('warning_needs_response');
    expect(await journalsOf(row.id)).toEqual([]);

    dispute.status = 'needs_response';
    await applyStripeEvent(t, stripeDisputeEvent('charge.dispute.updated', dispute, { created: now() - 50 }));
    expect((await rowOf(dispute.id)).status).toBe('needs_response');
    expect(await journalsOf(row.id)).toEqual([{ kind: 'dispute.funds-withdrawn', lines: { disputes_pending: 5000, platform_cash: -5000 } }]);
  });

  it('moves the status and due date forwards with charge.dispute.updated, and an older updated changes nothing', async () => {
    const disputed = await createDisputedBooking(t.database.db);
    const dispute = stripe.disputes.createDispute({ amount: disputed.amountCents, paymentIntent: disputed.paymentIntentId });
    await applyStripeEvent(t, stripeDisputeEvent('charge.dispute.created', dispute, { created: now() - 300 }));
    const stale = stripeDisputeEvent(
      'charge.dispute.updated',
      { ...dispute, evidence_details: { ...dispute.evidence_details, due_by: now() + 60 } },
      { created: now() - 200 },
    );

    const later = { ...dispute, status: 'under_review', evidence_details: { ...dispute.evidence_details, due_by: now() + 99_999, submission_count: 1 } };
    await applyStripeEvent(t, stripeDisputeEvent('charge.dispute.updated', later, { created: now() - 100 }));
    let row = await rowOf(dispute.id);
    expect(row.status).toBe('under_review');
    expect(row.evidenceDueBy?.getTime()).toBe(later.evidence_details.due_by * 1000);
    // Evidence went in (submitted in Stripe's dashboard): recorded, by nobody of ours.
    expect(row.evidenceSubmittedAt).not.toBeNull();
    expect(row.evidenceSubmittedBy).toBeNull();

    // Delivered late: older than what is recorded, so nothing moves back.
    expect(await applyStripeEvent(t, stale)).toMatchObject({ state: 'processed', note: expect.stringContaining('changes nothing recorded') });
    row = await rowOf(dispute.id);
    expect(row.status).toBe('under_review');
    expect(row.evidenceDueBy?.getTime()).toBe(later.evidence_details.due_by * 1000);
    expect(await journalsOf(row.id)).toHaveLength(1);
  });

  it('journals a won dispute once: the withdrawal comes back, and an updated after the close does not reopen it', async () => {
    const disputed = await createDisputedBooking(t.database.db);
    const dispute = stripe.disputes.createDispute({ amount: disputed.amountCents, paymentIntent: disputed.paymentIntentId });
    await applyStripeEvent(t, stripeDisputeEvent('charge.dispute.created', dispute, { created: now() - 300 }));
    const won: FakeDispute = { ...stripe.disputes.closeDispute(dispute.id, 'won') };
    await applyStripeEvent(t, stripeDisputeEvent('charge.dispute.closed', won, { created: now() - 100 }));
    await applyStripeEvent(t, stripeDisputeEvent('charge.dispute.funds_reinstated', won, { created: now() - 90 }));
    await applyStripeEvent(t, stripeDisputeEvent('charge.dispute.closed', won, { created: now() - 80 }));
    // Newer than the close, but a closed dispute stays as it ended.
    await applyStripeEvent(t, stripeDisputeEvent('charge.dispute.updated', { ...won, status: 'under_review' }, { created: now() }));

    const row = await rowOf(dispute.id);
    expect(row.status).toBe('won');
    expect(await journalsOf(row.id)).toEqual([
      { kind: 'dispute.funds-withdrawn', lines: { disputes_pending: disputed.amountCents, platform_cash: -disputed.amountCents } },
      { kind: 'dispute.funds-reinstated', lines: { disputes_pending: -disputed.amountCents, platform_cash: disputed.amountCents } },
    ]);
  });

  it('applies a closed (lost) arriving before its created: the withdrawal is journalled, the loss waits, and the late created changes nothing', async () => {
    const disputed = await createDisputedBooking(t.database.db);
    const dispute = stripe.disputes.createDispute({ amount: 7_500, paymentIntent: disputed.paymentIntentId, created: now() - 500 });
    const created = stripeDisputeEvent('charge.dispute.created', dispute, { created: now() - 500 });
    const lost = stripeDisputeEvent('charge.dispute.closed', { ...dispute, status: 'lost' }, { created: now() - 10 });
    await applyStripeEvent(t, lost);
    await applyStripeEvent(t, created);
    await applyStripeEvent(t, stripeDisputeEvent('charge.dispute.funds_withdrawn', dispute, { created: now() - 400 }));

    const row = await rowOf(dispute.id);
    expect(row).toMatchObject({ status: 'lost', lossRecovery: null, bookingId: disputed.booking.id });
    // Lost: the amount stays in disputes_pending until finance chooses who bears it.
    expect(await journalsOf(row.id)).toEqual([{ kind: 'dispute.funds-withdrawn', lines: { disputes_pending: 7_500, platform_cash: -7_500 } }]);
  });

  it('journals the withdrawal from charge.dispute.funds_withdrawn alone, once', async () => {
    const dispute = stripe.disputes.createDispute({ amount: 1_234, paymentIntent: 'pi_unknown_to_the_back_office' });
    await applyStripeEvent(t, stripeDisputeEvent('charge.dispute.funds_withdrawn', dispute));
    await applyStripeEvent(t, stripeDisputeEvent('charge.dispute.funds_withdrawn', dispute));
    const row = await rowOf(dispute.id);
    // A payment the back-office does not know: recorded without a booking, customer or owner.
    expect(row).toMatchObject({ bookingId: null, bookingKind: null, ownerId: null, customerId: null, paymentId: null });
    expect(await journalsOf(row.id)).toHaveLength(1);
  });

  it('ignores a dispute event whose object is no dispute it can record, and leaves the ledger alone', async () => {
    const event = stripeDisputeEvent('charge.dispute.created', { ...stripe.disputes.createDispute({ amount: 100 }), amount: 0 });
    expect(await applyStripeEvent(t, event)).toMatchObject({ state: 'ignored', note: expect.stringContaining('no dispute the back-office can record') });
    expect(await countRows(event.data.object.id)).toBe(0);
  });
});
