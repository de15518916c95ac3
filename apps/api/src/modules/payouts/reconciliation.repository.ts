import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/database';
import { users } from '../../db/tables/users.table';
import { payouts } from '../../db/tables/payouts.table';

/** A succeeded Stripe payout as the ledger knows it, for comparison with Stripe's transfer. */
export interface LedgerTransfer {
  payoutId: string;
  transferId: string | null;
  transferGroup: string;
  amountCents: number;
  reversedCents: number;
  destination: string | null;
  createdAt: Date;
}

/** The ledger's Stripe transfers made in [from, to). */
export function listLedgerTransfers(db: DbOrTx, period: { from: Date; to: Date }): Promise<LedgerTransfer[]> {
  return db
    .select({
      payoutId: payouts.id,
      transferId: payouts.providerTransferId,
      transferGroup: payouts.idempotencyKey,
      amountCents: payouts.amountCents,
      reversedCents: payouts.reversedCents,
      destination: users.stripeAccountId,
      createdAt: payouts.createdAt,
    })
    .from(payouts)
    .leftJoin(users, eq(users.id, payouts.ownerId))
    .where(and(eq(payouts.method, 'stripe'), eq(payouts.status, 'succeeded'), gte(payouts.createdAt, period.from), lt(payouts.createdAt, period.to)));
}

/** A manual (bank) payout with what its booking's customer paid: the gross an accepted receipt must show. */
export interface ManualPayout {
  payoutId: string;
  amountCents: number;
  bookingKind: 'ute' | 'job';
  bookingRef: string;
  customerId: string | null;
  grossCents: number;
  createdAt: Date;
}

/** A customer's bank payment an admin accepted on Payment History (status inProgress, shown "Accepted"). */
export interface AcceptedReceipt {
  paymentId: string;
  payerId: string;
  isJob: boolean;
  amountCents: number;
}

const uuidList = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/**
 * The succeeded bank payouts (manual or in an ABA file) made in [from, to) (from: since ever), with their booking's customer
 * and gross, oldest first; only of these customers when given.
 */
export async function listManualPayouts(db: DbOrTx, filter: { from?: Date; to: Date; customerIds?: string[] }): Promise<ManualPayout[]> {
  if (filter.customerIds?.length === 0) return [];
  // Bank payouts: one by one (manual) or in a bank file (aba, modules/batches).
  const where = sql`p.method in ('manual', 'aba') and p.status = 'succeeded' and p.created_at < ${filter.to}
    ${filter.from ? sql`and p.created_at >= ${filter.from}` : sql``}
    ${filter.customerIds ? sql`and b.booked_by in (${uuidList(filter.customerIds)})` : sql``}`;
  const rows = await queryRows<ManualPayout>(
    db,
    sql`select * from (
          select p.id as "payoutId", p.amount_cents as "amountCents", 'ute' as "bookingKind", b.ute_booking_id as "bookingRef",
                 b.booked_by as "customerId", round(b.amount * 100)::int as "grossCents", p.created_at as "createdAt"
            from payouts p join ute_bookings b on b.id = p.booking_id
           where p.booking_kind = 'ute' and ${where}
          union all
          select p.id, p.amount_cents, 'job', b.job_booking_id, b.booked_by, round(b.amount * 100)::int, p.created_at
            from payouts p join job_bookings b on b.id = p.booking_id
           where p.booking_kind = 'job' and ${where}
        ) manual order by "createdAt", "payoutId"`,
  );
  return rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt) }));
}

/** The accepted bank receipts of these customers, oldest first. */
export function listAcceptedReceipts(db: DbOrTx, customerIds: string[]): Promise<AcceptedReceipt[]> {
  if (customerIds.length === 0) return Promise.resolve([]);
  return queryRows<AcceptedReceipt>(
    db,
    sql`select id as "paymentId", payer_id as "payerId", is_job as "isJob", amount_cents as "amountCents"
          from payments
         where not is_stripe and status = 'inProgress' and payer_id in (${uuidList(customerIds)})
         order by created_at, id`,
  );
}
