import type { Db } from '../../db/database';
import { payments } from '../../db/tables/payments.table';

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentValues = Partial<typeof payments.$inferInsert>;

/** The values of one pending manual (bank) ute payment; override isStripe, isJob, status... */
export function buildPayment(overrides: PaymentValues = {}): typeof payments.$inferInsert {
  return { paymentBy: 'Test Payer', amountCents: 12345, status: 'pending', isStripe: false, isJob: false, transactionId: 'BANK-TEST', ...overrides };
}

export async function createPayment(db: Db, overrides: PaymentValues = {}): Promise<PaymentRow> {
  const [row] = await db.insert(payments).values(buildPayment(overrides)).returning();
  return row;
}

/** Several payments in one multi-row insert. */
export async function createPayments(db: Db, rows: PaymentValues[]): Promise<PaymentRow[]> {
  if (rows.length === 0) return [];
  return db.insert(payments).values(rows.map(buildPayment)).returning();
}
