import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Paces the monitoring checks' calls to one remote company source (a register of one state, or
 * VIES): each key hands out one slot every 1/rate seconds, in order of asking, so N calls take at
 * least (N-1)/rate seconds and no second holds more than `rate` of them.
 *
 * Per process: instances each keep their own pace (with two instances a register sees up to
 * twice the rate). Slots are handed out ahead of time in memory, which a counter in the shared
 * rate-limit store (fixed windows that open on the first hit) cannot do without bursts of twice
 * the rate at window edges; the rates are set low enough for the instances usually run.
 */
export class SourcePacer {
  private readonly next = new Map<string, number>();

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** Waits for the key's next slot (`rate` per second); rejects when `signal` aborts first. */
  async take(key: string, rate: number, signal?: AbortSignal): Promise<void> {
    if (!(rate > 0)) return;
    const now = this.now();
    const slot = Math.max(now, this.next.get(key) ?? 0);
    this.next.set(key, slot + 1000 / rate);
    const wait = slot - now;
    if (wait > 0) await sleep(wait, undefined, { signal });
  }
}

/** The monitoring pace of remote sources: a register per state at `registry` per second, VIES at `vies`. */
export interface SourcePace {
  pacer: SourcePacer;
  registryPerSecond: number;
  viesPerSecond: number;
}
