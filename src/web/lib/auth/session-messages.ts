import type { LogoutReason } from './auth-state';

// Apart from session-policy.ts: the provider shows these on every page, the policy loads with the
// session monitor.

export type ToastKind = 'success' | 'info' | 'error';

/** The toast of each logout reason (any other reason: 'Logged out successfully'). */
export function logoutToast(reason: LogoutReason): { kind: ToastKind; message: string } {
  switch (reason) {
    case 'token_expired':
      return { kind: 'info', message: 'Your session has expired. Please log in again.' };
    case 'invalid_token':
      return { kind: 'error', message: 'Invalid session detected. Please log in again.' };
    case 'inactivity':
      return { kind: 'info', message: 'Logged out due to inactivity.' };
    case 'cross_tab_logout':
      return { kind: 'info', message: 'You have been logged out from another tab.' };
    case 'session_expired':
      return { kind: 'error', message: 'Session expired. Please log in again.' };
    default:
      return { kind: 'success', message: 'Logged out successfully' };
  }
}

export function sessionWarningMessage(minutes: number): string {
  return `Your session will expire in ${minutes} minutes`;
}
