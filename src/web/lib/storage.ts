import type { UserData } from '../../shared/contracts/auth';

/**
 * The browser's session data: tokens, user data, user id, storage type and plan status.
 *
 * 'Keep me logged in' puts the session in localStorage, otherwise in sessionStorage; the
 * access token is read from localStorage first, else sessionStorage, and the other keys come
 * from the same place. Logout removes every key except `plan_status`.
 *
 * No zod here on purpose: this module is in the first-paint bundle (the auth provider reads it
 * on every page), so user data is checked by hand.
 */

export const STORAGE_KEYS = {
  accessToken: 'access_token',
  refreshToken: 'refresh_token',
  userData: 'user_data',
  userId: 'user_id',
  storageType: 'auth_storage_type',
  planStatus: 'plan_status',
} as const;

export type AuthStorageType = 'local' | 'session';

/** A storage event from another tab that took the access token away (`key === null` is a clear()). */
export function accessTokenRemovedBy(event: StorageEvent): boolean {
  return event.key === null || (event.key === STORAGE_KEYS.accessToken && event.newValue === null);
}

/** Every key a logout removes (plan_status is kept). */
const SESSION_KEYS = [
  STORAGE_KEYS.accessToken,
  STORAGE_KEYS.refreshToken,
  STORAGE_KEYS.userData,
  STORAGE_KEYS.userId,
  STORAGE_KEYS.storageType,
] as const;

export interface StoredSession {
  accessToken: string;
  refreshToken: string;
  user: UserData;
  userId: string;
}

/** The Storage object of a kind, or null where the browser blocks it (privacy modes, sandboxes). */
function area(type: AuthStorageType): Storage | null {
  try {
    if (typeof window === 'undefined') return null;
    return type === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

function read(type: AuthStorageType, key: string): string | null {
  try {
    return area(type)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(type: AuthStorageType, key: string, value: string): void {
  try {
    area(type)?.setItem(key, value);
  } catch {
    // Quota or privacy mode: the session then lasts as long as this page's memory state.
  }
}

function remove(type: AuthStorageType, key: string): void {
  try {
    area(type)?.removeItem(key);
  } catch {
    // Nothing removable.
  }
}

/** Where the current session lives: the storage that holds the access token (local first). */
export function getStorageType(): AuthStorageType | null {
  if (read('local', STORAGE_KEYS.accessToken)) return 'local';
  if (read('session', STORAGE_KEYS.accessToken)) return 'session';
  return null;
}

/** The access token: localStorage first, else sessionStorage. */
export function getAccessToken(): string | null {
  return read('local', STORAGE_KEYS.accessToken) || read('session', STORAGE_KEYS.accessToken) || null;
}

/** The refresh token stored next to the access token that is in use. */
export function getRefreshToken(): string | null {
  const type = getStorageType();
  if (type) return read(type, STORAGE_KEYS.refreshToken) || null;
  return read('local', STORAGE_KEYS.refreshToken) || read('session', STORAGE_KEYS.refreshToken) || null;
}

export function getUserId(): string | null {
  const type = getStorageType();
  return type ? read(type, STORAGE_KEYS.userId) || null : null;
}

/** Structural check of the user data object (firstName, lastName, email, companyName, fiscalNumber, plus isAdmin). */
export function isUserData(value: unknown): value is UserData {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  const text = ['firstName', 'lastName', 'email', 'companyName', 'fiscalNumber'] as const;
  return text.every((k) => typeof v[k] === 'string') && (v.isAdmin === undefined || typeof v.isAdmin === 'boolean');
}

export function getUserData(): UserData | null {
  const type = getStorageType();
  if (!type) return null;
  const raw = read(type, STORAGE_KEYS.userData);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isUserData(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** Stores a new session; `remember` ('Keep me logged in') selects localStorage. */
export function saveSession(session: StoredSession, remember: boolean): void {
  const type: AuthStorageType = remember ? 'local' : 'session';
  const other: AuthStorageType = remember ? 'session' : 'local';
  for (const key of SESSION_KEYS) remove(other, key);
  write(type, STORAGE_KEYS.refreshToken, session.refreshToken);
  write(type, STORAGE_KEYS.userData, JSON.stringify(session.user));
  write(type, STORAGE_KEYS.userId, session.userId);
  write(type, STORAGE_KEYS.storageType, type);
  // Last, so a tab watching `access_token` sees a complete session.
  write(type, STORAGE_KEYS.accessToken, session.accessToken);
}

/** Replaces the tokens after a refresh, in the storage the session lives in. */
export function updateTokens(accessToken: string, refreshToken?: string | null): void {
  const type = getStorageType() ?? (read('local', STORAGE_KEYS.storageType) === 'local' ? 'local' : 'session');
  if (refreshToken) write(type, STORAGE_KEYS.refreshToken, refreshToken);
  write(type, STORAGE_KEYS.accessToken, accessToken);
}

/** Replaces the stored user data (e.g. after an e-mail change). */
export function updateUserData(user: UserData): void {
  const type = getStorageType();
  if (type) write(type, STORAGE_KEYS.userData, JSON.stringify(user));
}

/** Ends the stored session in both storages; `plan_status` is kept on logout. */
export function clearSession(): void {
  for (const type of ['local', 'session'] as const) {
    for (const key of SESSION_KEYS) remove(type, key);
  }
}
