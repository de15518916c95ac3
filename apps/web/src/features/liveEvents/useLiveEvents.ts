import { useEffect } from 'react';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { recordChangeSchema, workQueuesEventSchema } from '@ute/contract';
import { queryKeys } from '../../lib/queryKeys';
import { useSession } from '../../lib/session';
import { readLiveEvents, type LiveEvent } from './liveEventStream';
import { forgetChanges, rememberChange } from '../../domain';

/** Waits between two attempts to open the stream: from the first, doubling up to the last. */
const RECONNECT_FIRST_MS = 1_000;
const RECONNECT_LAST_MS = 30_000;

/** The lists a change to a record of each audit target type shows on (their queries are read again). */
const LISTS_OF_RECORD_TYPE: Readonly<Record<string, QueryKey[]>> = {
  ute: [queryKeys.utes.all],
  job: [queryKeys.jobs.all],
  shipment: [queryKeys.quotes.all],
  customer_query: [queryKeys.queries.all],
  user: [queryKeys.users.all],
  ute_booking: [queryKeys.bookings.all('ute'), queryKeys.ledger.all],
  job_booking: [queryKeys.bookings.all('job'), queryKeys.ledger.all],
  payment: [queryKeys.payments.all, queryKeys.refunds.all],
  faq: [queryKeys.faq.all],
  blog: [queryKeys.blogs.all],
  dispute: [queryKeys.disputes.all],
  payout_batch: [queryKeys.payoutBatches.all],
};

function handleEvent(queryClient: QueryClient, myId: string | undefined, { event, data }: LiveEvent): void {
  switch (event) {
    case 'workQueues': {
      const counts = workQueuesEventSchema.safeParse(data);
      if (counts.success) queryClient.setQueryData(queryKeys.workQueues, { data: counts.data });
      return;
    }
    case 'notification':
      void queryClient.invalidateQueries({ queryKey: queryKeys.notifications });
      return;
    case 'record': {
      const change = recordChangeSchema.safeParse(data);
      // My own changes are on my screen already (the mutation refreshed it).
      if (!change.success || change.data.adminId === myId) return;
      rememberChange(change.data);
      for (const queryKey of LISTS_OF_RECORD_TYPE[change.data.recordType] ?? []) void queryClient.invalidateQueries({ queryKey });
      return;
    }
    case 'signedOut':
      // The session ended elsewhere: the session check answers 401, which signs this tab out.
      void queryClient.invalidateQueries({ queryKey: ['check-token'] });
      return;
    case 'resync':
      void queryClient.invalidateQueries();
      return;
  }
}

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * This tab's live events (docs/design.md §14), while signed in: the sidebar's counts, the inbox and
 * the lists follow other admins' changes as they happen. A lost stream is opened again (waiting
 * longer each time) and everything is read afresh, since events may have been missed meanwhile; a
 * refused token stops it (the next call signs the tab out).
 */
export function useLiveEvents(): void {
  const queryClient = useQueryClient();
  const token = useSession((session) => session.token);
  const myId = useSession((session) => session.user?._id);
  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    const { signal } = controller;
    void (async () => {
      let wait = RECONNECT_FIRST_MS;
      for (let isFirst = true; !signal.aborted; isFirst = false) {
        if (!isFirst) void queryClient.invalidateQueries();
        let status = 0;
        try {
          status = await readLiveEvents(
            token,
            (event) => {
              wait = RECONNECT_FIRST_MS;
              handleEvent(queryClient, myId, event);
            },
            signal,
          );
        } catch {
          // a network failure: try again below
        }
        if (signal.aborted || status === 401 || status === 403) return;
        await pause(wait, signal);
        wait = Math.min(wait * 2, RECONNECT_LAST_MS);
      }
    })();
    return () => {
      controller.abort();
      forgetChanges();
    };
  }, [token, myId, queryClient]);
}
