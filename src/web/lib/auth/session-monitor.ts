import { accessTokenRemovedBy } from '../storage';
import type { LogoutReason } from './auth-state';
import { decideMonitorAction } from './session-policy';
import { MONITOR_INTERVAL_MS } from './token';

/**
 * Watches a signed-in session:
 * - every 30 s, and when the tab becomes visible or gains focus, applies `decideMonitorAction`
 *   (logout on an invalid token, an expired one or 30 minutes of inactivity; refresh at 15 minutes
 *   or less; one warning per session at 10 minutes or less when the token could not be renewed);
 * - records activity from mouse, key, scroll, touch and click, shared with the app's other tabs
 *   so working in one tab keeps the others signed in;
 * - logs out with `cross_tab_logout` when another tab removes the access token.
 *
 * Plain DOM code with injected effects, so it runs under fake timers in unit tests.
 */

export type RefreshOutcome = 'refreshed' | 'ended' | 'unavailable';

export interface SessionMonitorOptions {
  readToken: () => string | null;
  /** Renews the token: 'ended' when the session was cleared, 'unavailable' on a transient failure. */
  refresh: () => Promise<RefreshOutcome>;
  onLogout: (reason: LogoutReason) => void;
  onWarning: (minutes: number) => void;
  now?: () => number;
  win?: Window;
  /** Shares activity between tabs; null disables it. */
  channel?: ActivityChannel | null;
}

export interface ActivityChannel {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  close?(): void;
}

export interface SessionMonitor {
  /** Runs a check now (also what the timer, visibility and focus do). */
  check(): Promise<void>;
  /** Records user activity at the current time. */
  markActivity(): void;
  stop(): void;
}

export const ACTIVITY_EVENTS = ['mousemove', 'keydown', 'scroll', 'touchstart', 'click'] as const;
const ACTIVITY_CHANNEL = 'corisk-session-activity';
/** Activity is announced to other tabs at most this often. */
const ACTIVITY_BROADCAST_MS = 15_000;

function defaultChannel(): ActivityChannel | null {
  return typeof BroadcastChannel === 'function' ? new BroadcastChannel(ACTIVITY_CHANNEL) : null;
}

export function startSessionMonitor(options: SessionMonitorOptions): SessionMonitor {
  const now = options.now ?? (() => Date.now());
  const win = options.win ?? window;
  const channel = options.channel === undefined ? defaultChannel() : options.channel;
  let lastActivityAt = now();
  let lastBroadcastAt = Number.NEGATIVE_INFINITY;
  let warningShown = false;
  let stopped = false;
  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;

  const logout = (reason: LogoutReason) => {
    if (stopped) return;
    stop();
    options.onLogout(reason);
  };

  async function runCheck(): Promise<void> {
    const decision = decideMonitorAction({ token: options.readToken(), now: now(), lastActivityAt, warningShown });
    if (decision.kind === 'logout') return logout(decision.reason);
    if (decision.kind !== 'refresh') return;
    const outcome = await options.refresh();
    if (stopped) return;
    if (outcome === 'ended') return logout('token_expired');
    if (outcome === 'unavailable' && decision.warnMinutes !== null && !warningShown) {
      warningShown = true;
      options.onWarning(decision.warnMinutes);
    }
  }

  function check(): Promise<void> {
    if (stopped) return Promise.resolve();
    // One check at a time; triggers during a check coalesce into one follow-up check.
    if (running) {
      queued ??= running.then(() => {
        queued = null;
        return check();
      });
      return queued;
    }
    running = runCheck().finally(() => {
      running = null;
    });
    return running;
  }

  function markActivity(): void {
    const at = now();
    lastActivityAt = Math.max(lastActivityAt, at);
    if (channel && at - lastBroadcastAt >= ACTIVITY_BROADCAST_MS) {
      lastBroadcastAt = at;
      try {
        channel.postMessage({ type: 'activity', at });
      } catch {
        // A closed channel only loses the cross-tab hint.
      }
    }
  }

  const onChannelMessage = (event: MessageEvent) => {
    const data: unknown = event.data;
    if (typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'activity') {
      const at = (data as { at?: unknown }).at;
      if (typeof at === 'number' && Number.isFinite(at)) lastActivityAt = Math.max(lastActivityAt, Math.min(at, now()));
    }
  };

  const onVisibility = () => {
    if (win.document.visibilityState === 'visible') void check();
  };
  const onFocus = () => void check();
  const onStorage = (event: StorageEvent) => {
    if (accessTokenRemovedBy(event) && !options.readToken()) logout('cross_tab_logout');
  };

  const timer = win.setInterval(() => void check(), MONITOR_INTERVAL_MS);
  for (const type of ACTIVITY_EVENTS) win.addEventListener(type, markActivity, { capture: true, passive: true });
  win.document.addEventListener('visibilitychange', onVisibility);
  win.addEventListener('focus', onFocus);
  win.addEventListener('storage', onStorage);
  channel?.addEventListener('message', onChannelMessage);

  function stop(): void {
    if (stopped) return;
    stopped = true;
    win.clearInterval(timer);
    for (const type of ACTIVITY_EVENTS) win.removeEventListener(type, markActivity, { capture: true });
    win.document.removeEventListener('visibilitychange', onVisibility);
    win.removeEventListener('focus', onFocus);
    win.removeEventListener('storage', onStorage);
    channel?.removeEventListener('message', onChannelMessage);
    if (options.channel === undefined) channel?.close?.();
  }

  void check();
  return { check, markActivity, stop };
}
