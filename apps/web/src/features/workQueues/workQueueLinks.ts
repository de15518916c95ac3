import type { WorkQueue } from '@ute/contract';

/**
 * Where each queue's badge leads: its list's screen (a sidebar entry's path) and the URL state
 * that filters that list to exactly the queue's rows (each list page reads the same parameters).
 */
export const WORK_QUEUE_LINKS: Record<WorkQueue, { screen: string; search: Record<string, string> }> = {
  pendingUtes: { screen: '/ute-list', search: { status: 'Pending' } },
  pendingJobs: { screen: '/job-list', search: { status: 'Pending' } },
  uteBookingsAwaitingPayout: { screen: '/booking-list', search: { awaitingPayout: 'true' } },
  jobBookingsAwaitingPayout: { screen: '/job-booking-list', search: { awaitingPayout: 'true' } },
  manualPaymentsAwaitingAcceptance: { screen: '/payment-history', search: { tab: 'manual', awaitingAcceptance: 'true' } },
  unansweredQueries: { screen: '/queries', search: { unanswered: 'true' } },
  quotesAwaitingPrice: { screen: '/quotes', search: { awaitingPrice: 'true' } },
};

/** The filtered list's address, e.g. `/ute-list?status=Pending`. */
export function workQueueHref(queue: WorkQueue): string {
  const { screen, search } = WORK_QUEUE_LINKS[queue];
  return `${screen}?${new URLSearchParams(search).toString()}`;
}

/** The queue whose badge sits beside the sidebar entry at `screen`, if any. */
export function workQueueOfScreen(screen: string): WorkQueue | undefined {
  return (Object.keys(WORK_QUEUE_LINKS) as WorkQueue[]).find((queue) => WORK_QUEUE_LINKS[queue].screen === screen);
}
