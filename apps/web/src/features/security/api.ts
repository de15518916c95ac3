import { useQuery } from '@tanstack/react-query';
import type { NotificationDigestBody, RouteResponse, TwoFactorEnable } from '@ute/contract';
import { api } from '../../lib/apiClient';
import { sessionActions } from '../../lib/session';
import { notifySuccess } from '../../lib/toast';
import { useAdminMutation, type MutationCallbacks } from '../../lib/useAdminMutation';

const TWO_FACTOR = ['twoFactor'] as const;

export const useTwoFactorStatus = () => useQuery({ queryKey: TWO_FACTOR, queryFn: () => api.call('twoFactorStatus') });

/** A new secret, waiting for its first code: the screen shows its QR code. */
export const useSetUpTwoFactor = (options?: MutationCallbacks<void, RouteResponse<'twoFactorSetup'>>) =>
  useAdminMutation({ mutationFn: () => api.call('twoFactorSetup'), invalidates: [] }, options);

/**
 * Turns 2FA on with a first code and the password again. The server ends every other session of
 * the admin; the answer's token (a fresh second factor) is this session's from now on. Silent: the
 * set-up panel puts a wrong code or password under its field and toasts the rest.
 */
export const useEnableTwoFactor = (options?: MutationCallbacks<TwoFactorEnable, RouteResponse<'twoFactorEnable'>>) =>
  useAdminMutation(
    {
      mutationFn: (body: TwoFactorEnable) => api.call('twoFactorEnable', { body }),
      invalidates: [TWO_FACTOR],
      silent: true,
      onSuccess: (result) => {
        sessionActions.setToken(result.token);
        notifySuccess(result.message);
      },
    },
    options,
  );

export const useDisableTwoFactor = (options?: MutationCallbacks<string, RouteResponse<'twoFactorDisable'>>) =>
  useAdminMutation(
    {
      mutationFn: (code: string) => api.call('twoFactorDisable', { body: { code } }),
      invalidates: [TWO_FACTOR],
      onSuccess: () => sessionActions.updateUser({ twoFactorEnabled: false }),
    },
    options,
  );

export const useRenewRecoveryCodes = (options?: MutationCallbacks<string, RouteResponse<'twoFactorRecoveryCodes'>>) =>
  useAdminMutation({ mutationFn: (code: string) => api.call('twoFactorRecoveryCodes', { body: { code } }), invalidates: [TWO_FACTOR] }, options);

const NOTIFICATION_DIGEST = ['notificationDigest'] as const;

/** Whether I get the daily e-mail digest of my unread notifications. */
export const useNotificationDigest = () => useQuery({ queryKey: NOTIFICATION_DIGEST, queryFn: () => api.call('notificationDigest') });

/** Turns my daily digest on or off; the toast says which. */
export const useSetNotificationDigest = (options?: MutationCallbacks<NotificationDigestBody, RouteResponse<'setNotificationDigest'>>) =>
  useAdminMutation({ mutationFn: (body: NotificationDigestBody) => api.call('setNotificationDigest', { body }), invalidates: [NOTIFICATION_DIGEST] }, options);

/** Bumps the token version on the server: every session of this admin ends, this one too. */
export const signOutEverywhere = () => api.call('signOut');
