import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { BookingKind } from '@ute/contract';
import type { DbOrTx } from '../../db/database';
import { ledgerJournals, ledgerLines, type JournalKind, type LedgerAccount } from '../../db/tables/ledger.table';

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

/** An owner's position: what is owed now, what is on its way, what was paid out (cents, as positive amounts). */
export interface OwnerBalance {
  ownerId: string;
  payableCents: number;
  inTransitCents: number;
  paidOutCents: number;
}

/** Every owner's balances from their ledger lines (credit-normal accounts, so each is minus the sum). */
export async function ownerBalances(db: DbOrTx): Promise<OwnerBalance[]> {
  const rows = await db
    .select({
      ownerId: ledgerLines.ownerId,
      payable: sql<string>`-coalesce(sum(${ledgerLines.amountCents}) filter (where ${ledgerLines.account} in ('owner_payable', 'adjustments')), 0)`,
      inTransit: sql<string>`-coalesce(sum(${ledgerLines.amountCents}) filter (where ${ledgerLines.account} = 'owner_in_transit'), 0)`,
      paidOut: sql<string>`-coalesce(sum(${ledgerLines.amountCents}) filter (where ${ledgerLines.account} = 'owner_paid_out'), 0)`,
    })
    .from(ledgerLines)
    .where(isNotNull(ledgerLines.ownerId))
    .groupBy(ledgerLines.ownerId);
  return rows.map((row) => ({
    ownerId: row.ownerId!,
    payableCents: Number(row.payable),
    inTransitCents: Number(row.inTransit),
    paidOutCents: Number(row.paidOut),
  }));
}
