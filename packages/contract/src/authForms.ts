import * as zm from 'zod/mini';

// The auth request schemas use zod/mini and this module imports nothing else: the sign-in page
// validates with them, and classic zod would add about 20 kB gzip to the JS it loads.

/** Email shape used by sign-in and forms: "a simple something@something pattern" (SPEC.md 5). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+$/;

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
const requiredString = (message: string) => zm.string({ error: message }).check(zm.minLength(1, { error: message, abort: true }));

export const emailSchema = requiredString(authMessages.emailRequired).check(
  zm.maxLength(254, 'Email must be at most 254 characters'),
  zm.regex(EMAIL_PATTERN, authMessages.emailInvalid),
);

const passwordSchema = (requiredMessage: string) =>
  requiredString(requiredMessage).check(
    zm.minLength(MIN_PASSWORD_LENGTH, authMessages.passwordTooShort),
    zm.maxLength(MAX_PASSWORD_LENGTH, authMessages.passwordTooLong),
  );

const passwordsMatch = zm.refine<{ newPassword: string; confirmPassword: string }>((value) => value.newPassword === value.confirmPassword, {
  message: authMessages.passwordsDoNotMatch,
  path: ['confirmPassword'],
});

export const signInSchema = zm.strictObject({
  email: emailSchema,
  password: passwordSchema(authMessages.passwordRequired),
});
export type SignIn = zm.infer<typeof signInSchema>;

export const forgotPasswordSchema = zm.strictObject({ email: emailSchema });
export type ForgotPassword = zm.infer<typeof forgotPasswordSchema>;

export const otpSchema = zm.strictObject({
  otp: requiredString(authMessages.otpRequired).check(zm.regex(/^\d{6}$/, authMessages.otpInvalidFormat)),
  email: emailSchema,
});
export type OtpCheck = zm.infer<typeof otpSchema>;

export const otpEmailParamSchema = zm.strictObject({ email: emailSchema });

export const resetPasswordSchema = zm
  .strictObject({
    newPassword: passwordSchema(authMessages.passwordRequired),
    confirmPassword: passwordSchema(authMessages.passwordConfirmationRequired),
    token: requiredString(authMessages.tokenRequired).check(zm.maxLength(200, 'Reset token is invalid')),
  })
  .check(passwordsMatch);
export type ResetPassword = zm.infer<typeof resetPasswordSchema>;

export const changePasswordSchema = zm
  .strictObject({
    oldPassword: requiredString(authMessages.currentPasswordRequired).check(zm.maxLength(MAX_PASSWORD_LENGTH, authMessages.passwordTooLong)),
    newPassword: passwordSchema(authMessages.newPasswordRequired),
    confirmPassword: requiredString(authMessages.confirmPasswordRequired).check(zm.maxLength(MAX_PASSWORD_LENGTH, authMessages.passwordTooLong)),
  })
  .check(passwordsMatch);
export type ChangePassword = zm.infer<typeof changePasswordSchema>;

/** The reset form of the web: the same rules as resetPasswordSchema without the token. */
export const resetPasswordFormSchema = zm
  .object({
    newPassword: passwordSchema(authMessages.passwordRequired),
    confirmPassword: passwordSchema(authMessages.passwordConfirmationRequired),
  })
  .check(passwordsMatch);
export type ResetPasswordForm = zm.infer<typeof resetPasswordFormSchema>;
