import type { ReactNode } from 'react';
import { AuthContext } from './auth-state';
// Temporary stub: the accounts feature replaces this with the real session handling.
export function AuthProvider({ children }: { children: ReactNode }) {
  return (
    <AuthContext.Provider value={{ status: 'unauthenticated', user: null, userId: null, logout: async () => {} }}>
      {children}
    </AuthContext.Provider>
  );
}
