import type { WorkQueue } from '@ute/contract';
import { screens, type ScreenInfo } from '../../config/screens';

const { utes, jobs, uteBookings, jobBookings, payments, queries, quotes, disputes, refunds } = screens;

/**
 * Where each queue's badge leads: its list's screen (a sidebar entry) filtered to exactly the
 * queue's rows, through that screen's own filters (the ones its page reads).
 */
export const WORK_QUEUE_LINKS: Record<WorkQueue, { screen: ScreenInfo; href: string }> = {
  pendingUtes: { screen: utes, href: utes.href({ status: 'Pending' }) },
  pendingJobs: { screen: jobs, href: jobs.href({ status: 'Pending' }) },
  uteBookingsAwaitingPayout: { screen: uteBookings, href: uteBookings.href({ awaitingPayout: 'true' }) },
  jobBookingsAwaitingPayout: { screen: jobBookings, href: jobBookings.href({ awaitingPayout: 'true' }) },
  manualPaymentsAwaitingAcceptance: { screen: payments, href: payments.href({ tab: 'manual', awaitingAcceptance: 'true' }) },
  unansweredQueries: { screen: queries, href: queries.href({ unanswered: 'true' }) },
  quotesAwaitingPrice: { screen: quotes, href: quotes.href({ awaitingPrice: 'true' }) },
  disputesNeedingEvidence: { screen: disputes, href: disputes.href({ status: 'needs_response' }) },
  undecidedRefunds: { screen: refunds, href: refunds.href({ recovery: 'undecided' }) },
};

/** The filtered list's address, e.g. `/ute-list?status=Pending`. */
export function workQueueHref(queue: WorkQueue): string {
  return WORK_QUEUE_LINKS[queue].href;
}

/** The queue whose badge sits beside the sidebar entry at `path`, if any. */
export function workQueueOfScreen(path: string): WorkQueue | undefined {
  return (Object.keys(WORK_QUEUE_LINKS) as WorkQueue[]).find((queue) => WORK_QUEUE_LINKS[queue].screen.path === path);
}

/** The lists with the holder filter (docs/design.md §15): their queue's items assigned to me. */
const MY_WORK_QUEUE_HREFS: Partial<Record<WorkQueue, string>> = {
  pendingUtes: utes.href({ status: 'Pending', assigned: 'me' }),
  pendingJobs: jobs.href({ status: 'Pending', assigned: 'me' }),
  uteBookingsAwaitingPayout: uteBookings.href({ awaitingPayout: 'true', assigned: 'me' }),
  jobBookingsAwaitingPayout: jobBookings.href({ awaitingPayout: 'true', assigned: 'me' }),
  manualPaymentsAwaitingAcceptance: payments.href({ tab: 'manual', awaitingAcceptance: 'true', assigned: 'me' }),
  unansweredQueries: queries.href({ unanswered: 'true', assigned: 'me' }),
  quotesAwaitingPrice: quotes.href({ awaitingPrice: 'true', assigned: 'me' }),
  disputesNeedingEvidence: disputes.href({ status: 'needs_response', assigned: 'me' }),
};

/** Where the "mine" count leads: the list filtered to my items of the queue where it has the holder filter, else the queue's list. */
export function myWorkQueueHref(queue: WorkQueue): string {
  return MY_WORK_QUEUE_HREFS[queue] ?? workQueueHref(queue);
}
