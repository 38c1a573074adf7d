import { ApiError, apiRequest, parseJson, type ApiRequestInit, type ResponseSchema } from './api-client';
import type { LogoutReason } from './auth/auth-state';
import { requestSessionEnd } from './auth/session-events';
import { t } from './i18n';
import { needsRenewalBeforeRequest } from './auth/token';
import { refreshAccessToken, refreshEndedSession } from './auth/token-refresh';
import { getAccessToken } from './storage';

/**
 * Authenticated calls: a bearer header, the token renewed first when it
 * has expired, and on a 401 one retry with fresh headers after a renewal. When that fails the
 * session ends with 'Session expired. Please log in again.'; with no token, or one that cannot
 * be renewed, the call fails with 'Authentication required' and the session ends too.
 *
 * Both errors are `SessionEndedError`s: the AuthProvider already showed the toast, so screens
 * should not show another one (see `isSessionEnded`).
 */

export class SessionEndedError extends Error {
  readonly reason: LogoutReason;
  constructor(message: string, reason: LogoutReason) {
    super(message);
    this.name = 'SessionEndedError';
    this.reason = reason;
  }
}

export function isSessionEnded(err: unknown): err is SessionEndedError {
  return err instanceof SessionEndedError;
}

function endSession(message: string): never {
  requestSessionEnd('session_expired');
  throw new SessionEndedError(message, 'session_expired');
}

const authenticationRequired = (): never => endSession(t('common.session.authRequired'));
const sessionExpired = (): never => endSession(t('common.session.expired'));

/** A usable access token: the stored one, renewed first when it has expired. */
async function currentToken(): Promise<string> {
  const token = getAccessToken();
  if (!token) return authenticationRequired();
  if (!needsRenewalBeforeRequest(token, Date.now())) return token;
  try {
    return await refreshAccessToken();
  } catch (err) {
    if (refreshEndedSession(err)) return authenticationRequired();
    throw err;
  }
}

function withBearer(init: ApiRequestInit, token: string): ApiRequestInit {
  const headers = new Headers(init.headers);
  headers.set('authorization', `Bearer ${token}`);
  return { ...init, headers };
}

/** An authenticated request; resolves with the 2xx Response, throws ApiError/NetworkError/SessionEndedError. */
export async function authRequest(path: string, init: ApiRequestInit = {}): Promise<Response> {
  const token = await currentToken();
  try {
    return await apiRequest(path, withBearer(init, token));
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 401) throw err;
  }
  // 401: renew (unless a parallel call already did) and retry once with fresh headers.
  let fresh: string;
  const stored = getAccessToken();
  if (stored && stored !== token) {
    fresh = stored;
  } else {
    try {
      fresh = await refreshAccessToken();
    } catch (err) {
      if (refreshEndedSession(err)) return sessionExpired();
      throw err;
    }
  }
  try {
    return await apiRequest(path, withBearer(init, fresh));
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return sessionExpired();
    throw err;
  }
}

/** An authenticated JSON call parsed with the contract's schema. */
export async function authJson<T>(path: string, schema: ResponseSchema<T>, init: ApiRequestInit = {}): Promise<T> {
  return parseJson(await authRequest(path, init), schema);
}
