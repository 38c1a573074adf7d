import { createHash, randomBytes } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT, type JWTPayload } from 'jose';

/**
 * Tokens (OWASP ASVS 3.5.3, see docs/security.md):
 * - access token: JWT HS256, header {alg, typ: 'JWT'}, claims sub, sid, iat, exp, purpose 'access';
 * - reset token: JWT HS256 with purpose 'reset' and a 256-bit random jti whose SHA-256 is stored in
 *   one_time_tokens (so it is single use and can be revoked); it lives 1 hour;
 * - refresh and confirmation tokens: opaque 256-bit random strings, stored as SHA-256 only.
 * Verification pins the algorithm to HS256, requires typ 'JWT' and checks the purpose, so a reset
 * token is never accepted as an access token nor the other way round.
 */

export type JwtPurpose = 'access' | 'reset';

export const JWT_ALG = 'HS256';

/** 256 bits of randomness, URL-safe. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a token: its SHA-256 (hex). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export type TokenFailure = 'invalid' | 'expired';

export class TokenError extends Error {
  constructor(readonly reason: TokenFailure) {
    super(reason === 'expired' ? 'token expired' : 'token invalid');
    this.name = 'TokenError';
  }
}

export interface AccessClaims {
  sub: string;
  sid: string;
}

export interface ResetClaims {
  sub: string;
  jti: string;
}

/** Verified tokens kept by JwtTokens.verify (about 0.5 KB each). */
const verifiedCacheSize = 10_000;

export class JwtTokens {
  /**
   * The HMAC key, imported into WebCrypto once: handing jose the raw bytes would import them
   * again on every sign and verify (half the cost of checking a bearer token).
   */
  private readonly key: Promise<CryptoKey>;

  constructor(secret: string) {
    this.key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
  }

  async sign(purpose: JwtPurpose, claims: Record<string, string>, subject: string, ttlS: number): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ ...claims, purpose })
      .setProtectedHeader({ alg: JWT_ALG, typ: 'JWT' })
      .setSubject(subject)
      .setIssuedAt(now)
      .setExpirationTime(now + ttlS)
      .sign(await this.key);
  }

  signAccess(claims: AccessClaims, ttlS: number): Promise<string> {
    return this.sign('access', { sid: claims.sid }, claims.sub, ttlS);
  }

  signReset(claims: ResetClaims, ttlS: number): Promise<string> {
    return this.sign('reset', { jti: claims.jti }, claims.sub, ttlS);
  }

  /**
   * Tokens whose signature and claims were verified, until they expire. A client sends the same
   * access token with every request for up to an hour, and checking the HMAC through WebCrypto
   * costs more than the rest of the bearer check; a token is only ever added after jose verified
   * it with this instance's key, and `exp` is checked again on every hit. The session is still
   * checked on every request (AuthService.authenticate, through the per-user read cache).
   */
  private readonly verified = new Map<string, JWTPayload>();

  /** Verifies signature (HS256 only), typ, exp and purpose; throws TokenError. */
  async verify(token: string, purpose: JwtPurpose): Promise<JWTPayload> {
    let payload = this.verified.get(token);
    if (payload && (payload.exp ?? 0) <= Math.floor(Date.now() / 1000)) {
      this.verified.delete(token);
      payload = undefined;
    }
    if (!payload) {
      try {
        ({ payload } = await jwtVerify(token, await this.key, { algorithms: [JWT_ALG], typ: 'JWT', requiredClaims: ['exp', 'iat', 'sub'] }));
      } catch (err) {
        throw new TokenError(err instanceof joseErrors.JWTExpired ? 'expired' : 'invalid');
      }
      // Oldest first out: a bounded memory whatever the number of tokens presented.
      if (this.verified.size >= verifiedCacheSize) this.verified.delete(this.verified.keys().next().value ?? '');
      this.verified.set(token, payload);
    }
    if (payload.purpose !== purpose) throw new TokenError('invalid');
    return payload;
  }

  async verifyAccess(token: string): Promise<AccessClaims> {
    const p = await this.verify(token, 'access');
    if (typeof p.sub !== 'string' || typeof p.sid !== 'string' || !isUuid(p.sub) || !isUuid(p.sid)) {
      throw new TokenError('invalid');
    }
    return { sub: p.sub, sid: p.sid };
  }

  async verifyReset(token: string): Promise<ResetClaims> {
    const p = await this.verify(token, 'reset');
    if (typeof p.sub !== 'string' || typeof p.jti !== 'string' || !isUuid(p.sub) || p.jti.length < 32) {
      throw new TokenError('invalid');
    }
    return { sub: p.sub, jti: p.jti };
  }
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: string): boolean => UUID_RE.test(s);
