import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AcceptInvitation, AdminRole, AdminSettings, InviteAdmin, MessageResponse, RouteResponse } from '@ute/contract';
import { api } from '../../lib/apiClient';
import { selectListPage } from '../../lib/listQuery';
import { queryKeys } from '../../lib/queryKeys';
import type { RecordRef } from '../../lib/recordRef';
import { notifyError } from '../../lib/toast';
import { useAdminMutation, type MutationCallbacks } from '../../lib/useAdminMutation';
import { useAsyncAction } from '../../lib/useAsyncAction';

/** Every admin (a team is small: no paging). */
export const adminListOptions = () =>
  queryOptions({
    queryKey: queryKeys.admins.list(),
    queryFn: ({ signal }) => api.call('admins', { signal }),
    select: selectListPage,
  });

export const useAdmins = () => useQuery(adminListOptions());

export function useAdminSettings() {
  return useQuery({ queryKey: queryKeys.admins.settings, queryFn: ({ signal }) => api.call('adminSettings', { signal }) });
}

export function useInviteAdmin(options?: MutationCallbacks<InviteAdmin, RouteResponse<'inviteAdmin'>>) {
  return useAdminMutation(
    {
      mutationFn: (body: InviteAdmin) => api.call('inviteAdmin', { body }),
      invalidates: [queryKeys.admins.list()],
    },
    options,
  );
}

type AdminRolesChange = RecordRef & { roles: AdminRole[] };

export function useUpdateAdminRoles(options?: MutationCallbacks<AdminRolesChange, RouteResponse<'updateAdminRoles'>>) {
  return useAdminMutation(
    {
      mutationFn: ({ id, roles, version }: AdminRolesChange) => api.call('updateAdminRoles', { params: { id }, body: { roles }, ifMatch: version }),
      invalidates: [queryKeys.admins.list()],
      rowIdOf: ({ id }) => id,
    },
    options,
  );
}

/** The confirmed row actions: status, 2FA reset and sign-out everywhere. */
export type AdminAction = 'deactivate' | 'reactivate' | 'reset-two-factor' | 'sign-out';
type AdminActionCall = RecordRef & { action: AdminAction };

/** Each on the version the team page shows, but sign-out, which changes nothing the page shows. */
function runAdminAction({ id, action, version }: AdminActionCall): Promise<MessageResponse> {
  switch (action) {
    case 'deactivate':
      return api.call('updateAdminStatus', { params: { id }, body: { isActive: false }, ifMatch: version });
    case 'reactivate':
      return api.call('updateAdminStatus', { params: { id }, body: { isActive: true }, ifMatch: version });
    case 'reset-two-factor':
      return api.call('resetAdminTwoFactor', { params: { id }, ifMatch: version });
    case 'sign-out':
      return api.call('signOutAdmin', { params: { id } });
  }
}

export function useAdminAction(options?: MutationCallbacks<AdminActionCall, MessageResponse>) {
  return useAdminMutation(
    {
      mutationFn: runAdminAction,
      invalidates: [queryKeys.admins.list()],
      rowIdOf: ({ id }) => id,
    },
    options,
  );
}

export function useUpdateAdminSettings(options?: MutationCallbacks<AdminSettings, RouteResponse<'updateAdminSettings'>>) {
  return useAdminMutation(
    {
      mutationFn: ({ version, ...body }: AdminSettings) => api.call('updateAdminSettings', { body, ifMatch: version }),
      invalidates: [queryKeys.admins.settings],
    },
    options,
  );
}

// The accept-invite page is public and loads before the data layer, like the other auth screens.
const fetchInvitation = (token: string) => api.call('invitation', { params: { token } });
const acceptInvitation = (body: AcceptInvitation) => api.call('acceptInvitation', { body });

export { fetchInvitation };
export const useAcceptInvitation = (onError: (error: unknown) => void = notifyError) => useAsyncAction(acceptInvitation, onError);
