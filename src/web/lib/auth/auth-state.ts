import { createContext, useContext } from 'react';
import type { UserData } from '../../../shared/contracts/auth';

export type LogoutReason =
  | 'token_expired'
  | 'invalid_token'
  | 'inactivity'
  | 'cross_tab_logout'
  | 'session_expired'
  | 'user';

export interface AuthState {
  status: 'loading' | 'authenticated' | 'unauthenticated';
  user: UserData | null;
  userId: string | null;
  /** Ends the session (server and browser) and shows the reason's toast. */
  logout: (reason?: LogoutReason) => Promise<void>;
}

export const AuthContext = createContext<AuthState>({
  status: 'loading',
  user: null,
  userId: null,
  logout: async () => {},
});

/** The auth-state hook every screen reads (filled by the AuthProvider of the accounts feature). */
export function useAuth(): AuthState {
  return useContext(AuthContext);
}
