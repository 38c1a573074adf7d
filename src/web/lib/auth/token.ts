/**
 * Access-token checks, done in the browser without the signing key:
 * the token must be three base64url parts whose header carries `alg` and `typ` and whose payload
 * carries a numeric `exp` (seconds). Pure functions of the token and the current time.
 */

/** A token counts as expired only 5 minutes after its `exp` (clock skew, slow networks). */
export const EXPIRY_GRACE_MS = 300_000;
/** 'Valid but near expiration' at 10 minutes or less remaining; also when the warning is due. */
export const NEAR_EXPIRATION_MS = 600_000;
/** The monitor tries to refresh at 15 minutes or less remaining. */
export const REFRESH_THRESHOLD_MS = 900_000;
/** The monitor runs every 30 seconds. */
export const MONITOR_INTERVAL_MS = 30_000;
/** Logged out after 30 minutes without mouse, key, scroll, touch or click. */
export const INACTIVITY_LIMIT_MS = 1_800_000;

export type TokenValidation =
  | { status: 'no_token' }
  | { status: 'invalid_token' }
  | { status: 'token_expired'; expiresAt: number }
  | {
      status: 'valid';
      /** `exp` in epoch milliseconds. */
      expiresAt: number;
      /** Milliseconds until `exp`; negative inside the grace period. */
      remainingMs: number;
      /** 10 minutes or less remaining. */
      nearExpiration: boolean;
    };

function decodeSegment(segment: string): unknown {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(segment)) throw new Error('not base64url');
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The token's `exp` in epoch milliseconds, or null when the token is not well formed. */
export function readTokenExpiry(token: string): number | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [rawHeader, rawPayload] = parts as [string, string, string];
  try {
    const header = decodeSegment(rawHeader);
    const payload = decodeSegment(rawPayload);
    if (!isRecord(header) || !isRecord(payload)) return null;
    if (typeof header.alg !== 'string' || !header.alg || typeof header.typ !== 'string' || !header.typ) return null;
    if (typeof payload.exp !== 'number' || !Number.isFinite(payload.exp)) return null;
    return payload.exp * 1000;
  } catch {
    return null;
  }
}

/** Classifies a stored access token at time `now` (epoch ms). */
export function validateToken(token: string | null | undefined, now: number): TokenValidation {
  if (!token) return { status: 'no_token' };
  const expiresAt = readTokenExpiry(token);
  if (expiresAt === null) return { status: 'invalid_token' };
  if (now > expiresAt + EXPIRY_GRACE_MS) return { status: 'token_expired', expiresAt };
  const remainingMs = expiresAt - now;
  return { status: 'valid', expiresAt, remainingMs, nearExpiration: remainingMs <= NEAR_EXPIRATION_MS };
}

/**
 * True when a request should renew the token first: the server refuses a token past its `exp`,
 * so the grace period only matters to the monitor, not to API calls.
 */
export function needsRenewalBeforeRequest(token: string, now: number): boolean {
  const v = validateToken(token, now);
  return v.status === 'token_expired' || (v.status === 'valid' && v.remainingMs <= 0);
}
