import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { BookingKind } from '@ute/contract';
import { queryRows, type DbOrTx } from '../../db/database';
import { planWindow } from '../../db/paging';
import { admins } from '../../db/tables/auth.table';
import { ledgerJournals, ledgerLines, platformFees, type JournalKind, type LedgerAccount } from '../../db/tables/ledger.table';
import { ownerPayoutStatus } from '../../db/tables/payouts.table';
import { refunds } from '../../db/tables/refunds.table';

export interface JournalLine {
  account: LedgerAccount;
  /** Set for the per-owner accounts (OWNER_ACCOUNTS), absent otherwise. */
  ownerId?: string;
  /** Signed cents: a debit is positive, a credit negative. */
  amountCents: number;
}

export interface JournalHeader {
  kind: JournalKind;
  bookingKind?: BookingKind;
  bookingId?: string;
  payoutId?: string;
  paymentId?: string;
  disputeId?: string;
  refundId?: string;
  memo?: string;
  adminId?: string | null;
  requestId?: string;
}

/**
 * Writes one journal and its lines, inside the caller's transaction (the business change's). The
 * database refuses, at commit, a journal whose lines do not sum to zero.
 */
export async function postJournal(tx: DbOrTx, header: JournalHeader, lines: readonly JournalLine[]): Promise<string> {
  const [journal] = await tx.insert(ledgerJournals).values(header).returning({ id: ledgerJournals.id });
  const nonZero = lines.filter((line) => line.amountCents !== 0);
  await tx
    .insert(ledgerLines)
    .values(nonZero.map((line) => ({ journalId: journal.id, account: line.account, ownerId: line.ownerId ?? null, amountCents: line.amountCents })));
  return journal.id;
}

/** A booking's money once delivered: what the customer paid, the platform's fee (GST inclusive), the GST in it, the owner's share. */
export interface PayableSplit {
  grossCents: number;
  feeCents: number;
  gstCents: number;
  netCents: number;
}

/**
 * The booking's payable journal as its split, writing it first if it is missing (the database writes
 * it when a booking becomes delivered; this covers a booking journalled before the ledger could).
 */
export async function ensurePayableSplit(tx: DbOrTx, booking: { kind: BookingKind; id: string; ownerId: string; amount: number }): Promise<PayableSplit> {
  await tx.execute(
    sql`select ledger_post_payables(${booking.kind}, array[${booking.id}]::uuid[], array[${booking.ownerId}]::uuid[], array[${booking.amount}]::numeric[])`,
  );
  return (await findPayableSplit(tx, booking.kind, booking.id)) ?? { grossCents: 0, feeCents: 0, gstCents: 0, netCents: 0 };
}

/** The split of a booking's payable journal, or undefined when the booking has none (not delivered). */
export async function findPayableSplit(db: DbOrTx, kind: BookingKind, bookingId: string): Promise<PayableSplit | undefined> {
  const rows = await db
    .select({ account: ledgerLines.account, amountCents: ledgerLines.amountCents })
    .from(ledgerLines)
    .innerJoin(ledgerJournals, eq(ledgerJournals.id, ledgerLines.journalId))
    .where(and(eq(ledgerJournals.kind, 'booking.payable'), eq(ledgerJournals.bookingKind, kind), eq(ledgerJournals.bookingId, bookingId)));
  if (rows.length === 0) return undefined;
  const of = (account: LedgerAccount) => rows.filter((row) => row.account === account).reduce((sum, row) => sum + row.amountCents, 0);
  // Credits are negative; `0 - x` (not `-x`) keeps a zero a plain 0.
  const gstCents = 0 - of('gst_payable');
  const feeCents = 0 - of('fee_revenue') + gstCents;
  return { grossCents: of('customer_funds'), feeCents, gstCents, netCents: 0 - of('owner_payable') };
}

/** What a payout of a booking sends, and why when it is less than the booking's net. */
export interface PayoutDue {
  /** The payable net less the owner's share of the booking's refunds made before it was paid. */
  netCents: number;
  /** The owner's payable balance (all their bookings, less what they owe); null when they have none. */
  balanceCents: number | null;
  /** min(netCents, balanceCents): what is sent. */
  amountCents: number;
}

/**
 * The amount of a booking's payout (docs/design.md §9.6), in the transaction that claimed the booking
 * (its row lock orders it after any refund of the booking being recorded): the payable net less the
 * owner's share of the booking's refunds made before it was paid, never more than the owner's payable
 * balance, so a debt charged to their balance (a refund's or a lost dispute's share) is offset against
 * it. The owner's balance row is locked: two payouts of one owner take turns. Transfer, manual payout
 * and bank-file batches all pay this.
 */
export async function payoutAmountOf(tx: DbOrTx, booking: { kind: BookingKind; id: string; ownerId: string; amount: number }): Promise<PayoutDue> {
  const { netCents: payableNetCents } = await ensurePayableSplit(tx, booking);
  const [refunded] = await tx
    .select({ ownerCents: sql<string>`coalesce(sum(${refunds.ownerCents}), 0)` })
    .from(refunds)
    .where(
      and(eq(refunds.bookingKind, booking.kind), eq(refunds.bookingId, booking.id), eq(refunds.status, 'succeeded'), eq(refunds.recovery, 'not_paid_yet')),
    );
  const netCents = payableNetCents - Number(refunded.ownerCents);
  const [balance] = await queryRows<{ payable_cents: string }>(
    tx,
    sql`select payable_cents from ledger_owner_balances where owner_id = ${booking.ownerId} for update`,
  );
  const balanceCents = balance ? Number(balance.payable_cents) : null;
  return { netCents, balanceCents, amountCents: Math.max(0, Math.min(netCents, balanceCents ?? netCents)) };
}

/** An owner's position: what is owed now, what is on its way, what was paid out (cents, as positive amounts). */
export interface OwnerBalance {
  ownerId: string;
  payableCents: number;
  inTransitCents: number;
  paidOutCents: number;
}

/** Every owner's balances, all time (the list's own statement, unpaged). */
export async function ownerBalances(db: DbOrTx): Promise<OwnerBalance[]> {
  const { rows } = await listOwnerBalances(db, { sort: 'name', isNegativeOnly: false });
  return rows.map(({ ownerId, payableCents, inTransitCents, paidOutCents }) => ({ ownerId, payableCents, inTransitCents, paidOutCents }));
}

export type PlatformFeeRow = typeof platformFees.$inferSelect & { setBy: string | null };

/** Every fee change, newest first, with the email of the admin who made it. */
export async function platformFeeHistory(db: DbOrTx, limit = 50): Promise<PlatformFeeRow[]> {
  return db
    .select({ ...getTableColumns(platformFees), setBy: admins.email })
    .from(platformFees)
    .leftJoin(admins, eq(admins.id, platformFees.adminId))
    .orderBy(desc(platformFees.createdAt), desc(platformFees.id))
    .limit(limit);
}

/** A fee is a new row, so there is none to lock: the fee's writers of one booking kind take turns on a lock of their own. */
export async function lockPlatformFeeKind(tx: DbOrTx, bookingKind: BookingKind): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`platform_fee:${bookingKind}`}))`);
}

/** The fee in force for one booking kind (the newest row), if any was ever set. */
export async function currentPlatformFee(db: DbOrTx, bookingKind: BookingKind): Promise<PlatformFeeRow | undefined> {
  const [row] = await db
    .select({ ...getTableColumns(platformFees), setBy: admins.email })
    .from(platformFees)
    .leftJoin(admins, eq(admins.id, platformFees.adminId))
    .where(eq(platformFees.bookingKind, bookingKind))
    .orderBy(desc(platformFees.createdAt), desc(platformFees.id))
    .limit(1);
  return row;
}

export async function insertPlatformFee(tx: DbOrTx, values: typeof platformFees.$inferInsert) {
  const [row] = await tx.insert(platformFees).values(values).returning();
  return row;
}

export interface OwnerBalanceFilter {
  sort: 'payable' | 'inTransit' | 'paidOut' | 'name';
  /** Paid out counted from the start of this instant (inclusive) to `paidBefore` (exclusive); all time when absent. */
  paidFrom?: Date;
  paidBefore?: Date;
  isNegativeOnly: boolean;
  ownerId?: string;
}

export interface OwnerBalanceRow extends OwnerBalance {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
}

const OWNER_BALANCE_ORDER = {
  payable: sql`b.payable_cents desc nulls last, b.owner_id`,
  inTransit: sql`b.in_transit_cents desc nulls last, b.owner_id`,
  paidOut: sql`paid_out desc nulls last, b.owner_id`,
  name: sql`u.first_name asc nulls last, u.last_name asc nulls last, b.owner_id`,
} as const;

/** The same orders read from the other end of their indexes (a page in the back half: planWindow). */
const OWNER_BALANCE_ORDER_REVERSED = {
  payable: sql`b.payable_cents asc nulls first, b.owner_id desc`,
  inTransit: sql`b.in_transit_cents asc nulls first, b.owner_id desc`,
  paidOut: sql`paid_out asc nulls first, b.owner_id desc`,
} as const;

/**
 * Each owner's balances, read from ledger_owner_balances (the sums of their lines, kept by the
 * database with the lines: migration 0018): the total and a page in the asked order, the owner's
 * name beside. Without a period the sorts by amount walk that table's indexes; a period sums only
 * the paid-out lines in it (ledger_lines_account_idx) and joins them by owner.
 */
export async function listOwnerBalances(
  db: DbOrTx,
  filter: OwnerBalanceFilter,
  page?: { limit: number; offset: number },
): Promise<{ rows: OwnerBalanceRow[]; total: number }> {
  const hasPeriod = Boolean(filter.paidFrom || filter.paidBefore);
  const inPeriod = sql.join(
    [
      sql`l.account = 'owner_paid_out'`,
      ...(filter.paidFrom ? [sql`l.created_at >= ${filter.paidFrom.toISOString()}::timestamptz`] : []),
      ...(filter.paidBefore ? [sql`l.created_at < ${filter.paidBefore.toISOString()}::timestamptz`] : []),
    ],
    sql` and `,
  );
  const where = sql.join(
    [sql`true`, ...(filter.ownerId ? [sql`b.owner_id = ${filter.ownerId}`] : []), ...(filter.isNegativeOnly ? [sql`b.payable_cents < 0`] : [])],
    sql` and `,
  );
  const paidOut = hasPeriod ? sql`coalesce(p.paid_out, 0)` : sql`b.paid_out_cents`;
  const paidInPeriod = hasPeriod
    ? sql`left join (select l.owner_id, -sum(l.amount_cents) as paid_out from ledger_lines l where ${inPeriod} group by l.owner_id) p on p.owner_id = b.owner_id`
    : sql``;
  const countOwners = () => queryRows<{ total: number }>(db, sql`select count(*)::int as total from ledger_owner_balances b where ${where}`);
  type Row = {
    owner_id: string;
    payable_cents: string;
    in_transit_cents: string;
    paid_out: string;
    first_name: string | null;
    last_name: string | null;
    email: string | null;
  };
  let rows: Row[];
  let total: number;
  if (filter.sort === 'name') {
    // Ordered by name: the names are joined before the page is cut.
    const limit = page ? sql`limit ${page.limit} offset ${page.offset}` : sql``;
    const ordered = sql`select b.owner_id, b.payable_cents, b.in_transit_cents, ${paidOut} as paid_out, u.first_name, u.last_name, u.email
      from ledger_owner_balances b ${paidInPeriod} left join users u on u.id = b.owner_id
      where ${where} order by ${OWNER_BALANCE_ORDER.name} ${limit}`;
    [rows, [{ total }]] = await Promise.all([queryRows<Row>(db, ordered), countOwners()]);
  } else {
    // Ordered by an amount: the page is cut on the cache's index first (a page in the back half
    // from its other end: the last page costs what the first does), then ten names are looked up.
    [{ total }] = await countOwners();
    const plan = page ? planWindow(page.offset, page.limit, total) : { offset: 0, limit: null, isFromEnd: false };
    const order = (plan.isFromEnd ? OWNER_BALANCE_ORDER_REVERSED : OWNER_BALANCE_ORDER)[filter.sort];
    const limit = plan.limit === null ? sql`` : sql`limit ${plan.limit} offset ${plan.offset}`;
    rows = await queryRows<Row>(
      db,
      sql`select b.*, u.first_name, u.last_name, u.email from (
            select b.owner_id, b.payable_cents, b.in_transit_cents, ${paidOut} as paid_out
            from ledger_owner_balances b ${paidInPeriod} where ${where} order by ${order} ${limit}
          ) b left join users u on u.id = b.owner_id
          order by ${order}`,
    );
    if (plan.isFromEnd) rows.reverse();
  }
  return {
    total,
    rows: rows.map((row) => ({
      ownerId: row.owner_id,
      payableCents: Number(row.payable_cents),
      inTransitCents: Number(row.in_transit_cents),
      paidOutCents: Number(row.paid_out),
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
    })),
  };
}

export interface OwnerLedgerEntryRow {
  journalId: string;
  kind: string;
  createdAt: Date;
  bookingKind: BookingKind | null;
  bookingId: string | null;
  owedChangeCents: number;
  paidOutChangeCents: number;
  owedAfterCents: number;
}

/**
 * An owner's journals newest first, each with how it moved what the platform owes them (payable and
 * in transit) and what it paid them, and the running amount owed after it (in the order written).
 */
export async function listOwnerLedger(
  db: DbOrTx,
  ownerId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: OwnerLedgerEntryRow[]; total: number }> {
  const rows = await queryRows<{
    journal_id: string;
    kind: string;
    created_at: string | Date;
    booking_kind: BookingKind | null;
    booking_id: string | null;
    owed_change: string;
    paid_change: string;
    owed_after: string;
    total: number;
  }>(
    db,
    sql`
    with entries as (
      select l.journal_id, min(l.id) as seq,
        -coalesce(sum(l.amount_cents) filter (where l.account in ('owner_payable', 'owner_in_transit', 'adjustments')), 0) as owed_change,
        -coalesce(sum(l.amount_cents) filter (where l.account = 'owner_paid_out'), 0) as paid_change
      from ledger_lines l
      where l.owner_id = ${ownerId}
      group by l.journal_id
    ), running as (
      select e.*, sum(e.owed_change) over (order by e.seq rows unbounded preceding) as owed_after, count(*) over ()::int as total
      from entries e
    )
    select r.journal_id, j.kind, j.created_at, coalesce(j.booking_kind, rf.booking_kind) as booking_kind, coalesce(j.booking_id, rf.booking_id) as booking_id,
      r.owed_change::bigint as owed_change, r.paid_change::bigint as paid_change, r.owed_after::bigint as owed_after, r.total
    from running r
    join ledger_journals j on j.id = r.journal_id
    -- A refund's journals name their booking through the refund (docs/design.md §9.6).
    left join refunds rf on rf.id = j.refund_id
    order by r.seq desc
    limit ${page.limit} offset ${page.offset}
  `,
  );
  return {
    total: rows[0]?.total ?? 0,
    rows: rows.map((row) => ({
      journalId: row.journal_id,
      kind: row.kind,
      createdAt: new Date(row.created_at),
      bookingKind: row.booking_kind,
      bookingId: row.booking_id,
      owedChangeCents: Number(row.owed_change),
      paidOutChangeCents: Number(row.paid_change),
      owedAfterCents: Number(row.owed_after),
    })),
  };
}

/** What stands between an owner and a payout (finance's hold, Stripe's account state, the last bank payout failure): part of their position. */
export type OwnerPayoutStatusRow = typeof ownerPayoutStatus.$inferSelect & { heldByEmail: string | null };

export async function findOwnerPayoutStatus(db: DbOrTx, ownerId: string, options: { isLocking?: boolean } = {}): Promise<OwnerPayoutStatusRow | undefined> {
  const query = db
    .select({ ...getTableColumns(ownerPayoutStatus), heldByEmail: admins.email })
    .from(ownerPayoutStatus)
    .leftJoin(admins, eq(admins.id, ownerPayoutStatus.heldBy))
    .where(eq(ownerPayoutStatus.ownerId, ownerId));
  const [row] = await (options.isLocking ? query.for('update', { of: ownerPayoutStatus }) : query);
  return row;
}

/**
 * The owner's payout status, its row made (empty: nothing known against paying them) if need be and locked:
 * a hold and a release of one owner take turns.
 */
export async function lockOwnerPayoutStatus(tx: DbOrTx, ownerId: string): Promise<OwnerPayoutStatusRow> {
  await tx.insert(ownerPayoutStatus).values({ ownerId }).onConflictDoNothing({ target: ownerPayoutStatus.ownerId });
  return (await findOwnerPayoutStatus(tx, ownerId, { isLocking: true }))!;
}

/** Writes some of an owner's payout status, creating the row on first use. */
export async function updateOwnerPayoutStatus(
  tx: DbOrTx,
  ownerId: string,
  values: Partial<Omit<typeof ownerPayoutStatus.$inferInsert, 'ownerId'>>,
): Promise<void> {
  await tx
    .insert(ownerPayoutStatus)
    .values({ ownerId, ...values, updatedAt: new Date() })
    .onConflictDoUpdate({ target: ownerPayoutStatus.ownerId, set: { ...values, updatedAt: new Date() } });
}
