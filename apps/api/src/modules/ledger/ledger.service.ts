import {
  BOOKING_KINDS,
  fullNameOf,
  LEDGER_MESSAGES,
  totalPagesOf,
  type BookingKind,
  type OwnerBalance,
  type OwnerBalancesQuery,
  type PlatformFee,
  type UpdatePlatformFee,
} from '@ute/contract';
import { csvChunks, dollarsOfCents, type CsvColumn } from '../../lib/csv';
import { conflict, notFound } from '../../lib/errors';
import { assertUnchanged, writeAudit, type Actor } from '../../platform/audit/auditLog';
import type { Db } from '../../db/database';
import { timeVersion } from '../../db/rowVersion';
import { findOwner, findPayableBooking } from '../bookings/bookings.repository';
import {
  currentPlatformFee,
  lockPlatformFeeKind,
  findOwnerPayoutStatus,
  findPayableSplit,
  insertPlatformFee,
  listOwnerBalances,
  listOwnerLedger,
  platformFeeHistory,
  type OwnerBalanceFilter,
  type OwnerBalanceRow,
  type PlatformFeeRow,
} from './ledger.repository';

/** The zone the finance team's days are in: a period's days start at midnight Sydney time. */
const FINANCE_TIME_ZONE = 'Australia/Sydney';

/** Midnight at the start of a calendar day in Sydney, as an instant. */
export function startOfSydneyDay(day: string): Date {
  const utcMidnight = new Date(`${day}T00:00:00Z`);
  // The zone's offset at that moment (+10:00 or +11:00), read from Intl; the day starts that much earlier in UTC.
  const parts = new Intl.DateTimeFormat('en-AU', { timeZone: FINANCE_TIME_ZONE, timeZoneName: 'longOffset' }).formatToParts(utcMidnight);
  const offset = /GMT([+-])(\d{2}):(\d{2})/.exec(parts.find((part) => part.type === 'timeZoneName')?.value ?? '');
  const minutes = offset ? (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3])) : 0;
  return new Date(utcMidnight.getTime() - minutes * 60_000);
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

const toFeeDto = (row: PlatformFeeRow): PlatformFee => ({
  bookingKind: row.bookingKind,
  percentBps: row.percentBps,
  fixedCents: row.fixedCents,
  setAt: row.createdAt.toISOString(),
  setBy: row.setBy,
  version: timeVersion(row.createdAt),
});

const noFee = (bookingKind: BookingKind): PlatformFee => ({ bookingKind, percentBps: 0, fixedCents: 0, setAt: null, setBy: null, version: timeVersion(null) });

const toBalanceDto = (row: OwnerBalanceRow): OwnerBalance => ({
  ownerId: row.ownerId,
  ownerName: row.firstName === null ? 'Unknown owner' : fullNameOf({ firstName: row.firstName, lastName: row.lastName ?? '' }),
  email: row.email,
  payableCents: row.payableCents,
  inTransitCents: row.inTransitCents,
  paidOutCents: row.paidOutCents,
});

function balanceFilterOf(query: Pick<OwnerBalancesQuery, 'sort' | 'from' | 'to' | 'negative'>): OwnerBalanceFilter {
  return {
    sort: query.sort,
    paidFrom: query.from ? startOfSydneyDay(query.from) : undefined,
    paidBefore: query.to ? startOfSydneyDay(nextDay(query.to)) : undefined,
    isNegativeOnly: query.negative === 'true',
  };
}

/** The Balances export's columns, in dollars. */
export const OWNER_BALANCE_CSV: readonly CsvColumn<OwnerBalance>[] = [
  { header: 'owner_id', value: (row) => row.ownerId },
  { header: 'owner_name', value: (row) => row.ownerName },
  { header: 'email', value: (row) => row.email },
  { header: 'payable_dollars', value: (row) => dollarsOfCents(row.payableCents) },
  { header: 'in_transit_dollars', value: (row) => dollarsOfCents(row.inTransitCents) },
  { header: 'paid_out_dollars', value: (row) => dollarsOfCents(row.paidOutCents) },
];

const EXPORT_BATCH = 5_000;

export function createLedgerService({ db }: { db: Db }) {
  /** GET platform-fees: the fee in force per booking kind, and every change. */
  async function getPlatformFees() {
    const current = await Promise.all(BOOKING_KINDS.map(async (kind) => (await currentPlatformFee(db, kind)) ?? null));
    const history = await platformFeeHistory(db);
    return { data: current.map((row, index) => (row ? toFeeDto(row) : noFee(BOOKING_KINDS[index]))), history: history.map(toFeeDto) };
  }

  /** PUT platform-fees: a new fee for one booking kind, for bookings that become payable from now; audited with the one it replaces. */
  async function updatePlatformFee(body: UpdatePlatformFee, actor: Actor) {
    const row = await db.transaction(async (tx) => {
      await lockPlatformFeeKind(tx, body.bookingKind);
      const before = await currentPlatformFee(tx, body.bookingKind);
      await assertUnchanged(tx, actor, { version: timeVersion(before?.createdAt), id: body.bookingKind, targetType: 'platform_fee' });
      const inserted = await insertPlatformFee(tx, { ...body, adminId: actor.adminId });
      await writeAudit(tx, actor, {
        action: 'platform-fee.update',
        targetType: 'platform_fee',
        targetId: body.bookingKind,
        before: { percentBps: before?.percentBps ?? 0, fixedCents: before?.fixedCents ?? 0 },
        after: { percentBps: inserted.percentBps, fixedCents: inserted.fixedCents },
      });
      return inserted;
    });
    const [withAdmin] = (await platformFeeHistory(db, 1)).filter((fee) => fee.id === row.id);
    return { message: LEDGER_MESSAGES.feeUpdated, data: toFeeDto(withAdmin ?? { ...row, setBy: null }) };
  }

  /** GET payout-split/{kind}/{bookingId}: gross, fee, GST and the owner's net of a delivered booking, from its payable journal. */
  async function getPayoutSplit(kind: BookingKind, bookingId: string) {
    const booking = await findPayableBooking(db, bookingId, kind);
    if (!booking) throw notFound('Booking');
    const split = await findPayableSplit(db, kind, bookingId);
    if (!split) throw conflict(LEDGER_MESSAGES.notPayable);
    return { data: split };
  }

  /** GET owner-balances: the owners' balances, a page in the asked order. */
  async function getOwnerBalances(query: OwnerBalancesQuery) {
    const { rows, total } = await listOwnerBalances(db, balanceFilterOf(query), { limit: query.limit, offset: (query.page - 1) * query.limit });
    return { data: rows.map(toBalanceDto), totalCount: total, paginationData: { page: query.page, totalPages: totalPagesOf(total, query.limit) } };
  }

  /** GET owner-balances/export: every owner's balances under the same query, as CSV. */
  function exportOwnerBalances(query: OwnerBalancesQuery): AsyncGenerator<string> {
    const filter = balanceFilterOf(query);
    async function* batches() {
      for (let offset = 0; ; offset += EXPORT_BATCH) {
        const { rows } = await listOwnerBalances(db, filter, { limit: EXPORT_BATCH, offset });
        if (rows.length > 0) yield rows.map(toBalanceDto);
        if (rows.length < EXPORT_BATCH) return;
      }
    }
    return csvChunks(OWNER_BALANCE_CSV, batches());
  }

  /** GET owner-ledger/{id}: an owner's balances and journals newest first, with what they are owed after each. */
  async function getOwnerLedger(ownerId: string, query: { page: number; limit: number }) {
    const owner = await findOwner(db, ownerId);
    if (!owner) throw notFound('Owner');
    const [balance] = (await listOwnerBalances(db, { sort: 'payable', isNegativeOnly: false, ownerId }, { limit: 1, offset: 0 })).rows;
    const { rows, total } = await listOwnerLedger(db, ownerId, { limit: query.limit, offset: (query.page - 1) * query.limit });
    const status = await findOwnerPayoutStatus(db, ownerId);
    return {
      payoutStatus: {
        holdReason: status?.holdReason ?? null,
        heldAt: status?.heldAt?.toISOString() ?? null,
        heldBy: status?.heldByEmail ?? null,
        payoutsEnabled: status?.payoutsEnabled ?? null,
        disabledReason: status?.disabledReason ?? null,
        lastPayoutFailure: status?.lastPayoutFailure ?? null,
        version: timeVersion(status?.heldAt),
      },
      owner: toBalanceDto(
        balance ?? { ownerId, payableCents: 0, inTransitCents: 0, paidOutCents: 0, firstName: owner.firstName, lastName: owner.lastName, email: owner.email },
      ),
      data: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
      totalCount: total,
      paginationData: { page: query.page, totalPages: totalPagesOf(total, query.limit) },
    };
  }

  return { getPlatformFees, updatePlatformFee, getPayoutSplit, getOwnerBalances, exportOwnerBalances, getOwnerLedger };
}
