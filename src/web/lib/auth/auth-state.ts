import { createContext, useContext } from 'react';
import type { UserData } from '../../../shared/contracts/auth';

export type LogoutReason =
  | 'token_expired'
  | 'invalid_token'
  | 'inactivity'
  | 'cross_tab_logout'
  | 'session_expired'
  | 'user';

/** What a successful sign-in hands to the session (POST /api/auth/signin). */
export interface SignInSession {
  access_token: string;
  refresh_token: string;
  user_id: string;
  data: UserData;
}

export interface AuthState {
  status: 'loading' | 'authenticated' | 'unauthenticated';
  user: UserData | null;
  userId: string | null;
  /**
   * Why this page's last session ended (an expired token found at start-up counts as
   * 'token_expired'); null while signed in or when no session ended here. The guard returns the
   * user to the page after a session that ran out, not after the user's own logout.
   */
  ended?: LogoutReason | null;
  /** Ends the session (server and browser) and shows the reason's toast. */
  logout: (reason?: LogoutReason) => Promise<void>;
}

/** What the sign-in and account screens do to the session (see `useSessionActions`). */
export interface SessionActions {
  /** Stores a new session ('Keep me logged in' → localStorage) and starts monitoring it. */
  signIn: (session: SignInSession, remember: boolean) => void;
  /** Replaces the signed-in user's data in state and storage (e.g. after an e-mail change). */
  updateUser: (user: UserData) => void;
}

export const AuthContext = createContext<AuthState>({
  status: 'loading',
  user: null,
  userId: null,
  logout: async () => {},
});

export const SessionActionsContext = createContext<SessionActions>({
  signIn: () => {},
  updateUser: () => {},
});

/**
 * Counts the times the page's user went away (sign-out, or another user signing in); the
 * SessionBoundary keys the pages with it so nothing a page holds outlives its user.
 */
export const SessionGenerationContext = createContext(0);

/** A logout the user asked for (here or in another tab): sign-in starts afresh, with no page to return to. */
export const isOwnLogout = (reason: LogoutReason | null | undefined) => reason === 'user' || reason === 'cross_tab_logout';

/** The auth-state hook every screen reads (filled by the AuthProvider of the accounts feature). */
export function useAuth(): AuthState {
  return useContext(AuthContext);
}

/** Sign-in and user-data updates (filled by the AuthProvider). */
export function useSessionActions(): SessionActions {
  return useContext(SessionActionsContext);
}
