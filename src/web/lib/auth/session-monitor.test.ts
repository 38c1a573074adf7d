// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LogoutReason } from './auth-state';
import { makeTestToken } from '../../../../test/web/make-test-token';
import { ACTIVITY_EVENTS, startSessionMonitor, type ActivityChannel, type RefreshOutcome, type SessionMonitor } from './session-monitor';

const START = Date.UTC(2025, 5, 1, 12, 0, 0);
const MIN = 60_000;

/** A pair of in-memory channels standing in for BroadcastChannel between two tabs. */
class MemoryChannel implements ActivityChannel {
  peer: MemoryChannel | null = null;
  private listeners = new Set<(e: MessageEvent) => void>();
  postMessage(data: unknown): void {
    this.peer?.deliver(data);
  }
  deliver(data: unknown): void {
    for (const l of this.listeners) l(new MessageEvent('message', { data }));
  }
  addEventListener(_type: 'message', l: (e: MessageEvent) => void): void {
    this.listeners.add(l);
  }
  removeEventListener(_type: 'message', l: (e: MessageEvent) => void): void {
    this.listeners.delete(l);
  }
}

function channelPair(): [MemoryChannel, MemoryChannel] {
  const a = new MemoryChannel();
  const b = new MemoryChannel();
  a.peer = b;
  b.peer = a;
  return [a, b];
}

describe('session monitor', () => {
  let token: string | null;
  let refresh: ReturnType<typeof vi.fn<() => Promise<RefreshOutcome>>>;
  let onLogout: ReturnType<typeof vi.fn<(reason: LogoutReason) => void>>;
  let onWarning: ReturnType<typeof vi.fn<(minutes: number) => void>>;
  let monitor: SessionMonitor | null;

  const start = (channel: ActivityChannel | null = null) => {
    monitor = startSessionMonitor({ readToken: () => token, refresh, onLogout, onWarning, channel });
    return monitor;
  };
  const tokenExpiringIn = (ms: number) => makeTestToken({ expMs: Date.now() + ms });

  beforeEach(() => {
    vi.useFakeTimers({ now: START });
    token = tokenExpiringIn(60 * MIN);
    refresh = vi.fn<() => Promise<RefreshOutcome>>(async () => 'refreshed');
    onLogout = vi.fn<(reason: LogoutReason) => void>();
    onWarning = vi.fn<(minutes: number) => void>();
    monitor = null;
  });
  afterEach(() => {
    monitor?.stop();
    vi.useRealTimers();
  });

  it('checks every 30 seconds and refreshes at 15 minutes or less remaining', async () => {
    token = tokenExpiringIn(16 * MIN);
    start();
    await vi.advanceTimersByTimeAsync(30_000); // 15.5 min left
    expect(refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(29_999);
    expect(refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1); // exactly 15 min left
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(onWarning).not.toHaveBeenCalled();
  });

  it('logs out after more than 30 minutes without activity', async () => {
    token = tokenExpiringIn(10 * 60 * MIN);
    start();
    await vi.advanceTimersByTimeAsync(30 * MIN); // exactly 30 min idle
    expect(onLogout).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(onLogout).toHaveBeenCalledExactlyOnceWith('inactivity');
    // Stopped: no further checks.
    await vi.advanceTimersByTimeAsync(5 * MIN);
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it.each(ACTIVITY_EVENTS)('counts %s as activity', async (type) => {
    token = tokenExpiringIn(10 * 60 * MIN);
    start();
    await vi.advanceTimersByTimeAsync(20 * MIN);
    window.dispatchEvent(new Event(type));
    await vi.advanceTimersByTimeAsync(20 * MIN);
    expect(onLogout).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(10 * MIN + 30_000);
    expect(onLogout).toHaveBeenCalledWith('inactivity');
  });

  it('counts activity in another tab', async () => {
    token = tokenExpiringIn(10 * 60 * MIN);
    const [here, otherTab] = channelPair();
    start(here);
    await vi.advanceTimersByTimeAsync(25 * MIN);
    otherTab.postMessage({ type: 'activity', at: Date.now() });
    await vi.advanceTimersByTimeAsync(25 * MIN);
    expect(onLogout).not.toHaveBeenCalled();
  });

  it('announces its own activity to other tabs', () => {
    const [here, otherTab] = channelPair();
    const received: unknown[] = [];
    otherTab.addEventListener('message', (e) => received.push(e.data));
    start(here);
    window.dispatchEvent(new Event('keydown'));
    window.dispatchEvent(new Event('keydown'));
    expect(received).toEqual([{ type: 'activity', at: START }]);
  });

  it('logs out with token_expired when the token expired beyond the grace period', async () => {
    token = tokenExpiringIn(-5 * MIN - 1000);
    start();
    await vi.advanceTimersByTimeAsync(0);
    expect(onLogout).toHaveBeenCalledExactlyOnceWith('token_expired');
  });

  it('logs out with invalid_token when the token becomes malformed', async () => {
    start();
    token = 'not-a-token';
    await vi.advanceTimersByTimeAsync(30_000);
    expect(onLogout).toHaveBeenCalledExactlyOnceWith('invalid_token');
  });

  it('logs out with token_expired when the refresh ended the session', async () => {
    token = tokenExpiringIn(14 * MIN);
    refresh.mockResolvedValue('ended');
    start();
    await vi.advanceTimersByTimeAsync(0);
    expect(onLogout).toHaveBeenCalledExactlyOnceWith('token_expired');
  });

  it('warns once at 10 minutes or less when the token could not be renewed', async () => {
    token = tokenExpiringIn(10 * MIN + 30_000);
    refresh.mockResolvedValue('unavailable');
    start();
    await vi.advanceTimersByTimeAsync(0); // 10.5 min left: refresh attempted, no warning yet
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(onWarning).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(30_000); // 10 min left
    expect(onWarning).toHaveBeenCalledExactlyOnceWith(10);
    await vi.advanceTimersByTimeAsync(2 * MIN);
    expect(onWarning).toHaveBeenCalledTimes(1);
  });

  it('does not warn when the refresh succeeded', async () => {
    token = tokenExpiringIn(9 * MIN);
    start();
    await vi.advanceTimersByTimeAsync(0);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(onWarning).not.toHaveBeenCalled();
  });

  it('re-checks when the tab becomes visible', async () => {
    start();
    token = 'bad';
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(onLogout).not.toHaveBeenCalled();
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(onLogout).toHaveBeenCalledExactlyOnceWith('invalid_token');
  });

  it('re-checks when the window gains focus', async () => {
    start();
    token = null;
    window.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(0);
    expect(onLogout).toHaveBeenCalledExactlyOnceWith('invalid_token');
  });

  it('logs out with cross_tab_logout when another tab removes the access token', () => {
    start();
    token = null;
    window.dispatchEvent(new StorageEvent('storage', { key: 'access_token', oldValue: 'x', newValue: null }));
    expect(onLogout).toHaveBeenCalledExactlyOnceWith('cross_tab_logout');
  });

  it('treats a storage clear in another tab like a removal', () => {
    start();
    token = null;
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(onLogout).toHaveBeenCalledExactlyOnceWith('cross_tab_logout');
  });

  it('stays signed in when its own token is still there or another key changed', () => {
    start();
    window.dispatchEvent(new StorageEvent('storage', { key: 'access_token', oldValue: 'x', newValue: null }));
    token = null;
    window.dispatchEvent(new StorageEvent('storage', { key: 'plan_status', newValue: null }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'access_token', newValue: 'renewed' }));
    expect(onLogout).not.toHaveBeenCalled();
  });

  it('stops listening when stopped', async () => {
    const m = start();
    m.stop();
    token = null;
    window.dispatchEvent(new StorageEvent('storage', { key: 'access_token', newValue: null }));
    window.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(60 * MIN);
    expect(onLogout).not.toHaveBeenCalled();
    expect(refresh).not.toHaveBeenCalled();
  });
});
