import { useQuery } from '@tanstack/react-query';
import {
  apiPaths,
  type MessageResponse,
  type RecoveryCodesResponse,
  type TwoFactorEnableResponse,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@ute/contract';
import { api } from '../../lib/apiClient';
import { sessionActions } from '../../lib/session';
import { useAdminMutation } from '../../lib/useAdminMutation';

const TWO_FACTOR = ['twoFactor'] as const;

export const useTwoFactorStatus = () => useQuery({ queryKey: TWO_FACTOR, queryFn: () => api.get<TwoFactorStatus>(apiPaths.twoFactorStatus) });

/** A new secret, waiting for its first code: the screen shows its QR code. */
export const useSetUpTwoFactor = () => useAdminMutation({ mutationFn: () => api.post<TwoFactorSetup>(apiPaths.twoFactorSetup), invalidates: [] });

/** Turns 2FA on; the answer's token counts as a fresh second factor, so it replaces the session's. */
export const useEnableTwoFactor = () =>
  useAdminMutation({
    mutationFn: (code: string) => api.post<TwoFactorEnableResponse>(apiPaths.twoFactorEnable, { code }),
    invalidates: [TWO_FACTOR],
    onSuccess: (result) => sessionActions.setToken(result.token),
  });

export const useDisableTwoFactor = () =>
  useAdminMutation({
    mutationFn: (code: string) => api.post<MessageResponse>(apiPaths.twoFactorDisable, { code }),
    invalidates: [TWO_FACTOR],
    onSuccess: () => sessionActions.updateUser({ twoFactorEnabled: false }),
  });

export const useRenewRecoveryCodes = () =>
  useAdminMutation({
    mutationFn: (code: string) => api.post<RecoveryCodesResponse>(apiPaths.twoFactorRecoveryCodes, { code }),
    invalidates: [TWO_FACTOR],
  });

/** Bumps the token version on the server: every session of this admin ends, this one too. */
export const signOutEverywhere = () => api.post<MessageResponse>(apiPaths.signOut);
