import {
  fullNameOf,
  PAYOUT_MESSAGES,
  payoutBlockedReason,
  totalPagesOf,
  type Address,
  type BankAccount,
  type BookingExportQuery,
  type BookingListQuery,
  type JobBooking,
  type MessageResponse,
  type PayoutProviderName,
  type UteBooking,
} from '@ute/contract';
import { readListBatches } from '../../db/keyset';
import { joinedWorkItemSummaries, workItemListFilterOf } from '../assignments/workItemLists';
import { csvChunks, dollars, maskAccountNumber, type CsvColumn } from '../../lib/csv';
import { conflict, notFound } from '../../lib/errors';
import { writeAudit, type Actor } from '../../platform/audit/auditLog';
import type { Db } from '../../db/database';
import {
  findBankAccount,
  findLiveJobBooking,
  findOwner,
  jobBookingExportSource,
  listJobBookings,
  listUteBookings,
  refundedCentsOfBookings,
  softDeleteJobBooking,
  uteBookingExportSource,
  type BookingListSourceFilter,
  type JobBookingRow,
  type UteBookingRow,
} from './bookings.repository';

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
    payoutBlockedReason: payoutBlockedReason(row.payoutBlockers, { isStripe: row.transactionId !== null }),
    transactionId: row.transactionId,
    uteBy: row.ownerId,
    createdAt: row.createdAt.toISOString(),
    version: row.version,
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
    payoutBlockedReason: payoutBlockedReason(row.payoutBlockers, { isStripe: row.transactionId !== null }),
    transactionId: row.transactionId,
    uteBy: row.ownerId,
    createdAt: row.createdAt.toISOString(),
    version: row.version,
  };
}

/**
 * The Stripe tab unless another is asked for; awaiting payout spans both tabs unless one is asked
 * for, and so do one booking asked for by id (search does not know its tab), one user's bookings and
 * the created-day or status drill-down.
 */
function bookingListFilter(query: BookingExportQuery, adminId?: string, isPage = false): BookingListSourceFilter {
  const isAwaitingPayout = query.awaitingPayout === 'true';
  // Analytics' drill-down (a day's bookings, of one status) counts both tabs: so does the list.
  const isDrillDown = Boolean(query.status || query.createdFrom || query.createdTo);
  const isAcrossTabs = isAwaitingPayout || Boolean(query.id) || Boolean(query.userId) || isDrillDown;
  return {
    // The queue's holder filter and order (docs/design.md §15): the export keeps its own order.
    workItems: workItemListFilterOf(query, adminId, { isSorted: isPage }),
    payment: query.payment ?? (isAcrossTabs ? undefined : 'stripe'),
    isAwaitingPayout,
    id: query.id,
    userId: query.userId,
    status: query.status,
    createdFrom: query.createdFrom,
    createdTo: query.createdTo,
  };
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
/** What was refunded of the booking's payment (docs/design.md §9.6), on the rows that had refunds. */
const withRefunded = <TDto extends { _id: string }>(dto: TDto, refunded: Map<string, number>): TDto =>
  refunded.has(dto._id) ? { ...dto, refundedCents: refunded.get(dto._id) } : dto;

function toBookingListResponse<TRow, TDto>(
  payoutProvider: PayoutProviderName,
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

export interface BookingsServiceDeps {
  db: Db;
  /** Only its name: the lists say which provider a Transfer goes through. */
  payoutProviderName: PayoutProviderName;
}

export function createBookingsService({ db, payoutProviderName }: BookingsServiceDeps) {
  async function getUteBookings(query: BookingListQuery, adminId?: string) {
    const page = await listUteBookings(db, { ...bookingListFilter(query, adminId, true), page: query.page, limit: query.limit });
    const refunded = await refundedCentsOfBookings(db, 'ute', page.rows);
    const items = joinedWorkItemSummaries('uteBookingsAwaitingPayout', page.rows);
    return toBookingListResponse(payoutProviderName, query, page, (row) => ({
      ...withRefunded(toUteBookingDto(row), refunded),
      workItem: items.get(row.id) ?? null,
    }));
  }

  async function getJobBookings(query: BookingListQuery, adminId?: string) {
    const page = await listJobBookings(db, { ...bookingListFilter(query, adminId, true), page: query.page, limit: query.limit });
    const refunded = await refundedCentsOfBookings(db, 'job', page.rows);
    const items = joinedWorkItemSummaries('jobBookingsAwaitingPayout', page.rows);
    return toBookingListResponse(payoutProviderName, query, page, (row) => ({
      ...withRefunded(toJobBookingDto(row), refunded),
      workItem: items.get(row.id) ?? null,
    }));
  }

  /** GET ute-booking-list/export: every booking of the list under this query (tab, work queue), as CSV, read in batches. */
  function exportUteBookings(query: BookingExportQuery, adminId?: string): AsyncGenerator<string> {
    return csvChunks(UTE_BOOKING_CSV, readListBatches(db, uteBookingExportSource(bookingListFilter(query, adminId))));
  }

  /** GET job-booking-list/export: the same for job bookings. */
  function exportJobBookings(query: BookingExportQuery, adminId?: string): AsyncGenerator<string> {
    return csvChunks(JOB_BOOKING_CSV, readListBatches(db, jobBookingExportSource(bookingListFilter(query, adminId))));
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
    getOwnerBankAccount,
    deleteJobBooking,
  };
}

export type BookingsService = ReturnType<typeof createBookingsService>;
