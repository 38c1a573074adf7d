// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from 'sonner';
import { saveSession } from '../storage';
import { AuthProvider } from './auth-provider';
import { useAuth, useSessionActions } from './auth-state';
import { makeTestToken } from '../../../../test/web/make-test-token';
import { requestSessionEnd } from './session-events';
import { resetBrowserEachTest } from '../../../../test/web/auth-harness';

const user = { firstName: 'Ana', lastName: 'Silva', email: 'ana@example.com', companyName: 'Acme', fiscalNumber: 'PT1' };
const freshToken = () => makeTestToken({ expMs: Date.now() + 3_600_000 });

function Probe() {
  const { status, user: u, ended, logout } = useAuth();
  const { signIn } = useSessionActions();
  return (
    <div>
      <p>status: {status}</p>
      <p>name: {u?.firstName ?? '-'}</p>
      <p>ended: {ended ?? '-'}</p>
      <button type="button" onClick={() => void logout()}>
        logout
      </button>
      <button
        type="button"
        onClick={() => signIn({ access_token: freshToken(), refresh_token: 'r9', user_id: 'u9', data: { ...user, firstName: 'Rui' } }, true)}
      >
        sign in
      </button>
    </div>
  );
}

function renderApp() {
  return render(
    <AuthProvider>
      <Probe />
      <Toaster />
    </AuthProvider>,
  );
}

let fetchMock: ReturnType<typeof vi.fn>;

resetBrowserEachTest();
beforeEach(() => {
  fetchMock = vi.fn(async (url: string) =>
    url === '/api/auth/me'
      ? new Response(JSON.stringify({ user_id: 'u1', data: { ...user, firstName: 'Ana Maria' } }), { headers: { 'content-type': 'application/json' } })
      : new Response('{}', { headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
});

describe('AuthProvider', () => {
  it('starts signed out and clears an invalid stored session', async () => {
    sessionStorage.setItem('access_token', 'garbage');
    sessionStorage.setItem('user_data', JSON.stringify(user));
    renderApp();
    expect(await screen.findByText('status: unauthenticated')).toBeTruthy();
    expect(sessionStorage.getItem('access_token')).toBeNull();
    expect(sessionStorage.getItem('user_data')).toBeNull();
  });

  it('restores a valid stored session and refreshes the user data from the server', async () => {
    saveSession({ accessToken: freshToken(), refreshToken: 'r1', user, userId: 'u1' }, true);
    renderApp();
    expect(screen.getByText('status: authenticated')).toBeTruthy();
    expect(await screen.findByText('name: Ana Maria')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('user_data') ?? '{}').firstName).toBe('Ana Maria');
  });

  it("renews an expired access token with the kept refresh token on reload ('Keep me logged in')", async () => {
    const renewed = freshToken();
    fetchMock.mockImplementation(async (url: string) =>
      url === '/api/auth/refresh'
        ? new Response(JSON.stringify({ access_token: renewed, refresh_token: 'r2' }), { headers: { 'content-type': 'application/json' } })
        : new Response(JSON.stringify({ user_id: 'u1', data: user }), { headers: { 'content-type': 'application/json' } }),
    );
    saveSession({ accessToken: makeTestToken({ expMs: Date.now() - 3_600_000 }), refreshToken: 'r1', user, userId: 'u1' }, true);
    renderApp();
    expect(screen.getByText('status: loading')).toBeTruthy();
    expect(await screen.findByText('status: authenticated')).toBeTruthy();
    expect(localStorage.getItem('access_token')).toBe(renewed);
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/auth/refresh')).toHaveLength(1);
  });

  it('signs out on reload when the kept refresh token is refused', async () => {
    fetchMock.mockImplementation(async () => new Response('{"detail":"Invalid refresh token"}', { status: 401, headers: { 'content-type': 'application/json' } }));
    saveSession({ accessToken: makeTestToken({ expMs: Date.now() - 3_600_000 }), refreshToken: 'r1', user, userId: 'u1' }, true);
    renderApp();
    expect(await screen.findByText('status: unauthenticated')).toBeTruthy();
    expect(localStorage.getItem('access_token')).toBeNull();
    // A session that ran out, not a logout: the guard keeps the page to return to.
    expect(screen.getByText('ended: token_expired')).toBeTruthy();
  });

  it('says why the session ended: none at first, the own logout, then none again after a sign-in', async () => {
    saveSession({ accessToken: makeTestToken({ expMs: Date.now() - 3_600_000 }), refreshToken: '', user, userId: 'u1' }, false);
    renderApp();
    expect(screen.getByText('ended: token_expired')).toBeTruthy();
    await act(async () => screen.getByRole('button', { name: 'sign in' }).click());
    expect(screen.getByText('ended: -')).toBeTruthy();
    await act(async () => screen.getByRole('button', { name: 'logout' }).click());
    expect(screen.getByText('ended: user')).toBeTruthy();
  });

  it('signs in into localStorage when asked to keep the user logged in', async () => {
    renderApp();
    await act(async () => screen.getByRole('button', { name: 'sign in' }).click());
    expect(screen.getByText('status: authenticated')).toBeTruthy();
    expect(screen.getByText('name: Rui')).toBeTruthy();
    expect(localStorage.getItem('auth_storage_type')).toBe('local');
  });

  it("logs out: server told, storage cleared except plan_status, 'Logged out successfully'", async () => {
    saveSession({ accessToken: freshToken(), refreshToken: 'r1', user, userId: 'u1' }, false);
    localStorage.setItem('plan_status', '{"plan":"basic_year"}');
    renderApp();
    await act(async () => screen.getByRole('button', { name: 'logout' }).click());
    expect(screen.getByText('status: unauthenticated')).toBeTruthy();
    expect(await screen.findByText('Logged out successfully')).toBeTruthy();
    expect(sessionStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('plan_status')).toBe('{"plan":"basic_year"}');
    const logoutCall = fetchMock.mock.calls.find(([url]) => url === '/api/auth/logout') as [string, RequestInit] | undefined;
    expect(logoutCall).toBeDefined();
    expect(JSON.parse(String(logoutCall?.[1].body))).toEqual({ refresh_token: 'r1' });
  });

  it('logs out when another tab removes the access token', async () => {
    saveSession({ accessToken: freshToken(), refreshToken: 'r1', user, userId: 'u1' }, true);
    renderApp();
    await act(async () => {
      localStorage.removeItem('access_token');
      window.dispatchEvent(new StorageEvent('storage', { key: 'access_token', oldValue: 'x', newValue: null, storageArea: localStorage }));
    });
    expect(screen.getByText('status: unauthenticated')).toBeTruthy();
    expect(await screen.findByText('You have been logged out from another tab.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/auth/logout')).toBe(false);
  });

  it('follows a sign-in in another tab', async () => {
    renderApp();
    await act(async () => {
      saveSession({ accessToken: freshToken(), refreshToken: 'r1', user, userId: 'u1' }, true);
      window.dispatchEvent(new StorageEvent('storage', { key: 'access_token', newValue: 'x', storageArea: localStorage }));
    });
    expect(screen.getByText('status: authenticated')).toBeTruthy();
  });

  it('ends the session when the authenticated fetch asks for it', async () => {
    saveSession({ accessToken: freshToken(), refreshToken: 'r1', user, userId: 'u1' }, true);
    renderApp();
    await act(async () => requestSessionEnd('session_expired'));
    expect(screen.getByText('status: unauthenticated')).toBeTruthy();
    expect(screen.getByText('ended: session_expired')).toBeTruthy();
    expect(await screen.findByText('Session expired. Please log in again.')).toBeTruthy();
  });
});
