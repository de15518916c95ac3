import type { ChangePassword, ForgotPassword, OtpCheck, ResetPassword, SignIn, Admin } from '@ute/contract';
import type { Db } from '../../db/database';
import { AppError, badRequest } from '../../lib/errors';
import type { RateLimitStore } from '../../lib/rateLimiter';
import { hmac, randomOtp, randomToken, safeEqual, sha256 } from '../../lib/secrets';
import { writeAudit, type Actor } from '../audit/audit.repository';
import type { Mailer } from '../mail/mailer';
import * as repo from './auth.repository';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords';
import type { TokenService } from './tokens';

const MINUTE = 60_000;
export const authLimits = {
  signInFailuresPerEmail: 5,
  signInFailuresPerIp: 20,
  signInWindowMs: 15 * MINUTE,
  otpMailsPerEmailPerHour: 3,
  otpMailsPerIpPerHour: 10,
  otpValidityMs: 10 * MINUTE,
  otpMaxFailures: 5,
  otpChecksPerEmail: 10,
  resetTokenValidityMs: 15 * MINUTE,
} as const;

export const authTexts = {
  signedIn: 'Signed in successfully',
  invalidCredentials: 'Invalid email or password',
  tooManySignIns: 'Too many sign-in attempts. Please try again in 15 minutes.',
  otpSent: 'If an account exists for this email, a verification code has been sent to it',
  tooManyOtpMails: 'Too many code requests. Please try again later.',
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

export function toAdminDto(admin: repo.AdminRow): Admin {
  return { _id: admin.id, email: admin.email, name: admin.name, role: admin.role };
}

export interface AuthDeps {
  db: Db;
  tokens: TokenService;
  limits: RateLimitStore;
  mailer: Mailer;
  otpPepper: string;
}

export function createAuthService({ db, tokens, limits, mailer, otpPepper }: AuthDeps) {
  const findAdminById = repo.prepareFindAdminById(db);

  async function signIn(input: SignIn, ip: string) {
    const email = normaliseEmail(input.email);
    const emailKey = `signin:email:${email}`;
    const ipKey = `signin:ip:${ip}`;
    if (
      (await limits.count(emailKey)) >= authLimits.signInFailuresPerEmail ||
      (await limits.count(ipKey)) >= authLimits.signInFailuresPerIp
    ) {
      throw new AppError('TOO_MANY_REQUESTS', authTexts.tooManySignIns);
    }
    const admin = await repo.findAdminByEmail(db, email);
    const isValid = admin ? await verifyPassword(admin.passwordHash, input.password) : (await burnPasswordCheck(input.password), false);
    if (!admin || !isValid || !admin.isActive) {
      await limits.hit(emailKey, authLimits.signInWindowMs);
      await limits.hit(ipKey, authLimits.signInWindowMs);
      throw new AppError('UNAUTHORIZED', authTexts.invalidCredentials);
    }
    await limits.reset(emailKey);
    const token = tokens.sign({ adminId: admin.id, tokenVersion: admin.tokenVersion });
    return { token, message: authTexts.signedIn, user: toAdminDto(admin) };
  }

  async function requestOtp(input: ForgotPassword, ip: string) {
    const email = normaliseEmail(input.email);
    const perEmail = await limits.hit(`otp-mail:email:${email}`, 60 * MINUTE);
    const perIp = await limits.hit(`otp-mail:ip:${ip}`, 60 * MINUTE);
    if (perEmail > authLimits.otpMailsPerEmailPerHour || perIp > authLimits.otpMailsPerIpPerHour) {
      throw new AppError('TOO_MANY_REQUESTS', authTexts.tooManyOtpMails);
    }
    const admin = await repo.findAdminByEmail(db, email);
    if (admin?.isActive) {
      const otp = randomOtp();
      const mailId = await db.transaction(async (tx) => {
        await repo.insertResetCode(tx, {
          adminId: admin.id,
          otpHash: hmac(otpPepper, `${admin.id}:${otp}`),
          otpExpiresAt: new Date(Date.now() + authLimits.otpValidityMs),
        });
        return mailer.enqueue(tx, {
          to: admin.email,
          subject: 'Your password reset code',
          body: `Your verification code is ${otp}. It is valid for 10 minutes and can be used once.\n\nIf you did not ask to reset your password, ignore this mail.`,
        });
      });
      await mailer.deliver(mailId);
    } else {
      await burnPasswordCheck(email); // same work either way, so timing does not tell
    }
    return { email, message: authTexts.otpSent };
  }

  async function checkOtp(input: OtpCheck, pathEmail: string) {
    const email = normaliseEmail(input.email);
    if (email !== normaliseEmail(pathEmail)) throw badRequest(authTexts.otpInvalid);
    if ((await limits.hit(`otp-check:${email}`, 15 * MINUTE)) > authLimits.otpChecksPerEmail) {
      throw new AppError('TOO_MANY_REQUESTS', authTexts.tooManySignIns);
    }
    const admin = await repo.findAdminByEmail(db, email);
    const code = admin ? await repo.findLatestOpenCode(db, admin.id) : undefined;
    if (!admin || !code || code.otpExpiresAt.getTime() < Date.now() || code.failedAttempts >= authLimits.otpMaxFailures) {
      throw badRequest(authTexts.otpInvalid);
    }
    if (!safeEqual(code.otpHash, hmac(otpPepper, `${admin.id}:${input.otp}`))) {
      await repo.recordFailedOtp(db, code.id);
      throw badRequest(authTexts.otpInvalid);
    }
    const resetToken = randomToken();
    const isConsumed = await repo.consumeOtp(db, code.id, {
      resetTokenHash: sha256(resetToken),
      resetTokenExpiresAt: new Date(Date.now() + authLimits.resetTokenValidityMs),
    });
    if (!isConsumed) throw badRequest(authTexts.otpInvalid);
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

  async function changePassword(input: ChangePassword, actor: Actor & { adminId: string }) {
    const admin = await repo.findAdminById(db, actor.adminId);
    if (!admin) throw new AppError('UNAUTHORIZED', authTexts.sessionInvalid);
    if (!(await verifyPassword(admin.passwordHash, input.oldPassword))) {
      throw badRequest(authTexts.wrongCurrentPassword, [{ path: 'oldPassword', message: authTexts.wrongCurrentPassword }]);
    }
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

  /** The admin behind a bearer token, or null when the token is not (or no longer) valid. */
  async function authenticate(token: string) {
    const claims = tokens.verify(token);
    if (!claims || !/^[0-9a-f-]{36}$/i.test(claims.adminId)) return null;
    const admin = await findAdminById(claims.adminId);
    if (!admin || !admin.isActive || admin.tokenVersion !== claims.tokenVersion) return null;
    return admin;
  }

  return { signIn, requestOtp, checkOtp, resetPassword, changePassword, signOut, authenticate };
}

export type AuthService = ReturnType<typeof createAuthService>;
