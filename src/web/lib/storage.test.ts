// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearSession,
  getAccessToken,
  getRefreshToken,
  getStorageType,
  getUserData,
  getUserId,
  saveSession,
  updateTokens,
  updateUserData,
} from './storage';

const user = { firstName: 'Ana', lastName: 'Silva', email: 'ana@example.com', companyName: 'Acme', fiscalNumber: 'PT1' };
const session = { accessToken: 'a.b.c', refreshToken: 'r1', user, userId: 'u1' };

describe('session storage', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it("keeps the session in localStorage with 'Keep me logged in'", () => {
    saveSession(session, true);
    expect(localStorage.getItem('access_token')).toBe('a.b.c');
    expect(localStorage.getItem('refresh_token')).toBe('r1');
    expect(JSON.parse(localStorage.getItem('user_data') ?? 'null')).toEqual(user);
    expect(localStorage.getItem('user_id')).toBe('u1');
    expect(localStorage.getItem('auth_storage_type')).toBe('local');
    expect(sessionStorage.length).toBe(0);
    expect(getStorageType()).toBe('local');
  });

  it('keeps the session in sessionStorage otherwise', () => {
    saveSession(session, false);
    expect(sessionStorage.getItem('access_token')).toBe('a.b.c');
    expect(sessionStorage.getItem('auth_storage_type')).toBe('session');
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(getAccessToken()).toBe('a.b.c');
    expect(getRefreshToken()).toBe('r1');
    expect(getUserData()).toEqual(user);
    expect(getUserId()).toBe('u1');
  });

  it('reads the access token from localStorage first, else sessionStorage', () => {
    sessionStorage.setItem('access_token', 'from-session');
    expect(getAccessToken()).toBe('from-session');
    localStorage.setItem('access_token', 'from-local');
    expect(getAccessToken()).toBe('from-local');
  });

  it('a new sign-in replaces a session kept in the other storage', () => {
    saveSession(session, true);
    saveSession({ ...session, accessToken: 'x.y.z' }, false);
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('user_data')).toBeNull();
    expect(getAccessToken()).toBe('x.y.z');
  });

  it('writes refreshed tokens where the session lives', () => {
    saveSession(session, false);
    updateTokens('new.access.token', 'r2');
    expect(sessionStorage.getItem('access_token')).toBe('new.access.token');
    expect(sessionStorage.getItem('refresh_token')).toBe('r2');
    updateTokens('newer.access.token');
    expect(sessionStorage.getItem('refresh_token')).toBe('r2');
    expect(localStorage.length).toBe(0);
  });

  it('updates the stored user data', () => {
    saveSession(session, true);
    updateUserData({ ...user, email: 'new@example.com' });
    expect(getUserData()?.email).toBe('new@example.com');
  });

  it('ignores corrupt user data', () => {
    saveSession(session, true);
    localStorage.setItem('user_data', '{not json');
    expect(getUserData()).toBeNull();
    localStorage.setItem('user_data', JSON.stringify({ firstName: 1 }));
    expect(getUserData()).toBeNull();
  });

  it('logout clears every session key in both storages but keeps plan_status', () => {
    saveSession(session, true);
    sessionStorage.setItem('access_token', 'stale');
    localStorage.setItem('plan_status', '{"plan":"basic_year"}');
    clearSession();
    for (const key of ['access_token', 'refresh_token', 'user_data', 'user_id', 'auth_storage_type']) {
      expect(localStorage.getItem(key)).toBeNull();
      expect(sessionStorage.getItem(key)).toBeNull();
    }
    expect(localStorage.getItem('plan_status')).toBe('{"plan":"basic_year"}');
  });
});
