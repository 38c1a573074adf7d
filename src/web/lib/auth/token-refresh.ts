import { clearSession, getAccessToken, getRefreshToken, updateTokens } from '../storage';
import { validateToken } from './token';

/**
 * Token renewal (POST /api/auth/refresh), serialised: while one refresh runs, every other
 * caller awaits the same promise. Across tabs sharing localStorage a Web Lock (where the browser
 * has one) queues the refreshes, and a tab that gets the lock after another tab already renewed
 * the token reuses it instead of presenting the rotated refresh token (which the server would
 * treat as reuse and revoke the whole session).
 *
 * A refusal by the server (4xx) or a missing refresh token clears the session. A network failure
 * or a 5xx leaves it alone: the token is still usable for a while and the monitor tries again.
 */

export type RefreshFailureKind = 'missing' | 'rejected' | 'unavailable';

export class RefreshError extends Error {
  readonly kind: RefreshFailureKind;
  constructor(kind: RefreshFailureKind, message: string, cause?: unknown) {
    super(message, { cause });
    this.name = 'RefreshError';
    this.kind = kind;
  }
}

/** True when the failure ended the session (nothing left to retry with). */
export function refreshEndedSession(err: unknown): boolean {
  return err instanceof RefreshError && err.kind !== 'unavailable';
}

const LOCK_NAME = 'corisk-token-refresh';
let inFlight: Promise<string> | null = null;

function readNewTokens(body: unknown): { access: string; refresh: string | null } | null {
  if (typeof body !== 'object' || body === null) return null;
  const b = body as Record<string, unknown>;
  if (typeof b.access_token !== 'string' || !b.access_token) return null;
  return { access: b.access_token, refresh: typeof b.refresh_token === 'string' && b.refresh_token ? b.refresh_token : null };
}

async function callRefresh(tokenBefore: string | null): Promise<string> {
  const current = getAccessToken();
  if (current && current !== tokenBefore) {
    const v = validateToken(current, Date.now());
    // Another tab (or an earlier call) already renewed it.
    if (v.status === 'valid' && v.remainingMs > 0) return current;
  }
  const refreshToken = getRefreshToken();
  if (!refreshToken) {
    clearSession();
    throw new RefreshError('missing', 'No refresh token available');
  }
  let res: Response;
  try {
    res = await fetch('/api/auth/refresh', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ refresh_token: refreshToken }),
    });
  } catch (err) {
    throw new RefreshError('unavailable', 'Token refresh failed', err);
  }
  if (res.status >= 500) throw new RefreshError('unavailable', 'Token refresh failed');
  const tokens = res.ok ? readNewTokens(await res.json().catch(() => null)) : null;
  if (!tokens) {
    clearSession();
    throw new RefreshError('rejected', 'Token refresh failed');
  }
  updateTokens(tokens.access, tokens.refresh);
  return tokens.access;
}

async function withCrossTabLock(run: () => Promise<string>): Promise<string> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks || typeof locks.request !== 'function') return run();
  return await locks.request(LOCK_NAME, { mode: 'exclusive' }, run);
}

/** Renews the access token; resolves with the new token. Concurrent calls share one request. */
export function refreshAccessToken(): Promise<string> {
  if (inFlight) return inFlight;
  const tokenBefore = getAccessToken();
  inFlight = withCrossTabLock(() => callRefresh(tokenBefore)).finally(() => {
    inFlight = null;
  });
  return inFlight;
}
