import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  BATCH_MESSAGES,
  ownerOwesMessage,
  PAYOUT_BATCH_METHOD,
  PAYOUT_MESSAGES,
  payoutBlockedReason,
  REFUND_MESSAGES,
  type BookingKind,
  type MessageResponse,
} from '@ute/contract';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { assertUnchanged, writeAudit, type Actor } from '../../platform/audit/auditLog';
import type { Db, DbOrTx, Tx } from '../../db/database';
import { timeVersion } from '../../db/rowVersion';
import type { LedgerAccount } from '../../db/tables/ledger.table';
import { claimBookingForPayout, findOwner, findPayableBooking, setBookingTransferState, type PayableBooking } from '../bookings/bookings.repository';
import {
  ensurePayableSplit,
  findOwnerPayoutStatus,
  lockOwnerPayoutStatus,
  payoutAmountOf,
  postJournal,
  updateOwnerPayoutStatus,
} from '../ledger/ledger.repository';
import { PayoutError, type PayoutProvider, type PayoutRequest } from './payoutProvider';
import {
  countPayoutsOfBooking,
  findOwnerByStripeAccount,
  findPayoutOfTransfer,
  findPendingPayoutOfBooking,
  raiseReversedCents,
  insertPayout,
  listPendingPayouts,
  markPayoutFailed,
  markPayoutSucceeded,
  type PayoutRow,
} from './payouts.repository';

/**
 * A pending payout older than this cannot still be in flight (the Stripe SDK gives up after three
 * 20-second attempts), so a new transfer request for its booking reconciles it on the spot.
 */
export const STALE_PAYOUT_MS = 2 * 60_000;

/**
 * The idempotency key of a booking's payout: derived from the booking, so any retry of the same
 * attempt carries the same key. A refused attempt (Stripe answered 4xx, nothing sent) is followed by
 * a new attempt with a new key, because Stripe replays the stored error for a reused key.
 */
export function payoutIdempotencyKey(kind: BookingKind, bookingId: string, attempt: number): string {
  return attempt <= 1 ? `payout-${kind}-${bookingId}` : `payout-${kind}-${bookingId}-${attempt}`;
}

/** The 409 that explains why a booking cannot be paid now, or null when it can. */
function transferConflict(booking: PayableBooking): AppError | null {
  if (booking.transferState === 'transferred') return conflict(PAYOUT_MESSAGES.alreadyTransferred);
  if (booking.transferState === 'transferring') return conflict(PAYOUT_MESSAGES.beingTransferred);
  if (booking.status !== 'delivered') return conflict(PAYOUT_MESSAGES.notDelivered);
  return null;
}

/** Exactly the same parameters on every call for one payout: Stripe refuses a reused key with others. */
function payoutRequestOf(payout: PayoutRow, destinationAccountId: string | null): PayoutRequest {
  return {
    amountCents: payout.amountCents,
    currency: payout.currency,
    destinationAccountId,
    idempotencyKey: payout.idempotencyKey,
    description: `Payout for ${payout.bookingKind} booking ${payout.bookingId}`,
    metadata: { bookingKind: payout.bookingKind, bookingId: payout.bookingId, payoutId: payout.id },
  };
}

type ReconcileOutcome = { outcome: 'succeeded' } | { outcome: 'failed'; message: string } | { outcome: 'pending' };

/** The next payout row of a booking: each attempt gets its own idempotency key (Stripe replays a stored error per key). Payout batches start theirs with it too. */
export async function insertNextPayout(
  tx: Tx,
  booking: PayableBooking,
  amountCents: number,
  actor: Actor,
  outcome: { method: string; status: 'pending' | 'succeeded'; completedAt?: Date },
) {
  const attempt = (await countPayoutsOfBooking(tx, booking.kind, booking.id)) + 1;
  return insertPayout(tx, {
    bookingKind: booking.kind,
    bookingId: booking.id,
    ownerId: booking.ownerId,
    amountCents,
    currency: 'aud',
    idempotencyKey: payoutIdempotencyKey(booking.kind, booking.id, attempt),
    adminId: actor.adminId,
    ...outcome,
  });
}

const transferredMessage = (provider: PayoutProvider) => (provider.name === 'stripe' ? PAYOUT_MESSAGES.stripeTransferred : PAYOUT_MESSAGES.ledgerTransferred);

/**
 * Each step of a payout moves the owner's net between their ledger accounts (docs/design.md §9):
 * started payable -> in transit; succeeded in transit -> paid out; failed in transit -> payable
 * again; a manual payout payable -> paid out at once.
 */
const PAYOUT_JOURNAL_MOVES = {
  'payout.started': { debit: 'owner_payable', credit: 'owner_in_transit' },
  'payout.succeeded': { debit: 'owner_in_transit', credit: 'owner_paid_out' },
  'payout.failed': { debit: 'owner_in_transit', credit: 'owner_payable' },
  'payout.manual': { debit: 'owner_payable', credit: 'owner_paid_out' },
} as const satisfies Record<string, { debit: LedgerAccount; credit: LedgerAccount }>;

/** Writes a payout step's journal in the transaction of the step itself (payout batches' steps too). */
export function postPayoutJournal(tx: Tx, payout: PayoutRow, kind: keyof typeof PAYOUT_JOURNAL_MOVES, actor: Actor, memo?: string) {
  const { debit, credit } = PAYOUT_JOURNAL_MOVES[kind];
  return postJournal(
    tx,
    {
      kind,
      bookingKind: payout.bookingKind as BookingKind,
      bookingId: payout.bookingId,
      payoutId: payout.id,
      adminId: actor.adminId,
      requestId: actor.requestId,
      memo,
    },
    [
      { account: debit, ownerId: payout.ownerId, amountCents: payout.amountCents },
      { account: credit, ownerId: payout.ownerId, amountCents: -payout.amountCents },
    ],
  );
}

/**
 * The amount of a claimed booking's payout (payoutAmountOf: less the owner's share of its refunds, a debt
 * on their balance offset); a 409 rolls the claim back when nothing is left to pay.
 */
async function claimedAmountOf(tx: Tx, booking: PayableBooking): Promise<number> {
  const due = await payoutAmountOf(tx, booking);
  if (due.netCents < 1) throw conflict(REFUND_MESSAGES.ownerShareTaken);
  if (due.amountCents < 1) throw conflict(ownerOwesMessage(due.balanceCents ?? 0, due.netCents));
  return due.amountCents;
}

/** What a Stripe transfer event tells us (its object, re-read or as delivered). */
export interface StripeTransferFacts {
  id: string;
  /** Our idempotency key (payouts set it as the transfer group). */
  transferGroup: string | null;
  amountReversedCents: number;
}

/** How a webhook event ended: applied, or stored and ignored (with why). */
export type WebhookOutcome = { state: 'processed' | 'ignored'; note: string | null };

const bookingTarget = (kind: BookingKind) => (kind === 'ute' ? 'ute_booking' : 'job_booking');

export interface PayoutsServiceDeps {
  db: Db;
  payouts: PayoutProvider;
  log: FastifyBaseLogger;
  /** Told after a payout is recorded succeeded (the owner's remittance mail goes out then; modules/invoices). */
  onPayoutSucceeded?: () => void;
}

/**
 * The payout state machine (docs/design.md §9.1): a booking goes none -> transferring -> transferred
 * exactly once, whatever the races, retries and crashes; every step is audited and journalled in
 * the same transaction.
 */
export function createPayoutsService({ db, payouts, log, onPayoutSucceeded }: PayoutsServiceDeps) {
  /** 409 while finance holds the owner's payouts, or (for a Stripe transfer) while Stripe says their account cannot be paid. */
  async function refuseBlockedOwner(ownerId: string, { isStripe }: { isStripe: boolean }): Promise<void> {
    const reason = payoutBlockedReason(await findOwnerPayoutStatus(db, ownerId), { isStripe });
    if (reason) throw conflict(reason);
  }

  /** 409 for a booking a payout batch has claimed: only the batch pays or releases it (modules/batches). */
  async function refuseBatchedBooking(booking: PayableBooking): Promise<void> {
    if (booking.transferState !== 'transferring') return;
    const pending = await findPendingPayoutOfBooking(db, booking.kind, booking.id);
    if (pending?.method === PAYOUT_BATCH_METHOD) throw conflict(BATCH_MESSAGES.bookingInBatch);
  }

  /** Records a transfer the provider made: payout succeeded, booking transferred, audit, in one transaction. */
  async function recordPayoutSucceeded(
    payout: PayoutRow,
    transferId: string,
    actor: Actor,
    action: 'payout.succeed' | 'payout.reconcile' | 'payout.webhook',
  ): Promise<boolean> {
    const recorded = await db.transaction(async (tx) => {
      const updated = await markPayoutSucceeded(tx, payout.id, transferId);
      if (!updated) return false; // someone else (a concurrent reconciliation) recorded it first
      const kind = payout.bookingKind as BookingKind;
      await setBookingTransferState(tx, kind, payout.bookingId, 'transferring', 'transferred');
      await postPayoutJournal(tx, payout, 'payout.succeeded', actor);
      await writeAudit(tx, actor, {
        action,
        targetType: bookingTarget(kind),
        targetId: payout.bookingId,
        before: { transferState: 'transferring', payoutStatus: 'pending' },
        after: {
          transferState: 'transferred',
          payoutStatus: 'succeeded',
          payoutId: payout.id,
          providerTransferId: transferId,
          method: payout.method,
          amountCents: payout.amountCents,
        },
      });
      return true;
    });
    if (recorded) onPayoutSucceeded?.();
    return recorded;
  }

  /** The provider refused: nothing was sent, so the booking may be paid again later. */
  async function recordPayoutFailed(payout: PayoutRow, message: string, actor: Actor): Promise<void> {
    await db.transaction(async (tx) => {
      const updated = await markPayoutFailed(tx, payout.id, message);
      if (!updated) return;
      const kind = payout.bookingKind as BookingKind;
      await setBookingTransferState(tx, kind, payout.bookingId, 'transferring', 'none');
      await postPayoutJournal(tx, payout, 'payout.failed', actor, message);
      await writeAudit(tx, actor, {
        action: 'payout.fail',
        targetType: bookingTarget(kind),
        targetId: payout.bookingId,
        before: { transferState: 'transferring', payoutStatus: 'pending' },
        after: { transferState: 'none', payoutStatus: 'failed', payoutId: payout.id, failureMessage: message },
      });
    });
  }

  /**
   * Settles one pending payout: if the provider has a transfer for its key, records it; if not,
   * sends it again with the same key (the provider dedupes one still in flight) and records that.
   */
  async function reconcilePayout(payout: PayoutRow, actor: Actor): Promise<ReconcileOutcome> {
    const payoutLog = log.child({ payoutId: payout.id, idempotencyKey: payout.idempotencyKey });
    if (payout.method !== payouts.name) {
      payoutLog.warn({ method: payout.method, provider: payouts.name }, 'pending payout was made with another provider; left pending');
      return { outcome: 'pending' };
    }
    const request = payoutRequestOf(payout, (await findOwner(db, payout.ownerId))?.stripeAccountId ?? null);
    let transferId: string;
    try {
      const found = await payouts.findTransfer(payout.idempotencyKey, request.metadata);
      transferId = found ? found.transferId : (await payouts.transfer(request)).transferId;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof PayoutError && error.isCertainlyNotSent) {
        await recordPayoutFailed(payout, message, actor);
        payoutLog.warn({ message }, 'pending payout refused by the provider; booking released');
        return { outcome: 'failed', message };
      }
      payoutLog.error({ err: error }, 'pending payout could not be reconciled; left pending');
      return { outcome: 'pending' };
    }
    await recordPayoutSucceeded(payout, transferId, actor, 'payout.reconcile');
    payoutLog.info({ transferId }, 'pending payout reconciled');
    return { outcome: 'succeeded' };
  }

  /**
   * Finds payouts that were sent to the provider but whose outcome was never recorded (the process
   * died in between) and records them. A job of the `payout-reconciliation` queue (backgroundJobs.ts).
   * Answers how many were recorded as succeeded.
   */
  async function reconcilePendingPayouts(): Promise<number> {
    const actor: Actor = { adminId: null, requestId: `reconcile-${randomUUID()}` };
    const pending = await listPendingPayouts(db);
    let recorded = 0;
    for (const payout of pending) {
      if ((await reconcilePayout(payout, actor)).outcome === 'succeeded') recorded += 1;
    }
    if (pending.length > 0) log.info({ pending: pending.length, recorded }, 'payout reconciliation finished');
    return recorded;
  }

  /** POST transfer-amount/{uteOwnerId}/{bookingId}: pays a delivered booking through the payout provider, once. */
  async function transferToOwner(params: { uteOwnerId: string; bookingId: string }, actor: Actor): Promise<MessageResponse> {
    const booking = await findPayableBooking(db, params.bookingId);
    if (!booking) throw notFound('Booking');
    if (booking.ownerId !== params.uteOwnerId) throw badRequest(PAYOUT_MESSAGES.notOwner);
    // A colleague's change since the admin loaded the booking (docs/design.md §14); the claim below
    // still decides alone whether this payout starts.
    await assertUnchanged(db, actor, { version: booking.version, id: booking.id, targetType: bookingTarget(booking.kind) });
    await refuseBatchedBooking(booking);
    const early = transferConflict(booking);
    if (early && booking.transferState !== 'transferring') throw early;
    await refuseBlockedOwner(booking.ownerId, { isStripe: payouts.name === 'stripe' });
    const { netCents } = await ensurePayableSplit(db, booking);
    if (netCents < 1) throw conflict(PAYOUT_MESSAGES.zeroAmount);
    const owner = await findOwner(db, booking.ownerId);
    if (payouts.name === 'stripe' && !owner?.stripeAccountId) throw conflict(PAYOUT_MESSAGES.noStripeAccount);

    const payout = await db.transaction(async (tx) => {
      if (!(await claimBookingForPayout(tx, booking.kind, booking.id, 'transferring'))) return null;
      const amountCents = await claimedAmountOf(tx, booking);
      const row = await insertNextPayout(tx, booking, amountCents, actor, { method: payouts.name, status: 'pending' });
      await postPayoutJournal(tx, row, 'payout.started', actor);
      await writeAudit(tx, actor, {
        action: 'payout.start',
        targetType: bookingTarget(booking.kind),
        targetId: booking.id,
        before: { transferState: 'none' },
        after: { transferState: 'transferring', payoutId: row.id, idempotencyKey: row.idempotencyKey, method: row.method, amountCents },
      });
      return row;
    });

    if (!payout) {
      const current = await findPayableBooking(db, booking.id);
      if (!current) throw notFound('Booking');
      await assertUnchanged(db, actor, { version: current.version, id: current.id, targetType: bookingTarget(current.kind) });
      if (current.transferState === 'transferring') return resumeStalePayout(current, actor);
      throw transferConflict(current) ?? conflict(PAYOUT_MESSAGES.beingTransferred);
    }

    let transferId: string;
    try {
      ({ transferId } = await payouts.transfer(payoutRequestOf(payout, owner?.stripeAccountId ?? null)));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof PayoutError && error.isCertainlyNotSent) {
        await recordPayoutFailed(payout, message, actor);
        throw new AppError('BAD_GATEWAY', `${PAYOUT_MESSAGES.refusedPrefix}${message}`);
      }
      // It may have gone through: keep the booking 'transferring' and the payout pending for reconciliation.
      log.error({ err: error, payoutId: payout.id, idempotencyKey: payout.idempotencyKey }, 'payout outcome unknown');
      throw new AppError('BAD_GATEWAY', PAYOUT_MESSAGES.uncertain);
    }
    await recordPayoutSucceeded(payout, transferId, actor, 'payout.succeed');
    return { message: transferredMessage(payouts) };
  }

  /**
   * A booking stuck in 'transferring': while its payout may still be in flight the answer is 409; once
   * it is stale (an earlier outcome was never known), it is reconciled here instead of waiting for a restart.
   */
  async function resumeStalePayout(booking: PayableBooking, actor: Actor): Promise<MessageResponse> {
    const pending = await findPendingPayoutOfBooking(db, booking.kind, booking.id);
    if (pending?.method === PAYOUT_BATCH_METHOD) throw conflict(BATCH_MESSAGES.bookingInBatch);
    if (!pending || Date.now() - pending.createdAt.getTime() < STALE_PAYOUT_MS) throw conflict(PAYOUT_MESSAGES.beingTransferred);
    const result = await reconcilePayout(pending, actor);
    if (result.outcome === 'succeeded') return { message: transferredMessage(payouts) };
    if (result.outcome === 'failed') throw new AppError('BAD_GATEWAY', `${PAYOUT_MESSAGES.refusedPrefix}${result.message}`);
    throw new AppError('BAD_GATEWAY', PAYOUT_MESSAGES.uncertain);
  }

  /** PUT transfer-manual-payment/{bookingId}: records that the owner was paid by bank transfer, once. */
  async function recordManualTransfer(bookingId: string, kind: BookingKind | undefined, actor: Actor): Promise<MessageResponse> {
    const booking = await findPayableBooking(db, bookingId, kind);
    if (!booking) throw notFound('Booking');
    await assertUnchanged(db, actor, { version: booking.version, id: booking.id, targetType: bookingTarget(booking.kind) });
    await refuseBatchedBooking(booking);
    const early = transferConflict(booking);
    if (early) throw early;
    await refuseBlockedOwner(booking.ownerId, { isStripe: false });
    const { netCents } = await ensurePayableSplit(db, booking);
    if (netCents < 1) throw conflict(PAYOUT_MESSAGES.zeroAmount);

    const recorded = await db.transaction(async (tx) => {
      if (!(await claimBookingForPayout(tx, booking.kind, booking.id, 'transferred'))) return false;
      const amountCents = await claimedAmountOf(tx, booking);
      const row = await insertNextPayout(tx, booking, amountCents, actor, { method: 'manual', status: 'succeeded', completedAt: new Date() });
      await postPayoutJournal(tx, row, 'payout.manual', actor);
      await writeAudit(tx, actor, {
        action: 'payout.manual',
        targetType: bookingTarget(booking.kind),
        targetId: booking.id,
        before: { transferState: 'none' },
        after: { transferState: 'transferred', payoutId: row.id, method: 'manual', amountCents },
      });
      return true;
    });
    if (!recorded) {
      const current = await findPayableBooking(db, booking.id, booking.kind);
      if (!current) throw notFound('Booking');
      await assertUnchanged(db, actor, { version: current.version, id: current.id, targetType: bookingTarget(current.kind) });
      await refuseBatchedBooking(current);
      throw transferConflict(current) ?? conflict(PAYOUT_MESSAGES.beingTransferred);
    }
    onPayoutSucceeded?.();
    return { message: PAYOUT_MESSAGES.manualTransferred };
  }

  /**
   * Stripe says a transfer exists (`transfer.created`, or any later event about it): the payout it
   * belongs to is recorded as succeeded if it was still pending. Answers what it did.
   */
  async function applyTransferExists(transfer: StripeTransferFacts, actor: Actor): Promise<WebhookOutcome> {
    const payout = await findPayoutOfTransfer(db, transfer);
    if (!payout) return { state: 'ignored', note: `no payout of ours has transfer ${transfer.id}` };
    if (payout.status === 'pending') {
      await recordPayoutSucceeded(payout, transfer.id, actor, 'payout.webhook');
      return { state: 'processed', note: null };
    }
    if (payout.status === 'failed') return { state: 'ignored', note: `payout ${payout.id} was recorded as refused; transfer ${transfer.id} needs a look` };
    return { state: 'processed', note: null };
  }

  /**
   * Stripe reversed (part of) a transfer (`transfer.reversed`, `transfer.updated`): the newly
   * reversed amount is owed to the owner again (journal payout.reversed); a whole reversal frees
   * the booking to be paid again. Cumulative amounts only rise, so any order and any repeat is safe.
   */
  async function applyTransferReversed(transfer: StripeTransferFacts, actor: Actor): Promise<WebhookOutcome> {
    const exists = await applyTransferExists(transfer, actor);
    if (exists.state === 'ignored') return exists;
    const payout = (await findPayoutOfTransfer(db, transfer))!;
    const reversedCents = Math.min(transfer.amountReversedCents, payout.amountCents);
    await db.transaction(async (tx) => {
      const before = await raiseReversedCents(tx, payout.id, reversedCents);
      if (before === undefined) return;
      const kind = payout.bookingKind as BookingKind;
      await postJournal(
        tx,
        { kind: 'payout.reversed', bookingKind: kind, bookingId: payout.bookingId, payoutId: payout.id, adminId: actor.adminId, requestId: actor.requestId },
        [
          { account: 'owner_paid_out', ownerId: payout.ownerId, amountCents: reversedCents - before },
          { account: 'owner_payable', ownerId: payout.ownerId, amountCents: before - reversedCents },
        ],
      );
      const isWhole = reversedCents === payout.amountCents;
      if (isWhole) await setBookingTransferState(tx, kind, payout.bookingId, 'transferred', 'none');
      await writeAudit(tx, actor, {
        action: 'payout.reverse',
        targetType: bookingTarget(kind),
        targetId: payout.bookingId,
        before: { reversedCents: before, transferState: 'transferred' },
        after: { reversedCents, transferState: isWhole ? 'none' : 'transferred', payoutId: payout.id, providerTransferId: transfer.id },
      });
    });
    return { state: 'processed', note: null };
  }

  /** `account.updated`: whether the owner's connected account can be paid, and why not. */
  async function applyAccountState(account: { id: string; payoutsEnabled: boolean; disabledReason: string | null }): Promise<WebhookOutcome> {
    const owner = await findOwnerByStripeAccount(db, account.id);
    if (!owner) return { state: 'ignored', note: `no owner has Stripe account ${account.id}` };
    await updateOwnerPayoutStatus(db, owner.id, {
      payoutsEnabled: account.payoutsEnabled,
      disabledReason: account.payoutsEnabled ? null : account.disabledReason,
    });
    return { state: 'processed', note: null };
  }

  /** `payout.failed` / `payout.paid` on a connected account: the owner's last bank payout failure, or its clearing. */
  async function applyBankPayout(accountId: string, failure: string | null): Promise<WebhookOutcome> {
    const owner = await findOwnerByStripeAccount(db, accountId);
    if (!owner) return { state: 'ignored', note: `no owner has Stripe account ${accountId}` };
    await updateOwnerPayoutStatus(db, owner.id, { lastPayoutFailure: failure });
    return { state: 'processed', note: null };
  }

  /** PUT owner-payout-hold/{id}: finance stops payouts to an owner, with a reason every refusal repeats. */
  /**
   * The owner's hold as finance saw it: their payout status is locked (holds and releases of one owner take turns), then
   * 409 when the hold changed since the page loaded it (If-Match on the hold's time, docs/design.md §14).
   */
  async function lockOwnerHold(tx: DbOrTx, ownerId: string, actor: Actor) {
    const status = await lockOwnerPayoutStatus(tx, ownerId);
    await assertUnchanged(tx, actor, { version: timeVersion(status?.heldAt), id: ownerId, targetType: 'owner' });
    return status;
  }

  async function holdOwnerPayouts(ownerId: string, reason: string, actor: Actor): Promise<MessageResponse> {
    if (!(await findOwner(db, ownerId))) throw notFound('Owner');
    await db.transaction(async (tx) => {
      const before = await lockOwnerHold(tx, ownerId, actor);
      await updateOwnerPayoutStatus(tx, ownerId, { holdReason: reason, heldBy: actor.adminId, heldAt: new Date() });
      await writeAudit(tx, actor, {
        action: 'payout.hold',
        targetType: 'owner',
        targetId: ownerId,
        before: { holdReason: before?.holdReason ?? null },
        after: { holdReason: reason },
      });
    });
    return { message: PAYOUT_MESSAGES.holdSet };
  }

  /** PUT owner-payout-release/{id}: ends the hold; 409 when there is none. */
  async function releaseOwnerPayouts(ownerId: string, actor: Actor): Promise<MessageResponse> {
    if (!(await findOwner(db, ownerId))) throw notFound('Owner');
    const released = await db.transaction(async (tx) => {
      const before = await lockOwnerHold(tx, ownerId, actor);
      if (!before?.holdReason) return false;
      await updateOwnerPayoutStatus(tx, ownerId, { holdReason: null, heldBy: null, heldAt: null });
      await writeAudit(tx, actor, {
        action: 'payout.release',
        targetType: 'owner',
        targetId: ownerId,
        before: { holdReason: before.holdReason },
        after: { holdReason: null },
      });
      return true;
    });
    if (!released) throw conflict(PAYOUT_MESSAGES.notOnHold);
    return { message: PAYOUT_MESSAGES.holdReleased };
  }

  return {
    transferToOwner,
    recordManualTransfer,
    reconcilePendingPayouts,
    applyTransferExists,
    applyTransferReversed,
    applyAccountState,
    applyBankPayout,
    holdOwnerPayouts,
    releaseOwnerPayouts,
  };
}

export type PayoutsService = ReturnType<typeof createPayoutsService>;
