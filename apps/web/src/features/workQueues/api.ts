import { useQuery } from '@tanstack/react-query';
import type { WorkQueue, WorkQueueCount } from '@ute/contract';
import { api } from '../../lib/apiClient';
import { queryKeys } from '../../lib/queryKeys';

/** The badges refresh this often, and after every mutation (useAdminMutation). */
export const WORK_QUEUES_REFRESH_MS = 60_000;

const workQueuesQuery = {
  queryKey: queryKeys.workQueues,
  queryFn: ({ signal }: { signal: AbortSignal }) => api.call('workQueues', { signal }),
  refetchInterval: WORK_QUEUES_REFRESH_MS,
  // A stale badge is no harm: a failed refresh keeps the last counts and tries again in 60 s.
  retry: false,
} as const;

/** How many rows wait in each queue the admin may open (the api leaves out the others). */
export function useWorkQueues() {
  return useQuery({
    ...workQueuesQuery,
    select: (response): Partial<Record<WorkQueue, number>> => Object.fromEntries(response.data.map(({ queue, count }) => [queue, count])),
  });
}

/** One queue's whole answer (mine, overdue, the oldest: docs/design.md §15), from the same cached call. */
export function useWorkQueueDetail(queue: WorkQueue) {
  return useQuery({
    ...workQueuesQuery,
    select: (response): WorkQueueCount | undefined => response.data.find((entry) => entry.queue === queue),
  });
}
