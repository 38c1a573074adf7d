// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAccessToken, getRefreshToken, saveSession } from '../storage';
import { makeTestToken } from '../../../../test/web/make-test-token';
import { RefreshError, refreshAccessToken, refreshEndedSession } from './token-refresh';

const user = { firstName: 'Ana', lastName: 'Silva', email: 'ana@example.com', companyName: 'Acme', fiscalNumber: 'PT1' };
const oldToken = makeTestToken({ expMs: Date.now() + 60_000 });
const newToken = makeTestToken({ expMs: Date.now() + 3_600_000 });

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('refreshAccessToken', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    saveSession({ accessToken: oldToken, refreshToken: 'r1', user, userId: 'u1' }, true);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('stores the rotated tokens', async () => {
    const fetchMock = vi.fn(async () => json(200, { access_token: newToken, refresh_token: 'r2', token_type: 'bearer', expires_in: 3600 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(refreshAccessToken()).resolves.toBe(newToken);
    expect(getAccessToken()).toBe(newToken);
    expect(getRefreshToken()).toBe('r2');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/refresh');
    expect(JSON.parse(String(init.body))).toEqual({ refresh_token: 'r1' });
  });

  it('keeps the refresh token when the answer carries none', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(200, { access_token: newToken })));
    await refreshAccessToken();
    expect(getRefreshToken()).toBe('r1');
  });

  it('runs one refresh at a time: concurrent callers share it', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const fetchMock = vi.fn(async () => {
      await gate;
      return json(200, { access_token: newToken, refresh_token: 'r2' });
    });
    vi.stubGlobal('fetch', fetchMock);
    const calls = [refreshAccessToken(), refreshAccessToken(), refreshAccessToken()];
    release();
    await expect(Promise.all(calls)).resolves.toEqual([newToken, newToken, newToken]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // A later call starts a new refresh.
    await refreshAccessToken();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("clears the session with 'No refresh token available' when there is none", async () => {
    localStorage.removeItem('refresh_token');
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const err = await refreshAccessToken().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RefreshError);
    expect((err as Error).message).toBe('No refresh token available');
    expect(refreshEndedSession(err)).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(getAccessToken()).toBeNull();
  });

  it("clears the session with 'Token refresh failed' when the server refuses", async () => {
    localStorage.setItem('plan_status', '{}');
    vi.stubGlobal('fetch', vi.fn(async () => json(401, { detail: 'Refresh token is no longer valid' })));
    const err = await refreshAccessToken().catch((e: unknown) => e);
    expect((err as Error).message).toBe('Token refresh failed');
    expect(refreshEndedSession(err)).toBe(true);
    expect(getAccessToken()).toBeNull();
    expect(localStorage.getItem('plan_status')).toBe('{}');
  });

  it('keeps the session when the server cannot be reached', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const err = await refreshAccessToken().catch((e: unknown) => e);
    expect((err as Error).message).toBe('Token refresh failed');
    expect(refreshEndedSession(err)).toBe(false);
    expect(getAccessToken()).toBe(oldToken);
  });

  it('keeps the session on a server error', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(503, { detail: 'down' })));
    const err = await refreshAccessToken().catch((e: unknown) => e);
    expect(refreshEndedSession(err)).toBe(false);
    expect(getAccessToken()).toBe(oldToken);
  });
});
