import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiPaths, type MessageResponse, type QueryListResponse, type ReplyBody, type ReplyResponse } from '@ute/contract';
import { api } from '../../lib/apiClient';
import { queryKeys } from '../../lib/queryKeys';
import { useAdminMutation } from '../../lib/useAdminMutation';

export const QUERIES_PAGE_SIZE = 10;
export type QuerySort = 'latest' | 'oldest';

export function useCustomerQueries(params: { page: number; email: string; sort: QuerySort }) {
  return useQuery({
    queryKey: queryKeys.queries.list(params.page, params.email, params.sort),
    queryFn: ({ signal }) =>
      api.get<QueryListResponse>(
        apiPaths.queries,
        { page: params.page, limit: QUERIES_PAGE_SIZE, sort: params.sort, email: params.email || undefined },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

/** The screen shows its own texts for a reply (docs/product.md §2.4), so the kit's toasts stay silent here. */
export function useReplyToQuery(options: { onSuccess: (result: ReplyResponse) => void; onError: () => void }) {
  return useAdminMutation({
    mutationFn: (body: ReplyBody) => api.patch<ReplyResponse>(apiPaths.replyQuery, body),
    invalidates: [queryKeys.queries.all],
    silent: true,
    onSuccess: (result) => options.onSuccess(result),
    onError: () => options.onError(),
  });
}

export function useDeleteQuery(onSuccess?: () => void) {
  return useAdminMutation({
    mutationFn: (id: string) => api.put<MessageResponse>(apiPaths.deleteQuery(id)),
    invalidates: [queryKeys.queries.all],
    rowIdOf: (id) => id,
    onSuccess: () => onSuccess?.(),
  });
}
