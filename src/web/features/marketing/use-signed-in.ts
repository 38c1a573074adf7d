import { useAuth } from '../../lib/auth/auth-state';

/** True once the auth state says a user is signed in (false while it is still loading). */
export function useSignedIn(): boolean {
  return useAuth().status === 'authenticated';
}

/** True while the session is still being read: always so in a page rendered by the server. */
export function useSessionPending(): boolean {
  return useAuth().status === 'loading';
}

/**
 * Props for a signed-out call to action while the session is read: it keeps its place, unseen
 * and out of reach, so a signed-in visitor never sees it and nothing moves when it shows.
 */
export function heldWhile(pending: boolean): { 'aria-hidden'?: true; inert?: true; 'data-held'?: '' } {
  return pending ? { 'aria-hidden': true, inert: true, 'data-held': '' } : {};
}

/** The class that goes with heldWhile. */
export const heldClass = (pending: boolean): string | undefined => (pending ? 'invisible' : undefined);
