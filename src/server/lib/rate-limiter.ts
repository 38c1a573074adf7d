import { msg, type Message } from '../../shared/i18n/message.js';
import type { RateLimitStore } from './rate-limit-store.js';
import { tooManyRequests, type Detail } from './errors.js';

/** At most `max` hits per `windowS` seconds; `extendOnHit` restarts the window on every hit. */
export interface RateLimitRule {
  max: number;
  windowS: number;
  extendOnHit?: boolean;
}

/** "1 minute", "15 minutes", "30 seconds" */
export function describeWait(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** describeWait as a message ("1 minute" in English, "1 Minute" in German). */
export function waitMessage(seconds: number): Message {
  return seconds < 60 ? msg('error.wait.seconds', { count: seconds }) : msg('error.wait.minutes', { count: Math.ceil(seconds / 60) });
}

/** "<detail> Please try again in <wait>.": in the reader's language when the detail is a message. */
export function retryDetail(detail: Detail, retryAfterS: number): Detail {
  if (typeof detail === 'string') return `${detail} Please try again in ${describeWait(retryAfterS)}.`;
  return msg('error.tryAgainIn', { detail, wait: waitMessage(retryAfterS) });
}

/**
 * Checks and counts against a store. Redis does not fail here: while it is down or hangs, its
 * store counts in this instance's memory (providers/rate-limit-store/fallback.ts), so the limits
 * hold per instance. A store that fails anyway lets the request through and the error is
 * reported: an outage of the counter store must not lock every user out.
 */
export class RateLimiter {
  constructor(
    private readonly store: RateLimitStore,
    private readonly onStoreError: (err: unknown) => void = () => {},
  ) {}

  /** Counts one attempt; 429 once the attempts within the window exceed `rule.max`. */
  async consume(key: string, rule: RateLimitRule, detail: Detail): Promise<void> {
    const res = await this.safely(() => this.store.hit(key, rule.windowS * 1000, rule.extendOnHit ?? false));
    if (res && res.count > rule.max) throw this.limited(res.resetMs, detail);
  }

  /** 429 when `rule.max` attempts are already counted; counts nothing itself. */
  async assertBelow(key: string, rule: RateLimitRule, detail: Detail): Promise<void> {
    const res = await this.safely(() => this.store.peek(key));
    if (res && res.count >= rule.max) throw this.limited(res.resetMs, detail);
  }

  /** Counts one event (e.g. a failed password) without deciding anything. */
  async record(key: string, rule: RateLimitRule): Promise<void> {
    await this.safely(() => this.store.hit(key, rule.windowS * 1000, rule.extendOnHit ?? false));
  }

  async reset(key: string): Promise<void> {
    await this.safely(() => this.store.reset(key));
  }

  private limited(resetMs: number, detail: Detail) {
    const retryAfterS = Math.max(1, Math.ceil(resetMs / 1000));
    return tooManyRequests(retryDetail(detail, retryAfterS), retryAfterS);
  }

  private async safely<T>(op: () => Promise<T>): Promise<T | undefined> {
    try {
      return await op();
    } catch (err) {
      this.onStoreError(err);
      return undefined;
    }
  }
}
