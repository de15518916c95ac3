import { bigint, pgTable, text } from 'drizzle-orm/pg-core';

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
  /** Disputes Stripe waits for evidence on, none submitted yet (0021). */
  disputesNeedingEvidence: 'disputes_needing_evidence',
  /** Refunds whose owner share waits for finance's recovery choice (0020). */
  refundsUndecided: 'refunds_undecided',
} as const;

export type CounterName = (typeof COUNTERS)[keyof typeof COUNTERS];

/**
 * Exact row counts for the dashboard, kept by statement-level triggers in the same transaction
 * as the change (migrations 0001 and 0002), so the dashboard and the lists never have to COUNT(*)
 * millions of rows. Their names are COUNTERS above.
 */
export const statCounters = pgTable('stat_counters', {
  name: text('name').$type<CounterName>().primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull().default(0),
});
