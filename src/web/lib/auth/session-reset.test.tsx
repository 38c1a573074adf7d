// @vitest-environment jsdom
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from 'sonner';
import { authRequest } from '../auth-fetch';
import { queryClient } from '../query-client';
import { saveSession } from '../storage';
import { AuthProvider } from './auth-provider';
import { useAuth, useSessionActions } from './auth-state';
import { makeTestToken } from '../../../../test/web/make-test-token';
import { SessionBoundary } from './session-boundary';
import { onSessionReset } from './session-scope';
import { resetBrowserEachTest } from '../../../../test/web/auth-harness';

/**
 * Everything a session cached in the page (the app's query cache, the pages' own state) is gone
 * after every way a session ends and whenever the signed-in user changes.
 */

const ana = { firstName: 'Ana', lastName: 'Silva', email: 'ana@example.com', companyName: 'Acme Brokers', fiscalNumber: 'PT1' };
const rui = { ...ana, firstName: 'Rui', email: 'rui@example.com', companyName: 'Rui Seguros' };
const REPORTS_KEY = ['reports', 'list', 1, 5];
const freshToken = () => makeTestToken({ expMs: Date.now() + 3_600_000 });

/** A page holding the signed-in user's data both in the query cache and in its own state. */
function Page() {
  const { status, user } = useAuth();
  const { signIn } = useSessionActions();
  const reports = useQuery({ queryKey: REPORTS_KEY, queryFn: () => Promise.resolve('fetched'), enabled: false });
  const [shown, setShown] = useState('nothing');
  return (
    <div>
      <p>status: {status}</p>
      <p>user: {user?.firstName ?? '-'}</p>
      <p>reports: {String(reports.data ?? 'none')}</p>
      <p>shown: {shown}</p>
      <button type="button" onClick={() => setShown(`report of ${user?.firstName ?? '?'}`)}>
        open report
      </button>
      <button
        type="button"
        onClick={() => signIn({ access_token: freshToken(), refresh_token: 'r2', user_id: 'u2', data: rui }, false)}
      >
        sign in rui
      </button>
    </div>
  );
}

function LogoutButton() {
  const { logout } = useAuth();
  return (
    <button type="button" onClick={() => void logout()}>
      logout
    </button>
  );
}

function renderApp() {
  return render(
    <AuthProvider>
      <SessionBoundary>
        <QueryClientProvider client={queryClient}>
          <Page />
        </QueryClientProvider>
      </SessionBoundary>
      <LogoutButton />
      <Toaster />
    </AuthProvider>,
  );
}

/** Ana signed in, her reports in the cache and one opened on screen. */
async function anaWithData() {
  saveSession({ accessToken: freshToken(), refreshToken: 'r1', user: ana, userId: 'u1' }, true);
  renderApp();
  expect(screen.getByText('user: Ana')).toBeTruthy();
  act(() => {
    queryClient.setQueryData(REPORTS_KEY, 'reports of Ana');
  });
  await act(async () => screen.getByRole('button', { name: 'open report' }).click());
  expect(screen.getByText('reports: reports of Ana')).toBeTruthy();
  expect(screen.getByText('shown: report of Ana')).toBeTruthy();
}

function expectNothingOfAna() {
  // The remounted page observes the key again, but Ana's data is gone from the cache.
  expect(queryClient.getQueryData(REPORTS_KEY)).toBeUndefined();
  expect(screen.queryByText(/of Ana/)).toBeNull();
  expect(screen.getByText('shown: nothing')).toBeTruthy();
  expect(screen.getByText('reports: none')).toBeTruthy();
}

let fetchMock: ReturnType<typeof vi.fn>;

resetBrowserEachTest();
beforeEach(() => {
  queryClient.clear();
  fetchMock = vi.fn(async (url: string) =>
    url === '/api/auth/me'
      ? new Response(JSON.stringify({ user_id: 'u1', data: ana }), { headers: { 'content-type': 'application/json' } })
      : new Response('{}', { headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
});

describe('session reset', () => {
  it('clears the cache and the pages on an explicit logout', async () => {
    await anaWithData();
    await act(async () => screen.getByRole('button', { name: 'logout' }).click());
    expect(screen.getByText('status: unauthenticated')).toBeTruthy();
    expectNothingOfAna();
    // The toast outlives the remount of the pages.
    expect(await screen.findByText('Logged out successfully')).toBeTruthy();
  });

  it('clears them when a request gets a 401 and the session cannot be renewed', async () => {
    await anaWithData();
    fetchMock.mockImplementation(async () => new Response('{"detail":"Unauthorized"}', { status: 401, headers: { 'content-type': 'application/json' } }));
    await act(async () => {
      await expect(authRequest('/api/reports')).rejects.toThrow('Session expired. Please log in again.');
    });
    expect(screen.getByText('status: unauthenticated')).toBeTruthy();
    expectNothingOfAna();
  });

  it('clears them when the token has expired (session monitor)', async () => {
    await anaWithData();
    await act(async () => {
      localStorage.setItem('access_token', makeTestToken({ expMs: Date.now() - 60_000 }));
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(screen.getByText('status: unauthenticated')).toBeTruthy());
    expectNothingOfAna();
  });

  it('clears them when another tab signs out', async () => {
    await anaWithData();
    await act(async () => {
      localStorage.removeItem('access_token');
      window.dispatchEvent(new StorageEvent('storage', { key: 'access_token', oldValue: 'x', newValue: null, storageArea: localStorage }));
    });
    expect(screen.getByText('status: unauthenticated')).toBeTruthy();
    expect(await screen.findByText('You have been logged out from another tab.')).toBeTruthy();
    expectNothingOfAna();
  });

  it('clears them when another tab signs in as someone else, without a logout here', async () => {
    await anaWithData();
    await act(async () => {
      saveSession({ accessToken: freshToken(), refreshToken: 'r2', user: rui, userId: 'u2' }, true);
      window.dispatchEvent(new StorageEvent('storage', { key: 'access_token', newValue: 'x', storageArea: localStorage }));
    });
    expect(screen.getByText('status: authenticated')).toBeTruthy();
    expect(screen.getByText('user: Rui')).toBeTruthy();
    expectNothingOfAna();
  });

  it('keeps them when another tab only renews the same user\u2019s token', async () => {
    await anaWithData();
    await act(async () => {
      localStorage.setItem('access_token', freshToken());
      window.dispatchEvent(new StorageEvent('storage', { key: 'access_token', newValue: 'x', storageArea: localStorage }));
    });
    expect(screen.getByText('reports: reports of Ana')).toBeTruthy();
    expect(screen.getByText('shown: report of Ana')).toBeTruthy();
  });

  it('clears them when a different user signs in over a session that was never ended', async () => {
    await anaWithData();
    await act(async () => screen.getByRole('button', { name: 'sign in rui' }).click());
    expect(screen.getByText('user: Rui')).toBeTruthy();
    expectNothingOfAna();
  });

  it('runs every registered reset, even after one that fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const later = vi.fn();
    const offFailing = onSessionReset(() => {
      throw new Error('broken cache');
    });
    const offLater = onSessionReset(later);
    try {
      await anaWithData();
      later.mockClear();
      await act(async () => screen.getByRole('button', { name: 'logout' }).click());
      expect(later).toHaveBeenCalledTimes(1);
      expectNothingOfAna();
      expect(warn).toHaveBeenCalled();
    } finally {
      offFailing();
      offLater();
      warn.mockRestore();
    }
  });
});
