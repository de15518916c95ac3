import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiPaths, type MessageResponse, type SettableListingStatus, type UteListResponse } from '@ute/contract';
import { api } from '../../lib/apiClient';
import { queryKeys } from '../../lib/queryKeys';
import { useAdminMutation } from '../../lib/useAdminMutation';

/** Page size of the ute list (docs/product.md §5). */
export const UTE_PAGE_SIZE = 10;
/** Search debounce of the ute list (docs/product.md §5). */
export const UTE_SEARCH_DELAY_MS = 700;
/**
 * Licence image links are signed for 5 minutes; refetching the open list every 4 keeps the
 * details dialog's licence image loadable however long the page stays open.
 */
const LICENCE_LINK_REFRESH_MS = 4 * 60_000;

export function useUtes(params: { page: number; search: string }) {
  return useQuery({
    queryKey: queryKeys.utes.list(params),
    queryFn: ({ signal }) =>
      api.get<UteListResponse>(apiPaths.utes, { page: params.page, pageSize: UTE_PAGE_SIZE, search: params.search || undefined }, signal),
    placeholderData: keepPreviousData,
    refetchInterval: LICENCE_LINK_REFRESH_MS,
  });
}

export interface UteStatusChange {
  id: string;
  status: SettableListingStatus;
}

export function useSetUteStatus() {
  return useAdminMutation({
    mutationFn: ({ id, status }: UteStatusChange) => api.patch<MessageResponse>(apiPaths.uteStatus(id), undefined, { status }),
    invalidates: [queryKeys.utes.all],
    rowIdOf: ({ id }) => id,
  });
}

export function useDeleteUte(options: { onSuccess?: () => void } = {}) {
  return useAdminMutation({
    mutationFn: (id: string) => api.put<MessageResponse>(apiPaths.deleteUte(id)),
    invalidates: [queryKeys.utes.all, queryKeys.dashboard],
    rowIdOf: (id) => id,
    onSuccess: options.onSuccess,
  });
}
