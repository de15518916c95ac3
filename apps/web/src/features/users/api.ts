import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { RouteResponse, UserBulkBody, UserStatusBody } from '@ute/contract';
import { api } from '../../lib/apiClient';
import type { RecordRef } from '../../lib/recordRef';
import { createdDayQuery, type CreatedDayParams } from '../../lib/createdDayFilter';
import { selectListPage } from '../../lib/listQuery';
import { queryKeys } from '../../lib/queryKeys';
import { useAdminMutation, type MutationCallbacks } from '../../lib/useAdminMutation';

export const USERS_PAGE_SIZE = 10;
/** docs/product.md §5: user search waits 500 ms after typing stops. */
export const USER_SEARCH_DEBOUNCE_MS = 500;

export interface UserListParams extends Partial<CreatedDayParams> {
  search: string;
  /** Only that user (a search hit). */
  id?: string;
}

/** The list's query without its page: the list's call and its CSV export send the same. */
export const userListQuery = (params: UserListParams) => ({ search: params.search || undefined, id: params.id || undefined, ...createdDayQuery(params) });

export const userListOptions = (params: UserListParams & { page: number }) =>
  queryOptions({
    queryKey: queryKeys.users.list(params),
    queryFn: ({ signal }) => api.call('users', { query: { page: params.page, limit: USERS_PAGE_SIZE, ...userListQuery(params) }, signal }),
    select: selectListPage,
    placeholderData: keepPreviousData,
  });

export const useUsers = (params: UserListParams & { page: number }) => useQuery(userListOptions(params));

/** How many users the list has with these filters (a saved view's tab): the list's own call, one row. */
export const countUsers = (params: UserListParams, signal: AbortSignal) =>
  api.call('users', { query: { page: 1, limit: 1, ...userListQuery(params) }, signal }).then((response) => response.totalCount);

type UserStatusChange = RecordRef & UserStatusBody;

/** Activate or deactivate; the dashboard's active and inactive counts follow. */
export function useSetUserStatus(options?: MutationCallbacks<UserStatusChange, RouteResponse<'userStatus'>>) {
  return useAdminMutation(
    {
      mutationFn: ({ id, status, version }: UserStatusChange) => api.call('userStatus', { params: { id }, body: { status }, ifMatch: version }),
      invalidates: [queryKeys.users.all, queryKeys.dashboard],
      rowIdOf: ({ id }) => id,
    },
    options,
  );
}

export function useDeleteUser(options?: MutationCallbacks<RecordRef, RouteResponse<'deleteUser'>>) {
  return useAdminMutation(
    {
      mutationFn: ({ id, version }: RecordRef) => api.call('deleteUser', { params: { id }, ifMatch: version }),
      invalidates: [queryKeys.users.all, queryKeys.dashboard],
      rowIdOf: ({ id }) => id,
    },
    options,
  );
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
