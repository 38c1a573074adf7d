import { useCallback, useEffect, useState } from 'react';
import { t } from '../../lib/i18n';

/**
 * The browser's own usage limit: at most 5 assessments per rolling
 * window of 3600 s, kept in localStorage as the request timestamps (epoch milliseconds). It
 * spares the user a wasted run; the server's per-user limit is the one that is enforced.
 */

export const USAGE_LIMIT = 5;
export const USAGE_WINDOW_MS = 3600 * 1000;
export const USAGE_REFRESH_MS = 10_000;
export const USAGE_STORAGE_KEY = 'assessment_usage';

/** success: requests remain; info: the limit is reached (with a wait time); default: ready, none used. */
export type UsageMessageType = 'success' | 'info' | 'default';

/** Usage bar colour: under 40 % green, 40 and above yellow, 60 and above orange, 80 and above red. */
export type UsageColour = 'green' | 'yellow' | 'orange' | 'red';

export interface UsageStatus {
  used: number;
  remaining: number;
  limit: number;
  /** Share of the window's allowance used, 0–100. */
  percent: number;
  colour: UsageColour;
  limited: boolean;
  /** Milliseconds until the oldest counted request leaves the window (0 when not limited). */
  waitMs: number;
  type: UsageMessageType;
  message: string;
}

export function usageColour(percent: number): UsageColour {
  if (percent >= 80) return 'red';
  if (percent >= 60) return 'orange';
  if (percent >= 40) return 'yellow';
  return 'green';
}

/**
 * The timestamps that still count at `now`: those of the last 3600 s. A request made exactly
 * 3600 s ago has left the window; one stamped in the future (clock changed) is ignored.
 */
export function activeTimestamps(timestamps: readonly number[], now: number): number[] {
  return timestamps.filter((t) => Number.isFinite(t) && t <= now && now - t < USAGE_WINDOW_MS).sort((a, b) => a - b);
}

/** '1 minute', '12 minutes' (in the active language): whole minutes, rounded up, at least one. */
export function formatWait(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return t('assessment.usage.minutes', { count: minutes });
}

export function usageStatus(timestamps: readonly number[], now: number): UsageStatus {
  const active = activeTimestamps(timestamps, now);
  const used = Math.min(active.length, USAGE_LIMIT);
  const remaining = USAGE_LIMIT - used;
  const percent = Math.round((used / USAGE_LIMIT) * 100);
  const limited = active.length >= USAGE_LIMIT;
  // The window reopens when enough of the oldest requests have left it for one more to fit.
  const freeing = limited ? active[active.length - USAGE_LIMIT]! : null;
  const waitMs = freeing === null ? 0 : Math.max(0, freeing + USAGE_WINDOW_MS - now);
  const base = { used, remaining, limit: USAGE_LIMIT, percent, colour: usageColour(percent), limited, waitMs };
  if (limited) {
    return {
      ...base,
      type: 'info',
      message: t('assessment.usage.limited', { limit: USAGE_LIMIT, wait: formatWait(waitMs) }),
    };
  }
  if (used > 0) {
    return {
      ...base,
      type: 'success',
      message: t('assessment.usage.remaining', { remaining, limit: USAGE_LIMIT }),
    };
  }
  return { ...base, type: 'default', message: t('assessment.usage.ready', { limit: USAGE_LIMIT }) };
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The stored timestamps; anything unreadable counts as none. */
export function readUsage(): number[] {
  try {
    const raw = storage()?.getItem(USAGE_STORAGE_KEY);
    if (!raw) return [];
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter((v): v is number => typeof v === 'number' && Number.isFinite(v)) : [];
  } catch {
    return [];
  }
}

/** Records one request at `now`, dropping the timestamps that left the window. */
export function recordUsage(now: number = Date.now()): number[] {
  const next = [...activeTimestamps(readUsage(), now), now];
  try {
    storage()?.setItem(USAGE_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage blocked: the server's limit still applies.
  }
  return next;
}

/**
 * The usage status, re-read every 10 s, when another tab changes it, and after `record()`.
 */
export function useUsage(): { status: UsageStatus; record: () => void; refresh: () => UsageStatus } {
  const [status, setStatus] = useState(() => usageStatus(readUsage(), Date.now()));
  /** Re-reads the stored timestamps now; returns the fresh status. */
  const refresh = useCallback(() => {
    const next = usageStatus(readUsage(), Date.now());
    setStatus(next);
    return next;
  }, []);

  useEffect(() => {
    const id = window.setInterval(() => void refresh(), USAGE_REFRESH_MS);
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || e.key === USAGE_STORAGE_KEY) refresh();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      window.clearInterval(id);
      window.removeEventListener('storage', onStorage);
    };
  }, [refresh]);

  const record = useCallback(() => {
    const now = Date.now();
    setStatus(usageStatus(recordUsage(now), now));
  }, []);

  return { status, record, refresh };
}
