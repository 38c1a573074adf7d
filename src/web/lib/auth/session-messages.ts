import { t } from '../i18n';
import type { LogoutReason } from './auth-state';

// Apart from session-policy.ts: the provider shows these on every page, the policy loads with the
// session monitor.

export type ToastKind = 'success' | 'info' | 'error';

/** The toast of each logout reason (any other reason: 'Logged out successfully'). */
export function logoutToast(reason: LogoutReason): { kind: ToastKind; message: string } {
  switch (reason) {
    case 'token_expired':
      return { kind: 'info', message: t('common.session.tokenExpired') };
    case 'invalid_token':
      return { kind: 'error', message: t('common.session.invalid') };
    case 'inactivity':
      return { kind: 'info', message: t('common.session.inactivity') };
    case 'cross_tab_logout':
      return { kind: 'info', message: t('common.session.otherTab') };
    case 'session_expired':
      return { kind: 'error', message: t('common.session.expired') };
    default:
      return { kind: 'success', message: t('common.session.loggedOut') };
  }
}

export function sessionWarningMessage(minutes: number): string {
  return t('common.session.expiresSoon', { minutes });
}
