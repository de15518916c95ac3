import type { FastifyBaseLogger } from 'fastify';
import {
  DISPUTE_CLOSED_STATUSES,
  DISPUTE_EVIDENCE_FIELD_NAMES,
  DISPUTE_MESSAGES,
  disputeStatusGroup,
  fullNameOf,
  totalPagesOf,
  type Dispute,
  type DisputeEvidence,
  type DisputeListQuery,
  type DisputeListResponse,
  type DisputeLossRecovery,
  type DisputeMutationResponse,
  type DisputeSummary,
} from '@ute/contract';
import { AppError, conflict, notFound } from '../../lib/errors';
import { assertUnchanged, writeAudit, type Actor } from '../../platform/audit/auditLog';
import { workItemListFilterOf, workItemSummariesOf } from '../assignments/workItemLists';
import type { Db } from '../../db/database';
import type { StoredDisputeEvidence } from '../../db/tables/disputes.table';
import { postJournal } from '../ledger/ledger.repository';
import { isLaterStatus } from './disputeEvents';
import { gatherEvidence } from './disputeEvidence';
import { DisputeProviderError, type DisputeProvider } from './disputeProvider';
import {
  adminEmails,
  claimEvidenceSubmission,
  disputeJournalKinds,
  findDispute,
  findDisputeSummary,
  findEvidenceRecord,
  listDisputeJournals,
  listDisputes,
  reclaimStaleSubmission,
  updateDispute,
  type DisputeRow,
  type DisputeSummaryRow,
} from './disputes.repository';

/**
 * A submission claimed longer ago than this cannot still be in flight (the SDK gives up after three
 * 20-second attempts): a new Submit sends the same evidence again with the same key (Stripe answers
 * the first one's result, or makes it if it never arrived).
 */
export const STALE_SUBMISSION_MS = 2 * 60_000;

/** The key of one attempt: the same for every retry of it, a new one after Stripe refused (it replays a stored error per key). */
export const evidenceIdempotencyKey = (dispute: Pick<DisputeRow, 'id' | 'submitAttempt'>) => `dispute-evidence-${dispute.id}-${dispute.submitAttempt}`;

const isClosed = (dispute: DisputeRow) => (DISPUTE_CLOSED_STATUSES as readonly string[]).includes(dispute.status);
const isPastDue = (dispute: DisputeRow, now = new Date()) => dispute.evidenceDueBy !== null && dispute.evidenceDueBy.getTime() <= now.getTime();
const evidenceOf = (stored: StoredDisputeEvidence): DisputeEvidence =>
  Object.fromEntries(DISPUTE_EVIDENCE_FIELD_NAMES.map((field) => [field, stored[field] ?? ''])) as DisputeEvidence;

function toSummary({ dispute, version, uteBookingReference, jobBookingReference, ...names }: DisputeSummaryRow): DisputeSummary {
  const reference = dispute.bookingKind === 'ute' ? uteBookingReference : jobBookingReference;
  const person = (id: string | null, firstName: string | null, lastName: string | null) =>
    id ? { id, name: fullNameOf({ firstName: firstName ?? '', lastName: lastName ?? '' }) || 'Unknown user' } : null;
  return {
    id: dispute.id,
    stripeDisputeId: dispute.stripeDisputeId,
    amountCents: dispute.amountCents,
    currency: dispute.currency,
    reason: dispute.reason,
    status: dispute.status,
    statusGroup: disputeStatusGroup(dispute.status, dispute.evidenceSubmittedAt !== null),
    evidenceDueBy: dispute.evidenceDueBy?.toISOString() ?? null,
    evidenceSubmittedAt: dispute.evidenceSubmittedAt?.toISOString() ?? null,
    booking: dispute.bookingKind && dispute.bookingId && reference ? { kind: dispute.bookingKind, id: dispute.bookingId, reference } : null,
    customer: person(dispute.customerId, names.customerFirstName, names.customerLastName),
    owner: person(dispute.ownerId, names.ownerFirstName, names.ownerLastName),
    lossRecovery: dispute.lossRecovery,
    createdAt: dispute.createdAt.toISOString(),
    version,
  };
}

export interface DisputesServiceDeps {
  db: Db;
  provider: DisputeProvider;
  log: FastifyBaseLogger;
}

/** The Disputes screen's calls (docs/design.md §9.7): the list, one dispute, its evidence, and the recovery of a loss. */
export function createDisputesService({ db, provider, log }: DisputesServiceDeps) {
  async function getDisputes(query: DisputeListQuery, adminId?: string): Promise<DisputeListResponse> {
    const { rows, total } = await listDisputes(
      db,
      { status: query.status, workItems: workItemListFilterOf(query, adminId) },
      { limit: query.limit, offset: (query.page - 1) * query.limit },
    );
    const items = await workItemSummariesOf(
      db,
      'disputesNeedingEvidence',
      rows.map((row) => row.dispute.id),
    );
    const data = rows.map((row) => ({ ...toSummary(row), workItem: items.get(row.dispute.id) ?? null }));
    return { data, totalCount: total, paginationData: { page: query.page, totalPages: totalPagesOf(total, query.limit) } };
  }

  /** One dispute with its evidence: what was submitted, else the saved draft, else the booking's record gathered now. */
  async function getDispute(id: string): Promise<{ data: Dispute }> {
    const summary = await findDisputeSummary(db, id);
    if (!summary) throw notFound('Dispute');
    const { dispute } = summary;
    const [journals, emails, journalKinds] = await Promise.all([
      listDisputeJournals(db, id),
      adminEmails(db, [dispute.draftSavedBy, dispute.evidenceSubmittedBy, dispute.lossRecoveryBy]),
      disputeJournalKinds(db, id),
    ]);
    const isSubmitted = dispute.evidenceSubmittedAt !== null && dispute.evidenceSubmission !== null;
    const evidence = isSubmitted
      ? evidenceOf(dispute.evidenceSubmission!)
      : dispute.evidenceDraft
        ? evidenceOf(dispute.evidenceDraft)
        : gatherEvidence(dispute, await findEvidenceRecord(db, dispute));
    const emailOf = (adminId: string | null) => (adminId ? (emails.get(adminId) ?? null) : null);
    const base = toSummary(summary);
    return {
      data: {
        ...base,
        chargeId: dispute.chargeId,
        paymentIntentId: dispute.paymentIntentId,
        paymentId: dispute.paymentId,
        evidence,
        evidenceSource: isSubmitted ? 'submitted' : dispute.evidenceDraft ? 'draft' : 'gathered',
        draftSavedAt: dispute.draftSavedAt?.toISOString() ?? null,
        draftSavedBy: emailOf(dispute.draftSavedBy),
        evidenceSubmittedBy: emailOf(dispute.evidenceSubmittedBy),
        canSubmitEvidence: base.statusGroup === 'needs_response' && dispute.evidenceSubmittingAt === null && !isPastDue(dispute),
        canChooseLossRecovery: dispute.status === 'lost' && dispute.lossRecovery === null && !journalKinds.has('dispute.funds-reinstated'),
        lossRecoveryBy: emailOf(dispute.lossRecoveryBy),
        lossRecoveryAt: dispute.lossRecoveryAt?.toISOString() ?? null,
        journals: journals.map((journal) => ({ ...journal, createdAt: journal.createdAt.toISOString() })),
      },
    };
  }

  /** 409 with the reason evidence cannot change now, or nothing. */
  function refuseEvidenceChange(dispute: DisputeRow): void {
    if (dispute.evidenceSubmittedAt) throw conflict(DISPUTE_MESSAGES.alreadySubmitted);
    if (isClosed(dispute)) throw conflict(DISPUTE_MESSAGES.closed);
    if (disputeStatusGroup(dispute.status, false) !== 'needs_response') throw conflict(DISPUTE_MESSAGES.notAwaitingEvidence);
    if (dispute.evidenceSubmittingAt) throw conflict(DISPUTE_MESSAGES.beingSubmitted);
  }

  /** PUT disputes/{id}/evidence: saves the admin's draft (nothing goes to Stripe), audited. */
  async function saveDraft(id: string, evidence: DisputeEvidence, actor: Actor): Promise<DisputeMutationResponse> {
    await db.transaction(async (tx) => {
      const dispute = await findDispute(tx, id, { forUpdate: true });
      if (!dispute) throw notFound('Dispute');
      await assertUnchanged(tx, actor, { version: dispute.version, id, targetType: 'dispute' });
      refuseEvidenceChange(dispute);
      await updateDispute(tx, id, { evidenceDraft: evidence, draftSavedAt: new Date(), draftSavedBy: actor.adminId });
      await writeAudit(tx, actor, {
        action: 'dispute.evidence-draft',
        targetType: 'dispute',
        targetId: id,
        before: { hadDraft: dispute.evidenceDraft !== null },
        after: { fields: DISPUTE_EVIDENCE_FIELD_NAMES.filter((field) => evidence[field].trim() !== '') },
      });
    });
    return { message: DISPUTE_MESSAGES.draftSaved, data: (await getDispute(id)).data };
  }

  /** Records what Stripe answered: submitted (by this admin), and Stripe's status when it moved forwards. */
  async function recordSubmitted(dispute: DisputeRow, stripeStatus: string | null, actor: Actor): Promise<void> {
    await db.transaction(async (tx) => {
      const current = (await findDispute(tx, dispute.id, { forUpdate: true }))!;
      // A status further on than the one recorded (under_review after a submission); never back.
      const isForward = stripeStatus !== null && isLaterStatus(current.status, stripeStatus);
      await updateDispute(tx, dispute.id, {
        evidenceSubmittedAt: current.evidenceSubmittedAt ?? new Date(),
        evidenceSubmittedBy: actor.adminId,
        evidenceSubmittingAt: null,
        ...(isForward ? { status: stripeStatus } : {}),
      });
      await writeAudit(tx, actor, {
        action: 'dispute.evidence-submit',
        targetType: 'dispute',
        targetId: dispute.id,
        before: { submitted: false, status: current.status },
        after: { submitted: true, status: isForward ? stripeStatus : current.status, provider: provider.name, idempotencyKey: evidenceIdempotencyKey(current) },
      });
    });
  }

  /** Stripe refused: nothing was submitted, so the claim is released and the next attempt gets a new key. */
  async function recordRefused(dispute: DisputeRow, message: string, actor: Actor): Promise<void> {
    await db.transaction(async (tx) => {
      await updateDispute(tx, dispute.id, { evidenceSubmittingAt: null, submitAttempt: dispute.submitAttempt + 1 });
      await writeAudit(tx, actor, {
        action: 'dispute.evidence-submit',
        targetType: 'dispute',
        targetId: dispute.id,
        before: { submitting: true },
        after: { submitted: false, refused: message, idempotencyKey: evidenceIdempotencyKey(dispute) },
      });
    });
  }

  /** Sends a claimed submission and records the outcome; an unknown outcome keeps the claim (a later Submit resends it, same key). */
  async function send(dispute: DisputeRow, actor: Actor): Promise<DisputeMutationResponse> {
    let status: string | null;
    try {
      ({ status } = await provider.submitEvidence({
        stripeDisputeId: dispute.stripeDisputeId,
        evidence: dispute.evidenceSubmission ?? {},
        idempotencyKey: evidenceIdempotencyKey(dispute),
        metadata: { disputeId: dispute.id },
      }));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof DisputeProviderError && error.isCertainlyNotSent) {
        await recordRefused(dispute, message, actor);
        throw new AppError('BAD_GATEWAY', `${DISPUTE_MESSAGES.refusedPrefix}${message}`);
      }
      log.error({ err: error, disputeId: dispute.id }, 'dispute evidence outcome unknown');
      throw new AppError('BAD_GATEWAY', DISPUTE_MESSAGES.uncertain);
    }
    await recordSubmitted(dispute, status, actor);
    return { message: provider.name === 'stripe' ? DISPUTE_MESSAGES.submitted : DISPUTE_MESSAGES.submittedOffline, data: (await getDispute(dispute.id)).data };
  }

  /**
   * POST disputes/{id}/evidence/submit (step-up): submits the evidence to Stripe once. The claim,
   * the draft and its audit entry commit first, so parallel clicks make one Stripe call and the
   * rest answer 409.
   */
  async function submitEvidence(id: string, evidence: DisputeEvidence, actor: Actor): Promise<DisputeMutationResponse> {
    const found = await findDispute(db, id);
    if (!found) throw notFound('Dispute');
    await assertUnchanged(db, actor, { version: found.version, id, targetType: 'dispute' });
    if (found.evidenceSubmittingAt && !found.evidenceSubmittedAt && Date.now() - found.evidenceSubmittingAt.getTime() >= STALE_SUBMISSION_MS) {
      const resumed = await reclaimStaleSubmission(db, id, found.evidenceSubmittingAt);
      if (!resumed) throw conflict(DISPUTE_MESSAGES.beingSubmitted);
      return send(resumed, actor);
    }
    refuseEvidenceChange(found);
    if (isPastDue(found)) throw conflict(DISPUTE_MESSAGES.pastDue);

    const claimed = await db.transaction(async (tx) => {
      const row = await claimEvidenceSubmission(tx, id, {
        evidenceSubmittingAt: new Date(),
        evidenceSubmission: evidence,
        evidenceDraft: evidence,
        draftSavedAt: new Date(),
        draftSavedBy: actor.adminId,
      });
      if (!row) return null;
      await writeAudit(tx, actor, {
        action: 'dispute.evidence-submit',
        targetType: 'dispute',
        targetId: id,
        before: { submitting: false },
        after: {
          submitting: true,
          idempotencyKey: evidenceIdempotencyKey(row),
          fields: DISPUTE_EVIDENCE_FIELD_NAMES.filter((field) => evidence[field].trim() !== ''),
        },
      });
      return row;
    });
    if (!claimed) {
      const current = (await findDispute(db, id))!;
      await assertUnchanged(db, actor, { version: current.version, id, targetType: 'dispute' });
      refuseEvidenceChange(current);
      throw conflict(DISPUTE_MESSAGES.beingSubmitted);
    }
    return send(claimed, actor);
  }

  /**
   * PUT disputes/{id}/loss-recovery (step-up): how a lost dispute's money, waiting in
   * disputes_pending since Stripe withdrew it, is recovered: the platform bears it (platform_expense)
   * or the owner owes it (their adjustments, offset against their next payouts). Once.
   */
  async function chooseLossRecovery(id: string, recovery: DisputeLossRecovery, actor: Actor): Promise<DisputeMutationResponse> {
    await db.transaction(async (tx) => {
      const dispute = await findDispute(tx, id, { forUpdate: true });
      if (!dispute) throw notFound('Dispute');
      await assertUnchanged(tx, actor, { version: dispute.version, id, targetType: 'dispute' });
      if (dispute.lossRecovery) throw conflict(DISPUTE_MESSAGES.recoveryAlreadyChosen);
      if (dispute.status !== 'lost') throw conflict(DISPUTE_MESSAGES.notLost);
      const journals = await disputeJournalKinds(tx, id);
      if (journals.has('dispute.funds-reinstated')) throw conflict(DISPUTE_MESSAGES.reinstated);
      if (recovery === 'owner_balance' && !dispute.ownerId) throw conflict(DISPUTE_MESSAGES.noOwner);
      const header = { disputeId: id, adminId: actor.adminId, requestId: actor.requestId, memo: dispute.stripeDisputeId };
      if (!journals.has('dispute.funds-withdrawn')) {
        // Every lost chargeback had its amount withdrawn (the event application writes it); kept whole if one never was.
        await postJournal(tx, { kind: 'dispute.funds-withdrawn', ...header }, [
          { account: 'disputes_pending', amountCents: dispute.amountCents },
          { account: 'platform_cash', amountCents: -dispute.amountCents },
        ]);
      }
      await postJournal(tx, { kind: recovery === 'absorb' ? 'dispute.loss-absorbed' : 'dispute.loss-owner', ...header }, [
        recovery === 'absorb'
          ? { account: 'platform_expense', amountCents: dispute.amountCents }
          : { account: 'adjustments', ownerId: dispute.ownerId!, amountCents: dispute.amountCents },
        { account: 'disputes_pending', amountCents: -dispute.amountCents },
      ]);
      await updateDispute(tx, id, { lossRecovery: recovery, lossRecoveryBy: actor.adminId, lossRecoveryAt: new Date() });
      await writeAudit(tx, actor, {
        action: 'dispute.loss-recovery',
        targetType: 'dispute',
        targetId: id,
        before: { lossRecovery: null },
        after: { lossRecovery: recovery, amountCents: dispute.amountCents, ownerId: recovery === 'owner_balance' ? dispute.ownerId : null },
      });
    });
    return { message: recovery === 'absorb' ? DISPUTE_MESSAGES.absorbed : DISPUTE_MESSAGES.chargedToOwner, data: (await getDispute(id)).data };
  }

  return { getDisputes, getDispute, saveDraft, submitEvidence, chooseLossRecovery };
}

export type DisputesService = ReturnType<typeof createDisputesService>;
