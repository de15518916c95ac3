import { useMutation } from '@tanstack/react-query';
import {
  apiPaths,
  type ChangePassword,
  type CheckTokenResponse,
  type ForgotPassword,
  type MessageResponse,
  type SignIn,
  type SignInResponse,
} from '@ute/contract';
import { api } from '../../lib/apiClient';
import { notifyError } from '../../lib/toast';

export const checkToken = () => api.get<CheckTokenResponse>(apiPaths.checkToken);

/** Auth call failures show the server's message as an error toast (SPEC.md 8). */
const onAuthError = (error: unknown) => notifyError(error, 'server');

export const useSignIn = () =>
  useMutation({ mutationFn: (body: SignIn) => api.post<SignInResponse>(apiPaths.signIn, body), onError: onAuthError });

export const useForgotPassword = () =>
  useMutation({ mutationFn: (body: ForgotPassword) => api.post<{ email: string; message: string }>(apiPaths.forgotPassword, body), onError: onAuthError });

export const useCheckOtp = () =>
  useMutation({
    mutationFn: (body: { otp: string; email: string }) => api.post<{ token: string; message: string }>(apiPaths.validOtp(body.email), body),
    onError: onAuthError,
  });

export const useResetPassword = () =>
  useMutation({
    mutationFn: (body: { newPassword: string; confirmPassword: string; token: string }) => api.post<MessageResponse>(apiPaths.resetPassword, body),
    onError: onAuthError,
  });

export const useChangePassword = () =>
  useMutation({ mutationFn: (body: ChangePassword) => api.post<MessageResponse>(apiPaths.changePassword, body), onError: onAuthError });

export const signOut = () => api.post<MessageResponse>(apiPaths.signOut);
