import type { LogoutReason } from './auth-state';
import { INACTIVITY_LIMIT_MS, NEAR_EXPIRATION_MS, REFRESH_THRESHOLD_MS, validateToken } from './token';

/**
 * What one monitor tick must do (every 30 s, and on focus), as a pure function of the stored
 * token, the clock, the last user activity and whether the expiry warning was already shown.
 */
export type MonitorDecision =
  | { kind: 'logout'; reason: Extract<LogoutReason, 'invalid_token' | 'token_expired' | 'inactivity'> }
  /** 15 minutes or less remaining: refresh; `warnMinutes` is set when the 10-minute warning is due. */
  | { kind: 'refresh'; warnMinutes: number | null }
  | { kind: 'none' };

export interface MonitorInput {
  token: string | null;
  now: number;
  lastActivityAt: number;
  warningShown: boolean;
}

/** Whole minutes shown in 'Your session will expire in {n} minutes' (at least 1). */
export function minutesLeft(remainingMs: number): number {
  return Math.max(1, Math.ceil(remainingMs / 60_000));
}

export function decideMonitorAction({ token, now, lastActivityAt, warningShown }: MonitorInput): MonitorDecision {
  const validation = validateToken(token, now);
  // A signed-in tab whose token vanished or is malformed: the session cannot be trusted.
  if (validation.status === 'no_token' || validation.status === 'invalid_token') {
    return { kind: 'logout', reason: 'invalid_token' };
  }
  if (now - lastActivityAt > INACTIVITY_LIMIT_MS) return { kind: 'logout', reason: 'inactivity' };
  if (validation.status === 'token_expired') return { kind: 'logout', reason: 'token_expired' };
  if (validation.remainingMs > REFRESH_THRESHOLD_MS) return { kind: 'none' };
  const warnDue = !warningShown && validation.remainingMs <= NEAR_EXPIRATION_MS;
  return { kind: 'refresh', warnMinutes: warnDue ? minutesLeft(validation.remainingMs) : null };
}
