import { useAuth } from '../../lib/auth/auth-state';

/** True once the auth state says a user is signed in (false while it is still loading). */
export function useSignedIn(): boolean {
  return useAuth().status === 'authenticated';
}
