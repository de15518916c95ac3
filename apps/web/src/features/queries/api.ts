import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerQuery, QueryBulkBody, QueryListResponse, ReplyBody, ReplyResponse, RouteResponse } from '@ute/contract';
import { api } from '../../lib/apiClient';
import type { RecordRef } from '../../lib/recordRef';
import { createdDayQuery, type CreatedDayParams } from '../../lib/createdDayFilter';
import { workItemQuery } from '../../lib/workItemQuery';
import type { ListPage } from '../../lib/listQuery';
import { queryKeys } from '../../lib/queryKeys';
import { useAdminMutation, type MutationCallbacks } from '../../lib/useAdminMutation';

export const QUERIES_PAGE_SIZE = 10;
export type QuerySort = 'latest' | 'oldest';

export interface QueryListParams extends Partial<CreatedDayParams> {
  email: string;
  sort: QuerySort;
  /** Only the queries without a reply (the unansweredQueries work queue). */
  isUnanswered: boolean;
  /** Only that query (a search hit). */
  id?: string;
  /** The queue's items held by me or nobody ('' = anyone), and 'oldest' first (docs/design.md §15). */
  assigned?: string;
  waitSort?: string;
}

/** The list's query without its page: the list's call and its CSV export send the same. */
export const queryListQuery = (params: QueryListParams) => ({
  sort: params.sort,
  email: params.email || undefined,
  unanswered: params.isUnanswered ? ('true' as const) : undefined,
  id: params.id || undefined,
  ...createdDayQuery(params),
  ...workItemQuery(params),
});

const selectQueryPage = ({ queries, totalCount }: QueryListResponse): ListPage<CustomerQuery> => ({ rows: queries, totalCount });

export const queryListOptions = (params: QueryListParams & { page: number }) =>
  queryOptions({
    queryKey: queryKeys.queries.list(params),
    queryFn: ({ signal }) => api.call('queries', { query: { page: params.page, limit: QUERIES_PAGE_SIZE, ...queryListQuery(params) }, signal }),
    select: selectQueryPage,
    placeholderData: keepPreviousData,
  });

export const useCustomerQueries = (params: QueryListParams & { page: number }) => useQuery(queryListOptions(params));

/** How many queries the list has with these filters (a saved view's tab): the list's own call, one row. */
export const countCustomerQueries = (params: QueryListParams, signal: AbortSignal) =>
  api.call('queries', { query: { page: 1, limit: 1, ...queryListQuery(params) }, signal }).then((response) => response.totalCount);

/** The screen shows its own texts for a reply (docs/product.md §2.4), so the kit's toasts stay silent here. */
export function useReplyToQuery(options?: MutationCallbacks<ReplyBody & { version?: string }, ReplyResponse>) {
  return useAdminMutation(
    {
      // The version of the query as the dialog opened on it: a colleague's reply since answers 409.
      mutationFn: ({ version, ...body }: ReplyBody & { version?: string }) => api.call('replyQuery', { body, ifMatch: version }),
      invalidates: [queryKeys.queries.all],
      silent: true,
    },
    options,
  );
}

export function useDeleteQuery(options?: MutationCallbacks<RecordRef, RouteResponse<'deleteQuery'>>) {
  return useAdminMutation(
    {
      mutationFn: ({ id, version }: RecordRef) => api.call('deleteQuery', { params: { id }, ifMatch: version }),
      invalidates: [queryKeys.queries.all],
      rowIdOf: ({ id }) => id,
    },
    options,
  );
}

/** POST queries/bulk: delete the picked queries, each on its own. */
export const bulkQueries = (body: QueryBulkBody) => api.call('queriesBulk', { body });
