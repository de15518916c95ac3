import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { BookingKind } from '@ute/contract';
import type { DbOrTx } from '../../db/database';
import { admins } from '../../db/tables/auth.table';
import { payoutRemittances, platformBusinessDetails, taxInvoiceCounter, taxInvoices } from '../../db/tables/invoices.table';
import { payouts } from '../../db/tables/payouts.table';

export type TaxInvoiceRow = typeof taxInvoices.$inferSelect;
export type BusinessDetailsRow = typeof platformBusinessDetails.$inferSelect & { updatedBy: string | null };

/** The business details (one row); with `isLocking`, locked: two owners' saves take turns. */
export async function findBusinessDetails(db: DbOrTx, options: { isLocking?: boolean } = {}): Promise<BusinessDetailsRow | undefined> {
  const query = db
    .select({ details: platformBusinessDetails, updatedBy: admins.email })
    .from(platformBusinessDetails)
    .leftJoin(admins, eq(admins.id, platformBusinessDetails.adminId))
    .where(eq(platformBusinessDetails.id, 1));
  const [row] = await (options.isLocking ? query.for('update', { of: platformBusinessDetails }) : query);
  return row && { ...row.details, updatedBy: row.updatedBy };
}

export async function saveBusinessDetails(
  tx: DbOrTx,
  values: { legalName: string; abn: string; address: string | null; adminId: string | null },
): Promise<void> {
  await tx
    .insert(platformBusinessDetails)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: platformBusinessDetails.id, set: { ...values, updatedAt: sql`now()` } });
}

export async function findTaxInvoice(db: DbOrTx, kind: BookingKind, bookingId: string): Promise<TaxInvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(taxInvoices)
    .where(and(eq(taxInvoices.bookingKind, kind), eq(taxInvoices.bookingId, bookingId)));
  return row;
}

/**
 * Takes the next number for an invoice about to be written in this transaction: the counter row's
 * lock makes invoice writers take turns until commit, and the insert trigger checks the number.
 */
export async function lockNextInvoiceNumber(tx: DbOrTx): Promise<number> {
  const [row] = await tx.select({ lastNumber: taxInvoiceCounter.lastNumber }).from(taxInvoiceCounter).where(eq(taxInvoiceCounter.id, 1)).for('update');
  return row.lastNumber + 1;
}

export async function insertTaxInvoice(tx: DbOrTx, values: typeof taxInvoices.$inferInsert): Promise<TaxInvoiceRow> {
  const [row] = await tx.insert(taxInvoices).values(values).returning();
  return row;
}

/** Succeeded payouts whose owner has not been sent a remittance yet, oldest first. */
export function listUnremittedPayouts(db: DbOrTx, limit: number) {
  return db
    .select({
      id: payouts.id,
      bookingKind: payouts.bookingKind,
      bookingId: payouts.bookingId,
      ownerId: payouts.ownerId,
      amountCents: payouts.amountCents,
      method: payouts.method,
      completedAt: payouts.completedAt,
    })
    .from(payouts)
    .leftJoin(payoutRemittances, eq(payoutRemittances.payoutId, payouts.id))
    .where(and(eq(payouts.status, 'succeeded'), isNull(payoutRemittances.payoutId)))
    .orderBy(asc(payouts.completedAt), asc(payouts.id))
    .limit(limit);
}
export type UnremittedPayout = Awaited<ReturnType<typeof listUnremittedPayouts>>[number];

/** Claims a payout's remittance: false when another process got there first (the primary key decides). */
export async function claimRemittance(tx: DbOrTx, payoutId: string): Promise<boolean> {
  const rows = await tx.insert(payoutRemittances).values({ payoutId }).onConflictDoNothing().returning({ payoutId: payoutRemittances.payoutId });
  return rows.length === 1;
}

export async function completeRemittance(tx: DbOrTx, payoutId: string, values: { taxInvoiceId: string | null; mailId: string }): Promise<void> {
  await tx.update(payoutRemittances).set(values).where(eq(payoutRemittances.payoutId, payoutId));
}
