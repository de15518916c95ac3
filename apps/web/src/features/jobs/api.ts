import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { JobSort, ListingBulkBody, RouteResponse } from '@ute/contract';
import type { StatusChange } from '../../domain';
import { api } from '../../lib/apiClient';
import type { RecordRef } from '../../lib/recordRef';
import { createdDayQuery, type CreatedDayParams } from '../../lib/createdDayFilter';
import { workItemQuery } from '../../lib/workItemQuery';
import { selectListPage } from '../../lib/listQuery';
import { queryKeys } from '../../lib/queryKeys';
import { useAdminMutation, type MutationCallbacks } from '../../lib/useAdminMutation';

/** Page size of the job list (docs/product.md §5). */
export const JOB_PAGE_SIZE = 10;
export const JOB_SEARCH_DELAY_MS = 500;

export interface JobListParams extends Partial<CreatedDayParams> {
  search: string;
  sort: JobSort | undefined;
  /** Only the jobs waiting for approval (the pendingJobs work queue). */
  isPending: boolean;
  /** Only that job (a search hit). */
  id?: string;
  /** Only the jobs this user posted (the user page's link). */
  userId?: string;
  /** The queue's items held by me or nobody ('' = anyone), and 'oldest' first (docs/design.md §15). */
  assigned?: string;
  waitSort?: string;
}

/** The list's query without its page: the list's call and its CSV export send the same. */
export const jobListQuery = (params: JobListParams) => ({
  search: params.search || undefined,
  sort: params.sort,
  status: params.isPending ? ('Pending' as const) : undefined,
  id: params.id || undefined,
  userId: params.userId || undefined,
  ...createdDayQuery(params),
  ...workItemQuery(params),
});

export const jobListOptions = (params: JobListParams & { page: number }) =>
  queryOptions({
    queryKey: queryKeys.jobs.list(params),
    queryFn: ({ signal }) => api.call('jobs', { query: { page: params.page, limit: JOB_PAGE_SIZE, ...jobListQuery(params) }, signal }),
    select: selectListPage,
    placeholderData: keepPreviousData,
  });

export const useJobs = (params: JobListParams & { page: number }) => useQuery(jobListOptions(params));

/** How many jobs the list has with these filters (a saved view's tab): the list's own call, one row. */
export const countJobs = (params: JobListParams, signal: AbortSignal) =>
  api.call('jobs', { query: { page: 1, limit: 1, ...jobListQuery(params) }, signal }).then((response) => response.totalCount);

export function useSetJobStatus(options?: MutationCallbacks<StatusChange, RouteResponse<'jobStatus'>>) {
  return useAdminMutation(
    {
      // A rejection's reason and note go as the call's body.
      mutationFn: ({ id, status, rejection, version }: StatusChange) =>
        api.call('jobStatus', { params: { id }, query: { status }, body: rejection, ifMatch: version }),
      invalidates: [queryKeys.jobs.all],
      rowIdOf: ({ id }) => id,
    },
    options,
  );
}

export function useDeleteJob(options?: MutationCallbacks<RecordRef, RouteResponse<'deleteJob'>>) {
  return useAdminMutation(
    {
      mutationFn: ({ id, version }: RecordRef) => api.call('deleteJob', { params: { id }, ifMatch: version }),
      invalidates: [queryKeys.jobs.all, queryKeys.dashboard],
      rowIdOf: ({ id }) => id,
    },
    options,
  );
}

/** POST jobs/bulk: approve, reject or delete the picked jobs, each on its own. */
export const bulkJobs = (body: ListingBulkBody) => api.call('jobsBulk', { body });
