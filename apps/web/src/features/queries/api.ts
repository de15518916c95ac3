import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { QueryBulkBody, ReplyBody, ReplyResponse } from '@ute/contract';
import { api } from '../../lib/apiClient';
import { queryKeys } from '../../lib/queryKeys';
import { useAdminMutation } from '../../lib/useAdminMutation';

export const QUERIES_PAGE_SIZE = 10;
export type QuerySort = 'latest' | 'oldest';

export interface QueryListParams {
  email: string;
  sort: QuerySort;
  /** Only the queries without a reply (the unansweredQueries work queue). */
  isUnanswered: boolean;
  /** Only that query (a search hit). */
  id?: string;
}

/** The list's query without its page: the list's call and its CSV export send the same. */
export const queryListQuery = (params: QueryListParams) => ({
  sort: params.sort,
  email: params.email || undefined,
  unanswered: params.isUnanswered ? ('true' as const) : undefined,
  id: params.id || undefined,
});

export function useCustomerQueries(params: QueryListParams & { page: number }) {
  return useQuery({
    queryKey: queryKeys.queries.list(params.page, params.email, params.sort, params.isUnanswered, params.id),
    queryFn: ({ signal }) => api.call('queries', { query: { page: params.page, limit: QUERIES_PAGE_SIZE, ...queryListQuery(params) }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The screen shows its own texts for a reply (docs/product.md §2.4), so the kit's toasts stay silent here. */
export function useReplyToQuery(options: { onSuccess: (result: ReplyResponse) => void; onError: () => void }) {
  return useAdminMutation({
    mutationFn: (body: ReplyBody) => api.call('replyQuery', { body }),
    invalidates: [queryKeys.queries.all],
    silent: true,
    onSuccess: (result) => options.onSuccess(result),
    onError: () => options.onError(),
  });
}

export function useDeleteQuery(onSuccess?: () => void) {
  return useAdminMutation({
    mutationFn: (id: string) => api.call('deleteQuery', { params: { id } }),
    invalidates: [queryKeys.queries.all],
    rowIdOf: (id) => id,
    onSuccess: () => onSuccess?.(),
  });
}

/** POST queries/bulk: delete the picked queries, each on its own. */
export const bulkQueries = (body: QueryBulkBody) => api.call('queriesBulk', { body });
