import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiPaths, type JobListResponse, type JobSort, type MessageResponse, type SettableListingStatus } from '@ute/contract';
import { api } from '../../lib/apiClient';
import { queryKeys } from '../../lib/queryKeys';
import { useAdminMutation } from '../../lib/useAdminMutation';

/** Page size of the job list (docs/product.md §5). */
export const JOB_PAGE_SIZE = 10;
export const JOB_SEARCH_DELAY_MS = 500;

export function useJobs(params: { page: number; search: string; sort: JobSort | undefined }) {
  return useQuery({
    queryKey: queryKeys.jobs.list(params),
    queryFn: ({ signal }) =>
      api.get<JobListResponse>(apiPaths.jobs, { page: params.page, limit: JOB_PAGE_SIZE, search: params.search || undefined, sort: params.sort }, signal),
    placeholderData: keepPreviousData,
  });
}

export interface JobStatusChange {
  id: string;
  status: SettableListingStatus;
}

export function useSetJobStatus() {
  return useAdminMutation({
    mutationFn: ({ id, status }: JobStatusChange) => api.patch<MessageResponse>(apiPaths.jobStatus(id), undefined, { status }),
    invalidates: [queryKeys.jobs.all],
    rowIdOf: ({ id }) => id,
  });
}

export function useDeleteJob(options: { onSuccess?: () => void } = {}) {
  return useAdminMutation({
    mutationFn: (id: string) => api.put<MessageResponse>(apiPaths.deleteJob(id)),
    invalidates: [queryKeys.jobs.all, queryKeys.dashboard],
    rowIdOf: (id) => id,
    onSuccess: options.onSuccess,
  });
}
