import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { toast } from '../toast';
import type { UserData } from '../../../shared/contracts/auth';
import {
  accessTokenRemovedBy,
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
  SessionGenerationContext,
  type AuthState,
  type LogoutReason,
  type SessionActions,
  type SignInSession,
} from './auth-state';
import { onSessionEndRequest } from './session-events';
import { resetSessionData } from './session-scope';
import type { RefreshOutcome, SessionMonitor } from './session-monitor';
import { logoutToast, sessionWarningMessage } from './session-messages';
import { MONITOR_INTERVAL_MS, validateToken } from './token';

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

/** An expired access token with a refresh token beside it: the session can be renewed. */
function renewable(): boolean {
  return validateToken(getAccessToken(), Date.now()).status === 'token_expired' && Boolean(getRefreshToken());
}

// The auth calls (renewal, GET /api/auth/me, logout) load with the first session that needs them.
const loadAuthApi = () => import('./auth-api');
// So does the session monitor: most visitors of the public pages are signed out (the landing
// page's JavaScript budget).
const loadSessionMonitor = () => import('./session-monitor');

async function renew(): Promise<RefreshOutcome> {
  try {
    const { renewSession } = await loadAuthApi();
    return await renewSession();
  } catch {
    // The module itself could not be loaded (offline, or a deploy replaced the files): try later.
    return 'unavailable';
  }
}

/** Best effort (auth-api.ts): a module that cannot load is as good as a call that fails. */
function notifyServerLogout(refreshToken: string, accessToken: string | null): void {
  loadAuthApi()
    .then((api) => api.notifyServerLogout(refreshToken, accessToken))
    .catch(() => undefined);
}

/** Fresh user data from the server; null when it (or the code that asks) cannot be had. */
async function fetchCurrentUser(): Promise<UserData | null> {
  try {
    const requests = await loadAuthApi();
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
  // Why the last session ended (see AuthState.ended); a new session clears it.
  const [ended, setEnded] = useState<LogoutReason | null>(null);
  const statusRef = useRef<Status>('loading');
  const monitorRef = useRef<SessionMonitor | null>(null);
  // Bumped by every stop: a monitor whose code arrives after its session ended never starts.
  const monitorRunRef = useRef(0);
  // Whose data the page may hold in memory: set by every session start, cleared by every end.
  const ownerRef = useRef<string | null>(null);
  // Bumped when that owner goes away; SessionBoundary remounts the pages, so no component
  // keeps the previous user's report, plan or form state either.
  const [generation, setGeneration] = useState(0);

  const apply = useCallback((next: SessionView) => {
    statusRef.current = next.status;
    ownerRef.current = next.status === 'authenticated' ? next.userId : null;
    setView(next);
  }, []);

  /** Forgets everything cached for the page's current owner when `nextUserId` is someone else. */
  const resetForUser = useCallback((nextUserId: string | null) => {
    const owner = ownerRef.current;
    if (owner === nextUserId && nextUserId !== null) return;
    resetSessionData();
    if (owner !== null) setGeneration((g) => g + 1);
  }, []);

  const stopMonitor = useCallback(() => {
    monitorRunRef.current++;
    monitorRef.current?.stop();
    monitorRef.current = null;
  }, []);

  const logout = useCallback(
    async (reason: LogoutReason = 'user') => {
      setEnded(reason);
      if (statusRef.current !== 'authenticated') {
        clearSession();
        resetForUser(null);
        return;
      }
      stopMonitor();
      const refreshToken = getRefreshToken();
      const accessToken = getAccessToken();
      clearSession();
      resetForUser(null);
      apply(SIGNED_OUT);
      const { kind, message } = logoutToast(reason);
      toast[kind](message);
      // The tab that signed out already told the server.
      if (reason !== 'cross_tab_logout' && refreshToken) notifyServerLogout(refreshToken, accessToken);
    },
    [apply, resetForUser, stopMonitor],
  );

  const startMonitor = useCallback(() => {
    stopMonitor();
    const run = monitorRunRef.current;
    const start = () => {
      loadSessionMonitor().then(
        ({ startSessionMonitor }) => {
          if (run !== monitorRunRef.current) return;
          monitorRef.current = startSessionMonitor({
            readToken: getAccessToken,
            refresh: renew,
            onLogout: (reason) => void logout(reason),
            onWarning: (minutes) => toast.warning(sessionWarningMessage(minutes)),
          });
        },
        // Not loadable now (offline, or a deploy replaced the files): tried again a check later.
        () => {
          if (run === monitorRunRef.current) setTimeout(start, MONITOR_INTERVAL_MS);
        },
      );
    };
    start();
  }, [logout, stopMonitor]);

  const syncUser = useCallback(async () => {
    const user = await fetchCurrentUser();
    if (user && statusRef.current === 'authenticated') {
      updateUserData(user);
      setView((v) => (v.status === 'authenticated' ? { ...v, user } : v));
    }
  }, []);

  // Start-up: before the first paint, so the guard's overlay does not flash for a known session.
  useLayoutEffect(() => {
    const begin = (session: SessionView) => {
      resetForUser(session.userId);
      setEnded(null);
      apply(session);
      startMonitor();
      void syncUser();
    };
    const session = storedSession();
    if (session) {
      begin(session);
    } else if (renewable()) {
      // 'Keep me logged in' outlives the access token: renew it before deciding (the guard shows
      // its overlay meanwhile); only a refused renewal signs the user out.
      let cancelled = false;
      void renew().then((outcome) => {
        if (cancelled || statusRef.current !== 'loading') return;
        const renewed = outcome === 'refreshed' ? storedSession() : null;
        if (renewed) begin(renewed);
        else {
          clearSession();
          setEnded('token_expired');
          apply(SIGNED_OUT);
        }
      });
      return () => {
        cancelled = true;
        stopMonitor();
      };
    } else {
      // A stored token that ran out (or was spoiled) is a session that ended; no token, none.
      const token = validateToken(getAccessToken(), Date.now()).status;
      if (token === 'token_expired' || token === 'invalid_token') setEnded(token);
      clearSession();
      apply(SIGNED_OUT);
    }
    // Also stops a monitor started later by a sign-in.
    return stopMonitor;
  }, [apply, resetForUser, startMonitor, stopMonitor, syncUser]);

  // Plain modules (authenticated fetch) end the session through this channel.
  useEffect(() => onSessionEndRequest((reason) => void logout(reason)), [logout]);

  // Another tab signed in (shared localStorage), possibly as someone else, or changed the user data.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      // Here as well as in the monitor: its code may still be on the way.
      if (accessTokenRemovedBy(event) && statusRef.current === 'authenticated' && !getAccessToken()) {
        void logout('cross_tab_logout');
      } else if (event.key === STORAGE_KEYS.accessToken && event.newValue && statusRef.current !== 'loading') {
        const session = storedSession();
        const changed = statusRef.current === 'unauthenticated' || session?.userId !== ownerRef.current;
        if (session && changed) {
          resetForUser(session.userId);
          setEnded(null);
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
  }, [apply, logout, resetForUser, startMonitor]);

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
      resetForUser(session.user_id);
      setEnded(null);
      apply({ status: 'authenticated', user: session.data, userId: session.user_id });
      startMonitor();
    },
    [apply, resetForUser, startMonitor],
  );

  const updateUser = useCallback((user: UserData) => {
    updateUserData(user);
    setView((v) => (v.status === 'authenticated' ? { ...v, user } : v));
  }, []);

  const value = useMemo<AuthState>(() => ({ ...view, ended: view.status === 'authenticated' ? null : ended, logout }), [view, ended, logout]);
  const actions = useMemo<SessionActions>(() => ({ signIn, updateUser }), [signIn, updateUser]);

  return (
    <AuthContext.Provider value={value}>
      <SessionActionsContext.Provider value={actions}>
        <SessionGenerationContext.Provider value={generation}>{children}</SessionGenerationContext.Provider>
      </SessionActionsContext.Provider>
    </AuthContext.Provider>
  );
}
