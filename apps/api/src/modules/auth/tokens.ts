import { createSigner, createVerifier } from 'fast-jwt';

export interface TokenClaims {
  adminId: string;
  tokenVersion: number;
  /** When this session last proved a second factor (ms since epoch): at sign-in with 2FA, or a step-up. */
  secondFactorAt?: number;
}

export const TOKEN_ISSUER = 'ute-backoffice';
export const TOKEN_AUDIENCE = 'admin';

/**
 * Short-lived HS256 bearer tokens carrying the admin's token version. fast-jwt verifies with
 * node:crypto synchronously: WebCrypto's async HMAC was the largest cost of every guarded request.
 */
export class TokenService {
  private readonly signer: (payload: Record<string, unknown>) => string;
  private readonly verifier: (token: string) => Record<string, unknown>;

  constructor(secret: string, ttlSeconds: number) {
    this.signer = createSigner({ key: secret, algorithm: 'HS256', iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE, expiresIn: ttlSeconds * 1000 });
    this.verifier = createVerifier({
      key: secret,
      algorithms: ['HS256'],
      allowedIss: TOKEN_ISSUER,
      allowedAud: TOKEN_AUDIENCE,
      requiredClaims: ['exp', 'sub', 'ver'],
      // A verified token's claims are kept until it expires; the admin row is still read on every request.
      cache: 1000,
    });
  }

  sign(claims: TokenClaims): string {
    return this.signer({ sub: claims.adminId, ver: claims.tokenVersion, ...(claims.secondFactorAt !== undefined && { tfa: claims.secondFactorAt }) });
  }

  /** Claims of a valid token, or null for anything forged, expired or malformed. */
  verify(token: string): TokenClaims | null {
    try {
      const payload = this.verifier(token);
      if (typeof payload.sub !== 'string' || typeof payload.ver !== 'number') return null;
      const secondFactorAt = typeof payload.tfa === 'number' ? payload.tfa : undefined;
      return { adminId: payload.sub, tokenVersion: payload.ver, secondFactorAt };
    } catch {
      return null;
    }
  }
}
