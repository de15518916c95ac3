import { useQuery } from '@tanstack/react-query';
import type { AcceptInvitation, AdminRole, AdminSettings, InviteAdmin, MessageResponse } from '@ute/contract';
import { api } from '../../lib/apiClient';
import { notifyError } from '../../lib/toast';
import { useAdminMutation } from '../../lib/useAdminMutation';
import { useAsyncAction } from '../../lib/useAsyncAction';

const ADMINS = ['admins'] as const;
const adminKeys = {
  all: ADMINS,
  list: [...ADMINS, 'list'] as const,
  settings: [...ADMINS, 'settings'] as const,
};

export function useAdmins() {
  return useQuery({ queryKey: adminKeys.list, queryFn: ({ signal }) => api.call('admins', { signal }) });
}

export function useAdminSettings() {
  return useQuery({ queryKey: adminKeys.settings, queryFn: ({ signal }) => api.call('adminSettings', { signal }) });
}

export function useInviteAdmin(onSuccess?: () => void) {
  return useAdminMutation({
    mutationFn: (body: InviteAdmin) => api.call('inviteAdmin', { body }),
    invalidates: [adminKeys.list],
    onSuccess: () => onSuccess?.(),
  });
}

export function useUpdateAdminRoles(onSuccess?: () => void) {
  return useAdminMutation({
    mutationFn: ({ id, roles }: { id: string; roles: AdminRole[] }) => api.call('updateAdminRoles', { params: { id }, body: { roles } }),
    invalidates: [adminKeys.list],
    rowIdOf: ({ id }) => id,
    onSuccess: () => onSuccess?.(),
  });
}

/** The confirmed row actions: status, 2FA reset and sign-out everywhere. */
export type AdminAction = 'deactivate' | 'reactivate' | 'reset-two-factor' | 'sign-out';

function runAdminAction({ id, action }: { id: string; action: AdminAction }): Promise<MessageResponse> {
  switch (action) {
    case 'deactivate':
      return api.call('updateAdminStatus', { params: { id }, body: { isActive: false } });
    case 'reactivate':
      return api.call('updateAdminStatus', { params: { id }, body: { isActive: true } });
    case 'reset-two-factor':
      return api.call('resetAdminTwoFactor', { params: { id } });
    case 'sign-out':
      return api.call('signOutAdmin', { params: { id } });
  }
}

export function useAdminAction(onSettled?: () => void) {
  return useAdminMutation({
    mutationFn: runAdminAction,
    invalidates: [adminKeys.list],
    rowIdOf: ({ id }) => id,
    onSuccess: () => onSettled?.(),
    onError: () => onSettled?.(),
  });
}

export function useUpdateAdminSettings() {
  return useAdminMutation({
    mutationFn: (body: AdminSettings) => api.call('updateAdminSettings', { body }),
    invalidates: [adminKeys.settings],
  });
}

// The accept-invite page is public and loads before the data layer, like the other auth screens.
const fetchInvitation = (token: string) => api.call('invitation', { params: { token } });
const acceptInvitation = (body: AcceptInvitation) => api.call('acceptInvitation', { body });

export { fetchInvitation };
export const useAcceptInvitation = (onError: (error: unknown) => void = notifyError) => useAsyncAction(acceptInvitation, onError);
