// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { authJson, authRequest, isSessionEnded } from './auth-fetch';
import type { LogoutReason } from './auth/auth-state';
import { makeTestToken } from '../../../test/web/make-test-token';
import { onSessionEndRequest } from './auth/session-events';
import { getAccessToken, saveSession } from './storage';

const user = { firstName: 'Ana', lastName: 'Silva', email: 'ana@example.com', companyName: 'Acme', fiscalNumber: 'PT1' };
const validToken = makeTestToken({ expMs: Date.now() + 3_600_000, payload: { n: 1, exp: Math.floor(Date.now() / 1000) + 3600 } });
const renewedToken = makeTestToken({ expMs: Date.now() + 3_600_000, payload: { n: 2, exp: Math.floor(Date.now() / 1000) + 3600 } });
const expiredToken = makeTestToken({ expMs: Date.now() - 1000 });

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

/** A fetch stand-in: `/api/auth/refresh` answers `refreshAnswer`, other paths go to `api`. */
function installFetch(api: Handler, refreshAnswer: () => Response = () => json(200, { access_token: renewedToken, refresh_token: 'r2' })) {
  const calls: { url: string; auth: string | null }[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const auth = new Headers(init.headers).get('authorization');
    calls.push({ url, auth });
    return url === '/api/auth/refresh' ? refreshAnswer() : api(url, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

describe('authenticated fetch', () => {
  let ended: LogoutReason[];
  let unsubscribe: () => void;

  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    saveSession({ accessToken: validToken, refreshToken: 'r1', user, userId: 'u1' }, false);
    ended = [];
    unsubscribe = onSessionEndRequest((reason) => ended.push(reason));
  });
  afterEach(() => {
    unsubscribe();
    vi.unstubAllGlobals();
  });

  it('sends the bearer header and parses the response with the schema', async () => {
    const calls = installFetch(() => json(200, { ok: true }));
    const schema = { parse: (d: unknown) => d as { ok: boolean } };
    await expect(authJson('/api/thing', schema)).resolves.toEqual({ ok: true });
    expect(calls).toEqual([{ url: '/api/thing', auth: `Bearer ${validToken}` }]);
  });

  it('renews an expired token before the request', async () => {
    sessionStorage.setItem('access_token', expiredToken);
    const calls = installFetch(() => json(200, {}));
    await authRequest('/api/thing');
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/refresh', '/api/thing']);
    expect(calls[1]?.auth).toBe(`Bearer ${renewedToken}`);
    expect(getAccessToken()).toBe(renewedToken);
  });

  it('retries once with fresh headers after a 401', async () => {
    const calls = installFetch((_url, init) =>
      new Headers(init.headers).get('authorization') === `Bearer ${renewedToken}` ? json(200, {}) : json(401, { detail: 'Invalid token' }),
    );
    const res = await authRequest('/api/thing', { method: 'POST', json: { a: 1 } });
    expect(res.status).toBe(200);
    expect(calls.map((c) => [c.url, c.auth])).toEqual([
      ['/api/thing', `Bearer ${validToken}`],
      ['/api/auth/refresh', null],
      ['/api/thing', `Bearer ${renewedToken}`],
    ]);
    expect(ended).toEqual([]);
  });

  it("logs out with 'Session expired. Please log in again.' when the retry is refused too", async () => {
    const calls = installFetch(() => json(401, { detail: 'Invalid token' }));
    const err = await authRequest('/api/thing').catch((e: unknown) => e);
    expect(isSessionEnded(err)).toBe(true);
    expect((err as Error).message).toBe('Session expired. Please log in again.');
    expect(ended).toEqual(['session_expired']);
    expect(calls.filter((c) => c.url === '/api/thing')).toHaveLength(2);
  });

  it('logs out when the token cannot be renewed after a 401', async () => {
    installFetch(() => json(401, { detail: 'Invalid token' }), () => json(401, { detail: 'Refresh token revoked' }));
    const err = await authRequest('/api/thing').catch((e: unknown) => e);
    expect((err as Error).message).toBe('Session expired. Please log in again.');
    expect(ended).toEqual(['session_expired']);
    expect(getAccessToken()).toBeNull();
  });

  it("fails with 'Authentication required' and logs out without a token", async () => {
    sessionStorage.clear();
    const calls = installFetch(() => json(200, {}));
    const err = await authRequest('/api/thing').catch((e: unknown) => e);
    expect((err as Error).message).toBe('Authentication required');
    expect(isSessionEnded(err)).toBe(true);
    expect(ended).toEqual(['session_expired']);
    expect(calls).toEqual([]);
  });

  it("fails with 'Authentication required' when an expired token cannot be renewed", async () => {
    sessionStorage.setItem('access_token', expiredToken);
    const calls = installFetch(() => json(200, {}), () => json(401, { detail: 'nope' }));
    const err = await authRequest('/api/thing').catch((e: unknown) => e);
    expect((err as Error).message).toBe('Authentication required');
    expect(ended).toEqual(['session_expired']);
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/refresh']);
  });

  it('parallel 401s share one refresh', async () => {
    const calls = installFetch((_url, init) =>
      new Headers(init.headers).get('authorization') === `Bearer ${renewedToken}` ? json(200, {}) : json(401, {}),
    );
    await Promise.all([authRequest('/api/a'), authRequest('/api/b'), authRequest('/api/c')]);
    expect(calls.filter((c) => c.url === '/api/auth/refresh')).toHaveLength(1);
  });

  it('passes other errors through as ApiError without ending the session', async () => {
    installFetch(() => json(403, { detail: 'Forbidden', code: 'forbidden' }));
    const err = await authRequest('/api/thing').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 403, detail: 'Forbidden', code: 'forbidden', isJson: true });
    expect(ended).toEqual([]);
  });
});
