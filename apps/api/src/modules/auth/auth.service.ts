import { setTimeout as sleep } from 'node:timers/promises';
import {
  ADMIN_ROLES,
  type AdminRole,
  type ChangePassword,
  type ForgotPassword,
  type OtpCheck,
  type ResetPassword,
  type SignIn,
  type Admin,
} from '@ute/contract';
import type { Db } from '../../db/database';
import { AppError, badRequest } from '../../lib/errors';
import { reserveAttempt, type AttemptPolicy, type RateLimitStore } from '../../lib/rateLimiter';
import { hmac, randomOtp, randomToken, safeEqual, sha256 } from '../../lib/secrets';
import { writeAudit, type Actor } from '../../platform/audit/auditLog';
import type { Mailer } from '../../platform/mail/mailer';
import { passwordResetCodeMail } from '../../platform/mail/templates/passwordResetCodeMail';
import * as repo from './auth.repository';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords';
import type { TokenService } from './tokens';
import { markSignedIn } from './twoFactor.repository';
import { createTwoFactorService } from './twoFactor.service';

const MINUTE = 60_000;
/** The throttling numbers; the policy they make is in SECURITY.md (Throttling). */
export const authLimits = {
  signInWindowMs: 15 * MINUTE,
  /** Hard (429): a stranger blocks only their own address, never the admin's. */
  signInFailuresPerAccountPerAddress: 5,
  signInFailuresPerAddress: 20,
  /** Soft: past this, every address waits before its answer, but is never refused. */
  signInFailuresPerAccountBeforeSlowdown: 10,
  otpMailWindowMs: 60 * MINUTE,
  otpMailsPerEmailPerAddress: 3,
  otpMailsPerAddress: 10,
  otpMailsPerEmailBeforeSlowdown: 5,
  /** The one hard limit across addresses: bounds the mails to a mailbox and the codes to guess at. */
  otpMailsPerEmail: 10,
  otpValidityMs: 10 * MINUTE,
  /** Compares one code gets, counted in the database; then it is dead. */
  otpTriesPerCode: 5,
  otpCheckWindowMs: 15 * MINUTE,
  otpChecksPerAccountPerAddress: 10,
  otpChecksPerAddress: 20,
  otpChecksPerAccountBeforeSlowdown: 10,
  /** The wait past a soft limit: 1 s for the first attempt over it, 2 s from the second on. */
  slowdownStepMs: 1000,
  slowdownMaxMs: 2000,
  resetTokenValidityMs: 15 * MINUTE,
} as const;

export const authTexts = {
  signedIn: 'Signed in successfully',
  invalidCredentials: 'Invalid email or password',
  tooManySignIns: 'Too many sign-in attempts. Please try again in 15 minutes.',
  otpSent: 'If an account exists for this email, a verification code has been sent to it',
  tooManyOtpMails: 'Too many code requests. Please try again later.',
  tooManyOtpChecks: 'Too many code checks. Please try again in 15 minutes.',
  tooManyPasswordChecks: 'Too many wrong current passwords. Please try again in 15 minutes.',
  otpInvalid: 'Invalid or expired OTP',
  otpVerified: 'OTP verified successfully',
  resetInvalid: 'Invalid or expired reset token',
  passwordReset: 'Password reset successfully',
  wrongCurrentPassword: 'Current password is incorrect',
  passwordChanged: 'Password changed successfully',
  signedOut: 'Signed out successfully',
  sessionInvalid: 'Your session has expired. Please sign in again.',
} as const;

const normaliseEmail = (email: string) => email.trim().toLowerCase();

/**
 * A forgot-password answer leaves no sooner than this after the account lookup. The argon2 check
 * and a known email's writes fit inside it, so neither the writes nor a busy CPU tell whether the
 * account exists. Below the time a mail server takes, so a send awaited by mistake would show.
 */
const OTP_ANSWER_FLOOR_MS = 150;

const slowdown = { slowdownStepMs: authLimits.slowdownStepMs, slowdownMaxMs: authLimits.slowdownMaxMs };
const signInPolicy: AttemptPolicy = {
  name: 'signin',
  windowMs: authLimits.signInWindowMs,
  perAccountAndAddress: authLimits.signInFailuresPerAccountPerAddress,
  perAddress: authLimits.signInFailuresPerAddress,
  perAccountBeforeSlowdown: authLimits.signInFailuresPerAccountBeforeSlowdown,
  ...slowdown,
  tooManyMessage: authTexts.tooManySignIns,
};
// A current-password check is a password guess like a sign-in: the same numbers, by admin id.
const changePasswordPolicy: AttemptPolicy = { ...signInPolicy, name: 'change-password', tooManyMessage: authTexts.tooManyPasswordChecks };
const otpCheckPolicy: AttemptPolicy = {
  name: 'otp-check',
  windowMs: authLimits.otpCheckWindowMs,
  perAccountAndAddress: authLimits.otpChecksPerAccountPerAddress,
  perAddress: authLimits.otpChecksPerAddress,
  perAccountBeforeSlowdown: authLimits.otpChecksPerAccountBeforeSlowdown,
  ...slowdown,
  tooManyMessage: authTexts.tooManyOtpChecks,
};
// The mail-bomb limit is per email AND address, so a stranger cannot use up the owner's code mails
// from elsewhere. The ceiling per email across addresses stays (a lock-out then needs four
// addresses working together) because without it every extra address gets 3 more codes an hour,
// 5 guesses each: a bounded mailbox and a bounded OTP guess rate weigh more.
const otpMailPolicy: AttemptPolicy = {
  name: 'otp-mail',
  windowMs: authLimits.otpMailWindowMs,
  perAccountAndAddress: authLimits.otpMailsPerEmailPerAddress,
  perAddress: authLimits.otpMailsPerAddress,
  perAccountBeforeSlowdown: authLimits.otpMailsPerEmailBeforeSlowdown,
  perAccount: authLimits.otpMailsPerEmail,
  ...slowdown,
  tooManyMessage: authTexts.tooManyOtpMails,
};

export function toAdminDto(admin: repo.AdminRow, isTwoFactorRequired = false): Admin {
  const roles = admin.roles.filter((role): role is AdminRole => (ADMIN_ROLES as readonly string[]).includes(role));
  const twoFactorEnabled = admin.totpEnabledAt !== null;
  return {
    _id: admin.id,
    email: admin.email,
    name: admin.name,
    roles,
    userRole: roles.join(','),
    twoFactorEnabled,
    mustEnrolTwoFactor: isTwoFactorRequired && !twoFactorEnabled,
  };
}

export interface AuthServiceDeps {
  db: Db;
  tokens: TokenService;
  limits: RateLimitStore;
  mailer: Mailer;
  otpPepper: string;
  /** Seals the TOTP secrets at rest (32 bytes as hex, derived from the signing secret). */
  totpKey: string;
  /** Signs the sign-in challenges of admins with 2FA (derived from the signing secret). */
  challengeKey: string;
}

export function createAuthService({ db, tokens, limits, mailer, otpPepper, totpKey, challengeKey }: AuthServiceDeps) {
  /**
   * Checks the signed-in admin's current password, throttled like a sign-in (a stolen token must not
   * be an unthrottled password oracle), and answers the admin's row. A wrong one is a 400 on `field`.
   */
  async function checkCurrentPassword(adminId: string, password: string, ip: string, field = 'oldPassword'): Promise<repo.AdminRow> {
    // Reserved before argon2 runs: otherwise a stolen token is an unthrottled current-password oracle.
    const attempt = await reserveAttempt(limits, changePasswordPolicy, adminId, ip);
    const admin = await repo.findAdminById(db, adminId);
    if (!admin) throw new AppError('UNAUTHORIZED', authTexts.sessionInvalid);
    if (!(await verifyPassword(admin.passwordHash, password))) {
      throw badRequest(authTexts.wrongCurrentPassword, [{ path: field, message: authTexts.wrongCurrentPassword }]);
    }
    await attempt.succeed();
    return admin;
  }

  const twoFactor = createTwoFactorService({ db, tokens, limits, totpKey, challengeKey, checkCurrentPassword });

  async function signIn(input: SignIn, ip: string) {
    const email = normaliseEmail(input.email);
    // Reserved before argon2 runs, so a burst of parallel guesses gets no more checks than the limit.
    const attempt = await reserveAttempt(limits, signInPolicy, email, ip);
    const admin = await repo.findAdminByEmail(db, email);
    const isValid = admin ? await verifyPassword(admin.passwordHash, input.password) : (await burnPasswordCheck(input.password), false);
    if (!admin || !isValid || !admin.isActive) throw new AppError('UNAUTHORIZED', authTexts.invalidCredentials);
    // A success clears this address's failures on the account and gives its reservation back: the
    // counters hold failures (and attempts under way) only.
    await attempt.succeed();
    // With 2FA on, the right password earns only a challenge for the code step (twoFactor.service).
    if (admin.totpEnabledAt) return twoFactor.createChallenge(admin);
    await markSignedIn(db, admin.id);
    const token = tokens.sign({ adminId: admin.id, tokenVersion: admin.tokenVersion });
    return { token, message: authTexts.signedIn, user: toAdminDto(admin, await repo.isTwoFactorRequired(db)) };
  }

  /** Stores a new code and queues its mail in one transaction, then starts the mail without waiting. */
  async function issueOtp(admin: repo.AdminRow) {
    const otp = randomOtp();
    await db.transaction(async (tx) => {
      await repo.insertResetCode(tx, {
        adminId: admin.id,
        otpHash: hmac(otpPepper, `${admin.id}:${otp}`),
        otpExpiresAt: new Date(Date.now() + authLimits.otpValidityMs),
      });
      return mailer.enqueue(tx, passwordResetCodeMail({ to: admin.email, code: otp }));
    });
    mailer.startDelivery();
  }

  async function requestOtp(input: ForgotPassword, ip: string) {
    const email = normaliseEmail(input.email);
    // Every request counts (no succeed): the limit is on mails, not on failures.
    await reserveAttempt(limits, otpMailPolicy, email, ip);
    const admin = await repo.findAdminByEmail(db, email);
    // Same work and same wait either way, and the mail leaves after the answer: the timing does not
    // tell whether the account exists.
    await Promise.all([sleep(OTP_ANSWER_FLOOR_MS), burnPasswordCheck(email), admin?.isActive ? issueOtp(admin) : null]);
    return { email, message: authTexts.otpSent };
  }

  async function checkOtp(input: OtpCheck, pathEmail: string, ip: string) {
    const email = normaliseEmail(input.email);
    if (email !== normaliseEmail(pathEmail)) throw badRequest(authTexts.otpInvalid);
    const attempt = await reserveAttempt(limits, otpCheckPolicy, email, ip);
    const admin = await repo.findAdminByEmail(db, email);
    const code = admin ? await repo.findLatestOpenCode(db, admin.id) : undefined;
    // The try is taken from the code's budget before the compare, so parallel guesses cannot outrun it.
    if (!admin || !code || code.otpExpiresAt.getTime() < Date.now() || !(await repo.reserveOtpTry(db, code.id, authLimits.otpTriesPerCode))) {
      throw badRequest(authTexts.otpInvalid);
    }
    if (!safeEqual(code.otpHash, hmac(otpPepper, `${admin.id}:${input.otp}`))) throw badRequest(authTexts.otpInvalid);
    const resetToken = randomToken();
    const isConsumed = await repo.consumeOtp(db, code.id, {
      resetTokenHash: sha256(resetToken),
      resetTokenExpiresAt: new Date(Date.now() + authLimits.resetTokenValidityMs),
    });
    if (!isConsumed) throw badRequest(authTexts.otpInvalid);
    await attempt.succeed(); // the code is used up: this address's wrong tries are forgiven
    return { token: resetToken, message: authTexts.otpVerified };
  }

  async function resetPassword(input: ResetPassword, requestId: string) {
    const passwordHash = await hashPassword(input.newPassword);
    await db.transaction(async (tx) => {
      const adminId = await repo.consumeResetToken(tx, sha256(input.token));
      if (!adminId) throw badRequest(authTexts.resetInvalid);
      await repo.setAdminPassword(tx, adminId, passwordHash);
      await writeAudit(tx, { adminId, requestId }, { action: 'admin.password-reset', targetType: 'admin', targetId: adminId });
    });
    return { message: authTexts.passwordReset };
  }

  async function changePassword(input: ChangePassword, actor: Actor & { adminId: string }, ip: string) {
    const admin = await checkCurrentPassword(actor.adminId, input.oldPassword, ip);
    const passwordHash = await hashPassword(input.newPassword);
    await db.transaction(async (tx) => {
      await repo.setAdminPassword(tx, admin.id, passwordHash);
      await writeAudit(tx, actor, { action: 'admin.password-change', targetType: 'admin', targetId: admin.id });
    });
    return { message: authTexts.passwordChanged };
  }

  async function signOut(actor: Actor & { adminId: string }) {
    await db.transaction(async (tx) => {
      await repo.bumpTokenVersion(tx, actor.adminId);
      await writeAudit(tx, actor, { action: 'admin.sign-out', targetType: 'admin', targetId: actor.adminId });
    });
    return { message: authTexts.signedOut };
  }

  /** The session behind a bearer token, or null when the token is not (or no longer) valid. */
  async function authenticate(token: string) {
    const claims = tokens.verify(token);
    if (!claims || !/^[0-9a-f-]{36}$/i.test(claims.adminId)) return null;
    const found = await repo.findSessionAdmin(db, claims.adminId);
    if (!found || !found.isActive || found.tokenVersion !== claims.tokenVersion) return null;
    const { isTwoFactorRequired, ...admin } = found;
    return {
      admin,
      secondFactorAt: claims.secondFactorAt ?? null,
      isTwoFactorRequired,
      mustEnrol: isTwoFactorRequired && admin.totpEnabledAt === null,
    };
  }

  return { signIn, requestOtp, checkOtp, resetPassword, changePassword, signOut, authenticate, twoFactor };
}

export type AuthService = ReturnType<typeof createAuthService>;
