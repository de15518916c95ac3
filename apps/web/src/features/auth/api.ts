import type { ChangePassword, ForgotPassword, SignIn, SignInTwoFactor } from '@ute/contract';
import { api } from '../../lib/apiClient';
import { notifyError } from '../../lib/toast';
import { useAsyncAction } from '../../lib/useAsyncAction';

export const checkToken = () => api.call('checkToken');
export const signOut = () => api.call('signOut');

/** Auth call failures show the server's message as an error toast (docs/product.md §2.4). */
const onAuthError = (error: unknown) => notifyError(error);

const signIn = (body: SignIn) => api.call('signIn', { body });
/** The second step of a sign-in with 2FA: the challenge of the password step and a code. */
const signInTwoFactor = (body: SignInTwoFactor) => api.call('signInTwoFactor', { body });
const forgotPassword = (body: ForgotPassword) => api.call('forgotPassword', { body });
const checkOtp = (body: { otp: string; email: string }) => api.call('validOtp', { params: { email: body.email }, body });
const resetPassword = (body: { newPassword: string; confirmPassword: string; token: string }) => api.call('resetPassword', { body });
const changePassword = (body: ChangePassword) => api.call('changePassword', { body });

export const useSignIn = () => useAsyncAction(signIn, onAuthError);
export const useSignInTwoFactor = () => useAsyncAction(signInTwoFactor, onAuthError);
export const useForgotPassword = () => useAsyncAction(forgotPassword, onAuthError);
export const useCheckOtp = () => useAsyncAction(checkOtp, onAuthError);
export const useResetPassword = () => useAsyncAction(resetPassword, onAuthError);
export const useChangePassword = () => useAsyncAction(changePassword, onAuthError);
