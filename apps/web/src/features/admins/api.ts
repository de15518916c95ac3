import { useQuery } from '@tanstack/react-query';
import {
  apiPaths,
  type AcceptInvitation,
  type AcceptInvitationResponse,
  type AdminChangeResponse,
  type AdminListResponse,
  type AdminRole,
  type AdminSettings,
  type AdminSettingsResponse,
  type Invitation,
  type InviteAdmin,
  type MessageResponse,
} from '@ute/contract';
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
  return useQuery({ queryKey: adminKeys.list, queryFn: ({ signal }) => api.get<AdminListResponse>(apiPaths.admins, undefined, signal) });
}

export function useAdminSettings() {
  return useQuery({ queryKey: adminKeys.settings, queryFn: ({ signal }) => api.get<AdminSettings>(apiPaths.adminSettings, undefined, signal) });
}

export function useInviteAdmin(onSuccess?: () => void) {
  return useAdminMutation({
    mutationFn: (body: InviteAdmin) => api.post<AdminChangeResponse>(apiPaths.inviteAdmin, body),
    invalidates: [adminKeys.list],
    onSuccess: () => onSuccess?.(),
  });
}

export function useUpdateAdminRoles(onSuccess?: () => void) {
  return useAdminMutation({
    mutationFn: ({ id, roles }: { id: string; roles: AdminRole[] }) => api.put<AdminChangeResponse>(apiPaths.updateAdminRoles(id), { roles }),
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
      return api.put<AdminChangeResponse>(apiPaths.updateAdminStatus(id), { isActive: false });
    case 'reactivate':
      return api.put<AdminChangeResponse>(apiPaths.updateAdminStatus(id), { isActive: true });
    case 'reset-two-factor':
      return api.post<MessageResponse>(apiPaths.resetAdminTwoFactor(id));
    case 'sign-out':
      return api.post<MessageResponse>(apiPaths.signOutAdmin(id));
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
    mutationFn: (body: AdminSettings) => api.put<AdminSettingsResponse>(apiPaths.updateAdminSettings, body),
    invalidates: [adminKeys.settings],
  });
}

// The accept-invite page is public and loads before the data layer, like the other auth screens.
const fetchInvitation = (token: string) => api.get<Invitation>(apiPaths.invitation(token));
const acceptInvitation = (body: AcceptInvitation) => api.post<AcceptInvitationResponse>(apiPaths.acceptInvitation, body);

export { fetchInvitation };
export const useAcceptInvitation = (onError: (error: unknown) => void = notifyError) => useAsyncAction(acceptInvitation, onError);
