import { SignJWT, jwtVerify } from 'jose';

export interface TokenClaims {
  adminId: string;
  tokenVersion: number;
}

const ISSUER = 'ute-backoffice';
const AUDIENCE = 'admin';

/** Short-lived HS256 bearer tokens carrying the admin's token version. */
export class TokenService {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(claims: TokenClaims): Promise<string> {
    return new SignJWT({ ver: claims.tokenVersion })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.adminId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
  }

  /** Claims of a valid token, or null for anything forged, expired or malformed. */
  async verify(token: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
      if (typeof payload.sub !== 'string' || typeof payload.ver !== 'number') return null;
      return { adminId: payload.sub, tokenVersion: payload.ver };
    } catch {
      return null;
    }
  }
}
