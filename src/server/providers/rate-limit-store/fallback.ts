import { MemoryRateLimitStore } from './memory.js';
import type { RateLimitCount, RateLimitStore } from '../../lib/rate-limit-store.js';
import { withTimeout } from '../../lib/with-timeout.js';

export interface FallbackLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

export interface FallbackOptions {
  /** Longest a call waits for the shared store before counting in memory instead. */
  waitMs?: number;
  /** While the shared store is down, how often a call checks in the background whether it answers again. */
  probeMs?: number;
  log?: FallbackLog;
}

/** Read by the probe only; never written. */
const probeKey = 'probe:answering';

/**
 * The shared store (Redis) with this instance's own memory counters behind it. While Redis fails
 * or hangs the limits still hold, per instance, instead of letting every request through. A call
 * waits at most `waitMs`: after one failure every call counts in memory at once (a request never
 * waits twice, nor do the ones after it) until a background probe finds Redis answering again.
 * Counts made in memory during the outage stay there; Redis keeps its own from before.
 */
export class FallbackRateLimitStore implements RateLimitStore {
  readonly kind: RateLimitStore['kind'];
  private down = false;
  private probing = false;
  private lastProbe = 0;
  private readonly waitMs: number;
  private readonly probeMs: number;

  constructor(
    private readonly shared: RateLimitStore,
    private readonly local: RateLimitStore = new MemoryRateLimitStore(),
    private readonly options: FallbackOptions = {},
  ) {
    this.kind = shared.kind;
    // Redis's own command timeout: a slow but working Redis is not taken for a dead one.
    this.waitMs = options.waitMs ?? 1500;
    this.probeMs = options.probeMs ?? 1000;
  }

  /** Whether calls go to memory now (Redis failed and has not answered since). */
  get fallingBack(): boolean {
    return this.down;
  }

  hit(key: string, windowMs: number, extendOnHit: boolean): Promise<RateLimitCount> {
    return this.run((store) => store.hit(key, windowMs, extendOnHit));
  }

  peek(key: string): Promise<RateLimitCount> {
    return this.run((store) => store.peek(key));
  }

  async reset(key: string): Promise<void> {
    // Memory too: counts of an earlier outage must not come back in the next one.
    await this.local.reset(key);
    await this.run((store) => (store === this.local ? Promise.resolve() : store.reset(key)));
  }

  async close(): Promise<void> {
    await Promise.all([this.shared.close(), this.local.close()]);
  }

  private async run<T>(op: (store: RateLimitStore) => Promise<T>): Promise<T> {
    if (this.down) {
      this.probeNow();
      return op(this.local);
    }
    try {
      return await this.bounded(op(this.shared));
    } catch (err) {
      if (!this.down) {
        this.down = true;
        this.lastProbe = Date.now();
        this.options.log?.warn(
          { err: err instanceof Error ? err.message : String(err) },
          "rate-limit store failed; counting in this instance's memory until it answers again",
        );
      }
      return op(this.local);
    }
  }

  /** One probe at a time, at most every `probeMs`; the call that starts it does not wait for it. */
  private probeNow(): void {
    if (this.probing || Date.now() - this.lastProbe < this.probeMs) return;
    this.probing = true;
    this.lastProbe = Date.now();
    this.bounded(this.shared.peek(probeKey))
      .then(
        () => {
          if (!this.down) return;
          this.down = false;
          this.options.log?.info({}, 'rate-limit store answers again; counting there');
        },
        () => {},
      )
      .finally(() => {
        this.probing = false;
        this.lastProbe = Date.now();
      });
  }

  private bounded<T>(p: Promise<T>): Promise<T> {
    return withTimeout(p, this.waitMs, `rate-limit store did not answer within ${this.waitMs} ms`);
  }
}
