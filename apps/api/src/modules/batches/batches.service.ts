import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  BATCH_MESSAGES,
  BATCH_SKIP_REASONS,
  BOOKING_KINDS,
  bsbText,
  ownerOwesMessage,
  PAYOUT_BATCH_METHOD,
  payoutBatchFileName,
  payoutBatchReference,
  payoutBlockedReason,
  REFUND_MESSAGES,
  totalPagesOf,
  type BookingKind,
  type PayoutBatch,
  type PayoutBatchCandidate,
  type PayoutBatchCredit,
  type PayoutBatchSkipped,
  type PreparePayoutBatchBody,
  type PreparePayoutBatchResponse,
} from '@ute/contract';
import type { Db, Tx } from '../../db/database';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { assertUnchanged, writeAudit, type Actor } from '../../platform/audit/auditLog';
import type { Config } from '../../plugins/config';
import { findPayableBooking, type PayableBooking, type TransferState } from '../bookings/bookings.repository';
import { ensurePayableSplit, findOwnerPayoutStatus, payoutAmountOf, postJournal, type PayoutDue } from '../ledger/ledger.repository';
import { findPendingPayoutOfBooking, markPayoutFailed, markPayoutSucceeded, raiseReversedCents, type PayoutRow } from '../payouts/payouts.repository';
import { insertNextPayout, postPayoutJournal } from '../payouts/payouts.service';
import { buildAbaFile, formatBsb, isValidAccountNumber, isValidBsb, toAbaText, type AbaCredit } from './aba';
import {
  claimBookingsForBatch,
  findBankAccountsOf,
  findBatch,
  findLines,
  insertBatch,
  insertLines,
  listBatches,
  listCandidateBookings,
  lockBatch,
  moveBookings,
  nextBatchNumber,
  recordDownload,
  setLineStatus,
  updateBatch,
  type BatchWithAdmins,
  type PayoutBatchLineRow,
  type PayoutBatchRow,
} from './batches.repository';

/** How far ahead a batch may be dated: a file is for the next few days, not a standing order. */
const MAX_PROCESSING_DAYS_AHEAD = 30;

const sydneyDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney', year: 'numeric', month: '2-digit', day: '2-digit' });

/** YYYY-MM-DD of the day it is in Sydney (the banks' calendar) at `at`. */
export function sydneyDate(at: Date = new Date()): string {
  return sydneyDay.format(at);
}

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Noon in Sydney of `day`: the same date in AEST and AEDT, which the writer prints as DDMMYY. */
const sydneyNoonOf = (day: string) => new Date(`${day}T12:00:00+10:00`);

const sha256Of = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

const bookingTarget = (kind: BookingKind) => (kind === 'ute' ? 'ute_booking' : 'job_booking');

/** The last 3 digits of an account number: what the screens show (the file has them all). */
export const maskAccount = (accountNumber: string) => `${'*'.repeat(Math.max(accountNumber.length - 3, 0))}${accountNumber.slice(-3)}`;

/** The lodgement reference of every credit of a batch: it names the batch on the owner's statement (18 characters at most). */
const lodgementReferenceOf = (reference: string) => `PAYOUT ${reference}`;

/** Code-unit order: the same on every machine and locale. */
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The order of the file's credits, and of the screen's: by account name, then owner. */
const byCredit = (a: { accountName: string; ownerId: string }, b: { accountName: string; ownerId: string }) =>
  compare(a.accountName, b.accountName) || compare(a.ownerId, b.ownerId);

/** The order journals are written in: owner, then booking (each journal locks its owner's balance row). */
const lockOrder = (a: { booking: Pick<PayableBooking, 'ownerId' | 'kind' | 'id'> }, b: { booking: Pick<PayableBooking, 'ownerId' | 'kind' | 'id'> }) =>
  compare(a.booking.ownerId, b.booking.ownerId) || compare(a.booking.kind, b.booking.kind) || compare(a.booking.id, b.booking.id);

/** A chosen booking that can be claimed, with the owner's bank details as they are now. */
interface EligibleBooking {
  booking: PayableBooking;
  bsb: string;
  accountNumber: string;
  accountName: string;
}

/** A claimed booking: its line once the batch exists. */
interface ClaimedLine extends EligibleBooking {
  payout: PayoutRow;
  amountCents: number;
}

export interface BatchesServiceDeps {
  db: Db;
  config: Pick<
    Config,
    | 'ABA_BANK_ABBREVIATION'
    | 'ABA_USER_ID'
    | 'ABA_USER_NAME'
    | 'ABA_DESCRIPTION'
    | 'ABA_REMITTER_NAME'
    | 'ABA_TRACE_BSB'
    | 'ABA_TRACE_ACCOUNT'
    | 'ABA_BALANCING_RECORD'
  >;
  log: FastifyBaseLogger;
  /** Told after payouts are recorded succeeded (the owners' remittance mails; modules/invoices). */
  onPayoutSucceeded?: () => void;
}

/**
 * Payout batches (docs/design.md §9.8): bank-file payouts with maker-checker. A batch reuses the payout state
 * machine of modules/payouts: preparing claims each booking (none -> transferring) with a pending payout of
 * method 'aba' and its payout.started journal, in the batch's own transaction, so a batched booking cannot be
 * paid anywhere else; marking paid, returning a credit or cancelling settles those payouts as Transfer does.
 * Every change locks the batch's row first, so two of them on one batch run one after the other.
 */
export function createBatchesService({ db, config, log, onPayoutSucceeded }: BatchesServiceDeps) {
  /** The booking's payable net (its `booking.payable` journal, written first if missing): the manual payout's first check. */
  async function payableNetOf(tx: Db | Tx, booking: Omit<PayableBooking, 'version'>): Promise<number> {
    return (await ensurePayableSplit(tx, booking)).netCents;
  }

  /**
   * Why the amount due refuses a payout, in the manual payout's words (payouts.service.ts, claimedAmountOf), or null.
   * The amount itself always comes from `payoutAmountOf` (ledger.repository), the function Transfer and the manual
   * payout pay: the net less the owner's share of refunds, never more than the owner's payable balance.
   */
  function dueRefusal(due: PayoutDue): string | null {
    if (due.netCents < 1) return REFUND_MESSAGES.ownerShareTaken;
    if (due.amountCents < 1) return ownerOwesMessage(due.balanceCents ?? 0, due.netCents);
    return null;
  }

  /** Why a booking cannot be claimed now, in the words Transfer would use; null when nothing is known against it. */
  async function stateReason(tx: Db | Tx, booking: PayableBooking | undefined): Promise<string | null> {
    if (!booking) return BATCH_SKIP_REASONS.notFound;
    if (booking.transactionId !== null) return BATCH_SKIP_REASONS.paidByStripe;
    if (booking.status !== 'delivered') return BATCH_SKIP_REASONS.notDelivered;
    if (booking.transferState === 'transferred') return BATCH_SKIP_REASONS.alreadyTransferred;
    if (booking.transferState === 'transferring') {
      const pending = await findPendingPayoutOfBooking(tx, booking.kind, booking.id);
      return pending?.method === PAYOUT_BATCH_METHOD ? BATCH_SKIP_REASONS.inBatch : BATCH_SKIP_REASONS.beingTransferred;
    }
    return null;
  }

  /** Why the owner cannot be paid by this file (a hold, bank details missing or not in the format); null when they can. */
  function bankReason(bank: { bsbCode: string; accountNumber: string; accountHolderName: string } | undefined, holdReason: string | null): string | null {
    const blocked = payoutBlockedReason({ holdReason, payoutsEnabled: null, disabledReason: null }, { isStripe: false });
    if (blocked) return blocked;
    if (!bank) return BATCH_SKIP_REASONS.noBankAccount;
    if (!isValidBsb(bank.bsbCode)) return BATCH_SKIP_REASONS.invalidBsb;
    if (!isValidAccountNumber(bank.accountNumber)) return BATCH_SKIP_REASONS.invalidAccountNumber;
    if (toAbaText(bank.accountHolderName) === '') return BATCH_SKIP_REASONS.invalidAccountName;
    return null;
  }

  /** GET payout-batches/candidates: delivered manual-payment bookings awaiting payout, oldest first, each with what would stop it. */
  async function getCandidates(): Promise<{ data: PayoutBatchCandidate[]; hasMore: boolean }> {
    const { rows, hasMore } = await listCandidateBookings(db);
    const data: PayoutBatchCandidate[] = [];
    for (const row of rows) {
      const booking: Omit<PayableBooking, 'version'> = {
        kind: row.kind,
        id: row.id,
        reference: row.reference,
        name: '',
        ownerId: row.ownerId,
        amount: row.amount,
        status: 'delivered',
        transferState: 'none',
        transactionId: null,
      };
      const bank = row.bsb !== null ? { bsbCode: row.bsb, accountNumber: row.accountNumber ?? '', accountHolderName: row.accountName ?? '' } : undefined;
      const isZero = (await payableNetOf(db, booking)) < 1;
      const due = await payoutAmountOf(db, booking);
      const amountCents = due.amountCents;
      data.push({
        bookingKind: row.kind,
        bookingId: row.id,
        bookingReference: row.reference,
        ownerId: row.ownerId,
        ownerName: row.ownerName,
        bsb: row.bsb === null ? null : bsbText(row.bsb),
        accountNumberMasked: row.accountNumber === null ? null : maskAccount(row.accountNumber.trim()),
        accountName: row.accountName,
        amountCents,
        createdAt: row.createdAt.toISOString(),
        blockedReason: bankReason(bank, row.holdReason) ?? (isZero ? BATCH_SKIP_REASONS.zeroAmount : dueRefusal(due)),
      });
    }
    return { data, hasMore };
  }

  /** The chosen bookings split into those that can be claimed (with the owner's bank details) and those left out, with why. */
  async function sortChoice(refs: PreparePayoutBatchBody['bookings']): Promise<{ eligible: EligibleBooking[]; skipped: PayoutBatchSkipped[] }> {
    const skipped: PayoutBatchSkipped[] = [];
    const found: PayableBooking[] = [];
    for (const ref of refs) {
      const booking = await findPayableBooking(db, ref.id, ref.kind);
      const reason = await stateReason(db, booking);
      if (reason || !booking) skipped.push({ bookingKind: ref.kind, bookingId: ref.id, reason: reason ?? BATCH_SKIP_REASONS.notFound });
      else found.push(booking);
    }
    const owners = [...new Set(found.map((booking) => booking.ownerId))];
    const banks = await findBankAccountsOf(db, owners);
    const holds = new Map(await Promise.all(owners.map(async (ownerId) => [ownerId, (await findOwnerPayoutStatus(db, ownerId))?.holdReason ?? null] as const)));
    const eligible: EligibleBooking[] = [];
    for (const booking of found) {
      const bank = banks.get(booking.ownerId);
      const reason = bankReason(bank, holds.get(booking.ownerId) ?? null);
      if (reason || !bank) {
        skipped.push({ bookingKind: booking.kind, bookingId: booking.id, reason: reason ?? BATCH_SKIP_REASONS.noBankAccount });
        continue;
      }
      // Before the transaction, as the manual payout does: writing a missing payable journal takes the owner's
      // balance row, which must not be held while the claims wait for bookings.
      if ((await payableNetOf(db, booking)) < 1) skipped.push({ bookingKind: booking.kind, bookingId: booking.id, reason: BATCH_SKIP_REASONS.zeroAmount });
      else
        eligible.push({
          booking,
          bsb: formatBsb(bank.bsbCode),
          accountNumber: bank.accountNumber.trim(),
          accountName: bank.accountHolderName.trim(),
        });
    }
    eligible.sort(lockOrder);
    return { eligible, skipped };
  }

  /** Groups lines into the file's credits: one per owner, in the order byCredit. */
  function creditsOf<T extends { ownerId: string; bsb: string; accountNumber: string; accountName: string; amountCents: number }>(lines: readonly T[]) {
    const byOwner = new Map<string, { ownerId: string; bsb: string; accountNumber: string; accountName: string; amountCents: number; lines: T[] }>();
    for (const line of lines) {
      const credit = byOwner.get(line.ownerId);
      if (credit) {
        credit.amountCents += line.amountCents;
        credit.lines.push(line);
      } else {
        byOwner.set(line.ownerId, {
          ownerId: line.ownerId,
          bsb: line.bsb,
          accountNumber: line.accountNumber,
          accountName: line.accountName,
          amountCents: line.amountCents,
          lines: [line],
        });
      }
    }
    return [...byOwner.values()].sort(byCredit);
  }

  function buildFile(credits: readonly AbaCredit[], processingDate: string): string {
    return buildAbaFile({
      header: {
        bankAbbreviation: config.ABA_BANK_ABBREVIATION,
        userId: config.ABA_USER_ID,
        userName: config.ABA_USER_NAME,
        description: config.ABA_DESCRIPTION,
        processingDate: sydneyNoonOf(processingDate),
      },
      trace: { bsb: config.ABA_TRACE_BSB, accountNumber: config.ABA_TRACE_ACCOUNT, remitterName: config.ABA_REMITTER_NAME },
      credits,
      balancingRecord: config.ABA_BALANCING_RECORD,
    });
  }

  /**
   * POST payout-batches/prepare: claims the chosen bookings that can be paid (as Transfer would: a pending payout
   * of method 'aba' and its payout.started journal each) and writes the batch, its lines and its ABA file, all in
   * one transaction. The bookings left out are answered with why; none at all is a 409.
   */
  async function prepare(body: PreparePayoutBatchBody, actor: Actor & { adminId: string }): Promise<PreparePayoutBatchResponse> {
    const today = sydneyDate();
    const processingDate = body.processingDate ?? today;
    if (processingDate < today || processingDate > addDays(today, MAX_PROCESSING_DAYS_AHEAD)) {
      throw badRequest(BATCH_MESSAGES.processingDateRange, [{ path: 'processingDate', message: BATCH_MESSAGES.processingDateRange }]);
    }
    const { eligible, skipped } = await sortChoice(body.bookings);

    // Locks are taken in one order by every change of payouts (preparing, settling, Transfer): bookings with their
    // kind's counter row (ute, then job), then owners' balance rows in owner order; so nobody waits in a circle.
    const batch = await db.transaction(async (tx) => {
      // The conditional update that decides who pays a booking, over the set (batches.repository): one statement
      // per kind, ute first. A booking a parallel batch or Transfer claimed first keeps its claim.
      const won: EligibleBooking[] = [];
      for (const kind of BOOKING_KINDS) {
        const ofKind = eligible.filter((item) => item.booking.kind === kind);
        const claimedIds = await claimBookingsForBatch(
          tx,
          kind,
          ofKind.map((item) => item.booking.id),
        );
        for (const item of ofKind) {
          if (claimedIds.has(item.booking.id)) {
            won.push(item);
            continue;
          }
          const reason = await stateReason(tx, await findPayableBooking(tx, item.booking.id, item.booking.kind));
          skipped.push({ bookingKind: item.booking.kind, bookingId: item.booking.id, reason: reason ?? BATCH_SKIP_REASONS.beingTransferred });
        }
      }
      // Then the amounts and journals, owners in order (each amount locks its owner's balance row).
      won.sort(lockOrder);
      const claimed: ClaimedLine[] = [];
      for (const item of won) {
        // After the claim, as the manual payout: the amount locks the owner's balance row, and an owner's earlier
        // line of this batch has already taken its share of that balance (a debt is offset once).
        const due = await payoutAmountOf(tx, item.booking);
        const refusal = dueRefusal(due);
        if (refusal) {
          await moveBookings(tx, item.booking.kind, [item.booking.id], 'transferring', 'none');
          skipped.push({ bookingKind: item.booking.kind, bookingId: item.booking.id, reason: refusal });
          continue;
        }
        const payout = await insertNextPayout(tx, item.booking, due.amountCents, actor, { method: PAYOUT_BATCH_METHOD, status: 'pending' });
        await postPayoutJournal(tx, payout, 'payout.started', actor);
        claimed.push({ ...item, payout, amountCents: due.amountCents });
      }
      if (claimed.length === 0) return null;

      const number = await nextBatchNumber(tx);
      const reference = payoutBatchReference(number);
      const lodgementReference = lodgementReferenceOf(reference);
      const credits = creditsOf(claimed.map((line) => ({ ...line, ownerId: line.booking.ownerId })));
      const file = buildFile(
        credits.map((credit) => ({ ...credit, lodgementReference })),
        processingDate,
      );
      const row = await insertBatch(tx, {
        number,
        processingDate,
        lineCount: claimed.length,
        creditCount: credits.length,
        totalCents: claimed.reduce((sum, line) => sum + line.amountCents, 0),
        abaFile: file,
        abaSha256: sha256Of(file),
        preparedBy: actor.adminId,
      });
      await insertLines(
        tx,
        claimed.map((line) => ({
          batchId: row.id,
          bookingKind: line.booking.kind,
          bookingId: line.booking.id,
          bookingReference: line.booking.reference,
          payoutId: line.payout.id,
          ownerId: line.booking.ownerId,
          bsb: line.bsb,
          accountNumber: line.accountNumber,
          accountName: line.accountName,
          amountCents: line.amountCents,
          lodgementReference,
        })),
      );
      for (const line of claimed) {
        await writeAudit(tx, actor, {
          action: 'payout.start',
          targetType: bookingTarget(line.booking.kind),
          targetId: line.booking.id,
          before: { transferState: 'none' },
          after: {
            transferState: 'transferring',
            payoutId: line.payout.id,
            method: PAYOUT_BATCH_METHOD,
            amountCents: line.amountCents,
            batchId: row.id,
            reference,
          },
        });
      }
      await writeAudit(tx, actor, {
        action: 'batch.prepare',
        targetType: 'payout_batch',
        targetId: row.id,
        before: null,
        after: {
          reference,
          status: 'prepared',
          processingDate,
          lineCount: row.lineCount,
          creditCount: row.creditCount,
          totalCents: row.totalCents,
          fileSha256: row.abaSha256,
          skipped: skipped.length,
        },
      });
      return row;
    });

    if (!batch) {
      throw new AppError(
        'CONFLICT',
        BATCH_MESSAGES.noneEligible,
        skipped.map((item) => ({ path: `bookings.${item.bookingKind}.${item.bookingId}`, message: item.reason })),
      );
    }
    log.info({ batchId: batch.id, lines: batch.lineCount, skipped: skipped.length }, 'payout batch prepared');
    return { message: BATCH_MESSAGES.prepared, data: await batchDtoOf(batch.id), skipped };
  }

  /** A batch's lines in the order its changes take locks (owner, then booking), as prepare does. */
  async function linesToSettle(tx: Tx, id: string, filter: Parameters<typeof findLines>[2]): Promise<PayoutBatchLineRow[]> {
    const lines = (await findLines(tx, id, filter)).map(({ line }) => line);
    return lines.sort((a, b) => compare(a.ownerId, b.ownerId) || compare(a.bookingKind, b.bookingKind) || compare(a.bookingId, b.bookingId));
  }

  /** Locks the batch for a step: 404 when unknown, 409 when it changed since the admin loaded it (If-Match, docs/design.md §14). */
  async function lockBatchForStep(tx: Tx, id: string, actor: Actor): Promise<PayoutBatchRow> {
    const batch = await lockBatch(tx, id);
    if (!batch) throw notFound('Payout batch');
    await assertUnchanged(tx, actor, { version: String(batch.version), id, targetType: 'payout_batch' });
    return batch;
  }

  /** The 404 or 409 of a change a batch in this state refuses. */
  function refuseStatus(batch: PayoutBatchRow | undefined, allowed: readonly PayoutBatchRow['status'][], notAllowed: string): asserts batch is PayoutBatchRow {
    if (!batch) throw notFound('Payout batch');
    if (allowed.includes(batch.status)) return;
    if (batch.status === 'cancelled') throw conflict(BATCH_MESSAGES.isCancelled);
    if (batch.status === 'paid') throw conflict(BATCH_MESSAGES.alreadyPaid);
    if (batch.status === 'approved' && allowed.includes('prepared')) throw conflict(BATCH_MESSAGES.alreadyApproved);
    throw conflict(notAllowed);
  }

  /**
   * POST payout-batches/{id}/approve: the checker releases the file. Refused to the admin who prepared it (403; the
   * database refuses it too, payout_batches_maker_checker); the approval pins the file's hash.
   */
  async function approve(id: string, actor: Actor & { adminId: string }) {
    await db.transaction(async (tx) => {
      const batch = await lockBatchForStep(tx, id, actor);
      refuseStatus(batch, ['prepared'], BATCH_MESSAGES.alreadyApproved);
      if (batch.preparedBy === actor.adminId) throw new AppError('FORBIDDEN', BATCH_MESSAGES.preparerCannotApprove);
      await updateBatch(tx, id, { status: 'approved', approvedBy: actor.adminId, approvedAt: new Date(), approvedSha256: batch.abaSha256 });
      await writeAudit(tx, actor, {
        action: 'batch.approve',
        targetType: 'payout_batch',
        targetId: id,
        before: { status: 'prepared' },
        after: { status: 'approved', fileSha256: batch.abaSha256, preparedBy: batch.preparedBy },
      });
    });
    return { message: BATCH_MESSAGES.approved, data: await batchDtoOf(id) };
  }

  /** GET payout-batches/{id}/aba: the approved file, byte for byte (its hash checked against the approval), each download audited. */
  async function download(id: string, actor: Actor): Promise<{ fileName: string; text: string }> {
    return db.transaction(async (tx) => {
      const batch = await recordDownload(tx, id);
      if (!batch) {
        const current = await findBatch(tx, id);
        if (!current) throw notFound('Payout batch');
        if (current.batch.status === 'cancelled') throw conflict(BATCH_MESSAGES.isCancelled);
        throw conflict(BATCH_MESSAGES.notApprovedForDownload);
      }
      // The database keeps the file from changing; this keeps a file that somehow did from leaving.
      if (sha256Of(batch.abaFile) !== batch.approvedSha256) throw new Error(`payout batch ${id}: the file does not match the approved hash`);
      await writeAudit(tx, actor, {
        action: 'batch.download',
        targetType: 'payout_batch',
        targetId: id,
        after: { fileName: payoutBatchFileName(batch.number), fileSha256: batch.abaSha256, downloadCount: batch.downloadCount },
      });
      return { fileName: payoutBatchFileName(batch.number), text: batch.abaFile };
    });
  }

  /** POST payout-batches/{id}/paid: the bank paid the file: every included line's payout succeeds (in transit -> paid out), once. */
  async function markPaid(id: string, actor: Actor & { adminId: string }) {
    const paidLines = await db.transaction(async (tx) => {
      const batch = await lockBatchForStep(tx, id, actor);
      refuseStatus(batch, ['approved'], BATCH_MESSAGES.notApprovedForPaid);
      await updateBatch(tx, id, { status: 'paid', paidBy: actor.adminId, paidAt: new Date() });
      const lines = await linesToSettle(tx, id, { status: ['included'] });
      const transferId = `aba_${payoutBatchReference(batch.number)}`;
      await moveLinesBookings(tx, lines, 'transferring', 'transferred');
      for (const line of lines) {
        const payout = await markPayoutSucceeded(tx, line.payoutId, transferId);
        if (!payout) throw new Error(`payout ${line.payoutId} of batch ${id} was no longer pending`);
        const kind = line.bookingKind as BookingKind;
        await postPayoutJournal(tx, payout, 'payout.succeeded', actor);
        await writeAudit(tx, actor, {
          action: 'payout.succeed',
          targetType: bookingTarget(kind),
          targetId: line.bookingId,
          before: { transferState: 'transferring', payoutStatus: 'pending' },
          after: {
            transferState: 'transferred',
            payoutStatus: 'succeeded',
            payoutId: payout.id,
            providerTransferId: transferId,
            method: payout.method,
            amountCents: payout.amountCents,
            batchId: id,
          },
        });
      }
      await setLineStatus(
        tx,
        lines.map((line) => line.id),
        { status: 'paid' },
      );
      await writeAudit(tx, actor, {
        action: 'batch.paid',
        targetType: 'payout_batch',
        targetId: id,
        before: { status: 'approved' },
        after: { status: 'paid', paidLines: lines.length, paidCents: lines.reduce((sum, line) => sum + line.amountCents, 0) },
      });
      return lines.length;
    });
    if (paidLines > 0) onPayoutSucceeded?.();
    return { message: BATCH_MESSAGES.paid, data: await batchDtoOf(id) };
  }

  /** Moves the lines' bookings in one statement per kind, ute first (the lock order: see prepare); every one must move. */
  async function moveLinesBookings(tx: Tx, lines: readonly PayoutBatchLineRow[], from: TransferState, to: TransferState) {
    for (const kind of BOOKING_KINDS) {
      const ids = lines.filter((line) => line.bookingKind === kind).map((line) => line.bookingId);
      const moved = await moveBookings(tx, kind, ids, from, to);
      if (moved !== ids.length) throw new Error(`payout batch: ${ids.length - moved} of its ${kind} bookings were not ${from}`);
    }
  }

  /** Releases lines' bookings whose payouts never left: payouts failed, in transit -> payable, bookings back to none. */
  async function releasePendingLines(tx: Tx, lines: readonly PayoutBatchLineRow[], message: string, actor: Actor) {
    await moveLinesBookings(tx, lines, 'transferring', 'none');
    for (const line of lines) {
      const payout = await markPayoutFailed(tx, line.payoutId, message);
      if (!payout) throw new Error(`payout ${line.payoutId} of batch ${line.batchId} was no longer pending`);
      const kind = line.bookingKind as BookingKind;
      await postPayoutJournal(tx, payout, 'payout.failed', actor, message);
      await writeAudit(tx, actor, {
        action: 'payout.fail',
        targetType: bookingTarget(kind),
        targetId: line.bookingId,
        before: { transferState: 'transferring', payoutStatus: 'pending' },
        after: { transferState: 'none', payoutStatus: 'failed', payoutId: payout.id, failureMessage: message, batchId: line.batchId },
      });
    }
  }

  /**
   * Paid lines the bank sent back: the money is owed to the owners again (paid out -> payable, the payout.reversed
   * journal of a whole reversal) and the bookings await payout again.
   */
  async function reversePaidLines(tx: Tx, lines: readonly PayoutBatchLineRow[], message: string, actor: Actor) {
    await moveLinesBookings(tx, lines, 'transferred', 'none');
    for (const line of lines) {
      const before = await raiseReversedCents(tx, line.payoutId, line.amountCents);
      if (before === undefined) throw new Error(`payout ${line.payoutId} of batch ${line.batchId} was already reversed`);
      const kind = line.bookingKind as BookingKind;
      await postJournal(
        tx,
        {
          kind: 'payout.reversed',
          bookingKind: kind,
          bookingId: line.bookingId,
          payoutId: line.payoutId,
          adminId: actor.adminId,
          requestId: actor.requestId,
          memo: message,
        },
        [
          { account: 'owner_paid_out', ownerId: line.ownerId, amountCents: line.amountCents - before },
          { account: 'owner_payable', ownerId: line.ownerId, amountCents: before - line.amountCents },
        ],
      );
      await writeAudit(tx, actor, {
        action: 'payout.reverse',
        targetType: bookingTarget(kind),
        targetId: line.bookingId,
        before: { reversedCents: before, transferState: 'transferred' },
        after: { reversedCents: line.amountCents, transferState: 'none', payoutId: line.payoutId, reason: message, batchId: line.batchId },
      });
    }
  }

  /**
   * POST payout-batches/{id}/credits/{ownerId}/return: the bank returned an owner's credit. The file pays each owner
   * one credit, so a return returns every booking of theirs in the batch: before the batch is marked paid their
   * payouts fail (in transit -> payable), after it they are reversed (paid out -> payable); either way the bookings
   * await payout again and the lines keep the reason.
   */
  async function returnCredit(id: string, ownerId: string, reason: string, actor: Actor & { adminId: string }) {
    await db.transaction(async (tx) => {
      const batch = await lockBatchForStep(tx, id, actor);
      refuseStatus(batch, ['approved', 'paid'], BATCH_MESSAGES.returnNeedsApproval);
      const lines = await linesToSettle(tx, id, { ownerId });
      if (lines.length === 0) throw notFound('Credit');
      const open = lines.filter((line) => line.status === 'included' || line.status === 'paid');
      if (open.length === 0)
        throw conflict(lines.some((line) => line.status === 'returned') ? BATCH_MESSAGES.creditAlreadyReturned : BATCH_MESSAGES.creditNotIncluded);
      const message = `Returned by the bank (${payoutBatchReference(batch.number)}): ${reason}`;
      await releasePendingLines(
        tx,
        open.filter((line) => line.status === 'included'),
        message,
        actor,
      );
      await reversePaidLines(
        tx,
        open.filter((line) => line.status === 'paid'),
        message,
        actor,
      );
      await setLineStatus(
        tx,
        open.map((line) => line.id),
        { status: 'returned', returnReason: reason, returnedBy: actor.adminId, returnedAt: new Date() },
      );
      await updateBatch(tx, id, {});
      await writeAudit(tx, actor, {
        action: 'batch.line-returned',
        targetType: 'payout_batch',
        targetId: id,
        before: { status: open[0].status },
        after: {
          status: 'returned',
          ownerId,
          reason,
          bookings: open.map((line) => line.bookingReference),
          amountCents: open.reduce((sum, line) => sum + line.amountCents, 0),
        },
      });
    });
    return { message: BATCH_MESSAGES.creditReturned, data: await batchDtoOf(id) };
  }

  /** POST payout-batches/{id}/cancel: before it is paid, every included line's booking is released (its payout fails). */
  async function cancel(id: string, actor: Actor & { adminId: string }) {
    await db.transaction(async (tx) => {
      const batch = await lockBatchForStep(tx, id, actor);
      if (batch?.status === 'paid') throw conflict(BATCH_MESSAGES.paidCannotBeCancelled);
      refuseStatus(batch, ['prepared', 'approved'], BATCH_MESSAGES.isCancelled);
      await updateBatch(tx, id, { status: 'cancelled', cancelledBy: actor.adminId, cancelledAt: new Date() });
      const lines = await linesToSettle(tx, id, { status: ['included'] });
      const message = `Payout batch ${payoutBatchReference(batch.number)} cancelled`;
      await releasePendingLines(tx, lines, message, actor);
      await setLineStatus(
        tx,
        lines.map((line) => line.id),
        { status: 'cancelled' },
      );
      await writeAudit(tx, actor, {
        action: 'batch.cancel',
        targetType: 'payout_batch',
        targetId: id,
        before: { status: batch.status },
        after: { status: 'cancelled', releasedLines: lines.length, downloadCount: batch.downloadCount },
      });
    });
    return { message: BATCH_MESSAGES.cancelled, data: await batchDtoOf(id) };
  }

  function toBatchDto({ batch, preparedBy, approvedBy, paidBy, cancelledBy }: BatchWithAdmins): PayoutBatch {
    return {
      id: batch.id,
      number: batch.number,
      reference: payoutBatchReference(batch.number),
      status: batch.status,
      processingDate: batch.processingDate,
      lineCount: batch.lineCount,
      creditCount: batch.creditCount,
      totalCents: batch.totalCents,
      fileSha256: batch.abaSha256,
      fileName: payoutBatchFileName(batch.number),
      preparedById: batch.preparedBy,
      preparedBy,
      preparedAt: batch.preparedAt.toISOString(),
      approvedBy,
      approvedAt: batch.approvedAt?.toISOString() ?? null,
      paidBy,
      paidAt: batch.paidAt?.toISOString() ?? null,
      cancelledBy,
      cancelledAt: batch.cancelledAt?.toISOString() ?? null,
      downloadCount: batch.downloadCount,
      version: String(batch.version),
    };
  }

  async function batchDtoOf(id: string): Promise<PayoutBatch> {
    const row = await findBatch(db, id);
    if (!row) throw notFound('Payout batch');
    return toBatchDto(row);
  }

  /** GET payout-batches: newest first. */
  async function getBatches(query: { page: number; limit: number }) {
    const { rows, total } = await listBatches(db, query);
    return { data: rows.map(toBatchDto), totalCount: total, paginationData: { page: query.page, totalPages: totalPagesOf(total, query.limit) } };
  }

  /** GET payout-batches/{id}: the batch and its credits (one per owner, as in the file), each with its bookings. */
  async function getBatch(id: string): Promise<{ data: PayoutBatch; credits: PayoutBatchCredit[] }> {
    const data = await batchDtoOf(id);
    const rows = await findLines(db, id);
    const credits = creditsOf(rows.map(({ line, ownerFirstName, ownerLastName }) => ({ ...line, ownerName: `${ownerFirstName} ${ownerLastName}`.trim() })));
    return {
      data,
      credits: credits.map((credit) => {
        const first = credit.lines[0];
        return {
          ownerId: credit.ownerId,
          ownerName: first.ownerName,
          bsb: credit.bsb,
          accountNumberMasked: maskAccount(credit.accountNumber),
          accountName: credit.accountName,
          lodgementReference: first.lodgementReference,
          amountCents: credit.amountCents,
          status: first.status,
          returnReason: first.returnReason,
          returnedAt: first.returnedAt?.toISOString() ?? null,
          lines: credit.lines.map((line) => ({
            id: line.id,
            bookingKind: line.bookingKind as BookingKind,
            bookingId: line.bookingId,
            bookingReference: line.bookingReference,
            payoutId: line.payoutId,
            amountCents: line.amountCents,
            status: line.status,
          })),
        };
      }),
    };
  }

  return { getCandidates, prepare, approve, download, markPaid, returnCredit, cancel, getBatches, getBatch };
}

export type BatchesService = ReturnType<typeof createBatchesService>;
