import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiPaths, type MessageResponse, type UserListResponse, type UserStatusBody } from '@ute/contract';
import { api } from '../../lib/apiClient';
import { queryKeys } from '../../lib/queryKeys';
import { useAdminMutation } from '../../lib/useAdminMutation';

export const USERS_PAGE_SIZE = 10;
/** docs/product.md §5: user search waits 500 ms after typing stops. */
export const USER_SEARCH_DEBOUNCE_MS = 500;

export function useUsers(params: { page: number; search: string }) {
  return useQuery({
    queryKey: queryKeys.users.list(params.page, params.search),
    queryFn: ({ signal }) =>
      api.get<UserListResponse>(apiPaths.users, { page: params.page, limit: USERS_PAGE_SIZE, search: params.search || undefined }, signal),
    placeholderData: keepPreviousData,
  });
}

/** Activate or deactivate; the dashboard's active and inactive counts follow. */
export function useSetUserStatus() {
  return useAdminMutation({
    mutationFn: ({ id, status }: { id: string } & UserStatusBody) => api.put<MessageResponse>(apiPaths.userStatus(id), { status }),
    invalidates: [queryKeys.users.all, queryKeys.dashboard],
    rowIdOf: ({ id }) => id,
  });
}

export function useDeleteUser(onSuccess?: () => void) {
  return useAdminMutation({
    mutationFn: (id: string) => api.put<MessageResponse>(apiPaths.deleteUser(id)),
    invalidates: [queryKeys.users.all, queryKeys.dashboard],
    rowIdOf: (id) => id,
    onSuccess: () => onSuccess?.(),
  });
}
