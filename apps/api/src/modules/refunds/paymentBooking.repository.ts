import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { BookingKind } from '@ute/contract';
import type { DbOrTx } from '../../db/database';
import { columnsWithVersion } from '../../db/rowVersion';
import { jobBookings, uteBookings, type TransferState } from '../../db/tables/bookings.table';
import { payments } from '../../db/tables/payments.table';

/** A booking as the refunds read it. */
export interface PaymentBooking {
  kind: BookingKind;
  id: string;
  /** UB-… or JB-… */
  reference: string;
  ownerId: string;
  bookedBy: string | null;
  status: string;
  transferState: TransferState;
  /** Dollars (the booking's gross). */
  amount: number;
  transactionId: string | null;
}

/** What of a payment links it to its booking. */
export interface PaymentLink {
  isJob: boolean;
  isStripe: boolean;
  transactionId: string | null;
  payerId: string | null;
  amountCents: number;
  createdAt: Date;
}

const tableOf = (kind: BookingKind) => (kind === 'ute' ? uteBookings : jobBookings);

function columnsOf(kind: BookingKind) {
  const table = tableOf(kind);
  return {
    id: table.id,
    reference: kind === 'ute' ? uteBookings.uteBookingId : jobBookings.jobBookingId,
    ownerId: table.ownerId,
    bookedBy: table.bookedBy,
    status: table.status,
    transferState: table.transferState,
    amount: table.amount,
    transactionId: table.transactionId,
  };
}

/**
 * The booking a payment paid for (one rule, used by every refund path and the webhooks). Payments carry
 * no booking id: the customer app writes the payment intent's id on both, so a Stripe payment's booking
 * is the ute or job booking (`payments.is_job` says which) whose `transaction_id` is the payment's. A
 * manual payment, or a Stripe payment no booking names, falls back to the payer's own booking of that
 * kind with the same gross (round(amount * 100) = amount_cents), the closest in time, as reconciliation
 * matches bank receipts; a manual payment only to bookings paid by bank (no transaction id).
 */
export async function findBookingOfPayment(db: DbOrTx, payment: PaymentLink): Promise<PaymentBooking | undefined> {
  const kind: BookingKind = payment.isJob ? 'job' : 'ute';
  const table = tableOf(kind);
  if (payment.isStripe && payment.transactionId) {
    const [byTransaction] = await db
      .select(columnsOf(kind))
      .from(table)
      .where(eq(table.transactionId, payment.transactionId))
      .orderBy(sql`${table.deletedAt} is not null`, desc(table.createdAt))
      .limit(1);
    if (byTransaction) return { kind, ...byTransaction };
  }
  if (!payment.payerId) return undefined;
  const [closest] = await db
    .select(columnsOf(kind))
    .from(table)
    .where(
      and(
        eq(table.bookedBy, payment.payerId),
        isNull(table.deletedAt),
        sql`round(${table.amount} * 100) = ${payment.amountCents}`,
        payment.isStripe ? undefined : isNull(table.transactionId),
      ),
    )
    .orderBy(sql`abs(extract(epoch from ${table.createdAt} - ${payment.createdAt.toISOString()}::timestamptz))`, desc(table.id))
    .limit(1);
  return closest ? { kind, ...closest } : undefined;
}

/** The booking of one kind and id, locked for the transaction (a refund's success and a payout's claim take turns on it). */
export async function lockBooking(tx: DbOrTx, kind: BookingKind, id: string): Promise<PaymentBooking | undefined> {
  const [row] = await tx
    .select(columnsOf(kind))
    .from(tableOf(kind))
    .where(eq(tableOf(kind).id, id))
    .for('update');
  return row ? { kind, ...row } : undefined;
}

export async function findBooking(db: DbOrTx, kind: BookingKind, id: string): Promise<PaymentBooking | undefined> {
  const [row] = await db
    .select(columnsOf(kind))
    .from(tableOf(kind))
    .where(eq(tableOf(kind).id, id));
  return row ? { kind, ...row } : undefined;
}

export type PaymentRow = typeof payments.$inferSelect;

/**
 * The payment of a booking, read the other way: the payment of the booking's kind whose transaction id
 * is the booking's, else the booker's accepted or succeeded payment of the same gross closest in time
 * whose own booking (findBookingOfPayment) is this one.
 */
export async function findPaymentOfBooking(db: DbOrTx, booking: PaymentBooking): Promise<(PaymentRow & { version: string }) | undefined> {
  const isJob = booking.kind === 'job';
  if (booking.transactionId) {
    const [byTransaction] = await db
      .select(columnsWithVersion(payments))
      .from(payments)
      .where(and(eq(payments.transactionId, booking.transactionId), eq(payments.isJob, isJob), eq(payments.isStripe, true)))
      .orderBy(desc(payments.createdAt))
      .limit(1);
    if (byTransaction) return byTransaction;
  }
  if (!booking.bookedBy) return undefined;
  const grossCents = Math.round(booking.amount * 100);
  const candidates = await db
    .select(columnsWithVersion(payments))
    .from(payments)
    .where(and(eq(payments.payerId, booking.bookedBy), eq(payments.isJob, isJob), eq(payments.amountCents, grossCents)))
    .orderBy(desc(payments.createdAt))
    .limit(20);
  for (const payment of candidates) {
    const linked = await findBookingOfPayment(db, payment);
    if (linked?.id === booking.id) return payment;
  }
  return undefined;
}

/** A payment by the id Stripe knows it by (a payment intent, or a charge), for Stripe's refund events. */
export async function findPaymentByTransaction(db: DbOrTx, transactionIds: readonly string[]): Promise<PaymentRow | undefined> {
  for (const id of transactionIds) {
    const [row] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.transactionId, id), eq(payments.isStripe, true)))
      .limit(1);
    if (row) return row;
  }
  return undefined;
}
