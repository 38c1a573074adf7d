// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AuthContext, type AuthState, type LogoutReason } from '../lib/auth/auth-state';
import { RequireAuth } from './require-auth';

afterEach(cleanup);

function renderGuarded(status: AuthState['status'], ended: LogoutReason | null = null) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>home</p> },
      { path: '/auth/signin', element: <p>sign-in page</p> },
      { element: <RequireAuth />, children: [{ path: '/profile', element: <p>profile page</p> }] },
    ],
    { initialEntries: ['/', '/profile?tab=billing#plan'], initialIndex: 1 },
  );
  render(
    <AuthContext.Provider value={{ status, user: null, userId: null, ended, logout: async () => {} }}>
      <RouterProvider router={router} />
    </AuthContext.Provider>,
  );
  return router;
}

describe('RequireAuth', () => {
  it('shows the full-screen loading overlay while the auth state is loading', () => {
    renderGuarded('loading');
    expect(screen.getByRole('status').textContent).toContain('Checking your session...');
    expect(screen.queryByText('profile page')).toBeNull();
  });

  it('sends signed-out visitors to /auth/signin, replacing the history entry', () => {
    const router = renderGuarded('unauthenticated');
    expect(screen.getByText('sign-in page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth/signin');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it.each(['token_expired', 'session_expired', 'inactivity', 'invalid_token'] as const)(
    'after a session that ended (%s), carries the page to sign-in so signing in returns there',
    (reason) => {
      const router = renderGuarded('unauthenticated', reason);
      expect(router.state.location.pathname).toBe('/auth/signin');
      expect(router.state.location.state).toEqual({ from: '/profile?tab=billing#plan' });
    },
  );

  it.each(['user', 'cross_tab_logout'] as const)('after the user’s own logout (%s), carries no page: sign-in goes to the dashboard', (reason) => {
    const router = renderGuarded('unauthenticated', reason);
    expect(router.state.location.pathname).toBe('/auth/signin');
    expect(router.state.location.state).toBeNull();
  });

  it('shows the page to signed-in users', () => {
    renderGuarded('authenticated');
    expect(screen.getByText('profile page')).toBeTruthy();
  });
});
