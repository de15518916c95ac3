import { z } from 'zod';
import { EMAIL_PATTERN } from './common';

export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 256;

/** Texts of SPEC.md section 5, shown by the web and returned by the api. */
export const authMessages = {
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email format',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 6 characters',
  passwordTooLong: `Password must be at most ${MAX_PASSWORD_LENGTH} characters`,
  currentPasswordRequired: 'Current password is required',
  newPasswordRequired: 'New password is required',
  confirmPasswordRequired: 'Confirm password is required',
  passwordConfirmationRequired: 'Password confirmation is required',
  passwordsDoNotMatch: 'Passwords do not match',
  otpRequired: 'OTP is required',
  otpInvalidFormat: 'OTP must be 6 digits',
  tokenRequired: 'Reset token is required',
} as const;

// abort: an empty field reports only that it is required, not every other rule too.
const requiredString = (message: string) => z.string({ error: message }).min(1, { error: message, abort: true });

export const emailSchema = requiredString(authMessages.emailRequired)
  .max(254, 'Email must be at most 254 characters')
  .regex(EMAIL_PATTERN, authMessages.emailInvalid);

const passwordSchema = (requiredMessage: string) =>
  requiredString(requiredMessage)
    .min(MIN_PASSWORD_LENGTH, authMessages.passwordTooShort)
    .max(MAX_PASSWORD_LENGTH, authMessages.passwordTooLong);

export const signInSchema = z.strictObject({
  email: emailSchema,
  password: passwordSchema(authMessages.passwordRequired),
});
export type SignIn = z.infer<typeof signInSchema>;

export const forgotPasswordSchema = z.strictObject({ email: emailSchema });
export type ForgotPassword = z.infer<typeof forgotPasswordSchema>;

export const otpSchema = z.strictObject({
  otp: requiredString(authMessages.otpRequired).regex(/^\d{6}$/, authMessages.otpInvalidFormat),
  email: emailSchema,
});
export type OtpCheck = z.infer<typeof otpSchema>;

export const otpEmailParamSchema = z.strictObject({ email: emailSchema });

export const resetPasswordSchema = z
  .strictObject({
    newPassword: passwordSchema(authMessages.passwordRequired),
    confirmPassword: passwordSchema(authMessages.passwordConfirmationRequired),
    token: requiredString(authMessages.tokenRequired).max(200, 'Reset token is invalid'),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: authMessages.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type ResetPassword = z.infer<typeof resetPasswordSchema>;

export const changePasswordSchema = z
  .strictObject({
    oldPassword: requiredString(authMessages.currentPasswordRequired).max(MAX_PASSWORD_LENGTH, authMessages.passwordTooLong),
    newPassword: passwordSchema(authMessages.newPasswordRequired),
    confirmPassword: requiredString(authMessages.confirmPasswordRequired).max(MAX_PASSWORD_LENGTH, authMessages.passwordTooLong),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: authMessages.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type ChangePassword = z.infer<typeof changePasswordSchema>;

export const adminSchema = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.string(),
});
export type Admin = z.infer<typeof adminSchema>;

export const signInResponseSchema = z.object({ token: z.string(), message: z.string(), user: adminSchema });
export type SignInResponse = z.infer<typeof signInResponseSchema>;
export const forgotPasswordResponseSchema = z.object({ email: z.string(), message: z.string() });
export const otpResponseSchema = z.object({ token: z.string(), message: z.string() });
export const checkTokenResponseSchema = z.object({ user: adminSchema });
export type CheckTokenResponse = z.infer<typeof checkTokenResponseSchema>;

/** The reset form of the web: the same rules as resetPasswordSchema without the token. */
export const resetPasswordFormSchema = z
  .object({
    newPassword: passwordSchema(authMessages.passwordRequired),
    confirmPassword: passwordSchema(authMessages.passwordConfirmationRequired),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: authMessages.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;
