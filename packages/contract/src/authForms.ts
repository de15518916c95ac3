import * as zm from 'zod/mini';

// The auth request schemas use zod/mini and this module imports nothing else: the sign-in page
// validates with them, and classic zod would add about 20 kB gzip to the JS it loads.

/** Email shape used by sign-in and forms: "a simple something@something pattern" (docs/product.md). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+$/;

export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 256;

/** Texts of docs/product.md, shown by the web and returned by the api. */
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

// With the u flag a whole surrogate pair is one code point, so this matches only a lone half.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/**
 * False for text that cannot be stored or is not Unicode: a NUL (PostgreSQL refuses it with
 * 22021) or a lone UTF-16 surrogate. Every request string of the contract checks it, here through
 * `storableText` and in common.ts through `textSchema`, so such text answers 400, never 500.
 */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/** The message of a field whose text fails isStorableText. */
export const notAllowedCharacterMessage = (label: string) => `${label} contains a character that is not allowed`;

/** The zod/mini check of isStorableText; abort: a bad character is the only thing reported. */
const storableText = (label: string) => zm.refine<string>(isStorableText, { error: notAllowedCharacterMessage(label), abort: true });

// abort: an empty field reports only that it is required, not every other rule too.
const requiredString = (label: string, message: string) =>
  zm.string({ error: message }).check(zm.minLength(1, { error: message, abort: true }), storableText(label));

export const emailSchema = requiredString('Email', authMessages.emailRequired).check(
  zm.maxLength(254, 'Email must be at most 254 characters'),
  zm.regex(EMAIL_PATTERN, authMessages.emailInvalid),
);

const passwordSchema = (label: string, requiredMessage: string) =>
  requiredString(label, requiredMessage).check(
    zm.minLength(MIN_PASSWORD_LENGTH, authMessages.passwordTooShort),
    zm.maxLength(MAX_PASSWORD_LENGTH, authMessages.passwordTooLong),
  );

const passwordsMatch = zm.refine<{ newPassword: string; confirmPassword: string }>((value) => value.newPassword === value.confirmPassword, {
  message: authMessages.passwordsDoNotMatch,
  path: ['confirmPassword'],
});

export const signInSchema = zm.strictObject({
  email: emailSchema,
  password: passwordSchema('Password', authMessages.passwordRequired),
});
export type SignIn = zm.infer<typeof signInSchema>;

export const forgotPasswordSchema = zm.strictObject({ email: emailSchema });
export type ForgotPassword = zm.infer<typeof forgotPasswordSchema>;

export const otpSchema = zm.strictObject({
  otp: requiredString('OTP', authMessages.otpRequired).check(zm.regex(/^\d{6}$/, authMessages.otpInvalidFormat)),
  email: emailSchema,
});
export type OtpCheck = zm.infer<typeof otpSchema>;

export const otpEmailParamSchema = zm.strictObject({ email: emailSchema });

export const resetPasswordSchema = zm
  .strictObject({
    newPassword: passwordSchema('New password', authMessages.passwordRequired),
    confirmPassword: passwordSchema('Password confirmation', authMessages.passwordConfirmationRequired),
    token: requiredString('Reset token', authMessages.tokenRequired).check(zm.maxLength(200, 'Reset token is invalid')),
  })
  .check(passwordsMatch);
export type ResetPassword = zm.infer<typeof resetPasswordSchema>;

export const changePasswordSchema = zm
  .strictObject({
    oldPassword: requiredString('Current password', authMessages.currentPasswordRequired).check(
      zm.maxLength(MAX_PASSWORD_LENGTH, authMessages.passwordTooLong),
    ),
    newPassword: passwordSchema('New password', authMessages.newPasswordRequired),
    confirmPassword: requiredString('Confirm password', authMessages.confirmPasswordRequired).check(
      zm.maxLength(MAX_PASSWORD_LENGTH, authMessages.passwordTooLong),
    ),
  })
  .check(passwordsMatch);
export type ChangePassword = zm.infer<typeof changePasswordSchema>;

/** The reset form of the web: the same rules as resetPasswordSchema without the token. */
export const resetPasswordFormSchema = zm
  .object({
    newPassword: passwordSchema('New password', authMessages.passwordRequired),
    confirmPassword: passwordSchema('Password confirmation', authMessages.passwordConfirmationRequired),
  })
  .check(passwordsMatch);
export type ResetPasswordForm = zm.infer<typeof resetPasswordFormSchema>;
