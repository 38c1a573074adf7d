import { describe, expect, it } from 'vitest';
import type { LogoutReason } from './auth-state';
import { makeTestToken } from '../../../../test/web/make-test-token';
import { decideMonitorAction, minutesLeft } from './session-policy';
import { logoutToast, sessionWarningMessage } from './session-messages';
import { INACTIVITY_LIMIT_MS, MONITOR_INTERVAL_MS, REFRESH_THRESHOLD_MS } from './token';

const NOW = Date.UTC(2025, 5, 1, 12, 0, 0);
const tokenWith = (remainingMs: number) => makeTestToken({ expMs: NOW + remainingMs });
const decide = (over: Partial<Parameters<typeof decideMonitorAction>[0]>) =>
  decideMonitorAction({ token: tokenWith(3_600_000), now: NOW, lastActivityAt: NOW, warningShown: false, ...over });

describe('decideMonitorAction', () => {
  it('does nothing for a fresh token and an active user', () => {
    expect(decide({})).toEqual({ kind: 'none' });
  });

  it('logs out with invalid_token when the token is missing or malformed', () => {
    expect(decide({ token: null })).toEqual({ kind: 'logout', reason: 'invalid_token' });
    expect(decide({ token: 'a.b' })).toEqual({ kind: 'logout', reason: 'invalid_token' });
  });

  it('logs out with token_expired after the grace period', () => {
    expect(decide({ token: tokenWith(-300_000) })).toMatchObject({ kind: 'refresh' });
    expect(decide({ token: tokenWith(-301_000) })).toEqual({ kind: 'logout', reason: 'token_expired' });
  });

  it('logs out after more than 30 minutes without activity', () => {
    expect(decide({ lastActivityAt: NOW - INACTIVITY_LIMIT_MS })).toEqual({ kind: 'none' });
    expect(decide({ lastActivityAt: NOW - INACTIVITY_LIMIT_MS - 1 })).toEqual({ kind: 'logout', reason: 'inactivity' });
    expect(INACTIVITY_LIMIT_MS).toBe(1_800_000);
  });

  it('refreshes at 15 minutes or less remaining', () => {
    expect(decide({ token: tokenWith(REFRESH_THRESHOLD_MS + 1000) })).toEqual({ kind: 'none' });
    expect(decide({ token: tokenWith(REFRESH_THRESHOLD_MS) })).toEqual({ kind: 'refresh', warnMinutes: null });
    expect(REFRESH_THRESHOLD_MS).toBe(900_000);
    expect(MONITOR_INTERVAL_MS).toBe(30_000);
  });

  it('asks for the warning at 10 minutes or less, once per session', () => {
    expect(decide({ token: tokenWith(601_000) })).toEqual({ kind: 'refresh', warnMinutes: null });
    expect(decide({ token: tokenWith(600_000) })).toEqual({ kind: 'refresh', warnMinutes: 10 });
    expect(decide({ token: tokenWith(540_000) })).toEqual({ kind: 'refresh', warnMinutes: 9 });
    expect(decide({ token: tokenWith(600_000), warningShown: true })).toEqual({ kind: 'refresh', warnMinutes: null });
  });

  it('rounds the warning up to whole minutes, never below one', () => {
    expect(minutesLeft(599_000)).toBe(10);
    expect(minutesLeft(60_000)).toBe(1);
    expect(minutesLeft(-120_000)).toBe(1);
    expect(sessionWarningMessage(7)).toBe('Your session will expire in 7 minutes');
  });
});

describe('logoutToast', () => {
  it.each<[LogoutReason, string, string]>([
    ['token_expired', 'info', 'Your session has expired. Please log in again.'],
    ['invalid_token', 'error', 'Invalid session detected. Please log in again.'],
    ['inactivity', 'info', 'Logged out due to inactivity.'],
    ['cross_tab_logout', 'info', 'You have been logged out from another tab.'],
    ['session_expired', 'error', 'Session expired. Please log in again.'],
    ['user', 'success', 'Logged out successfully'],
  ])('%s → %s %s', (reason, kind, message) => {
    expect(logoutToast(reason)).toEqual({ kind, message });
  });
});
