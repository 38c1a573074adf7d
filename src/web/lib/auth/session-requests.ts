import type { UserData } from '../../../shared/contracts/auth';
import { authRequest } from '../auth-fetch';
import { isUserData } from '../storage';
import type { RefreshOutcome } from './session-monitor';
import { refreshAccessToken, refreshEndedSession } from './token-refresh';

/**
 * The network calls of a signed-in session: token renewal and the current user. The
 * AuthProvider loads this module (with the authenticated fetch and the API client) only once a
 * session exists, so a signed-out visit to a public page does not download them.
 */

/** Renews the access token for the session monitor. */
export async function renewSession(): Promise<RefreshOutcome> {
  try {
    await refreshAccessToken();
    return 'refreshed';
  } catch (err) {
    return refreshEndedSession(err) ? 'ended' : 'unavailable';
  }
}

/** Fresh user data from the server (GET /api/auth/me); failures leave the stored copy. */
export async function fetchCurrentUser(): Promise<UserData | null> {
  try {
    const res = await authRequest('/api/auth/me');
    const body: unknown = await res.json();
    const data = typeof body === 'object' && body !== null ? (body as { data?: unknown }).data : undefined;
    return isUserData(data) ? data : null;
  } catch {
    return null;
  }
}
