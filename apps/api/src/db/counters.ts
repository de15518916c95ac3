import { inArray } from 'drizzle-orm';
import { statCounters } from './tables/dashboard.table';
import type { DbOrTx } from './database';

/**
 * Every trigger-kept counter of stat_counters, by the name its trigger writes (migrations 0001,
 * 0002 and 0008). The one place those names are spelt in TypeScript: counters.test.ts checks each is a row
 * after the migrations and that no other row exists.
 */
export const COUNTERS = {
  /** Live users, and of those the active and inactive ones (0001). */
  users: 'users',
  usersActive: 'users_active',
  usersInactive: 'users_inactive',
  /** Live utes and jobs (0001). */
  utes: 'utes',
  jobs: 'jobs',
  /** Live bookings of each kind (0001), and split by the Stripe and manual tabs (0002). */
  uteBookings: 'ute_bookings',
  jobBookings: 'job_bookings',
  uteBookingsStripe: 'ute_bookings_stripe',
  uteBookingsManual: 'ute_bookings_manual',
  jobBookingsStripe: 'job_bookings_stripe',
  jobBookingsManual: 'job_bookings_manual',
  /** Payments by tab (0002): Stripe ones, and manual ones of utes and of jobs. */
  paymentsStripe: 'payments_stripe',
  paymentsManualUte: 'payments_manual_ute',
  paymentsManualJob: 'payments_manual_job',
  /** Live customer queries (0002). */
  customerQueries: 'customer_queries',
  /**
   * The work queues (0008), each exactly the rows of its list's filter: utes and jobs Pending; live
   * bookings delivered with no payout started; manual payments not accepted; live quotes
   * requested; live queries without a reply.
   */
  utesPending: 'utes_pending',
  jobsPending: 'jobs_pending',
  uteBookingsAwaitingPayout: 'ute_bookings_awaiting_payout',
  jobBookingsAwaitingPayout: 'job_bookings_awaiting_payout',
  paymentsManualAwaiting: 'payments_manual_awaiting',
  shipmentsAwaitingPrice: 'shipments_awaiting_price',
  customerQueriesUnanswered: 'customer_queries_unanswered',
} as const;

export type CounterName = (typeof COUNTERS)[keyof typeof COUNTERS];

/**
 * The values of these counters in one indexed read, keyed by name. A name without a row (which the
 * migrations never leave) is absent, so a caller can tell it from a zero.
 */
export async function readCounters<TName extends CounterName>(db: DbOrTx, names: readonly TName[]): Promise<Partial<Record<TName, number>>> {
  if (names.length === 0) return {};
  const rows = await db
    .select({ name: statCounters.name, value: statCounters.value })
    .from(statCounters)
    .where(inArray(statCounters.name, [...names]));
  const values: Partial<Record<CounterName, number>> = {};
  for (const row of rows) values[row.name] = Number(row.value);
  return values;
}
