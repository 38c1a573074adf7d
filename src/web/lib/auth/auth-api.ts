import {
  accountSettingsSchema,
  messageResponseSchema,
  signinResponseSchema,
  signupResponseSchema,
  updateEmailResponseSchema,
  type SigninResponse,
  type SignupBody,
  type UpdateEmailResponse,
  type AccountSettings,
  type UserData,
} from '../../../shared/contracts/auth';
import type { Locale } from '../../../shared/i18n/locales';
import { apiJson } from '../api-client';
import { authJson, authRequest } from '../auth-fetch';
import { currentLocale, followAccountLocale } from '../i18n';
import { isUserData } from '../storage';
import type { RefreshOutcome } from './session-monitor';
import { validateToken } from './token';
import { refreshAccessToken, refreshEndedSession } from './token-refresh';

/**
 * Every /api/auth call of the web app (the token renewal's own request is in token-refresh.ts,
 * which the authenticated fetch needs). The AuthProvider loads this module (with the
 * authenticated fetch and the API client) only once a session exists or ends, so a signed-out
 * visit to a public page does not download it.
 */

/** POST /api/auth/signin: the session's tokens and user. */
export function signIn(email: string, password: string): Promise<SigninResponse> {
  return apiJson('/api/auth/signin', signinResponseSchema, { method: 'POST', json: { email, password } });
}

/**
 * POST /api/auth/signup: the account waits for its e-mail confirmation. The account takes the
 * language the visitor was reading, so the confirmation mail comes in it.
 */
export function signUp(body: SignupBody): Promise<{ detail: string }> {
  return apiJson('/api/auth/signup', signupResponseSchema, { method: 'POST', json: { ...body, locale: body.locale ?? currentLocale() } });
}

/** POST /api/auth/password-recovery: mails a reset link. */
export function requestPasswordRecovery(email: string): Promise<{ detail: string }> {
  return apiJson('/api/auth/password-recovery', messageResponseSchema, { method: 'POST', json: { email } });
}

/** POST /api/auth/password-reset, with the token of the reset link. */
export function resetPassword(token: string, password: string): Promise<{ detail: string }> {
  return apiJson('/api/auth/password-reset', messageResponseSchema, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    json: { password, access_token: token },
  });
}

/** Call 6: POST /api/auth/update-email; the answer carries the updated user data. */
export function updateEmail(email: string): Promise<UpdateEmailResponse> {
  return authJson('/api/auth/update-email', updateEmailResponseSchema, { method: 'POST', json: { email } });
}

/** Call 7: POST /api/auth/update-password (the current password is checked by the server). */
export function updatePassword(currentPassword: string, newPassword: string): Promise<{ detail: string }> {
  return authJson('/api/auth/update-password', messageResponseSchema, {
    method: 'POST',
    json: { current_password: currentPassword, new_password: newPassword },
  });
}

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
    const { data, locale } = typeof body === 'object' && body !== null ? (body as { data?: unknown; locale?: unknown }) : {};
    followAccountLocale(locale);
    return isUserData(data) ? data : null;
  } catch {
    return null;
  }
}

/** Saves the account's language (PUT /api/auth/me/settings): e-mails, PDFs and the screens follow it. */
export function saveAccountLocale(locale: Locale): Promise<AccountSettings> {
  return authJson('/api/auth/me/settings', accountSettingsSchema, { method: 'PUT', json: { locale } });
}

/** POST /api/auth/logout, best effort: the server revokes the refresh token; the browser session is gone either way. */
export function notifyServerLogout(refreshToken: string, accessToken: string | null): void {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (accessToken && validateToken(accessToken, Date.now()).status === 'valid') {
    headers.authorization = `Bearer ${accessToken}`;
  }
  void fetch('/api/auth/logout', {
    method: 'POST',
    headers,
    body: JSON.stringify({ refresh_token: refreshToken }),
    keepalive: true,
  }).catch(() => undefined);
}
