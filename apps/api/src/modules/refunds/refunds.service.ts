import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  REFUND_MESSAGES,
  REFUND_REASON_LABELS,
  REFUND_RECOVERY_CHOICES,
  refundExceedsMessage,
  refundPartsOf,
  totalPagesOf,
  type CreateRefundBody,
  type Refund,
  type RefundListQuery,
  type RefundListResponse,
  type RefundParts,
  type RefundReason,
  type RefundRecovery,
  type RefundRecoveryChoice,
  type RefundResponse,
  type RefundSummary,
} from '@ute/contract';
import type { Db, Tx } from '../../db/database';
import type { LedgerAccount } from '../../db/tables/ledger.table';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { assertUnchanged, writeAudit, type Actor } from '../../platform/audit/auditLog';
import type { Mailer } from '../../platform/mail/mailer';
import { refundMail } from '../../platform/mail/templates/refundMail';
import { ensurePayableSplit, findPayableSplit, postJournal, type JournalLine } from '../ledger/ledger.repository';
import { findPaymentById, type PaymentRow } from '../payments/payments.repository';
import {
  findBooking,
  findBookingOfPayment,
  findPaymentByTransaction,
  findPaymentOfBooking,
  lockBooking,
  type PaymentBooking,
} from './paymentBooking.repository';
import { RefundError, type ProviderRefund, type RefundProvider, type RefundRequest, type ReversalRequest } from './refundProvider';
import {
  activeRefundedCents,
  bookedRefundedCents,
  findCustomer,
  findOwnerName,
  findPayout,
  findRefund,
  findRefundByKey,
  findRefundByStripeId,
  findRefundListRow,
  findSucceededPayout,
  insertRefund,
  listRefunds,
  listRefundsOfPayment,
  listStaleRefunds,
  lockPayment,
  touchPayment,
  lockPayout,
  lockRefund,
  lockReversiblePayout,
  shiftReversedCents,
  updateRefund,
  type RefundListRow,
  type RefundRow,
} from './refunds.repository';

/**
 * A pending refund older than this cannot still be in flight (the SDK gives up after three 20-second
 * attempts, as for payouts): a repeat of its request, or the reconciliation job, sends it again with its key.
 */
export const STALE_REFUND_MS = 2 * 60_000;

/** One refund per payment and admin request: any repeat of the same click or retry carries the same key. */
export const refundIdempotencyKey = (paymentId: string, requestKey: string) => `refund-${paymentId}-${requestKey}`;
/** A refund's transfer reversal, keyed by the refund: sent once however often it is retried. */
export const reversalIdempotencyKey = (refundId: string) => `refund-reversal-${refundId}`;

/** Where the owner's share of a refund goes, by how it is recovered (docs/design.md §9.6). */
const OWNER_PART_ACCOUNT: Record<Exclude<RefundRecovery, 'none'>, LedgerAccount> = {
  // The owner is owed less: their payout of the booking shrinks.
  not_paid_yet: 'owner_payable',
  // The owner gave it back through Stripe: less was paid out to them.
  reverse_transfer: 'owner_paid_out',
  // The owner owes it: their next payouts are offset (payoutAmountOf).
  owner_balance: 'adjustments',
  absorb: 'platform_expense',
  // Parked as the platform's expense until an admin chooses (a refund made in Stripe's dashboard).
  undecided: 'platform_expense',
};
const OWNER_ACCOUNTS: readonly LedgerAccount[] = ['owner_payable', 'owner_paid_out', 'adjustments'];

/**
 * The lines of a refund's journal: the cash goes back; the fee and its GST are refunded in proportion
 * (refundPartsOf); the owner's share by its recovery; what the booking never took (not delivered, or
 * more than its gross) comes out of customer funds.
 */
export function refundJournalLines(parts: RefundParts, amountCents: number, recovery: RefundRecovery, ownerId: string | null): JournalLine[] {
  const lines: JournalLine[] = [
    { account: 'platform_cash', amountCents: -amountCents },
    { account: 'customer_funds', amountCents: parts.unbookedCents },
    { account: 'fee_revenue', amountCents: parts.feeCents - parts.gstCents },
    { account: 'gst_payable', amountCents: parts.gstCents },
  ];
  if (parts.ownerCents !== 0 && recovery !== 'none') {
    const account = OWNER_PART_ACCOUNT[recovery];
    lines.push({ account, amountCents: parts.ownerCents, ...(OWNER_ACCOUNTS.includes(account) ? { ownerId: ownerId ?? undefined } : {}) });
  }
  return lines;
}

const isChoice = (recovery: string): recovery is RefundRecoveryChoice => (REFUND_RECOVERY_CHOICES as readonly string[]).includes(recovery);

/** Stripe's own refund reasons as ours (a refund made in Stripe's dashboard). */
function reasonOfStripe(reason: string | null): RefundReason {
  if (reason === 'duplicate' || reason === 'fraudulent' || reason === 'requested_by_customer') return reason;
  return 'other';
}

function toRefundDto(row: RefundListRow): Refund {
  return {
    id: row.id,
    paymentId: row.paymentId,
    bookingKind: row.bookingKind ?? null,
    bookingId: row.bookingId,
    bookingReference: row.bookingReference,
    customerName: row.customerName,
    amountCents: row.amountCents,
    reason: row.reason,
    note: row.note,
    recovery: row.recovery,
    method: row.method,
    status: row.status,
    source: row.source,
    stripeRefundId: row.stripeRefundId,
    transferReversalId: row.transferReversalId,
    reversalStatus: row.reversalStatus ?? null,
    bankReference: row.bankReference,
    failureMessage: row.failureMessage,
    feeCents: row.feeCents,
    gstCents: row.gstCents,
    ownerCents: row.ownerCents,
    adminEmail: row.adminEmail,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    version: row.version,
  };
}

/** How a webhook event ended (the payouts' WebhookOutcome, repeated so this module needs nothing of theirs). */
export type RefundEventOutcome = { state: 'processed' | 'ignored'; note: string | null };

/** The Stripe events about refunds: a charge that was refunded (listing its refunds), or one refund. */
export const REFUND_EVENT_TYPES = ['charge.refunded', 'charge.refund.updated', 'refund.created', 'refund.updated'] as const;
export const isRefundEventType = (type: string): boolean => (REFUND_EVENT_TYPES as readonly string[]).includes(type);

type StripeObject = Record<string, unknown>;
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const idOf = (value: unknown): string | null => text(value) ?? text((value as StripeObject | null)?.id);

/** A refund as an event delivers it. */
function providerRefundOf(object: StripeObject): ProviderRefund | null {
  const id = text(object.id);
  const amount = object.amount;
  if (!id || typeof amount !== 'number' || !Number.isInteger(amount) || amount < 1) return null;
  return {
    id,
    amountCents: amount,
    status: text(object.status) ?? 'pending',
    reason: text(object.reason),
    metadata: (object.metadata ?? {}) as Record<string, string>,
  };
}

/** What a refund's success wrote, for the work after its commit (the transfer reversal, the mail). */
interface Recorded {
  row: RefundRow;
  mailId: string | null;
  isReversalDue: boolean;
}

export interface RefundsServiceDeps {
  db: Db;
  refunds: RefundProvider;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

/**
 * Refunds (docs/design.md §9.6): exactly once under parallel requests, retries and crashes, like
 * payouts. A refund is written pending (its key unique), then sent with that key, then recorded with
 * its journal, audit and the customer's mail in one transaction; a transfer reversal is recorded before
 * it is sent, so Stripe's `transfer.reversed` webhook finds nothing new to journal.
 */
export function createRefundsService({ db, refunds: provider, mailer, log }: RefundsServiceDeps) {
  const successMessage = (row: RefundRow) =>
    row.method === 'manual' ? REFUND_MESSAGES.manualRecorded : row.method === 'stripe' ? REFUND_MESSAGES.stripeRefunded : REFUND_MESSAGES.ledgerRefunded;

  async function dtoOf(id: string): Promise<Refund> {
    return toRefundDto((await findRefundListRow(db, id))!);
  }

  const answerOf = async (row: RefundRow): Promise<RefundResponse> => ({ message: successMessage(row), data: await dtoOf(row.id) });

  /** Exactly the same parameters on every call for one refund: Stripe refuses a reused key with others. */
  function refundRequestOf(refund: RefundRow, payment: PaymentRow): RefundRequest {
    return {
      paymentReference: payment.transactionId ?? '',
      amountCents: refund.amountCents,
      reason: refund.reason,
      idempotencyKey: refund.idempotencyKey,
      metadata: {
        refundId: refund.id,
        paymentId: refund.paymentId,
        ...(refund.bookingId ? { bookingKind: refund.bookingKind!, bookingId: refund.bookingId } : {}),
      },
    };
  }

  /**
   * Records a refund that went through (or a manual one), in the caller's transaction: under the
   * booking's lock (a payout's claim takes the same), the split is read, the parts computed on what the
   * booking's earlier refunds took, the owner's share put where its recovery says (decided now, from
   * whether the owner is paid now), and the journal, audit and mail written. Undefined when it was
   * recorded already (a concurrent retry or webhook was first).
   */
  async function recordSucceeded(
    tx: Tx,
    refundId: string,
    stripeRefundId: string | null,
    actor: Actor,
    action: 'refund.succeed' | 'refund.webhook',
  ): Promise<Recorded | undefined> {
    const refund = await lockRefund(tx, refundId);
    if (!refund || refund.status !== 'pending') return undefined;
    const payment = await findPaymentById(tx, refund.paymentId);
    const booking = refund.bookingKind && refund.bookingId ? await lockBooking(tx, refund.bookingKind, refund.bookingId) : undefined;
    let split = booking ? await findPayableSplit(tx, booking.kind, booking.id) : undefined;
    if (booking && !split && booking.status === 'delivered') {
      await ensurePayableSplit(tx, booking);
      split = await findPayableSplit(tx, booking.kind, booking.id);
    }
    if (split && split.grossCents <= 0) split = undefined;
    const refundedBefore = booking && split ? await bookedRefundedCents(tx, booking.kind, booking.id) : 0;
    const parts = refundPartsOf(split ?? null, refundedBefore, refund.amountCents);

    let recovery: RefundRecovery;
    if (!booking || parts.ownerCents === 0) recovery = 'none';
    else if (booking.transferState === 'none') recovery = 'not_paid_yet';
    else recovery = isChoice(refund.recovery) ? refund.recovery : 'undecided';
    let reversalPayoutId: string | null = null;
    if (recovery === 'reverse_transfer' && booking) {
      const payout = await lockReversiblePayout(tx, booking.kind, booking.id, provider.name);
      if (payout && payout.amountCents - payout.reversedCents >= parts.ownerCents) {
        // Raised before the reversal is sent: the webhook of that reversal then finds nothing new.
        await shiftReversedCents(tx, payout.id, parts.ownerCents);
        reversalPayoutId = payout.id;
      } else {
        // Too little of the transfer is left to reverse (reversed elsewhere since): the owner's balance carries it.
        recovery = 'owner_balance';
      }
    }

    await postJournal(
      tx,
      { kind: 'refund.issued', refundId: refund.id, adminId: actor.adminId, requestId: actor.requestId, memo: REFUND_REASON_LABELS[refund.reason] },
      refundJournalLines(parts, refund.amountCents, recovery, refund.ownerId),
    );
    const row = await updateRefund(tx, refund.id, {
      status: 'succeeded',
      stripeRefundId: stripeRefundId ?? refund.stripeRefundId,
      recovery,
      isBeforeDelivery: Boolean(booking) && !split,
      feeCents: parts.feeCents,
      gstCents: parts.gstCents,
      ownerCents: parts.ownerCents,
      unbookedCents: parts.unbookedCents,
      reversalPayoutId,
      reversalStatus: reversalPayoutId ? 'pending' : null,
      completedAt: new Date(),
    });
    await writeAudit(tx, actor, {
      action,
      targetType: 'payment',
      targetId: refund.paymentId,
      before: { refundId: refund.id, status: 'pending' },
      after: {
        refundId: refund.id,
        status: 'succeeded',
        amountCents: refund.amountCents,
        method: refund.method,
        source: refund.source,
        recovery,
        feeCents: parts.feeCents,
        gstCents: parts.gstCents,
        ownerCents: parts.ownerCents,
        stripeRefundId: row.stripeRefundId,
        bankReference: refund.bankReference,
      },
    });
    const customer = await findCustomer(tx, payment?.payerId ?? null);
    const mailId = customer
      ? await mailer.enqueue(
          tx,
          refundMail({
            to: customer.email,
            firstName: customer.firstName,
            bookingReference: booking?.reference ?? null,
            amountCents: refund.amountCents,
            paymentCents: payment?.amountCents ?? refund.amountCents,
            reason: REFUND_REASON_LABELS[refund.reason],
            channel: refund.method === 'manual' ? { kind: 'bank', reference: refund.bankReference ?? '' } : { kind: 'card' },
          }),
        )
      : null;
    return { row, mailId, isReversalDue: reversalPayoutId !== null };
  }

  /** The provider refused: nothing moved, the refund is failed (its amount free again). */
  async function recordFailed(refund: RefundRow, message: string, actor: Actor): Promise<void> {
    await db.transaction(async (tx) => {
      const locked = await lockRefund(tx, refund.id);
      if (locked?.status !== 'pending') return;
      await updateRefund(tx, refund.id, { status: 'failed', failureMessage: message, completedAt: new Date() });
      await writeAudit(tx, actor, {
        action: 'refund.fail',
        targetType: 'payment',
        targetId: refund.paymentId,
        before: { refundId: refund.id, status: 'pending' },
        after: { refundId: refund.id, status: 'failed', failureMessage: message },
      });
    });
  }

  /** After a success committed: the transfer reversal it owes, then the customer's mail. */
  async function finishRecorded(recorded: Recorded, actor: Actor): Promise<void> {
    if (recorded.isReversalDue) await reverseTransfer(recorded.row, actor, { isLookupFirst: false });
    if (recorded.mailId) mailer.startDelivery();
  }

  async function recordSucceededNow(refund: RefundRow, stripeRefundId: string | null, actor: Actor, action: 'refund.succeed' | 'refund.webhook') {
    const recorded = await db.transaction((tx) => recordSucceeded(tx, refund.id, stripeRefundId, actor, action));
    if (recorded) await finishRecorded(recorded, actor);
    return recorded;
  }

  /**
   * Sends a refund's transfer reversal (its amount already counted on the payout) with its own key,
   * and records its id; a refusal gives the share to the owner's balance instead (journal
   * refund.reversal-failed, the payout's reversed amount lowered again). Unknown outcome: left pending
   * for the reconciliation.
   */
  async function reverseTransfer(refund: RefundRow, actor: Actor, { isLookupFirst }: { isLookupFirst: boolean }): Promise<'succeeded' | 'failed' | 'pending'> {
    const payout = refund.reversalPayoutId ? await findPayout(db, refund.reversalPayoutId) : undefined;
    if (!payout?.providerTransferId || !refund.ownerCents) return 'pending';
    const request: ReversalRequest = {
      transferId: payout.providerTransferId,
      amountCents: refund.ownerCents,
      idempotencyKey: reversalIdempotencyKey(refund.id),
      metadata: { refundId: refund.id, paymentId: refund.paymentId, payoutId: payout.id },
    };
    let reversalId: string;
    try {
      const found = isLookupFirst ? await provider.findReversal(request) : null;
      reversalId = found ? found.reversalId : (await provider.reverseTransfer(request)).reversalId;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof RefundError && error.isCertainlyNotSent) {
        await recordReversalFailed(refund, message, actor);
        return 'failed';
      }
      log.error({ err: error, refundId: refund.id }, 'transfer reversal outcome unknown; left pending');
      return 'pending';
    }
    await db.transaction(async (tx) => {
      const locked = await lockRefund(tx, refund.id);
      if (locked?.reversalStatus !== 'pending') return;
      await updateRefund(tx, refund.id, { reversalStatus: 'succeeded', transferReversalId: reversalId });
      await writeAudit(tx, actor, {
        action: 'refund.recovery',
        targetType: 'payment',
        targetId: refund.paymentId,
        before: { refundId: refund.id, reversalStatus: 'pending' },
        after: {
          refundId: refund.id,
          recovery: 'reverse_transfer',
          reversalStatus: 'succeeded',
          transferReversalId: reversalId,
          amountCents: refund.ownerCents,
        },
      });
    });
    return 'succeeded';
  }

  async function recordReversalFailed(refund: RefundRow, message: string, actor: Actor): Promise<void> {
    await db.transaction(async (tx) => {
      const locked = await lockRefund(tx, refund.id);
      if (locked?.reversalStatus !== 'pending' || !locked.reversalPayoutId || !locked.ownerCents) return;
      const payout = await lockPayout(tx, locked.reversalPayoutId);
      if (!payout) return;
      await shiftReversedCents(tx, payout.id, -locked.ownerCents);
      await postJournal(tx, { kind: 'refund.reversal-failed', refundId: refund.id, adminId: actor.adminId, requestId: actor.requestId, memo: message }, [
        { account: 'owner_paid_out', ownerId: payout.ownerId, amountCents: -locked.ownerCents },
        { account: 'adjustments', ownerId: payout.ownerId, amountCents: locked.ownerCents },
      ]);
      await updateRefund(tx, refund.id, { reversalStatus: 'failed', recovery: 'owner_balance', failureMessage: message });
      await writeAudit(tx, actor, {
        action: 'refund.recovery',
        targetType: 'payment',
        targetId: refund.paymentId,
        before: { refundId: refund.id, recovery: 'reverse_transfer', reversalStatus: 'pending' },
        after: { refundId: refund.id, recovery: 'owner_balance', reversalStatus: 'failed', failureMessage: message },
      });
    });
    log.warn({ refundId: refund.id, message }, 'transfer reversal refused; the owner share is charged to their balance');
  }

  /**
   * Settles one pending refund: the provider's refund for it if there is one (found by our id), else
   * sent again with the same key (the provider dedupes one still in flight), and recorded.
   */
  async function reconcileRefund(refund: RefundRow, actor: Actor): Promise<'succeeded' | 'failed' | 'pending'> {
    if (refund.method !== provider.name) {
      log.warn({ refundId: refund.id, method: refund.method, provider: provider.name }, 'pending refund was made with another provider; left pending');
      return 'pending';
    }
    const payment = await findPaymentById(db, refund.paymentId);
    if (!payment) return 'pending';
    const request = refundRequestOf(refund, payment);
    let refundId: string;
    try {
      const found = await provider.findRefund(request);
      refundId = found ? found.refundId : (await provider.refund(request)).refundId;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof RefundError && error.isCertainlyNotSent) {
        await recordFailed(refund, message, actor);
        return 'failed';
      }
      log.error({ err: error, refundId: refund.id }, 'pending refund could not be reconciled; left pending');
      return 'pending';
    }
    await recordSucceededNow(refund, refundId, actor, 'refund.succeed');
    return 'succeeded';
  }

  /**
   * The reconciliation (the `payout-reconciliation` job, backgroundJobs.ts): refunds and reversals
   * sent and never recorded (the process died in between), older than STALE_REFUND_MS. Answers how
   * many refunds were recorded.
   */
  async function reconcilePendingRefunds(): Promise<number> {
    const actor: Actor = { adminId: null, requestId: `reconcile-refunds-${randomUUID()}` };
    const stale = await listStaleRefunds(db, new Date(Date.now() - STALE_REFUND_MS));
    let recorded = 0;
    for (const refund of stale) {
      if (refund.status === 'pending') {
        if ((await reconcileRefund(refund, actor)) === 'succeeded') recorded += 1;
      } else if (refund.reversalStatus === 'pending') {
        await reverseTransfer(refund, actor, { isLookupFirst: true });
      }
    }
    if (stale.length > 0) log.info({ stale: stale.length, recorded }, 'refund reconciliation finished');
    return recorded;
  }

  /** A repeat of a request already made (its key): the same answer, or a resume once it is stale. */
  async function answerRepeat(earlier: RefundRow, body: CreateRefundBody, actor: Actor): Promise<RefundResponse> {
    if (earlier.amountCents !== body.amountCents || earlier.reason !== body.reason) throw conflict(REFUND_MESSAGES.requestKeyReused);
    if (earlier.status === 'succeeded') return answerOf(earlier);
    if (earlier.status === 'failed') throw conflict(`${REFUND_MESSAGES.requestFailedPrefix}${earlier.failureMessage ?? ''}`);
    if (Date.now() - earlier.createdAt.getTime() < STALE_REFUND_MS) throw conflict(REFUND_MESSAGES.inProgress);
    const outcome = await reconcileRefund(earlier, actor);
    if (outcome === 'succeeded') return answerOf((await findRefund(db, earlier.id))!);
    if (outcome === 'failed') throw new AppError('BAD_GATEWAY', `${REFUND_MESSAGES.refusedPrefix}${(await findRefund(db, earlier.id))?.failureMessage ?? ''}`);
    throw new AppError('BAD_GATEWAY', REFUND_MESSAGES.uncertain);
  }

  /** 400/409 for what no refund of this payment may be, before anything is written. */
  function refuseRequest(payment: PaymentRow, body: CreateRefundBody): void {
    if (payment.isStripe && payment.status !== 'succeeded') throw conflict(REFUND_MESSAGES.notRefundable);
    if (!payment.isStripe && payment.status !== 'inProgress') throw conflict(REFUND_MESSAGES.notRefundable);
    if (payment.isStripe && body.bankReference !== undefined) throw badRequest(REFUND_MESSAGES.bankReferenceStripe);
    if (!payment.isStripe && body.bankReference === undefined) throw badRequest(REFUND_MESSAGES.bankReferenceRequired);
    if (payment.isStripe && !payment.transactionId) throw conflict(REFUND_MESSAGES.noPaymentIntent);
  }

  /** The recovery the admin asks for: required once the owner was paid, refused while a payout is in flight. */
  async function requestedRecovery(booking: PaymentBooking | undefined, body: CreateRefundBody): Promise<RefundRecovery> {
    if (!booking || booking.transferState === 'none') return booking ? 'not_paid_yet' : 'none';
    if (booking.transferState === 'transferring') throw conflict(REFUND_MESSAGES.payoutInProgress);
    if (!body.recovery) throw badRequest(REFUND_MESSAGES.recoveryRequired);
    if (body.recovery === 'reverse_transfer') {
      const payout = await findSucceededPayout(db, booking.kind, booking.id);
      if (!payout?.providerTransferId || payout.method !== provider.name) throw conflict(REFUND_MESSAGES.notReversible);
    }
    return body.recovery;
  }

  /** POST payments/{id}/refunds: refunds (part of) a payment once, through the provider or, for a manual payment, as recorded. */
  async function createRefund(paymentId: string, body: CreateRefundBody, actor: Actor): Promise<RefundResponse> {
    const payment = await findPaymentById(db, paymentId);
    if (!payment) throw notFound('Payment');
    refuseRequest(payment, body);
    const key = refundIdempotencyKey(payment.id, body.requestKey);
    const earlier = await findRefundByKey(db, key);
    if (earlier) return answerRepeat(earlier, body, actor);
    const booking = await findBookingOfPayment(db, payment);
    const recovery = await requestedRecovery(booking, body);
    const isManual = !payment.isStripe;

    const created = await db.transaction(async (tx) => {
      const locked = await lockPayment(tx, payment.id);
      // A parallel identical click that held the lock first wrote the key: answered as a repeat below.
      if (!locked || (await findRefundByKey(tx, key))) return null;
      await assertUnchanged(tx, actor, { version: locked.version, id: payment.id, targetType: 'payment' });
      const remaining = locked.amountCents - (await activeRefundedCents(tx, payment.id));
      if (remaining <= 0) throw conflict(REFUND_MESSAGES.fullyRefunded);
      if (body.amountCents > remaining) throw conflict(refundExceedsMessage(remaining));
      const row = await insertRefund(tx, {
        paymentId: payment.id,
        bookingKind: booking?.kind ?? null,
        bookingId: booking?.id ?? null,
        ownerId: booking?.ownerId ?? null,
        amountCents: body.amountCents,
        reason: body.reason,
        note: body.note || null,
        recovery,
        method: isManual ? 'manual' : provider.name,
        source: 'admin',
        bankReference: body.bankReference ?? null,
        idempotencyKey: key,
        adminId: actor.adminId,
      });
      if (!row) return null;
      await touchPayment(tx, payment.id);
      await writeAudit(tx, actor, {
        action: 'refund.create',
        targetType: 'payment',
        targetId: payment.id,
        after: { refundId: row.id, amountCents: row.amountCents, reason: row.reason, recovery, method: row.method, idempotencyKey: key },
      });
      const recorded = isManual ? await recordSucceeded(tx, row.id, null, actor, 'refund.succeed') : undefined;
      return { row, recorded };
    });
    if (!created) return answerRepeat((await findRefundByKey(db, key))!, body, actor);
    if (created.recorded) {
      await finishRecorded(created.recorded, actor);
      return answerOf(created.recorded.row);
    }

    let stripeRefundId: string;
    try {
      ({ refundId: stripeRefundId } = await provider.refund(refundRequestOf(created.row, payment)));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof RefundError && error.isCertainlyNotSent) {
        await recordFailed(created.row, message, actor);
        throw new AppError('BAD_GATEWAY', `${REFUND_MESSAGES.refusedPrefix}${message}`);
      }
      // It may have gone through: the refund stays pending for the reconciliation (or Stripe's webhook).
      log.error({ err: error, refundId: created.row.id, idempotencyKey: key }, 'refund outcome unknown');
      throw new AppError('BAD_GATEWAY', REFUND_MESSAGES.uncertain);
    }
    await recordSucceededNow(created.row, stripeRefundId, actor, 'refund.succeed');
    return answerOf((await findRefund(db, created.row.id))!);
  }

  /** POST refunds/{id}/recovery: an admin chooses how the owner's share of an undecided refund is recovered; the correcting journal. */
  async function chooseRecovery(refundId: string, choice: RefundRecoveryChoice, actor: Actor): Promise<RefundResponse> {
    const chosen = await db.transaction(async (tx) => {
      const refund = await lockRefund(tx, refundId);
      if (!refund) throw notFound('Refund');
      // A refund's changes are audited on its payment.
      await assertUnchanged(tx, actor, { version: refund.version, id: refund.paymentId, targetType: 'payment' });
      if (refund.recovery !== 'undecided' || refund.status !== 'succeeded') {
        throw conflict(isChoice(refund.recovery) ? REFUND_MESSAGES.recoveryAlreadyChosen : REFUND_MESSAGES.recoveryNotUndecided);
      }
      const ownerCents = refund.ownerCents ?? 0;
      let reversalPayoutId: string | null = null;
      if (choice === 'reverse_transfer') {
        const payout = refund.bookingKind && refund.bookingId ? await lockReversiblePayout(tx, refund.bookingKind, refund.bookingId, provider.name) : undefined;
        if (!payout || payout.amountCents - payout.reversedCents < ownerCents) throw conflict(REFUND_MESSAGES.notReversible);
        await shiftReversedCents(tx, payout.id, ownerCents);
        reversalPayoutId = payout.id;
      }
      // Absorbing leaves the share where it was parked (the platform's expense): nothing to move.
      if (choice !== 'absorb' && ownerCents !== 0) {
        await postJournal(tx, { kind: 'refund.recovered', refundId: refund.id, adminId: actor.adminId, requestId: actor.requestId }, [
          { account: 'platform_expense', amountCents: -ownerCents },
          { account: OWNER_PART_ACCOUNT[choice], ownerId: refund.ownerId ?? undefined, amountCents: ownerCents },
        ]);
      }
      const row = await updateRefund(tx, refund.id, { recovery: choice, reversalPayoutId, reversalStatus: reversalPayoutId ? 'pending' : null });
      await writeAudit(tx, actor, {
        action: 'refund.recovery',
        targetType: 'payment',
        targetId: refund.paymentId,
        before: { refundId: refund.id, recovery: 'undecided' },
        after: { refundId: refund.id, recovery: choice, ownerCents },
      });
      return row;
    });
    if (chosen.reversalStatus === 'pending') await reverseTransfer(chosen, actor, { isLookupFirst: false });
    return { message: REFUND_MESSAGES.recoveryRecorded, data: await dtoOf(chosen.id) };
  }

  /** Everything the refund dialog shows about a payment. */
  async function summaryOf(payment: PaymentRow & { version: string }): Promise<RefundSummary> {
    const booking = await findBookingOfPayment(db, payment);
    const split = booking ? await findPayableSplit(db, booking.kind, booking.id) : undefined;
    const rows = await listRefundsOfPayment(db, payment.id);
    const refundedCents = rows.filter((row) => row.status !== 'failed').reduce((sum, row) => sum + row.amountCents, 0);
    const payout = booking && booking.transferState !== 'none' ? await findSucceededPayout(db, booking.kind, booking.id) : undefined;
    const isReversible = payout?.providerTransferId && payout.method === provider.name;
    return {
      payment: {
        id: payment.id,
        amountCents: payment.amountCents,
        isStripe: payment.isStripe,
        isJob: payment.isJob,
        status: payment.status,
        transactionId: payment.transactionId,
        paymentBy: payment.paymentBy,
        version: payment.version,
      },
      booking: booking
        ? {
            kind: booking.kind,
            id: booking.id,
            reference: booking.reference,
            ownerId: booking.ownerId,
            ownerName: await findOwnerName(db, booking.ownerId),
            status: booking.status,
            transferState: booking.transferState,
            payoutMethod: payout?.method ?? null,
            reversibleCents: isReversible ? payout.amountCents - payout.reversedCents : 0,
          }
        : null,
      split: split && split.grossCents > 0 ? { grossCents: split.grossCents, feeCents: split.feeCents, gstCents: split.gstCents } : null,
      bookedRefundedCents: booking && split ? await bookedRefundedCents(db, booking.kind, booking.id) : 0,
      refundedCents,
      remainingCents: Math.max(0, payment.amountCents - refundedCents),
      isOwnerPaid: Boolean(booking && booking.transferState !== 'none'),
      refunds: rows.map(toRefundDto),
    };
  }

  /** GET payments/{id}/refund-summary */
  async function getPaymentRefunds(paymentId: string): Promise<{ data: RefundSummary }> {
    const payment = await findPaymentById(db, paymentId);
    if (!payment) throw notFound('Payment');
    return { data: await summaryOf(payment) };
  }

  /** GET booking-refunds/{kind}/{bookingId}: the same, for the booking's payment. */
  async function getBookingRefunds(kind: 'ute' | 'job', bookingId: string): Promise<{ data: RefundSummary }> {
    const booking = await findBooking(db, kind, bookingId);
    if (!booking) throw notFound('Booking');
    const payment = await findPaymentOfBooking(db, booking);
    if (!payment) throw new AppError('NOT_FOUND', REFUND_MESSAGES.noPayment);
    return { data: await summaryOf(payment) };
  }

  /** GET refunds: every refund, newest first, or those waiting for a recovery choice. */
  async function getRefunds(query: RefundListQuery): Promise<RefundListResponse> {
    const { rows, total, undecided } = await listRefunds(
      db,
      { isUndecidedOnly: query.recovery === 'undecided' },
      { limit: query.limit, offset: (query.page - 1) * query.limit },
    );
    return {
      data: rows.map(toRefundDto),
      totalCount: total,
      undecidedCount: undecided,
      paginationData: { page: query.page, totalPages: totalPagesOf(total, query.limit) },
    };
  }

  /**
   * A Stripe refund event (`charge.refunded` lists a charge's refunds; the others carry one refund):
   * each refund we have not recorded is. One of ours still pending (its id in the metadata: the call's
   * answer was lost) is recorded as succeeded; one made elsewhere (Stripe's dashboard) is written as
   * succeeded with source stripe_dashboard, its owner share parked until an admin chooses when the owner
   * was already paid. Refunds Stripe says failed or were cancelled are not money that left.
   */
  async function applyStripeRefundEvent(type: string, object: StripeObject, actor: Actor): Promise<RefundEventOutcome> {
    const isCharge = type === 'charge.refunded';
    const references = (isCharge ? [idOf(object.payment_intent), text(object.id)] : [idOf(object.payment_intent), idOf(object.charge)]).filter(
      (reference): reference is string => reference !== null,
    );
    let stripeRefunds: ProviderRefund[];
    if (isCharge) {
      const listed = (object.refunds as { data?: unknown } | undefined)?.data;
      // Since API version 2022-11-15 a charge no longer lists its refunds: they are read from Stripe then.
      stripeRefunds = Array.isArray(listed)
        ? listed.map((item) => providerRefundOf(item as StripeObject)).filter((refund): refund is ProviderRefund => refund !== null)
        : references[0]
          ? await provider.listRefunds(references[0])
          : [];
    } else {
      const one = providerRefundOf(object);
      stripeRefunds = one ? [one] : [];
    }
    const notes: string[] = [];
    let recorded = 0;
    for (const stripeRefund of stripeRefunds) {
      if (stripeRefund.status !== 'succeeded' && stripeRefund.status !== 'pending') continue;
      if (await findRefundByStripeId(db, stripeRefund.id)) continue;
      const ours = stripeRefund.metadata.refundId ? await findRefund(db, stripeRefund.metadata.refundId) : undefined;
      if (ours) {
        if (ours.status === 'pending' && (await recordSucceededNow(ours, stripeRefund.id, actor, 'refund.webhook'))) recorded += 1;
        continue;
      }
      const outcome = await recordDashboardRefund(stripeRefund, references, actor);
      if (outcome === true) recorded += 1;
      else notes.push(outcome);
    }
    if (recorded > 0) return { state: 'processed', note: notes.length > 0 ? notes.join('; ') : null };
    return { state: 'ignored', note: notes.length > 0 ? notes.join('; ') : `every refund of ${references[0] ?? 'this payment'} is recorded already` };
  }

  /** A refund made in Stripe's dashboard: written succeeded at once, with its journal. True, or why not. */
  async function recordDashboardRefund(stripeRefund: ProviderRefund, references: string[], actor: Actor): Promise<true | string> {
    const payment = await findPaymentByTransaction(db, references);
    if (!payment) return `no payment of ours has ${references.join(' or ') || 'no payment reference'}`;
    const booking = await findBookingOfPayment(db, payment);
    const key = `stripe-${stripeRefund.id}`;
    const recorded = await db.transaction(async (tx) => {
      const locked = await lockPayment(tx, payment.id);
      if (!locked || (await findRefundByKey(tx, key))) return 'recorded already';
      const remaining = locked.amountCents - (await activeRefundedCents(tx, payment.id));
      if (stripeRefund.amountCents > remaining)
        return `refund ${stripeRefund.id} is more than the ${remaining} cents left to refund on payment ${payment.id}; needs a look`;
      const row = await insertRefund(tx, {
        paymentId: payment.id,
        bookingKind: booking?.kind ?? null,
        bookingId: booking?.id ?? null,
        ownerId: booking?.ownerId ?? null,
        amountCents: stripeRefund.amountCents,
        reason: reasonOfStripe(stripeRefund.reason),
        recovery: 'undecided',
        method: 'stripe',
        source: 'stripe_dashboard',
        stripeRefundId: stripeRefund.id,
        idempotencyKey: key,
      });
      if (!row) return 'recorded already';
      await touchPayment(tx, payment.id);
      return (await recordSucceeded(tx, row.id, stripeRefund.id, actor, 'refund.webhook')) ?? 'recorded already';
    });
    if (typeof recorded === 'string') return recorded;
    await finishRecorded(recorded, actor);
    return true;
  }

  return {
    createRefund,
    chooseRecovery,
    getPaymentRefunds,
    getBookingRefunds,
    getRefunds,
    reconcilePendingRefunds,
    applyStripeRefundEvent,
  };
}

export type RefundsService = ReturnType<typeof createRefundsService>;
