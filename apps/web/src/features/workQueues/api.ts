import { useQuery } from '@tanstack/react-query';
import type { WorkQueue } from '@ute/contract';
import { api } from '../../lib/apiClient';
import { queryKeys } from '../../lib/queryKeys';

/** The badges refresh this often, and after every mutation (useAdminMutation). */
export const WORK_QUEUES_REFRESH_MS = 60_000;

/** How many rows wait in each queue the admin may open (the api leaves out the others). */
export function useWorkQueues() {
  return useQuery({
    queryKey: queryKeys.workQueues,
    queryFn: ({ signal }) => api.call('workQueues', { signal }),
    select: (response): Partial<Record<WorkQueue, number>> => Object.fromEntries(response.data.map(({ queue, count }) => [queue, count])),
    refetchInterval: WORK_QUEUES_REFRESH_MS,
    // A stale badge is no harm: a failed refresh keeps the last counts and tries again in 60 s.
    retry: false,
  });
}
