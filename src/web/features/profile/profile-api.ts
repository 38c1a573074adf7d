import { messageResponseSchema, updateEmailResponseSchema, type UpdateEmailResponse } from '../../../shared/contracts/auth';
import { ApiError } from '../../lib/api-client';
import { authJson } from '../../lib/auth-fetch';

/** Call 6: POST /api/auth/update-email; the answer carries the updated user data. */
export function updateEmail(email: string): Promise<UpdateEmailResponse> {
  return authJson('/api/auth/update-email', updateEmailResponseSchema, { method: 'POST', json: { email } });
}

/** Call 7: POST /api/auth/update-password (the current password is checked by the server). */
export function updatePassword(currentPassword: string, newPassword: string): Promise<{ detail: string }> {
  return authJson('/api/auth/update-password', messageResponseSchema, {
    method: 'POST',
    json: { current_password: currentPassword, new_password: newPassword },
  });
}

/**
 * Error text of the settings forms: the server's detail; a JSON error without one gives
 * `failed`; a non-JSON error (a proxy page, a missing route) gives '{what} not available (status)'.
 */
export function settingsErrorMessage(err: unknown, failed: string, what: 'Email update' | 'Password update'): string {
  if (err instanceof ApiError) {
    if (!err.isJson) return `${what} not available (${err.status})`;
    return err.detail ?? failed;
  }
  return failed;
}
