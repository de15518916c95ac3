import * as zm from 'zod/mini';
import { authMessages, isStorableText, MAX_PASSWORD_LENGTH, notAllowedCharacterMessage } from './authForms';

// zod/mini like authForms.ts: the sign-in page checks the code step with these, and classic zod
// would add about 20 kB gzip to the JS it loads.

/** The authenticator app's entry: issuer and digits of the TOTP (RFC 6238: SHA-1, 30 s steps). */
export const TOTP_ISSUER = 'Ute Back-office';
export const TOTP_DIGITS = 6;
export const RECOVERY_CODE_COUNT = 10;

/** A 6-digit TOTP, once spaces are taken out. */
export const TOTP_CODE_PATTERN = /^\d{6}$/;
/** A recovery code once hyphens and spaces are taken out: 12 letters and digits ('abcd-efgh-ijkl' as shown). */
export const RECOVERY_CODE_PATTERN = /^[a-z0-9]{12}$/;

export const twoFactorTexts = {
  codeRequired: 'Authentication code is required',
  codeInvalidFormat: 'Enter the 6-digit code from your authenticator app or a recovery code',
  totpInvalidFormat: 'Enter the 6-digit code from your authenticator app',
  challengeRequired: 'Sign-in challenge is required',
  codeRequiredToSignIn: 'Enter the code from your authenticator app',
  wrongCode: 'Invalid authentication code',
  challengeInvalid: 'Your sign-in has expired. Please sign in again.',
  tooManyCodes: 'Too many wrong authentication codes. Please try again in 15 minutes.',
  tooManyCodesOnAccount:
    'Too many wrong authentication codes for this account. Please try again in an hour, or ask an owner to reset your two-factor authentication.',
  passwordRequired: 'Enter your password to turn on two-factor authentication',
  alreadyEnabled: 'Two-factor authentication is already on',
  notEnabled: 'Two-factor authentication is not on',
  noPendingSetup: 'Start the set-up again: no authenticator app is waiting to be confirmed',
  requiredByOwners: 'Two-factor authentication is required by the owners and cannot be turned off',
  setupStarted: 'Scan the QR code with your authenticator app, then enter a code from it',
  enabled: 'Two-factor authentication is on',
  disabled: 'Two-factor authentication is off',
  recoveryCodesRenewed: 'New recovery codes made: the old ones no longer work',
  steppedUp: 'Confirmed',
} as const;

/**
 * What an admin types as a code, made comparable: lower case, without spaces and hyphens
 * ('123 456' is '123456', 'ABCD-efgh-ijkl' is 'abcdefghijkl').
 */
export function normaliseTwoFactorCode(value: string): string {
  return value.toLowerCase().replace(/[\s-]/g, '');
}

export const isTotpCode = (normalised: string) => TOTP_CODE_PATTERN.test(normalised);
export const isRecoveryCode = (normalised: string) => RECOVERY_CODE_PATTERN.test(normalised);

/** The first message for a typed code (TOTP or recovery code), or null when it has the right shape. */
export function twoFactorCodeError(value: string): string | null {
  const normalised = normaliseTwoFactorCode(value);
  if (!normalised) return twoFactorTexts.codeRequired;
  return isTotpCode(normalised) || isRecoveryCode(normalised) ? null : twoFactorTexts.codeInvalidFormat;
}

/** The first message for a typed enrolment code (a TOTP only), or null when it has the right shape. */
export function totpCodeError(value: string): string | null {
  const normalised = normaliseTwoFactorCode(value);
  if (!normalised) return twoFactorTexts.codeRequired;
  return isTotpCode(normalised) ? null : twoFactorTexts.totpInvalidFormat;
}

const codeText = zm
  .string({ error: twoFactorTexts.codeRequired })
  .check(
    zm.refine<string>(isStorableText, { error: notAllowedCharacterMessage('Code'), abort: true }),
    zm.maxLength(40, twoFactorTexts.codeInvalidFormat),
    zm.overwrite(normaliseTwoFactorCode),
    zm.minLength(1, { error: twoFactorTexts.codeRequired, abort: true }),
  );

/** A 6-digit TOTP or a recovery code, normalised (normaliseTwoFactorCode). */
export const twoFactorCodeSchema = codeText.check(
  zm.refine<string>((value) => isTotpCode(value) || isRecoveryCode(value), { error: twoFactorTexts.codeInvalidFormat }),
);
/** A 6-digit TOTP only: enrolment proves the app works, so a recovery code does not do there. */
export const totpCodeSchema = codeText.check(zm.regex(TOTP_CODE_PATTERN, twoFactorTexts.totpInvalidFormat));

/** Second step of a sign-in with 2FA: the challenge the password step answered, and a code. */
export const signInTwoFactorSchema = zm.strictObject({
  challenge: zm
    .string({ error: twoFactorTexts.challengeRequired })
    .check(zm.minLength(1, { error: twoFactorTexts.challengeRequired, abort: true }), zm.maxLength(2048, twoFactorTexts.challengeInvalid)),
  code: twoFactorCodeSchema,
});
export type SignInTwoFactor = zm.infer<typeof signInTwoFactorSchema>;

/** Enabling: the admin's password again and a TOTP from the app just set up. */
export const twoFactorEnableSchema = zm.strictObject({
  code: totpCodeSchema,
  password: zm
    .string({ error: twoFactorTexts.passwordRequired })
    .check(zm.minLength(1, { error: twoFactorTexts.passwordRequired, abort: true }), zm.maxLength(MAX_PASSWORD_LENGTH, authMessages.passwordTooLong)),
});
export type TwoFactorEnable = zm.infer<typeof twoFactorEnableSchema>;

/** Turning off, new recovery codes, step-up: a current TOTP or a recovery code. */
export const twoFactorCodeBodySchema = zm.strictObject({ code: twoFactorCodeSchema });
export type TwoFactorCodeBody = zm.infer<typeof twoFactorCodeBodySchema>;

export const twoFactorStatusSchema = zm.object({
  enabled: zm.boolean(),
  recoveryCodesLeft: zm.number(),
  /** The owners require 2FA of every admin (then it cannot be turned off). */
  required: zm.boolean(),
});
export type TwoFactorStatus = zm.infer<typeof twoFactorStatusSchema>;

export const twoFactorSetupSchema = zm.object({
  /** The shared secret in base32, for typing into an app that cannot scan. */
  secret: zm.string(),
  otpauthUrl: zm.string(),
  /** The QR code of otpauthUrl as an SVG data URL, drawn by the api (no outside service). */
  qrCodeDataUrl: zm.string(),
  message: zm.string(),
});
export type TwoFactorSetup = zm.infer<typeof twoFactorSetupSchema>;

/** Recovery codes are shown once, in this answer only; `token` counts as a fresh second factor. */
export const twoFactorEnableResponseSchema = zm.object({
  recoveryCodes: zm.array(zm.string()),
  token: zm.string(),
  message: zm.string(),
});
export type TwoFactorEnableResponse = zm.infer<typeof twoFactorEnableResponseSchema>;

export const recoveryCodesResponseSchema = zm.object({ recoveryCodes: zm.array(zm.string()), message: zm.string() });
export type RecoveryCodesResponse = zm.infer<typeof recoveryCodesResponseSchema>;

/** A step-up: a new token whose second factor is now. */
export const stepUpResponseSchema = zm.object({ token: zm.string(), message: zm.string() });
export type StepUpResponse = zm.infer<typeof stepUpResponseSchema>;
