import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  DISPUTE_MESSAGES,
  disputeListResponseSchema,
  disputeMutationResponseSchema,
  disputeResponseSchema,
  workQueuesResponseSchema,
  type Dispute,
  type DisputeEvidence,
} from '@ute/contract';
import { auditLog } from '../../db/tables/audit.table';
import { disputes } from '../../db/tables/disputes.table';
import { applyStripeEvent, createDisputedBooking, DISPUTE_WEBHOOK_SECRET } from '../../test/disputeHelpers';
import { startStripeTestServer, type StripeTestServer } from '../../test/stripeTestServer';
import { stripeDisputeEvent, type CreateFakeDisputeInput, type FakeDispute } from '../../test/stripeTestDisputes';
import { createTestApp, signInAs, type TestApp } from '../../test/testApp';
import { ownerBalances } from '../ledger/ledger.repository';
import { OfflineDisputeProvider } from './disputeProvider';
import { createDisputesService, STALE_SUBMISSION_MS } from './disputes.service';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('Disputes', () => {
  let t: TestApp;
  let stripe: StripeTestServer;
  let finance: { id: string; token: string };
  let financeWithoutTwoFactor: { id: string; token: string };
  const refusedRoles = ['support', 'moderator', 'content'] as const;
  const refused = new Map<string, string>();

  beforeAll(async () => {
    stripe = await startStripeTestServer();
    t = await createTestApp({
      twoFactor: true,
      env: { STRIPE_WEBHOOK_SECRET: DISPUTE_WEBHOOK_SECRET, STRIPE_SECRET_KEY: 'sk_test_disputes', STRIPE_API_BASE: stripe.url, JOB_POLL_SECONDS: '1' },
    });
    finance = await signInAs(t, ['finance'], { twoFactor: true });
    financeWithoutTwoFactor = await signInAs(t, ['finance']);
    for (const role of refusedRoles) refused.set(role, (await signInAs(t, [role], { twoFactor: true })).token);
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  /** A dispute Stripe told the api about: made in the fake Stripe, its created event applied. */
  async function recordedDispute(input: Partial<CreateFakeDisputeInput> & { hasBooking?: boolean } = {}) {
    const disputed = await createDisputedBooking(t.database.db);
    const fake = stripe.disputes.createDispute({
      amount: disputed.amountCents,
      paymentIntent: input.hasBooking === false ? 'pi_not_ours' : disputed.paymentIntentId,
      ...input,
    });
    await applyStripeEvent(t, stripeDisputeEvent('charge.dispute.created', fake, { created: Math.floor(Date.now() / 1000) - 60 }));
    const [row] = await t.database.db.select().from(disputes).where(eq(disputes.stripeDisputeId, fake.id));
    return { ...disputed, fake, id: row.id };
  }

  /** Ends the dispute in the fake Stripe and applies its closed event. */
  async function closeDispute(fake: FakeDispute, status: 'won' | 'lost') {
    await applyStripeEvent(t, stripeDisputeEvent('charge.dispute.closed', { ...stripe.disputes.closeDispute(fake.id, status) }));
  }

  const getDispute = async (id: string, token = finance.token): Promise<Dispute> => {
    const response = await t.request({ method: 'GET', url: `/disputes/${id}`, token });
    expect(response.statusCode, response.body).toBe(200);
    return disputeResponseSchema.parse(response.json()).data;
  };
  const submit = (id: string, evidence: DisputeEvidence, token = finance.token) =>
    t.request({ method: 'POST', url: `/disputes/${id}/evidence/submit`, payload: { evidence }, token });
  const chooseRecovery = (id: string, recovery: string, token = finance.token) =>
    t.request({ method: 'PUT', url: `/disputes/${id}/loss-recovery`, payload: { recovery }, token });
  const auditActions = async (id: string) =>
    (
      await t.database.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(and(eq(auditLog.targetType, 'dispute'), eq(auditLog.targetId, id)))
        .orderBy(auditLog.id)
    ).map((entry) => entry.action);
  const workQueueCount = async () => {
    const response = await t.request({ method: 'GET', url: '/work-queues', token: finance.token });
    return workQueuesResponseSchema.parse(response.json()).data.find((queue) => queue.queue === 'disputesNeedingEvidence')?.count;
  };

  describe('GET /disputes', () => {
    it('lists open disputes by evidence due date, soonest first, closed ones after, and filters by status', async () => {
      const soon = await recordedDispute({ dueBy: Math.floor(Date.now() / 1000) + 2 * 86_400 });
      const later = await recordedDispute({ dueBy: Math.floor(Date.now() / 1000) + 9 * 86_400 });
      const closed = await recordedDispute({ dueBy: Math.floor(Date.now() / 1000) + 86_400 });
      await closeDispute(closed.fake, 'won');

      const response = await t.request({ method: 'GET', url: '/disputes?limit=100', token: finance.token });
      expect(response.statusCode, response.body).toBe(200);
      const body = disputeListResponseSchema.parse(response.json());
      const ids = body.data.map((dispute) => dispute.id);
      expect(ids.indexOf(soon.id)).toBeLessThan(ids.indexOf(later.id));
      expect(ids.indexOf(later.id)).toBeLessThan(ids.indexOf(closed.id));
      expect(body.data.find((dispute) => dispute.id === soon.id)).toMatchObject({
        stripeDisputeId: soon.fake.id,
        amountCents: soon.amountCents,
        reason: 'product_not_received',
        status: 'needs_response',
        statusGroup: 'needs_response',
        booking: { kind: 'ute', id: soon.booking.id, reference: soon.booking.uteBookingId },
        customer: { id: soon.customer.id, name: 'Cara Customer' },
        owner: { id: soon.owner.id, name: 'Olive Owner' },
        lossRecovery: null,
      });

      const needing = disputeListResponseSchema.parse(
        (await t.request({ method: 'GET', url: '/disputes?status=needs_response&limit=100', token: finance.token })).json(),
      );
      expect(needing.data.map((dispute) => dispute.id)).toEqual(expect.arrayContaining([soon.id, later.id]));
      expect(needing.data.every((dispute) => dispute.statusGroup === 'needs_response')).toBe(true);
      expect(needing.totalCount).toBe(await workQueueCount());
      const closedOnes = disputeListResponseSchema.parse(
        (await t.request({ method: 'GET', url: '/disputes?status=closed&limit=100', token: finance.token })).json(),
      );
      expect(closedOnes.data.map((dispute) => dispute.id)).toContain(closed.id);
      expect(closedOnes.data.every((dispute) => dispute.statusGroup === 'closed')).toBe(true);

      const paged = disputeListResponseSchema.parse((await t.request({ method: 'GET', url: '/disputes?limit=1&page=2', token: finance.token })).json());
      expect(paged.data).toHaveLength(1);
      expect(paged.paginationData).toEqual({ page: 2, totalPages: paged.totalCount });
    });

    it('refuses an unknown status filter with 400', async () => {
      const response = await t.request({ method: 'GET', url: '/disputes?status=open', token: finance.token });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([{ path: 'status', message: DISPUTE_MESSAGES.statusInvalid }]);
    });

    it('opens to finance and owners only (403 ROLE for support, moderator and content)', async () => {
      expect((await t.request({ method: 'GET', url: '/disputes' })).statusCode).toBe(200);
      for (const role of refusedRoles) {
        const response = await t.request({ method: 'GET', url: '/disputes', token: refused.get(role) });
        expect(response.statusCode, role).toBe(403);
        expect(response.json().reason).toBe('ROLE');
      }
    });
  });

  describe('GET /disputes/:id', () => {
    it("gathers the booking's record into Stripe's evidence fields", async () => {
      const { id, booking, customer, fake } = await recordedDispute();
      const dispute = await getDispute(id);
      expect(dispute).toMatchObject({ evidenceSource: 'gathered', canSubmitEvidence: true, canChooseLossRecovery: false, chargeId: fake.charge });
      expect(dispute.evidence.product_description).toContain(`Ute hire: Disputed Hilux, booking ${booking.uteBookingId}.`);
      expect(dispute.evidence.product_description).toContain('Pickup: 1 George St, NSW 2000.');
      expect(dispute.evidence.product_description).toContain('Drop-off: 2 Collins St, VIC 3000.');
      expect(dispute.evidence.product_description).toContain('status: delivered');
      expect(dispute.evidence.customer_name).toBe('Cara Customer');
      expect(dispute.evidence.customer_email_address).toBe(customer.email);
      expect(dispute.evidence.billing_address).toBe('9 Pitt St, Sydney NSW 2000');
      expect(dispute.evidence.service_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(dispute.evidence.customer_communication).toContain('Where is my ute? Nobody came.');
      expect(dispute.evidence.customer_communication).toContain('we replied:\nThe owner says the ute was delivered at 9am.');
      expect(dispute.evidence.uncategorized_text).toContain(`Receipt: A$150.00 paid by Cara Customer`);
      expect(dispute.evidence.uncategorized_text).toContain(`Stripe payment ${booking.transactionId}`);
      expect(dispute.evidence.uncategorized_text).toContain('Booking history: booked on ');
      expect(dispute.journals.map((journal) => journal.kind)).toEqual(['dispute.funds-withdrawn']);
    });

    it('answers 404 for an unknown dispute, 400 for a malformed id and 403 to the other roles', async () => {
      expect((await t.request({ method: 'GET', url: `/disputes/${UNKNOWN_ID}` })).statusCode).toBe(404);
      expect((await t.request({ method: 'GET', url: '/disputes/not-an-id' })).statusCode).toBe(400);
      const { id } = await recordedDispute();
      for (const role of refusedRoles)
        expect((await t.request({ method: 'GET', url: `/disputes/${id}`, token: refused.get(role) })).statusCode, role).toBe(403);
    });
  });

  describe('PUT /disputes/:id/evidence', () => {
    it('saves a draft, audited, which the dispute then shows', async () => {
      const { id } = await recordedDispute();
      const { evidence } = await getDispute(id);
      const edited = { ...evidence, product_description: `${evidence.product_description}\nThe owner has a photo of the delivery.` };
      const response = await t.request({ method: 'PUT', url: `/disputes/${id}/evidence`, payload: { evidence: edited }, token: finance.token });
      expect(response.statusCode, response.body).toBe(200);
      const body = disputeMutationResponseSchema.parse(response.json());
      expect(body.message).toBe(DISPUTE_MESSAGES.draftSaved);
      expect(body.data).toMatchObject({ evidenceSource: 'draft', evidence: edited, draftSavedBy: expect.stringContaining('finance-') });
      expect(await auditActions(id)).toEqual(['dispute.webhook', 'dispute.evidence-draft']);
      // Nothing went to Stripe.
      expect(stripe.disputes.updates.filter((update) => update.disputeId === body.data.stripeDisputeId)).toEqual([]);
    });

    it('answers 409 saying who, when a colleague saved evidence after the dialog opened (If-Match)', async () => {
      const { id } = await recordedDispute();
      const opened = await getDispute(id);
      expect(opened.version).toMatch(/^\d+$/);
      const colleague = await signInAs(t, ['finance'], { twoFactor: true });
      const save = (token: string) =>
        t.request({ method: 'PUT', url: `/disputes/${id}/evidence`, payload: { evidence: opened.evidence }, token, headers: { 'if-match': opened.version } });
      expect((await save(colleague.token)).statusCode).toBe(200);
      const stale = await save(finance.token);
      expect(stale.statusCode).toBe(409);
      expect(stale.json<{ message: string }>().message).toMatch(/^Evidence drafted by .+ at .+, after you opened it\. Reload to see the change\.$/);
      const submitted = await t.request({
        method: 'POST',
        url: `/disputes/${id}/evidence/submit`,
        payload: { evidence: opened.evidence },
        token: finance.token,
        headers: { 'if-match': opened.version },
      });
      expect(submitted.statusCode).toBe(409);
      expect(stripe.disputes.updates.filter((update) => update.disputeId === opened.stripeDisputeId)).toEqual([]);
    });

    it('refuses a missing field, an unknown one and an overlong one with 400', async () => {
      const { id } = await recordedDispute();
      const { evidence } = await getDispute(id);
      const { customer_name: _missing, ...withoutName } = evidence;
      const cases = [
        { evidence: withoutName },
        { evidence: { ...evidence, receipt: 'file_x' } },
        { evidence: { ...evidence, service_date: 'x'.repeat(101) } },
        {},
      ];
      for (const payload of cases) {
        const response = await t.request({ method: 'PUT', url: `/disputes/${id}/evidence`, payload, token: finance.token });
        expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      }
      const tooLong = await t.request({
        method: 'PUT',
        url: `/disputes/${id}/evidence`,
        payload: { evidence: { ...evidence, service_date: 'x'.repeat(101) } },
        token: finance.token,
      });
      expect(tooLong.json().errors).toEqual([{ path: 'evidence.service_date', message: 'Service date must be at most 100 characters' }]);
    });

    it('answers 404 for an unknown dispute, 409 once the evidence is submitted, and 403 to the other roles', async () => {
      const { id } = await recordedDispute();
      const { evidence } = await getDispute(id);
      expect((await t.request({ method: 'PUT', url: `/disputes/${UNKNOWN_ID}/evidence`, payload: { evidence }, token: finance.token })).statusCode).toBe(404);
      for (const role of refusedRoles) {
        expect((await t.request({ method: 'PUT', url: `/disputes/${id}/evidence`, payload: { evidence }, token: refused.get(role) })).statusCode, role).toBe(
          403,
        );
      }
      expect((await submit(id, evidence)).statusCode).toBe(200);
      const late = await t.request({ method: 'PUT', url: `/disputes/${id}/evidence`, payload: { evidence }, token: finance.token });
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe(DISPUTE_MESSAGES.alreadySubmitted);
    });
  });

  describe('POST /disputes/:id/evidence/submit', () => {
    it("submits the evidence through Stripe's SDK once: the text fields, the customer's messages as a file, submit=true", async () => {
      const { id, fake } = await recordedDispute();
      const queueBefore = await workQueueCount();
      const { evidence } = await getDispute(id);
      const edited = { ...evidence, uncategorized_text: `${evidence.uncategorized_text}\nRefund policy: no refund once the ute is delivered.` };
      const response = await submit(id, edited);
      expect(response.statusCode, response.body).toBe(200);
      const body = disputeMutationResponseSchema.parse(response.json());
      expect(body.message).toBe(DISPUTE_MESSAGES.submitted);
      expect(body.data).toMatchObject({
        status: 'under_review',
        statusGroup: 'under_review',
        evidenceSource: 'submitted',
        evidence: edited,
        canSubmitEvidence: false,
        evidenceSubmittedBy: expect.stringContaining('finance-'),
      });

      const updates = stripe.disputes.updates.filter((update) => update.disputeId === fake.id);
      expect(updates).toHaveLength(1);
      expect(updates[0]).toMatchObject({ submit: true, idempotencyKey: `dispute-evidence-${id}-1`, metadata: { disputeId: id } });
      const { customer_communication: communication, ...texts } = edited;
      expect(updates[0].evidence).toEqual({ ...texts, customer_communication: expect.stringMatching(/^file_/) });
      const file = stripe.disputes.files.get(updates[0].evidence.customer_communication)!;
      expect(file).toMatchObject({ purpose: 'dispute_evidence', filename: 'customer-communication.txt', type: 'text/plain', content: communication });
      expect(stripe.disputes.disputes.get(fake.id)).toMatchObject({ status: 'under_review', evidence_details: { submission_count: 1 } });

      expect(await workQueueCount()).toBe(queueBefore! - 1);
      expect(await auditActions(id)).toEqual(['dispute.webhook', 'dispute.evidence-submit', 'dispute.evidence-submit']);
    });

    it('makes one Stripe update for two submits at once: the other answers 409, and a third later too', async () => {
      const { id, fake } = await recordedDispute();
      const { evidence } = await getDispute(id);
      const answers = await Promise.all([submit(id, evidence), submit(id, evidence)]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const conflictMessage = answers.find((answer) => answer.statusCode === 409)!.json().message;
      expect([DISPUTE_MESSAGES.beingSubmitted, DISPUTE_MESSAGES.alreadySubmitted]).toContain(conflictMessage);
      const third = await submit(id, evidence);
      expect(third.statusCode).toBe(409);
      expect(third.json().message).toBe(DISPUTE_MESSAGES.alreadySubmitted);
      expect(stripe.disputes.updates.filter((update) => update.disputeId === fake.id)).toHaveLength(1);
    });

    it("answers 502 with Stripe's words when Stripe refuses, and the next submit goes with a new key", async () => {
      const { id, fake } = await recordedDispute();
      const { evidence } = await getDispute(id);
      stripe.disputes.rejectNextUpdate(400, 'Evidence is not accepted right now');
      const refusedAnswer = await submit(id, evidence);
      expect(refusedAnswer.statusCode).toBe(502);
      expect(refusedAnswer.json().message).toBe(`${DISPUTE_MESSAGES.refusedPrefix}Evidence is not accepted right now`);
      expect((await getDispute(id)).canSubmitEvidence).toBe(true);

      expect((await submit(id, evidence)).statusCode).toBe(200);
      expect(stripe.disputes.updates.filter((update) => update.disputeId === fake.id).map((update) => update.idempotencyKey)).toEqual([
        `dispute-evidence-${id}-2`,
      ]);
    });

    it('answers 409 past the due date, on a closed dispute, and on one whose evidence went in elsewhere', async () => {
      const pastDue = await recordedDispute({ dueBy: Math.floor(Date.now() / 1000) - 60 });
      const { evidence } = await getDispute(pastDue.id);
      expect((await getDispute(pastDue.id)).canSubmitEvidence).toBe(false);
      const late = await submit(pastDue.id, evidence);
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe(DISPUTE_MESSAGES.pastDue);

      const closed = await recordedDispute();
      await closeDispute(closed.fake, 'lost');
      const onClosed = await submit(closed.id, evidence);
      expect(onClosed.statusCode).toBe(409);
      expect(onClosed.json().message).toBe(DISPUTE_MESSAGES.closed);

      const elsewhere = await recordedDispute();
      await applyStripeEvent(
        t,
        stripeDisputeEvent('charge.dispute.updated', {
          ...elsewhere.fake,
          status: 'under_review',
          evidence_details: { ...elsewhere.fake.evidence_details, submission_count: 1 },
        }),
      );
      const twice = await submit(elsewhere.id, evidence);
      expect(twice.statusCode).toBe(409);
      expect(twice.json().message).toBe(DISPUTE_MESSAGES.alreadySubmitted);
      expect(stripe.disputes.updates.filter((update) => [pastDue.fake.id, closed.fake.id, elsewhere.fake.id].includes(update.disputeId))).toEqual([]);
    });

    it('needs finance (or an owner) with a second factor: 403 ROLE for the other roles, TWO_FACTOR_REQUIRED without 2FA; 404 and 400', async () => {
      const { id } = await recordedDispute();
      const { evidence } = await getDispute(id);
      for (const role of refusedRoles) {
        const response = await submit(id, evidence, refused.get(role));
        expect(response.statusCode, role).toBe(403);
        expect(response.json().reason).toBe('ROLE');
      }
      const withoutTwoFactor = await submit(id, evidence, financeWithoutTwoFactor.token);
      expect(withoutTwoFactor.statusCode).toBe(403);
      expect(withoutTwoFactor.json().reason).toBe('TWO_FACTOR_REQUIRED');
      expect((await submit(UNKNOWN_ID, evidence)).statusCode).toBe(404);
      expect(
        (await t.request({ method: 'POST', url: `/disputes/${id}/evidence/submit`, payload: { evidence: { ...evidence, extra: 'x' } }, token: finance.token }))
          .statusCode,
      ).toBe(400);
      // An owner may.
      expect((await submit(id, evidence, t.token)).statusCode).toBe(200);
    });

    it('resends a submission whose outcome was never known once it is stale: the same evidence, the same key; 409 before that', async () => {
      const { id, fake } = await recordedDispute();
      const { evidence } = await getDispute(id);
      const sent = { ...evidence, uncategorized_text: 'What the first attempt sent.' };
      // A submit claimed the dispute and called Stripe, then the process died before the answer.
      await t.database.db.update(disputes).set({ evidenceSubmittingAt: new Date(), evidenceSubmission: sent }).where(eq(disputes.id, id));
      const tooSoon = await submit(id, evidence);
      expect(tooSoon.statusCode).toBe(409);
      expect(tooSoon.json().message).toBe(DISPUTE_MESSAGES.beingSubmitted);

      await t.database.db
        .update(disputes)
        .set({ evidenceSubmittingAt: new Date(Date.now() - STALE_SUBMISSION_MS - 1000) })
        .where(eq(disputes.id, id));
      const resumed = await submit(id, { ...evidence, uncategorized_text: 'Something else typed later.' });
      expect(resumed.statusCode, resumed.body).toBe(200);
      const updates = stripe.disputes.updates.filter((update) => update.disputeId === fake.id);
      expect(updates).toHaveLength(1);
      expect(updates[0]).toMatchObject({ idempotencyKey: `dispute-evidence-${id}-1`, evidence: { uncategorized_text: 'What the first attempt sent.' } });
      expect(disputeMutationResponseSchema.parse(resumed.json()).data.evidence.uncategorized_text).toBe('What the first attempt sent.');
    });

    it('records the evidence offline (no Stripe key): nothing is sent', async () => {
      const { id } = await recordedDispute();
      const offline = createDisputesService({ db: t.database.db, provider: new OfflineDisputeProvider(), log: t.app.log });
      const before = stripe.disputes.postCount;
      const { evidence } = await getDispute(id);
      const result = await offline.submitEvidence(id, evidence, { adminId: finance.id, requestId: 'offline-test' });
      expect(result.message).toBe(DISPUTE_MESSAGES.submittedOffline);
      expect(result.data).toMatchObject({ status: 'needs_response', statusGroup: 'under_review', evidenceSource: 'submitted', canSubmitEvidence: false });
      expect(stripe.disputes.postCount).toBe(before);
    });
  });

  describe('PUT /disputes/:id/loss-recovery', () => {
    it("absorbs a lost dispute's amount as a platform expense, once, audited", async () => {
      const { id, fake, amountCents } = await recordedDispute();
      await closeDispute(fake, 'lost');
      expect((await getDispute(id)).canChooseLossRecovery).toBe(true);
      const response = await chooseRecovery(id, 'absorb');
      expect(response.statusCode, response.body).toBe(200);
      const body = disputeMutationResponseSchema.parse(response.json());
      expect(body.message).toBe(DISPUTE_MESSAGES.absorbed);
      expect(body.data).toMatchObject({
        status: 'lost',
        lossRecovery: 'absorb',
        canChooseLossRecovery: false,
        lossRecoveryBy: expect.stringContaining('finance-'),
      });
      expect(body.data.journals.map((journal) => [journal.kind, journal.lines])).toEqual([
        [
          'dispute.funds-withdrawn',
          [
            { account: 'disputes_pending', ownerId: null, amountCents },
            { account: 'platform_cash', ownerId: null, amountCents: -amountCents },
          ],
        ],
        [
          'dispute.loss-absorbed',
          [
            { account: 'platform_expense', ownerId: null, amountCents },
            { account: 'disputes_pending', ownerId: null, amountCents: -amountCents },
          ],
        ],
      ]);
      const again = await chooseRecovery(id, 'owner_balance');
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(DISPUTE_MESSAGES.recoveryAlreadyChosen);
      expect(await auditActions(id)).toEqual(['dispute.webhook', 'dispute.webhook', 'dispute.loss-recovery']);
    });

    it("charges a lost dispute to the owner's balance (they owe it), once under parallel requests", async () => {
      const { id, fake, owner, amountCents } = await recordedDispute();
      await closeDispute(fake, 'lost');
      const payableOf = async () => (await ownerBalances(t.database.db)).find((balance) => balance.ownerId === owner.id)?.payableCents;
      const payableBefore = await payableOf();
      const answers = await Promise.all([chooseRecovery(id, 'owner_balance'), chooseRecovery(id, 'owner_balance')]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((answer) => answer.statusCode === 200)!.json().message).toBe(DISPUTE_MESSAGES.chargedToOwner);
      const journals = (await getDispute(id)).journals;
      expect(journals.map((journal) => journal.kind)).toEqual(['dispute.funds-withdrawn', 'dispute.loss-owner']);
      expect(journals[1].lines).toEqual([
        { account: 'adjustments', ownerId: owner.id, amountCents },
        { account: 'disputes_pending', ownerId: null, amountCents: -amountCents },
      ]);
      // What the platform owes the owner drops by the amount (below zero once their earnings are paid out: they owe it).
      expect(await payableOf()).toBe(payableBefore! - amountCents);
    });

    it('answers 409 on an open dispute, a won one, and when there is no owner to charge', async () => {
      const open = await recordedDispute();
      const onOpen = await chooseRecovery(open.id, 'absorb');
      expect(onOpen.statusCode).toBe(409);
      expect(onOpen.json().message).toBe(DISPUTE_MESSAGES.notLost);

      const won = await recordedDispute();
      await closeDispute(won.fake, 'won');
      expect((await chooseRecovery(won.id, 'absorb')).json().message).toBe(DISPUTE_MESSAGES.notLost);

      const ownerless = await recordedDispute({ hasBooking: false });
      await closeDispute(ownerless.fake, 'lost');
      const noOwner = await chooseRecovery(ownerless.id, 'owner_balance');
      expect(noOwner.statusCode).toBe(409);
      expect(noOwner.json().message).toBe(DISPUTE_MESSAGES.noOwner);
      expect((await chooseRecovery(ownerless.id, 'absorb')).statusCode).toBe(200);
    });

    it('answers 400 for an unknown recovery, 404 for an unknown dispute, 403 to the other roles and without 2FA', async () => {
      const { id, fake } = await recordedDispute();
      await closeDispute(fake, 'lost');
      const bad = await chooseRecovery(id, 'refund');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual([{ path: 'recovery', message: DISPUTE_MESSAGES.recoveryInvalid }]);
      expect((await chooseRecovery(UNKNOWN_ID, 'absorb')).statusCode).toBe(404);
      for (const role of refusedRoles) expect((await chooseRecovery(id, 'absorb', refused.get(role))).statusCode, role).toBe(403);
      expect((await chooseRecovery(id, 'absorb', financeWithoutTwoFactor.token)).json().reason).toBe('TWO_FACTOR_REQUIRED');
      expect((await getDispute(id)).lossRecovery).toBeNull();
    });
  });
});
