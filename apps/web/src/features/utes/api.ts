import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListingBulkBody, RouteResponse } from '@ute/contract';
import type { StatusChange } from '../../domain';
import { api } from '../../lib/apiClient';
import type { RecordRef } from '../../lib/recordRef';
import { createdDayQuery, type CreatedDayParams } from '../../lib/createdDayFilter';
import { workItemQuery } from '../../lib/workItemQuery';
import { selectListPage } from '../../lib/listQuery';
import { queryKeys } from '../../lib/queryKeys';
import { useAdminMutation, type MutationCallbacks } from '../../lib/useAdminMutation';

/** Page size of the ute list (docs/product.md §5). */
export const UTE_PAGE_SIZE = 10;
/** Search debounce of the ute list (docs/product.md §5). */
export const UTE_SEARCH_DELAY_MS = 700;
/**
 * Licence image links are signed for 5 minutes; refetching the open list every 4 keeps the
 * details dialog's licence image loadable however long the page stays open.
 */
const LICENCE_LINK_REFRESH_MS = 4 * 60_000;

export interface UteListParams extends Partial<CreatedDayParams> {
  search: string;
  /** Only the utes waiting for approval (the pendingUtes work queue). */
  isPending: boolean;
  /** Only that ute (a search hit). */
  id?: string;
  /** Only the utes this user owns (the user page's link). */
  userId?: string;
  /** The queue's items held by me or nobody ('' = anyone), and 'oldest' first (docs/design.md §15). */
  assigned?: string;
  waitSort?: string;
}

/** The list's query without its page: the list's call and its CSV export send the same. */
export const uteListQuery = (params: UteListParams) => ({
  search: params.search || undefined,
  status: params.isPending ? ('Pending' as const) : undefined,
  id: params.id || undefined,
  userId: params.userId || undefined,
  ...createdDayQuery(params),
  ...workItemQuery(params),
});

export const uteListOptions = (params: UteListParams & { page: number }) =>
  queryOptions({
    queryKey: queryKeys.utes.list(params),
    queryFn: ({ signal }) => api.call('utes', { query: { page: params.page, pageSize: UTE_PAGE_SIZE, ...uteListQuery(params) }, signal }),
    select: selectListPage,
    placeholderData: keepPreviousData,
    refetchInterval: LICENCE_LINK_REFRESH_MS,
  });

export const useUtes = (params: UteListParams & { page: number }) => useQuery(uteListOptions(params));

/** How many utes the list has with these filters (a saved view's tab): the list's own call, one row. */
export const countUtes = (params: UteListParams, signal: AbortSignal) =>
  api.call('utes', { query: { page: 1, pageSize: 1, ...uteListQuery(params) }, signal }).then((response) => response.totalCount);

export function useSetUteStatus(options?: MutationCallbacks<StatusChange, RouteResponse<'uteStatus'>>) {
  return useAdminMutation(
    {
      // A rejection's reason and note go as the call's body.
      mutationFn: ({ id, status, rejection, version }: StatusChange) =>
        api.call('uteStatus', { params: { id }, query: { status }, body: rejection, ifMatch: version }),
      invalidates: [queryKeys.utes.all],
      rowIdOf: ({ id }) => id,
    },
    options,
  );
}

export function useDeleteUte(options?: MutationCallbacks<RecordRef, RouteResponse<'deleteUte'>>) {
  return useAdminMutation(
    {
      mutationFn: ({ id, version }: RecordRef) => api.call('deleteUte', { params: { id }, ifMatch: version }),
      invalidates: [queryKeys.utes.all, queryKeys.dashboard],
      rowIdOf: ({ id }) => id,
    },
    options,
  );
}

/** POST utes/bulk: approve, reject or delete the picked utes, each on its own. */
export const bulkUtes = (body: ListingBulkBody) => api.call('utesBulk', { body });
