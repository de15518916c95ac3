import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  fullNameOf,
  PAYOUT_MESSAGES,
  totalPagesOf,
  type Address,
  type BankAccount,
  type BookingKind,
  type BookingExportQuery,
  type BookingListQuery,
  type JobBooking,
  type MessageResponse,
  type UteBooking,
} from '@ute/contract';
import { readListBatches } from '../../db/keyset';
import { csvChunks, dollars, maskAccountNumber, type CsvColumn } from '../../lib/csv';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { writeAudit, type Actor } from '../../platform/audit/auditLog';
import { PayoutError, type PayoutProvider, type PayoutRequest } from './payoutProvider';
import type { Db, Tx } from '../../db/database';
import {
  claimBookingForPayout,
  countPayoutsOfBooking,
  findBankAccount,
  findLiveJobBooking,
  findOwner,
  findPayableBooking,
  findPendingPayoutOfBooking,
  insertPayout,
  jobBookingExportSource,
  listJobBookings,
  listPendingPayouts,
  listUteBookings,
  markPayoutFailed,
  markPayoutSucceeded,
  setBookingTransferState,
  softDeleteJobBooking,
  uteBookingExportSource,
  type BookingListSourceFilter,
  type JobBookingRow,
  type PayableBooking,
  type PayoutRow,
  type UteBookingRow,
} from './bookings.repository';

/**
 * A pending payout older than this cannot still be in flight (the Stripe SDK gives up after three
 * 20-second attempts), so a new transfer request for its booking reconciles it on the spot.
 */
export const STALE_PAYOUT_MS = 2 * 60_000;

const bookingTarget = (kind: BookingKind) => (kind === 'ute' ? 'ute_booking' : 'job_booking');

/**
 * The idempotency key of a booking's payout: derived from the booking, so any retry of the same
 * attempt carries the same key. A refused attempt (Stripe answered 4xx, nothing sent) is followed by
 * a new attempt with a new key, because Stripe replays the stored error for a reused key.
 */
export function payoutIdempotencyKey(kind: BookingKind, bookingId: string, attempt: number): string {
  return attempt <= 1 ? `payout-${kind}-${bookingId}` : `payout-${kind}-${bookingId}-${attempt}`;
}

function addressOf(street: string | null, state: string | null, postalCode: string | null): Address | null {
  if (street === null && state === null && postalCode === null) return null;
  return { street: street ?? '', state: state ?? '', postalCode: postalCode ?? '' };
}

const personDto = (p: { id: string; firstName: string; lastName: string } | null) => (p ? { _id: p.id, firstName: p.firstName, lastName: p.lastName } : null);

function toUteBookingDto(row: UteBookingRow): UteBooking {
  return {
    _id: row.id,
    uteBookingId: row.uteBookingId,
    bookingBy: personDto(row.booker),
    uteName: row.uteName,
    amount: row.amount,
    actualAmount: row.actualAmount,
    requestAmount: row.requestAmount,
    status: row.status,
    pickupAddress: addressOf(row.pickupStreet, row.pickupState, row.pickupPostalCode),
    dropAddress: addressOf(row.dropStreet, row.dropState, row.dropPostalCode),
    isTransfered: row.transferState === 'transferred',
    isTransferring: row.transferState === 'transferring',
    transactionId: row.transactionId,
    uteBy: row.ownerId,
    createdAt: row.createdAt.toISOString(),
  };
}

function toJobBookingDto(row: JobBookingRow): JobBooking {
  return {
    _id: row.id,
    jobBookingId: row.jobBookingId,
    jobTitle: row.jobTitle,
    bookingBy: personDto(row.booker),
    uteOwner: personDto(row.owner),
    uteName: row.uteName,
    amount: row.amount,
    status: row.status,
    isTransfered: row.transferState === 'transferred',
    isTransferring: row.transferState === 'transferring',
    transactionId: row.transactionId,
    uteBy: row.ownerId,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The Stripe tab unless another is asked for; awaiting payout spans both tabs unless one is asked
 * for, and so do one booking asked for by id (search does not know its tab) and one user's bookings.
 */
function bookingListFilter(query: BookingExportQuery): BookingListSourceFilter {
  const isAwaitingPayout = query.awaitingPayout === 'true';
  const isAcrossTabs = isAwaitingPayout || Boolean(query.id) || Boolean(query.userId);
  return { payment: query.payment ?? (isAcrossTabs ? undefined : 'stripe'), isAwaitingPayout, id: query.id, userId: query.userId };
}

const addressText = (street: string | null, state: string | null, postalCode: string | null) => [street, state, postalCode].filter(Boolean).join(', ') || null;
const paymentOf = (row: { transactionId: string | null }) => (row.transactionId ? 'stripe' : 'manual');

type UteBookingExportRow = UteBookingRow & { ownerAccount: { accountNumber: string } | null };
type JobBookingExportRow = JobBookingRow & { ownerAccount: { accountNumber: string } | null };

/** The ute bookings export's columns: amounts in dollars, the owner's account number masked to its last 3 digits. */
export const UTE_BOOKING_CSV: readonly CsvColumn<UteBookingExportRow>[] = [
  { header: 'id', value: (row) => row.id },
  { header: 'booking_id', value: (row) => row.uteBookingId },
  { header: 'ute_name', value: (row) => row.uteName },
  { header: 'booked_by', value: (row) => (row.booker ? fullNameOf(row.booker) : null) },
  { header: 'status', value: (row) => row.status },
  { header: 'amount_dollars', value: (row) => dollars(row.amount) },
  { header: 'actual_amount_dollars', value: (row) => dollars(row.actualAmount) },
  { header: 'request_amount_dollars', value: (row) => dollars(row.requestAmount) },
  { header: 'pickup_address', value: (row) => addressText(row.pickupStreet, row.pickupState, row.pickupPostalCode) },
  { header: 'drop_address', value: (row) => addressText(row.dropStreet, row.dropState, row.dropPostalCode) },
  { header: 'payment', value: paymentOf },
  { header: 'transaction_id', value: (row) => row.transactionId },
  { header: 'transfer_state', value: (row) => row.transferState },
  { header: 'owner_account_number', value: (row) => maskAccountNumber(row.ownerAccount?.accountNumber) },
  { header: 'created_at', value: (row) => row.createdAt.toISOString() },
];

/** The job bookings export's columns. */
export const JOB_BOOKING_CSV: readonly CsvColumn<JobBookingExportRow>[] = [
  { header: 'id', value: (row) => row.id },
  { header: 'booking_id', value: (row) => row.jobBookingId },
  { header: 'job_title', value: (row) => row.jobTitle },
  { header: 'ute_name', value: (row) => row.uteName },
  { header: 'booked_by', value: (row) => (row.booker ? fullNameOf(row.booker) : null) },
  { header: 'ute_owner', value: (row) => (row.owner ? fullNameOf(row.owner) : null) },
  { header: 'status', value: (row) => row.status },
  { header: 'amount_dollars', value: (row) => dollars(row.amount) },
  { header: 'payment', value: paymentOf },
  { header: 'transaction_id', value: (row) => row.transactionId },
  { header: 'transfer_state', value: (row) => row.transferState },
  { header: 'owner_account_number', value: (row) => maskAccountNumber(row.ownerAccount?.accountNumber) },
  { header: 'created_at', value: (row) => row.createdAt.toISOString() },
];

/** One tab of a booking list: the page as DTOs, its total, and which payout provider transfers. */
function toBookingListResponse<TRow, TDto>(
  payoutProvider: PayoutProvider['name'],
  query: BookingListQuery,
  { rows, total }: { rows: TRow[]; total: number },
  toDto: (row: TRow) => TDto,
) {
  return {
    data: rows.map(toDto),
    totalCount: total,
    paginationData: { page: query.page, totalPages: totalPagesOf(total, query.limit) },
    payoutProvider,
  };
}

/** The 409 that explains why a booking cannot be paid now, or null when it can. */
function transferConflict(booking: PayableBooking): AppError | null {
  if (booking.transferState === 'transferred') return conflict(PAYOUT_MESSAGES.alreadyTransferred);
  if (booking.transferState === 'transferring') return conflict(PAYOUT_MESSAGES.beingTransferred);
  if (booking.status !== 'delivered') return conflict(PAYOUT_MESSAGES.notDelivered);
  return null;
}

const amountInCents = (dollars: number) => Math.round(dollars * 100);

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

/** The next payout row of a booking: each attempt gets its own idempotency key (Stripe replays a stored error per key). */
async function insertNextPayout(
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

export interface BookingsServiceDeps {
  db: Db;
  payouts: PayoutProvider;
  log: FastifyBaseLogger;
}

export function createBookingsService({ db, payouts, log }: BookingsServiceDeps) {
  async function getUteBookings(query: BookingListQuery) {
    const page = await listUteBookings(db, { ...bookingListFilter(query), page: query.page, limit: query.limit });
    return toBookingListResponse(payouts.name, query, page, toUteBookingDto);
  }

  async function getJobBookings(query: BookingListQuery) {
    const page = await listJobBookings(db, { ...bookingListFilter(query), page: query.page, limit: query.limit });
    return toBookingListResponse(payouts.name, query, page, toJobBookingDto);
  }

  /** GET ute-booking-list/export: every booking of the list under this query (tab, work queue), as CSV, read in batches. */
  function exportUteBookings(query: BookingExportQuery): AsyncGenerator<string> {
    return csvChunks(UTE_BOOKING_CSV, readListBatches(db, uteBookingExportSource(bookingListFilter(query))));
  }

  /** GET job-booking-list/export: the same for job bookings. */
  function exportJobBookings(query: BookingExportQuery): AsyncGenerator<string> {
    return csvChunks(JOB_BOOKING_CSV, readListBatches(db, jobBookingExportSource(bookingListFilter(query))));
  }

  /** Records a transfer the provider made: payout succeeded, booking transferred, audit, in one transaction. */
  async function recordPayoutSucceeded(payout: PayoutRow, transferId: string, actor: Actor, action: 'payout.succeed' | 'payout.reconcile'): Promise<boolean> {
    return db.transaction(async (tx) => {
      const updated = await markPayoutSucceeded(tx, payout.id, transferId);
      if (!updated) return false; // someone else (a concurrent reconciliation) recorded it first
      const kind = payout.bookingKind as BookingKind;
      await setBookingTransferState(tx, kind, payout.bookingId, 'transferring', 'transferred');
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
  }

  /** The provider refused: nothing was sent, so the booking may be paid again later. */
  async function recordPayoutFailed(payout: PayoutRow, message: string, actor: Actor): Promise<void> {
    await db.transaction(async (tx) => {
      const updated = await markPayoutFailed(tx, payout.id, message);
      if (!updated) return;
      const kind = payout.bookingKind as BookingKind;
      await setBookingTransferState(tx, kind, payout.bookingId, 'transferring', 'none');
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
    const early = transferConflict(booking);
    if (early && booking.transferState !== 'transferring') throw early;
    const amountCents = amountInCents(booking.amount);
    if (amountCents < 1) throw conflict(PAYOUT_MESSAGES.zeroAmount);
    const owner = await findOwner(db, booking.ownerId);
    if (payouts.name === 'stripe' && !owner?.stripeAccountId) throw conflict(PAYOUT_MESSAGES.noStripeAccount);

    const payout = await db.transaction(async (tx) => {
      if (!(await claimBookingForPayout(tx, booking.kind, booking.id, 'transferring'))) return null;
      const row = await insertNextPayout(tx, booking, amountCents, actor, { method: payouts.name, status: 'pending' });
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
    const early = transferConflict(booking);
    if (early) throw early;
    const amountCents = amountInCents(booking.amount);
    if (amountCents < 1) throw conflict(PAYOUT_MESSAGES.zeroAmount);

    const recorded = await db.transaction(async (tx) => {
      if (!(await claimBookingForPayout(tx, booking.kind, booking.id, 'transferred'))) return false;
      const row = await insertNextPayout(tx, booking, amountCents, actor, { method: 'manual', status: 'succeeded', completedAt: new Date() });
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
      throw transferConflict(current) ?? conflict(PAYOUT_MESSAGES.beingTransferred);
    }
    return { message: PAYOUT_MESSAGES.manualTransferred };
  }

  /**
   * GET get-account-detail/{ownerId}: where a manual payout goes. Reading bank details is logged
   * (who read whose, never the details themselves), in the same transaction as the read: no entry,
   * no details.
   */
  async function getOwnerBankAccount(ownerId: string, actor: Actor): Promise<{ data: BankAccount }> {
    const owner = await findOwner(db, ownerId);
    if (!owner) throw notFound('Owner');
    const account = await db.transaction(async (tx) => {
      const found = await findBankAccount(tx, ownerId);
      if (found) await writeAudit(tx, actor, { action: 'bank-details.read', targetType: 'bank_account', targetId: ownerId });
      return found;
    });
    if (!account) throw notFound('Bank account');
    return { data: account };
  }

  /** PUT delete-job-booking/{id}: keeps the row with a deleted mark; never while a payout is in flight. */
  async function deleteJobBooking(id: string, actor: Actor): Promise<MessageResponse> {
    const deleted = await db.transaction(async (tx) => {
      const row = await softDeleteJobBooking(tx, id);
      if (!row) return null;
      await writeAudit(tx, actor, {
        action: 'job-booking.delete',
        targetType: 'job_booking',
        targetId: id,
        before: { deletedAt: null },
        after: { deletedAt: row.deletedAt?.toISOString() ?? null },
      });
      return row;
    });
    if (deleted) return { message: PAYOUT_MESSAGES.jobBookingDeleted };
    const live = await findLiveJobBooking(db, id);
    if (!live) throw notFound('Job booking');
    throw conflict(PAYOUT_MESSAGES.deleteWhileTransferring);
  }

  return {
    getUteBookings,
    getJobBookings,
    exportUteBookings,
    exportJobBookings,
    transferToOwner,
    recordManualTransfer,
    getOwnerBankAccount,
    deleteJobBooking,
    reconcilePendingPayouts,
  };
}

export type BookingsService = ReturnType<typeof createBookingsService>;
