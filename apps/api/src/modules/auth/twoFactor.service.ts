import QRCode from 'qrcode';
import { STEP_UP_WINDOW_MS, isRecoveryCode, twoFactorTexts, type SignInTwoFactor } from '@ute/contract';
import type { Db, DbOrTx } from '../../db/database';
import { AppError, badRequest, conflict } from '../../lib/errors';
import { reserveAttempt, type AttemptPolicy, type RateLimitStore } from '../../lib/rateLimiter';
import { writeAudit, type Actor } from '../../platform/audit/auditLog';
import * as authRepo from './auth.repository';
import * as repo from './twoFactor.repository';
import { createChallengeTokens, hashRecoveryCode, matchTotpStep, newRecoveryCodes, newTotpSecret, sealSecret, totpOf, unsealSecret } from './twoFactor.crypto';
import type { TokenService } from './tokens';

const MINUTE = 60_000;

/** The throttling numbers of code checks; the policy they make is in SECURITY.md (Two-factor). */
export const twoFactorLimits = {
  /** How long the password step's challenge is good for. */
  challengeValidityMs: 5 * MINUTE,
  codeWindowMs: 15 * MINUTE,
  /** Hard (429): wrong codes one address may try on one admin, at sign-in and after it alike. */
  codeFailuresPerAccountPerAddress: 5,
  codeFailuresPerAddress: 20,
  codeFailuresPerAccountBeforeSlowdown: 10,
  /**
   * Hard (429 from every address): wrong codes on one admin from all addresses within an hour. 40
   * addresses × 5 once gave 200 checked guesses in seconds; now at most 20 an hour (480 a day, each a
   * 3-in-a-million chance with the ±1 step window) until the hour ends or an owner resets the 2FA.
   */
  codeFailuresPerAccount: 20,
  accountWindowMs: 60 * MINUTE,
} as const;

// Throttled like the password (auth.service signInPolicy), by admin id: a code guess is a guess,
// whether at sign-in, at a step-up or to turn 2FA off, so they share one counter. Unlike the
// password, the account has a hard ceiling too: a TOTP has a million values, so guesses from many
// addresses must stop, not only slow down; the lock-out that a stranger can cause this way needs
// the password (or a session) first, and an owner lifts it by resetting the admin's 2FA.
export const twoFactorCodePolicy: AttemptPolicy = {
  name: 'two-factor',
  windowMs: twoFactorLimits.codeWindowMs,
  perAccountAndAddress: twoFactorLimits.codeFailuresPerAccountPerAddress,
  perAddress: twoFactorLimits.codeFailuresPerAddress,
  perAccountBeforeSlowdown: twoFactorLimits.codeFailuresPerAccountBeforeSlowdown,
  perAccount: twoFactorLimits.codeFailuresPerAccount,
  accountWindowMs: twoFactorLimits.accountWindowMs,
  slowdownStepMs: 1000,
  slowdownMaxMs: 2000,
  tooManyMessage: twoFactorTexts.tooManyCodes,
  tooManyOnAccountMessage: twoFactorTexts.tooManyCodesOnAccount,
};

export interface TwoFactorServiceDeps {
  db: Db;
  tokens: TokenService;
  limits: RateLimitStore;
  /** Derived from the signing secret: seals the TOTP secrets at rest (32 bytes as hex). */
  totpKey: string;
  /** Derived from the signing secret: signs the sign-in challenges. */
  challengeKey: string;
  /** The current-password check of auth.service (throttled), for turning 2FA on. */
  checkCurrentPassword: (adminId: string, password: string, ip: string, field?: string) => Promise<AdminRow>;
}

type AdminRow = authRepo.AdminRow;
type SignedInActor = Actor & { adminId: string };
type CodeKind = 'totp' | 'recovery';

const wrongCode = () => badRequest(twoFactorTexts.wrongCode, [{ path: 'code', message: twoFactorTexts.wrongCode }]);

export function createTwoFactorService({ db, tokens, limits, totpKey, challengeKey, checkCurrentPassword }: TwoFactorServiceDeps) {
  const sealKey = Buffer.from(totpKey, 'hex');
  if (sealKey.length !== 32) throw new Error('The TOTP sealing key must be 32 bytes of hex');
  const challenges = createChallengeTokens(challengeKey, twoFactorLimits.challengeValidityMs);

  const secretOf = (admin: AdminRow) => (admin.totpSecret ? unsealSecret(sealKey, admin.id, admin.totpSecret) : null);

  /**
   * Checks a code and spends it in the caller's transaction: a TOTP's time step is taken (never
   * twice), a recovery code is marked used. Null when the code is wrong or already spent.
   */
  async function spendCode(tx: DbOrTx, admin: AdminRow, code: string): Promise<CodeKind | null> {
    if (isRecoveryCode(code)) return (await repo.consumeRecoveryCode(tx, admin.id, hashRecoveryCode(code))) ? 'recovery' : null;
    const secret = secretOf(admin);
    if (!secret || !admin.totpEnabledAt) return null;
    const step = matchTotpStep(totpOf(secret, admin.email), code);
    return step !== null && (await repo.acceptTotpStep(tx, admin.id, step)) ? 'totp' : null;
  }

  /**
   * Reserves a guess (429 past the limit), then runs `change` in a transaction with the code spent
   * in it: a wrong code throws `onWrong()` and rolls back; a right one gives the guess back.
   */
  async function withCode<T>(admin: AdminRow, code: string, ip: string, change: (tx: DbOrTx, kind: CodeKind) => Promise<T>, onWrong = wrongCode): Promise<T> {
    const attempt = await reserveAttempt(limits, twoFactorCodePolicy, admin.id, ip);
    const result = await db.transaction(async (tx) => {
      const kind = await spendCode(tx, admin, code);
      if (!kind) throw onWrong();
      return change(tx, kind);
    });
    await attempt.succeed();
    return result;
  }

  const tokenWithSecondFactor = (admin: Pick<AdminRow, 'id' | 'tokenVersion'>) =>
    tokens.sign({ adminId: admin.id, tokenVersion: admin.tokenVersion, secondFactorAt: Date.now() });

  function requireEnabled(admin: AdminRow) {
    if (!admin.totpEnabledAt) throw conflict(twoFactorTexts.notEnabled);
  }

  /** The password step's answer for an admin with 2FA on: no token, a challenge for the code. */
  function createChallenge(admin: AdminRow) {
    return {
      twoFactorRequired: true as const,
      challenge: challenges.sign({ adminId: admin.id, tokenVersion: admin.tokenVersion }),
      message: twoFactorTexts.codeRequiredToSignIn,
    };
  }

  async function signIn(input: SignInTwoFactor, ip: string, requestId: string) {
    const claims = challenges.verify(input.challenge);
    if (!claims) throw new AppError('UNAUTHORIZED', twoFactorTexts.challengeInvalid);
    const found = await authRepo.findAdminById(db, claims.adminId);
    if (!found?.isActive || found.tokenVersion !== claims.tokenVersion || !found.totpEnabledAt)
      throw new AppError('UNAUTHORIZED', twoFactorTexts.challengeInvalid);
    const admin = found;
    const onWrong = () => new AppError('UNAUTHORIZED', twoFactorTexts.wrongCode);
    // Single use: a challenge that earned a session earns no second one, even with another right
    // code. Held before the transaction (a store call inside it would need a second pooled connection
    // while parallel attempts wait on the code's row lock) and given back when the code was wrong, so
    // a mistyped code can be typed again.
    const challengeKey = `two-factor-challenge:${claims.challengeId}`;
    if ((await limits.hit(challengeKey, twoFactorLimits.challengeValidityMs)) > 1) {
      await limits.release(challengeKey);
      throw new AppError('UNAUTHORIZED', twoFactorTexts.challengeInvalid);
    }
    try {
      await withCode(
        admin,
        input.code,
        ip,
        async (tx, kind) => {
          await repo.markSignedIn(tx, admin.id);
          await writeAudit(
            tx,
            { adminId: admin.id, requestId },
            { action: 'admin.sign-in-two-factor', targetType: 'admin', targetId: admin.id, after: { method: kind } },
          );
        },
        onWrong,
      );
    } catch (error) {
      await limits.release(challengeKey);
      throw error;
    }
    return { admin, token: tokenWithSecondFactor(admin), isTwoFactorRequired: await authRepo.isTwoFactorRequired(db) };
  }

  async function status(admin: AdminRow) {
    const [recoveryCodesLeft, required] = await Promise.all([
      admin.totpEnabledAt ? repo.countUnusedRecoveryCodes(db, admin.id) : 0,
      authRepo.isTwoFactorRequired(db),
    ]);
    return { enabled: admin.totpEnabledAt !== null, recoveryCodesLeft, required };
  }

  async function setUp(admin: AdminRow, actor: SignedInActor) {
    if (admin.totpEnabledAt) throw conflict(twoFactorTexts.alreadyEnabled);
    const secret = newTotpSecret();
    await db.transaction(async (tx) => {
      if (!(await repo.setPendingSecret(tx, admin.id, sealSecret(sealKey, admin.id, secret)))) throw conflict(twoFactorTexts.alreadyEnabled);
      await writeAudit(tx, actor, { action: 'admin.two-factor-setup', targetType: 'admin', targetId: admin.id });
    });
    const otpauthUrl = totpOf(secret, admin.email).toString();
    const svg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return {
      secret,
      otpauthUrl,
      qrCodeDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
      message: twoFactorTexts.setupStarted,
    };
  }

  /**
   * Turns 2FA on: the password again (a borrowed session must not bind its own authenticator), then
   * a code from the new app. Every other session of the admin ends (token version bumped), as they
   * were made without the factor; the answer's token is the one session left.
   */
  async function enable(admin: AdminRow, input: { code: string; password: string }, actor: SignedInActor, ip: string) {
    if (admin.totpEnabledAt) throw conflict(twoFactorTexts.alreadyEnabled);
    const secret = secretOf(admin);
    if (!secret || !admin.totpSecret) throw conflict(twoFactorTexts.noPendingSetup);
    const sealed = admin.totpSecret;
    await checkCurrentPassword(admin.id, input.password, ip, 'password');
    const attempt = await reserveAttempt(limits, twoFactorCodePolicy, admin.id, ip);
    const step = matchTotpStep(totpOf(secret, admin.email), input.code);
    if (step === null) throw wrongCode();
    const recoveryCodes = newRecoveryCodes();
    const tokenVersion = await db.transaction(async (tx) => {
      if (!(await repo.enableTwoFactor(tx, admin.id, sealed, step))) throw conflict(twoFactorTexts.alreadyEnabled);
      await repo.replaceRecoveryCodes(tx, admin.id, recoveryCodes.map(hashRecoveryCode));
      await writeAudit(tx, actor, { action: 'admin.two-factor-enable', targetType: 'admin', targetId: admin.id, after: { otherSessionsEnded: true } });
      return authRepo.bumpTokenVersion(tx, admin.id);
    });
    await attempt.succeed();
    return { recoveryCodes, token: tokenWithSecondFactor({ id: admin.id, tokenVersion }), message: twoFactorTexts.enabled };
  }

  async function disable(admin: AdminRow, code: string, actor: SignedInActor, ip: string) {
    requireEnabled(admin);
    if (await authRepo.isTwoFactorRequired(db)) throw conflict(twoFactorTexts.requiredByOwners);
    await withCode(admin, code, ip, async (tx, kind) => {
      await repo.disableTwoFactor(tx, admin.id);
      await writeAudit(tx, actor, { action: 'admin.two-factor-disable', targetType: 'admin', targetId: admin.id, after: { method: kind } });
    });
    return { message: twoFactorTexts.disabled };
  }

  async function renewRecoveryCodes(admin: AdminRow, code: string, actor: SignedInActor, ip: string) {
    requireEnabled(admin);
    const recoveryCodes = newRecoveryCodes();
    await withCode(admin, code, ip, async (tx, kind) => {
      await repo.replaceRecoveryCodes(tx, admin.id, recoveryCodes.map(hashRecoveryCode));
      await writeAudit(tx, actor, { action: 'admin.recovery-codes', targetType: 'admin', targetId: admin.id, after: { method: kind } });
    });
    return { recoveryCodes, message: twoFactorTexts.recoveryCodesRenewed };
  }

  /** A fresh second factor for the money routes (STEP_UP_ROUTES), good for STEP_UP_WINDOW_MS. */
  async function stepUp(admin: AdminRow, code: string, actor: SignedInActor, ip: string) {
    requireEnabled(admin);
    await withCode(admin, code, ip, async (tx, kind) => {
      await writeAudit(tx, actor, {
        action: 'admin.step-up',
        targetType: 'admin',
        targetId: admin.id,
        after: { method: kind, validForMs: STEP_UP_WINDOW_MS },
      });
    });
    return { token: tokenWithSecondFactor(admin), message: twoFactorTexts.steppedUp };
  }

  return { createChallenge, signIn, status, setUp, enable, disable, renewRecoveryCodes, stepUp };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
