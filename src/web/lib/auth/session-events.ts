import type { LogoutReason } from './auth-state';

/**
 * Lets plain modules (the authenticated fetch, the refresh) ask the AuthProvider to end the
 * session with a reason; the provider shows the reason's toast and updates the auth state.
 */
type Listener = (reason: LogoutReason) => void;

const listeners = new Set<Listener>();

export function onSessionEndRequest(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function requestSessionEnd(reason: LogoutReason): void {
  for (const listener of [...listeners]) listener(reason);
}
