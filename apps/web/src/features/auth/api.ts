import {
  apiPaths,
  type ChangePassword,
  type CheckTokenResponse,
  type ForgotPassword,
  type MessageResponse,
  type SignIn,
  type SignInResponse,
  type SignInSuccess,
  type SignInTwoFactor,
} from '@ute/contract';
import { api } from '../../lib/apiClient';
import { notifyError } from '../../lib/toast';
import { useAsyncAction } from '../../lib/useAsyncAction';

export const checkToken = () => api.get<CheckTokenResponse>(apiPaths.checkToken);
export const signOut = () => api.post<MessageResponse>(apiPaths.signOut);

/** Auth call failures show the server's message as an error toast (docs/product.md §2.4). */
const onAuthError = (error: unknown) => notifyError(error);

const signIn = (body: SignIn) => api.post<SignInResponse>(apiPaths.signIn, body);
/** The second step of a sign-in with 2FA: the challenge of the password step and a code. */
const signInTwoFactor = (body: SignInTwoFactor) => api.post<SignInSuccess>(apiPaths.signInTwoFactor, body);
const forgotPassword = (body: ForgotPassword) => api.post<{ email: string; message: string }>(apiPaths.forgotPassword, body);
const checkOtp = (body: { otp: string; email: string }) => api.post<{ token: string; message: string }>(apiPaths.validOtp(body.email), body);
const resetPassword = (body: { newPassword: string; confirmPassword: string; token: string }) => api.post<MessageResponse>(apiPaths.resetPassword, body);
const changePassword = (body: ChangePassword) => api.post<MessageResponse>(apiPaths.changePassword, body);

export const useSignIn = () => useAsyncAction(signIn, onAuthError);
export const useSignInTwoFactor = () => useAsyncAction(signInTwoFactor, onAuthError);
export const useForgotPassword = () => useAsyncAction(forgotPassword, onAuthError);
export const useCheckOtp = () => useAsyncAction(checkOtp, onAuthError);
export const useResetPassword = () => useAsyncAction(resetPassword, onAuthError);
export const useChangePassword = () => useAsyncAction(changePassword, onAuthError);
