import { ApiError } from '../../lib/api-client';
import { t } from '../../lib/i18n';

/** '{what} not available (status)' per form (message ids). */
const UNAVAILABLE = {
  'Email update': 'profile.settings.emailUpdateUnavailable',
  'Password update': 'profile.settings.passwordUpdateUnavailable',
  'Settings update': 'profile.settings.settingsUpdateUnavailable',
} as const;

/**
 * Error text of the settings forms: the server's detail; a JSON error without one gives
 * `failed`; a non-JSON error (a proxy page, a missing route) gives '{what} not available (status)'.
 */
export function settingsErrorMessage(err: unknown, failed: string, what: keyof typeof UNAVAILABLE): string {
  if (err instanceof ApiError) {
    if (!err.isJson) return t(UNAVAILABLE[what], { status: String(err.status) });
    return err.detail ?? failed;
  }
  return failed;
}
