/**
 * The browser's 24-hour pricing cache: localStorage holds
 * `{data, timestamp}`; a record younger than 24 hours is used instead of calling the server.
 */

export const PRICE_CACHE_KEY = 'pricing_cache';
export const PRICE_CACHE_TTL_MS = 24 * 60 * 60 * 1000;

export interface PriceCacheRecord<T> {
  data: T;
  timestamp: number;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The stored record whose data passes `parse`, fresh or not; null when nothing usable is stored.
 * `parse` returns null for data that does not match today's contract (e.g. after a release).
 */
export function readPriceCache<T>(parse: (data: unknown) => T | null): PriceCacheRecord<T> | null {
  let raw: string | null;
  try {
    raw = storage()?.getItem(PRICE_CACHE_KEY) ?? null;
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const record: unknown = JSON.parse(raw);
    if (typeof record !== 'object' || record === null) return null;
    const { data, timestamp } = record as { data?: unknown; timestamp?: unknown };
    if (typeof timestamp !== 'number' || !Number.isFinite(timestamp)) return null;
    const parsed = parse(data);
    return parsed === null ? null : { data: parsed, timestamp };
  } catch {
    return null;
  }
}

/** True while the record is younger than 24 hours (a timestamp in the future is not trusted). */
export function isPriceCacheFresh(record: PriceCacheRecord<unknown>, now: number = Date.now()): boolean {
  const age = now - record.timestamp;
  return age >= 0 && age < PRICE_CACHE_TTL_MS;
}

export function writePriceCache<T>(data: T, now: number = Date.now()): void {
  try {
    storage()?.setItem(PRICE_CACHE_KEY, JSON.stringify({ data, timestamp: now } satisfies PriceCacheRecord<T>));
  } catch {
    // Storage full or blocked: the page still shows what it fetched.
  }
}

export function clearPriceCache(): void {
  try {
    storage()?.removeItem(PRICE_CACHE_KEY);
  } catch {
    // Nothing to remove.
  }
}

export interface LoadPricesOptions<T> {
  /** Validates stored data (null when it does not match). */
  parse: (data: unknown) => T | null;
  /** Calls the server; throws on failure (including a response that does not parse). */
  fetchFresh: () => Promise<T>;
  /** Skips the fresh-cache shortcut (admin refresh, Retry after an error). */
  force?: boolean;
  now?: () => number;
}

export interface LoadedPrices<T> {
  data: T;
  source: 'cache' | 'server' | 'stale-cache';
  timestamp: number;
  /** The server error when stale data was used instead. */
  error?: unknown;
}

/**
 * Pricing: the cache when younger than 24 hours, otherwise the server (and the
 * cache is renewed); when the server fails, the stale cache is the fallback. It rejects only when
 * there is nothing to show.
 */
export async function loadPrices<T>({ parse, fetchFresh, force = false, now = Date.now }: LoadPricesOptions<T>): Promise<LoadedPrices<T>> {
  const cached = readPriceCache(parse);
  if (!force && cached && isPriceCacheFresh(cached, now())) {
    return { data: cached.data, source: 'cache', timestamp: cached.timestamp };
  }
  try {
    const data = await fetchFresh();
    const timestamp = now();
    writePriceCache(data, timestamp);
    return { data, source: 'server', timestamp };
  } catch (error) {
    if (cached) return { data: cached.data, source: 'stale-cache', timestamp: cached.timestamp, error };
    throw error;
  }
}
