import { createCipheriv, createDecipheriv, randomBytes, randomInt } from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';
import { Secret, TOTP } from 'otpauth';
import { RECOVERY_CODE_COUNT, TOTP_DIGITS, TOTP_ISSUER } from '@ute/contract';
import { sha256 } from '../../lib/secrets';
import { TOKEN_ISSUER } from './tokens';

const SEALED_PREFIX = 'v1';

/**
 * TOTP secrets are stored sealed with AES-256-GCM under a key derived from the signing secret, so a
 * copy of the database alone does not give the codes. The admin id is the associated data: a sealed
 * secret copied onto another admin's row does not open.
 */
export function sealSecret(key: Buffer, adminId: string, secretBase32: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(adminId));
  const sealed = Buffer.concat([cipher.update(secretBase32, 'utf8'), cipher.final()]);
  return [SEALED_PREFIX, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
}

/** The base32 secret, or null when the value was not sealed by this key for this admin. */
export function unsealSecret(key: Buffer, adminId: string, sealed: string): string | null {
  const [prefix, iv, tag, data] = sealed.split('.');
  if (prefix !== SEALED_PREFIX || !iv || !tag || !data) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url')).setAAD(Buffer.from(adminId));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30 s. */
export function totpOf(secretBase32: string, email: string): TOTP {
  return new TOTP({ issuer: TOTP_ISSUER, label: email, algorithm: 'SHA1', digits: TOTP_DIGITS, period: 30, secret: Secret.fromBase32(secretBase32) });
}

export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/**
 * The time step of a right code (the current one, or one either side for clock drift), or null.
 * The caller still refuses a step not newer than the last one accepted (replay).
 */
export function matchTotpStep(totp: TOTP, code: string, now = Date.now()): number | null {
  const delta = totp.validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : totp.counter({ timestamp: now }) + delta;
}

// No 0/o, 1/l: a code read off paper is typed back right. 32 letters, so 60 bits a code.
const RECOVERY_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/** Ten new codes as shown to the admin ('abcd-efgh-ijkl'). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 12 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
  });
}

/** The stored form of a recovery code (normalised: no hyphens). High entropy, so a plain hash does. */
export const hashRecoveryCode = (code: string): string => sha256(`recovery:${code.replace(/-/g, '')}`);

const CHALLENGE_AUDIENCE = 'sign-in-two-factor';

export interface ChallengeClaims {
  adminId: string;
  tokenVersion: number;
}

/** A verified challenge: its claims and its own random id, by which it is used once. */
export interface VerifiedChallenge extends ChallengeClaims {
  challengeId: string;
}

/**
 * The sign-in challenge: proof that the password was right, good for the second step only (its own
 * key and audience, so it is never a bearer token) and for 5 minutes. It carries the token version:
 * a sign-out everywhere or a password change ends it too.
 */
export function createChallengeTokens(key: string, ttlMs: number) {
  const signer = createSigner({ key, algorithm: 'HS256', iss: TOKEN_ISSUER, aud: CHALLENGE_AUDIENCE, expiresIn: ttlMs });
  const verifier = createVerifier({
    key,
    algorithms: ['HS256'],
    allowedIss: TOKEN_ISSUER,
    allowedAud: CHALLENGE_AUDIENCE,
    requiredClaims: ['exp', 'sub', 'ver', 'jti'],
  });
  return {
    sign: (claims: ChallengeClaims): string => signer({ sub: claims.adminId, ver: claims.tokenVersion, jti: randomBytes(16).toString('base64url') }),
    verify(challenge: string): VerifiedChallenge | null {
      try {
        const payload = verifier(challenge) as Record<string, unknown>;
        if (typeof payload.sub !== 'string' || !/^[0-9a-f-]{36}$/i.test(payload.sub) || typeof payload.ver !== 'number' || typeof payload.jti !== 'string')
          return null;
        return { adminId: payload.sub, tokenVersion: payload.ver, challengeId: payload.jti };
      } catch {
        return null;
      }
    },
  };
}
