import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import { totalPagesOf, WEBHOOK_MESSAGES, type WebhookEvent, type WebhookEventsQuery } from '@ute/contract';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { writeAudit, type Actor } from '../../platform/audit/auditLog';
import type { Db } from '../../db/database';
import type { JobQueue } from '../../lib/jobQueue';
import type { PayoutsService, StripeTransferFacts, WebhookOutcome } from '../payouts/payouts.service';
import { isRefundEventType, type RefundsService } from '../refunds/refunds.service';
import { createDisputeEventsService, isDisputeEventType } from '../disputes/disputeEvents';
import {
  claimStripeEvent,
  findStripeEvent,
  finishStripeEvent,
  insertStripeEvent,
  listStripeEvents,
  listUnworkedStripeEvents,
  reopenStripeEvent,
  type StripeEventRow,
} from './webhooks.repository';

/** Stripe's default, and ours: an event signed more than 5 minutes ago is refused (a replayed capture). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
/** An event still unworked this long after it arrived lost its job: the sweep sends it again. */
const LOST_EVENT_MS = 30_000;

export interface WebhooksServiceDeps {
  db: Db;
  queue: JobQueue;
  payouts: PayoutsService;
  /** Stripe's refund events (charge.refunded and the refund's own): modules/refunds. */
  refunds: Pick<RefundsService, 'applyStripeRefundEvent'>;
  log: FastifyBaseLogger;
  /** STRIPE_WEBHOOK_SECRET; without it the endpoint answers 503. */
  signingSecret: string | undefined;
  /** Whether the api runs with a live Stripe key: events of the other mode are stored and ignored. */
  isLivemode: boolean;
}

const toEventDto = (row: StripeEventRow): WebhookEvent => ({
  id: row.id,
  type: row.type,
  account: row.account,
  state: row.state,
  attempts: row.attempts,
  note: row.note,
  receivedAt: row.receivedAt.toISOString(),
  processedAt: row.processedAt?.toISOString() ?? null,
});

type StripeObject = Record<string, unknown>;
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const cents = (value: unknown): number => (typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : 0);

function transferFacts(object: StripeObject): StripeTransferFacts {
  return { id: String(object.id), transferGroup: text(object.transfer_group), amountReversedCents: cents(object.amount_reversed) };
}

/**
 * Stripe webhooks (docs/design.md §9.4): verified against the raw bytes with the SDK, stored once
 * in the inbox, worked by a job through the payout code's own transitions.
 */
export function createWebhooksService({ db, queue, payouts, refunds, log, signingSecret, isLivemode }: WebhooksServiceDeps) {
  // Verification needs no API key: the SDK checks the signature with the endpoint's secret only.
  const stripe = new Stripe('sk_webhook_verification_only');
  // Dispute events change the dispute and the ledger only: no provider needed (docs/design.md §9.7).
  const disputes = createDisputeEventsService({ db });

  /** POST /webhooks/stripe: verifies, stores once, queues the work, and answers at once. */
  async function receive(rawBody: Buffer, signatureHeader: string | undefined): Promise<{ received: true }> {
    if (!signingSecret) throw new AppError('SERVICE_UNAVAILABLE', WEBHOOK_MESSAGES.notConfigured);
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(rawBody, signatureHeader ?? '', signingSecret, WEBHOOK_TOLERANCE_SECONDS);
    } catch (error) {
      log.warn({ err: error }, 'stripe webhook refused: signature');
      throw badRequest(WEBHOOK_MESSAGES.badSignature);
    }
    const isNew = await insertStripeEvent(db, {
      id: event.id,
      type: event.type,
      account: event.account ?? null,
      livemode: event.livemode,
      payload: JSON.parse(rawBody.toString('utf8')),
    });
    // The inbox row is the durable record; the job only wakes a worker (the sweep re-sends a lost one).
    if (isNew) {
      await queue
        .send('stripe-event', { eventId: event.id })
        .catch((error: unknown) => log.warn({ err: error, eventId: event.id }, 'stripe event queued late (the sweep sends it)'));
      // This process's worker takes it now rather than at its next poll.
      queue.wake('stripe-event');
    }
    return { received: true };
  }

  async function apply(row: StripeEventRow, actor: Actor): Promise<WebhookOutcome> {
    if (row.livemode !== isLivemode)
      return { state: 'ignored', note: `a ${row.livemode ? 'live' : 'test'} mode event; the api runs in ${isLivemode ? 'live' : 'test'} mode` };
    const object = ((row.payload as { data?: { object?: StripeObject } }).data?.object ?? {}) as StripeObject;
    if (isDisputeEventType(row.type)) {
      // charge.dispute.*: the event's own time orders a dispute's events (seconds; its arrival when absent).
      const created = (row.payload as { created?: unknown }).created;
      return disputes.applyDisputeEvent(row.type, object, typeof created === 'number' ? new Date(created * 1000) : row.receivedAt, actor);
    }
    // charge.refunded and the refund's own events: refunds made elsewhere are recorded (docs/design.md §9.6).
    if (isRefundEventType(row.type)) return refunds.applyStripeRefundEvent(row.type, object, actor);
    switch (row.type) {
      case 'transfer.created':
        return payouts.applyTransferExists(transferFacts(object), actor);
      case 'transfer.updated':
      case 'transfer.reversed':
        return payouts.applyTransferReversed(transferFacts(object), actor);
      case 'account.updated': {
        const requirements = (object.requirements ?? {}) as StripeObject;
        return payouts.applyAccountState({
          id: String(object.id),
          payoutsEnabled: object.payouts_enabled === true,
          disabledReason: text(requirements.disabled_reason),
        });
      }
      case 'payout.paid':
      case 'payout.failed':
        if (!row.account) return { state: 'ignored', note: 'a payout of the platform itself, not of an owner' };
        return payouts.applyBankPayout(
          row.account,
          row.type === 'payout.failed' ? (text(object.failure_message) ?? text(object.failure_code) ?? 'failed') : null,
        );
      default:
        return { state: 'ignored', note: `${row.type} is not an event the back-office applies` };
    }
  }

  /**
   * The `stripe-event` job: applies one inbox event once. A failure is recorded on the event and
   * thrown, so the job queue retries it (the event shows failed, then processed with its attempts).
   */
  async function processEvent(eventId: string, actor: Actor = { adminId: null, requestId: `stripe-event-${eventId}` }): Promise<StripeEventRow | undefined> {
    const row = await claimStripeEvent(db, eventId);
    if (!row) return findStripeEvent(db, eventId);
    let outcome: WebhookOutcome;
    try {
      outcome = await apply(row, actor);
    } catch (error) {
      // A database refusal's own words are its cause (Drizzle's message is the failed statement).
      const failure = error as { message?: string; cause?: { message?: string } };
      await finishStripeEvent(db, eventId, 'failed', failure.cause?.message ?? failure.message ?? String(error));
      throw error;
    }
    return finishStripeEvent(db, eventId, outcome.state, outcome.note);
  }

  /** The `stripe-event-sweep` job: re-sends the events whose job was lost. */
  async function sweepUnworkedEvents(): Promise<number> {
    const lost = await listUnworkedStripeEvents(db, new Date(Date.now() - LOST_EVENT_MS));
    for (const { id } of lost) await queue.send('stripe-event', { eventId: id });
    return lost.length;
  }

  /** GET webhook-events: the inbox, newest first. */
  async function getEvents(query: WebhookEventsQuery) {
    const { rows, total } = await listStripeEvents(db, { state: query.state }, { limit: query.limit, offset: (query.page - 1) * query.limit });
    return { data: rows.map(toEventDto), totalCount: total, paginationData: { page: query.page, totalPages: totalPagesOf(total, query.limit) } };
  }

  /** POST webhook-events/{id}/replay: works an event again now (safe: every transition is idempotent), audited. */
  async function replayEvent(eventId: string, actor: Actor) {
    const before = await findStripeEvent(db, eventId);
    if (!before) throw notFound('Webhook event');
    await reopenStripeEvent(db, eventId);
    await writeAudit(db, actor, {
      action: 'webhook.replay',
      targetType: 'stripe_event',
      targetId: eventId,
      before: { state: before.state, attempts: before.attempts },
    });
    let row: StripeEventRow | undefined;
    try {
      row = await processEvent(eventId, { ...actor, requestId: actor.requestId || `replay-${randomUUID()}` });
    } catch {
      row = await findStripeEvent(db, eventId);
    }
    return { message: WEBHOOK_MESSAGES.replayed, data: toEventDto(row!) };
  }

  return { receive, processEvent, sweepUnworkedEvents, getEvents, replayEvent };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
