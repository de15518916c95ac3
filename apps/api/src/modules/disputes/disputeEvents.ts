import { DISPUTE_CLOSED_STATUSES } from '@ute/contract';
import type { Db, Tx } from '../../db/database';
import { writeAudit, type Actor } from '../../platform/audit/auditLog';
import { postJournal } from '../ledger/ledger.repository';
import {
  disputeJournalKinds,
  findPaymentIntentLinks,
  insertDisputeOnce,
  lockDisputeOfStripe,
  updateDispute,
  type DisputeJournalKind,
  type DisputeRow,
} from './disputes.repository';

/** The `charge.dispute.*` events the back-office applies (docs/design.md §9.7). */
export const DISPUTE_EVENT_TYPES = [
  'charge.dispute.created',
  'charge.dispute.updated',
  'charge.dispute.closed',
  'charge.dispute.funds_withdrawn',
  'charge.dispute.funds_reinstated',
] as const;
export type DisputeEventType = (typeof DISPUTE_EVENT_TYPES)[number];
export const isDisputeEventType = (type: string): type is DisputeEventType => (DISPUTE_EVENT_TYPES as readonly string[]).includes(type);

/** How a webhook event ended (the payouts' WebhookOutcome, repeated so this module needs nothing of theirs). */
export type DisputeEventOutcome = { state: 'processed' | 'ignored'; note: string | null };

/** What an event tells about its dispute (its `data.object`, as delivered and signed by Stripe). */
export interface StripeDisputeFacts {
  id: string;
  amountCents: number;
  currency: string;
  reason: string;
  status: string;
  chargeId: string | null;
  paymentIntentId: string | null;
  createdAt: Date;
  evidenceDueBy: Date | null;
  /** Stripe's evidence_details.submission_count: evidence went in (from here or Stripe's dashboard). */
  isEvidenceSubmitted: boolean;
}

type StripeObject = Record<string, unknown>;
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const idOf = (value: unknown): string | null => text(value) ?? text((value as StripeObject | null)?.id);
const secondsToDate = (value: unknown): Date | null => (typeof value === 'number' && Number.isFinite(value) ? new Date(value * 1000) : null);

/** Reads a dispute object; null when it is not one the back-office can record (no id, no positive amount). */
export function disputeFactsOf(object: StripeObject): StripeDisputeFacts | null {
  const id = text(object.id);
  const amount = object.amount;
  if (!id || typeof amount !== 'number' || !Number.isInteger(amount) || amount < 1) return null;
  const details = (object.evidence_details ?? {}) as StripeObject;
  return {
    id,
    amountCents: amount,
    currency: text(object.currency) ?? 'aud',
    reason: text(object.reason) ?? 'general',
    status: text(object.status) ?? 'needs_response',
    chargeId: idOf(object.charge),
    paymentIntentId: idOf(object.payment_intent),
    createdAt: secondsToDate(object.created) ?? new Date(),
    evidenceDueBy: secondsToDate(details.due_by),
    isEvidenceSubmitted: typeof details.submission_count === 'number' && details.submission_count > 0,
  };
}

const isClosedStatus = (status: string) => (DISPUTE_CLOSED_STATUSES as readonly string[]).includes(status);

/**
 * Where a status stands in a dispute's life, so an older event never moves it back: an inquiry
 * (warning_*), its escalation to a chargeback, review, then an end. A status Stripe adds later sits
 * with review. Statuses of one rank follow the newest event; an ended dispute stays as it ended.
 */
const STATUS_RANKS: Record<string, number> = {
  warning_needs_response: 0,
  warning_under_review: 1,
  needs_response: 2,
  under_review: 3,
};
const rankOf = (status: string) => (isClosedStatus(status) ? 10 : (STATUS_RANKS[status] ?? 3));

/** Whether Stripe's `to` is further on in a dispute's life than `from` (an answer to our own call moves it this way only). */
export const isLaterStatus = (from: string, to: string) => !isClosedStatus(from) && rankOf(to) > rankOf(from);

/**
 * Whether Stripe has taken the disputed amount from the platform's balance: a chargeback (not an
 * inquiry, whose statuses start with warning_, nor one prevented) has it withdrawn when it is made,
 * and `charge.dispute.funds_withdrawn` says so outright.
 * https://docs.stripe.com/disputes/how-disputes-work
 */
const isWithdrawnStatus = (status: string) => !status.startsWith('warning_') && status !== 'prevented';

/** The two journals Stripe's money movements write; a loss waits in disputes_pending for finance's choice. */
function postDisputeJournal(
  tx: Tx,
  dispute: DisputeRow,
  kind: Extract<DisputeJournalKind, 'dispute.funds-withdrawn' | 'dispute.funds-reinstated'>,
  actor: Actor,
) {
  const sign = kind === 'dispute.funds-withdrawn' ? 1 : -1;
  return postJournal(tx, { kind, disputeId: dispute.id, adminId: actor.adminId, requestId: actor.requestId, memo: dispute.stripeDisputeId }, [
    { account: 'disputes_pending', amountCents: sign * dispute.amountCents },
    { account: 'platform_cash', amountCents: -sign * dispute.amountCents },
  ]);
}

/**
 * Applies Stripe's dispute events: recorded once per dispute (its Stripe id), in any order and any
 * number of times, never backwards; Stripe's money movements journalled once each, in the
 * transaction of the change, with an audit entry.
 */
export function createDisputeEventsService({ db }: { db: Db }) {
  async function applyDisputeEvent(type: DisputeEventType, object: StripeObject, eventCreatedAt: Date, actor: Actor): Promise<DisputeEventOutcome> {
    const facts = disputeFactsOf(object);
    if (!facts) return { state: 'ignored', note: `${type} carries no dispute the back-office can record (an id and a positive amount)` };
    const links = facts.paymentIntentId ? await findPaymentIntentLinks(db, facts.paymentIntentId) : { payment: undefined, booking: undefined };

    return db.transaction(async (tx) => {
      const isNew = await insertDisputeOnce(tx, {
        stripeDisputeId: facts.id,
        chargeId: facts.chargeId,
        paymentIntentId: facts.paymentIntentId,
        paymentId: links.payment?.id ?? null,
        bookingKind: links.booking?.kind ?? null,
        bookingId: links.booking?.id ?? null,
        ownerId: links.booking?.ownerId ?? null,
        customerId: links.booking?.bookedBy ?? links.payment?.payerId ?? null,
        amountCents: facts.amountCents,
        currency: facts.currency,
        reason: facts.reason,
        status: facts.status,
        stripeCreatedAt: facts.createdAt,
        lastEventAt: eventCreatedAt,
        evidenceDueBy: facts.evidenceDueBy,
        evidenceSubmittedAt: facts.isEvidenceSubmitted ? new Date() : null,
      });
      const before = (await lockDisputeOfStripe(tx, facts.id))!;
      let dispute = before;
      if (!isNew) {
        const isForward =
          !isClosedStatus(before.status) &&
          (rankOf(facts.status) > rankOf(before.status) || (rankOf(facts.status) === rankOf(before.status) && eventCreatedAt >= before.lastEventAt));
        const dueBy = facts.evidenceDueBy ?? before.evidenceDueBy;
        const isMoved = isForward && (facts.status !== before.status || facts.reason !== before.reason || dueBy?.getTime() !== before.evidenceDueBy?.getTime());
        const changes = {
          ...(isForward ? { lastEventAt: eventCreatedAt } : {}),
          ...(isMoved ? { status: facts.status, reason: facts.reason, evidenceDueBy: dueBy } : {}),
          // Evidence that went in stays in, whichever event says so first.
          ...(facts.isEvidenceSubmitted && !before.evidenceSubmittedAt ? { evidenceSubmittedAt: new Date() } : {}),
        };
        if (Object.keys(changes).length > 0) {
          const updated = (await updateDispute(tx, before.id, changes))!;
          // A newer event saying what is recorded changes nothing worth an audit entry.
          if (isMoved || 'evidenceSubmittedAt' in changes) dispute = updated;
        }
      }

      const journals = await disputeJournalKinds(tx, dispute.id);
      const written: DisputeJournalKind[] = [];
      if (!journals.has('dispute.funds-withdrawn') && (type === 'charge.dispute.funds_withdrawn' || isWithdrawnStatus(dispute.status))) {
        await postDisputeJournal(tx, dispute, 'dispute.funds-withdrawn', actor);
        written.push('dispute.funds-withdrawn');
      }
      const isWon = dispute.status === 'won' || type === 'charge.dispute.funds_reinstated';
      const hasLoss = journals.has('dispute.loss-absorbed') || journals.has('dispute.loss-owner');
      let note: string | null = null;
      if (isWon && !journals.has('dispute.funds-reinstated')) {
        if (hasLoss) {
          note = `Stripe returned the money of ${facts.id}, whose loss was already recovered: finance should look at it`;
        } else {
          // Won before its withdrawal was heard of: both are written, so the history reads as it happened.
          if (!journals.has('dispute.funds-withdrawn') && !written.includes('dispute.funds-withdrawn')) {
            await postDisputeJournal(tx, dispute, 'dispute.funds-withdrawn', actor);
            written.push('dispute.funds-withdrawn');
          }
          await postDisputeJournal(tx, dispute, 'dispute.funds-reinstated', actor);
          written.push('dispute.funds-reinstated');
        }
      }

      const isChanged = isNew || dispute !== before || written.length > 0;
      if (isChanged) {
        await writeAudit(tx, actor, {
          action: 'dispute.webhook',
          targetType: 'dispute',
          targetId: dispute.id,
          before: isNew ? null : { status: before.status, evidenceSubmitted: before.evidenceSubmittedAt !== null },
          after: { event: type, status: dispute.status, evidenceSubmitted: dispute.evidenceSubmittedAt !== null, journals: written, stripeDisputeId: facts.id },
        });
      }
      return {
        state: 'processed',
        note: note ?? (isChanged ? null : `${type} of ${facts.id} changes nothing recorded (a repeat, or older than what is recorded)`),
      };
    });
  }

  return { applyDisputeEvent };
}

export type DisputeEventsService = ReturnType<typeof createDisputeEventsService>;
