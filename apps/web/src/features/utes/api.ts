import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiPaths, type MessageResponse, type SettableListingStatus, type UteListResponse } from '@ute/contract';
import { api } from '../../lib/apiClient';
import { useAdminMutation } from '../../lib/useAdminMutation';

/** Page size of the ute list (SPEC.md 9). */
export const UTE_PAGE_SIZE = 10;
/** Search debounce of the ute list (SPEC.md 9). */
export const UTE_SEARCH_DELAY_MS = 700;
/**
 * Licence image links are signed for 5 minutes; refetching the open list every 4 keeps the
 * details dialog's licence image loadable however long the page stays open.
 */
const LICENCE_LINK_REFRESH_MS = 4 * 60_000;

export const utesQueryKey = ['utes'] as const;

export function useUtes(params: { page: number; search: string }) {
  return useQuery({
    queryKey: [...utesQueryKey, params],
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
    invalidates: [utesQueryKey],
    errorMode: 'chain',
    rowIdOf: ({ id }) => id,
  });
}

export function useDeleteUte(options: { onSuccess?: () => void } = {}) {
  return useAdminMutation({
    mutationFn: (id: string) => api.put<MessageResponse>(apiPaths.deleteUte(id)),
    invalidates: [utesQueryKey, ['dashboard']],
    errorMode: 'chain',
    rowIdOf: (id) => id,
    onSuccess: options.onSuccess,
  });
}
