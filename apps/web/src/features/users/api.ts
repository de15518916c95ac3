import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { UserBulkBody, UserStatusBody } from '@ute/contract';
import { api } from '../../lib/apiClient';
import { queryKeys } from '../../lib/queryKeys';
import { useAdminMutation } from '../../lib/useAdminMutation';

export const USERS_PAGE_SIZE = 10;
/** docs/product.md §5: user search waits 500 ms after typing stops. */
export const USER_SEARCH_DEBOUNCE_MS = 500;

/** The list's query without its page (`id`: only that user, a search hit): the list's call and its CSV export send the same. */
export const userListQuery = (params: { search: string; id?: string }) => ({ search: params.search || undefined, id: params.id || undefined });

export function useUsers(params: { page: number; search: string; id?: string }) {
  return useQuery({
    queryKey: queryKeys.users.list(params.page, params.search, params.id),
    queryFn: ({ signal }) => api.call('users', { query: { page: params.page, limit: USERS_PAGE_SIZE, ...userListQuery(params) }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Activate or deactivate; the dashboard's active and inactive counts follow. */
export function useSetUserStatus() {
  return useAdminMutation({
    mutationFn: ({ id, status }: { id: string } & UserStatusBody) => api.call('userStatus', { params: { id }, body: { status } }),
    invalidates: [queryKeys.users.all, queryKeys.dashboard],
    rowIdOf: ({ id }) => id,
  });
}

export function useDeleteUser(onSuccess?: () => void) {
  return useAdminMutation({
    mutationFn: (id: string) => api.call('deleteUser', { params: { id } }),
    invalidates: [queryKeys.users.all, queryKeys.dashboard],
    rowIdOf: (id) => id,
    onSuccess: () => onSuccess?.(),
  });
}

/** POST users/bulk: activate or deactivate the picked users, each on its own. */
export const bulkUsers = (body: UserBulkBody) => api.call('usersBulk', { body });

/** GET users/:id/story: the user and their newest rows in each part of the marketplace the admin may open. */
export function useUserStory(id: string) {
  return useQuery({
    queryKey: queryKeys.users.story(id),
    queryFn: ({ signal }) => api.call('userStory', { params: { id }, signal }),
  });
}
