import { ApiError } from '../../lib/api-client';

/**
 * Error text of the settings forms: the server's detail; a JSON error without one gives
 * `failed`; a non-JSON error (a proxy page, a missing route) gives '{what} not available (status)'.
 */
export function settingsErrorMessage(err: unknown, failed: string, what: 'Email update' | 'Password update' | 'Settings update'): string {
  if (err instanceof ApiError) {
    if (!err.isJson) return `${what} not available (${err.status})`;
    return err.detail ?? failed;
  }
  return failed;
}
