import type { DashboardCounts, WorkQueue, WorkQueueCount } from '@ute/contract';
import { COUNTERS, readCounters } from '../../db/counters';
import type { DbOrTx } from '../../db/database';

/** The counter behind each number of the dashboard. */
const DASHBOARD_COUNTERS = {
  totalUser: COUNTERS.users,
  totalActiveUser: COUNTERS.usersActive,
  totalDeactiveUser: COUNTERS.usersInactive,
  totalUtedata: COUNTERS.utes,
  totalJobdata: COUNTERS.jobs,
  totalUteBooking: COUNTERS.uteBookings,
  totalJobBooking: COUNTERS.jobBookings,
} as const satisfies Record<keyof DashboardCounts, unknown>;

/**
 * The seven numbers of the dashboard from the trigger-kept counters (migration 0001): exact, and
 * one indexed read however large the tables grow.
 */
export async function countDashboard(db: DbOrTx): Promise<DashboardCounts> {
  const kept = await readCounters(db, Object.values(DASHBOARD_COUNTERS));
  const value = (key: keyof DashboardCounts) => kept[DASHBOARD_COUNTERS[key]] ?? 0;
  return {
    totalUser: value('totalUser'),
    totalActiveUser: value('totalActiveUser'),
    totalDeactiveUser: value('totalDeactiveUser'),
    totalUtedata: value('totalUtedata'),
    totalJobdata: value('totalJobdata'),
    totalUteBooking: value('totalUteBooking'),
    totalJobBooking: value('totalJobBooking'),
  };
}

/** The counter of each work queue (migration 0008): exactly the rows of its list's filter. */
export const WORK_QUEUE_COUNTERS = {
  pendingUtes: COUNTERS.utesPending,
  pendingJobs: COUNTERS.jobsPending,
  uteBookingsAwaitingPayout: COUNTERS.uteBookingsAwaitingPayout,
  jobBookingsAwaitingPayout: COUNTERS.jobBookingsAwaitingPayout,
  manualPaymentsAwaitingAcceptance: COUNTERS.paymentsManualAwaiting,
  unansweredQueries: COUNTERS.customerQueriesUnanswered,
  quotesAwaitingPrice: COUNTERS.shipmentsAwaitingPrice,
  disputesNeedingEvidence: COUNTERS.disputesNeedingEvidence,
  undecidedRefunds: COUNTERS.refundsUndecided,
} as const satisfies Record<WorkQueue, unknown>;

/** These queues' sizes, in the order given, from the trigger-kept counters in one indexed read. */
export async function countWorkQueues(db: DbOrTx, queues: readonly WorkQueue[]): Promise<Pick<WorkQueueCount, 'queue' | 'count'>[]> {
  const kept = await readCounters(
    db,
    queues.map((queue) => WORK_QUEUE_COUNTERS[queue]),
  );
  return queues.map((queue) => ({ queue, count: kept[WORK_QUEUE_COUNTERS[queue]] ?? 0 }));
}
