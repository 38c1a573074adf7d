import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { toast } from '../toast';
import type { UserData } from '../../../shared/contracts/auth';
import {
  clearSession,
  getAccessToken,
  getRefreshToken,
  getUserData,
  getUserId,
  saveSession,
  STORAGE_KEYS,
  updateUserData,
} from '../storage';
import {
  AuthContext,
  SessionActionsContext,
  type AuthState,
  type LogoutReason,
  type SessionActions,
  type SignInSession,
} from './auth-state';
import { onSessionEndRequest } from './session-events';
import { startSessionMonitor, type RefreshOutcome, type SessionMonitor } from './session-monitor';
import { logoutToast, sessionWarningMessage } from './session-policy';
import { validateToken } from './token';

type Status = AuthState['status'];

interface SessionView {
  status: Status;
  user: UserData | null;
  userId: string | null;
}

const SIGNED_OUT: SessionView = { status: 'unauthenticated', user: null, userId: null };

/** The stored session when its token is valid (checked at start-up), else null. */
function storedSession(): SessionView | null {
  if (validateToken(getAccessToken(), Date.now()).status !== 'valid') return null;
  return { status: 'authenticated', user: getUserData(), userId: getUserId() };
}

// Renewal and GET /api/auth/me load with the first signed-in session (see session-requests.ts).
const loadSessionRequests = () => import('./session-requests');

async function renew(): Promise<RefreshOutcome> {
  try {
    const { renewSession } = await loadSessionRequests();
    return await renewSession();
  } catch {
    // The module itself could not be loaded (offline, or a deploy replaced the files): try later.
    return 'unavailable';
  }
}

/** Best effort: the server revokes the refresh token; the browser session is gone either way. */
function notifyServerLogout(refreshToken: string, accessToken: string | null): void {
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

/** Fresh user data from the server; null when it (or the code that asks) cannot be had. */
async function fetchCurrentUser(): Promise<UserData | null> {
  try {
    const requests = await loadSessionRequests();
    return await requests.fetchCurrentUser();
  } catch {
    return null;
  }
}

/**
 * The browser session: reads the stored session at start-up, monitors it while
 * signed in, ends it with the reason's toast, and follows sign-in and sign-out in other tabs.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [view, setView] = useState<SessionView>({ status: 'loading', user: null, userId: null });
  const statusRef = useRef<Status>('loading');
  const monitorRef = useRef<SessionMonitor | null>(null);

  const apply = useCallback((next: SessionView) => {
    statusRef.current = next.status;
    setView(next);
  }, []);

  const stopMonitor = useCallback(() => {
    monitorRef.current?.stop();
    monitorRef.current = null;
  }, []);

  const logout = useCallback(
    async (reason: LogoutReason = 'user') => {
      if (statusRef.current !== 'authenticated') {
        clearSession();
        return;
      }
      stopMonitor();
      const refreshToken = getRefreshToken();
      const accessToken = getAccessToken();
      clearSession();
      apply(SIGNED_OUT);
      const { kind, message } = logoutToast(reason);
      toast[kind](message);
      // The tab that signed out already told the server.
      if (reason !== 'cross_tab_logout' && refreshToken) notifyServerLogout(refreshToken, accessToken);
    },
    [apply, stopMonitor],
  );

  const startMonitor = useCallback(() => {
    monitorRef.current?.stop();
    monitorRef.current = startSessionMonitor({
      readToken: getAccessToken,
      refresh: renew,
      onLogout: (reason) => void logout(reason),
      onWarning: (minutes) => toast.warning(sessionWarningMessage(minutes)),
    });
  }, [logout]);

  const syncUser = useCallback(async () => {
    const user = await fetchCurrentUser();
    if (user && statusRef.current === 'authenticated') {
      updateUserData(user);
      setView((v) => (v.status === 'authenticated' ? { ...v, user } : v));
    }
  }, []);

  // Start-up: before the first paint, so the guard's overlay does not flash for a known session.
  useLayoutEffect(() => {
    const session = storedSession();
    if (session) {
      apply(session);
      startMonitor();
      void syncUser();
    } else {
      clearSession();
      apply(SIGNED_OUT);
    }
    // Also stops a monitor started later by a sign-in.
    return stopMonitor;
  }, [apply, startMonitor, stopMonitor, syncUser]);

  // Plain modules (authenticated fetch) end the session through this channel.
  useEffect(() => onSessionEndRequest((reason) => void logout(reason)), [logout]);

  // Another tab signed in (shared localStorage) or changed the user data.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEYS.accessToken && event.newValue && statusRef.current === 'unauthenticated') {
        const session = storedSession();
        if (session) {
          apply(session);
          startMonitor();
        }
      } else if (event.key === STORAGE_KEYS.userData && statusRef.current === 'authenticated') {
        const user = getUserData();
        if (user) setView((v) => ({ ...v, user }));
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [apply, startMonitor]);

  const signIn = useCallback(
    (session: SignInSession, remember: boolean) => {
      saveSession(
        {
          accessToken: session.access_token,
          refreshToken: session.refresh_token,
          user: session.data,
          userId: session.user_id,
        },
        remember,
      );
      apply({ status: 'authenticated', user: session.data, userId: session.user_id });
      startMonitor();
    },
    [apply, startMonitor],
  );

  const updateUser = useCallback((user: UserData) => {
    updateUserData(user);
    setView((v) => (v.status === 'authenticated' ? { ...v, user } : v));
  }, []);

  const value = useMemo<AuthState>(() => ({ ...view, logout }), [view, logout]);
  const actions = useMemo<SessionActions>(() => ({ signIn, updateUser }), [signIn, updateUser]);

  return (
    <AuthContext.Provider value={value}>
      <SessionActionsContext.Provider value={actions}>{children}</SessionActionsContext.Provider>
    </AuthContext.Provider>
  );
}
