// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PRICE_CACHE_KEY, PRICE_CACHE_TTL_MS, isPriceCacheFresh, loadPrices, readPriceCache, writePriceCache } from './price-cache';

type Plans = Record<string, { title: string }>;
const parse = (data: unknown): Plans | null =>
  typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Plans) : null;

const T0 = 1_750_000_000_000;
const cachedPlans: Plans = { basic: { title: 'Cached Basic' } };
const serverPlans: Plans = { basic: { title: 'Server Basic' } };

beforeEach(() => localStorage.clear());

describe('price cache record', () => {
  it('stores {data, timestamp} in localStorage', () => {
    writePriceCache(cachedPlans, T0);
    expect(JSON.parse(localStorage.getItem(PRICE_CACHE_KEY) ?? 'null')).toEqual({ data: cachedPlans, timestamp: T0 });
    expect(readPriceCache(parse)).toEqual({ data: cachedPlans, timestamp: T0 });
  });

  it('ignores malformed records', () => {
    localStorage.setItem(PRICE_CACHE_KEY, 'nope');
    expect(readPriceCache(parse)).toBeNull();
    localStorage.setItem(PRICE_CACHE_KEY, JSON.stringify({ data: cachedPlans }));
    expect(readPriceCache(parse)).toBeNull();
    localStorage.setItem(PRICE_CACHE_KEY, JSON.stringify({ data: [1], timestamp: T0 }));
    expect(readPriceCache(parse)).toBeNull();
  });

  it('is fresh for 24 hours only', () => {
    const rec = { data: cachedPlans, timestamp: T0 };
    expect(isPriceCacheFresh(rec, T0)).toBe(true);
    expect(isPriceCacheFresh(rec, T0 + PRICE_CACHE_TTL_MS - 1)).toBe(true);
    expect(isPriceCacheFresh(rec, T0 + PRICE_CACHE_TTL_MS)).toBe(false);
    expect(isPriceCacheFresh(rec, T0 - 60_000)).toBe(false);
  });
});

describe('loadPrices', () => {
  it('uses a cache younger than 24 hours without calling the server', async () => {
    writePriceCache(cachedPlans, T0);
    const fetchFresh = vi.fn(async () => serverPlans);
    const res = await loadPrices({ parse, fetchFresh, now: () => T0 + 23 * 3600_000 });
    expect(res).toMatchObject({ data: cachedPlans, source: 'cache', timestamp: T0 });
    expect(fetchFresh).not.toHaveBeenCalled();
  });

  it('calls the server when the cache is 24 hours old and renews it', async () => {
    writePriceCache(cachedPlans, T0);
    const now = T0 + PRICE_CACHE_TTL_MS;
    const res = await loadPrices({ parse, fetchFresh: async () => serverPlans, now: () => now });
    expect(res).toMatchObject({ data: serverPlans, source: 'server' });
    expect(readPriceCache(parse)).toEqual({ data: serverPlans, timestamp: now });
  });

  it('calls the server when there is no cache', async () => {
    const res = await loadPrices({ parse, fetchFresh: async () => serverPlans, now: () => T0 });
    expect(res.source).toBe('server');
  });

  it('bypasses a fresh cache when forced', async () => {
    writePriceCache(cachedPlans, T0);
    const res = await loadPrices({ parse, fetchFresh: async () => serverPlans, force: true, now: () => T0 + 1 });
    expect(res.data).toEqual(serverPlans);
  });

  it('falls back to the stale cache when the server fails', async () => {
    writePriceCache(cachedPlans, T0);
    const boom = new Error('Invalid data structure received from API');
    const res = await loadPrices({
      parse,
      fetchFresh: async () => {
        throw boom;
      },
      now: () => T0 + 2 * PRICE_CACHE_TTL_MS,
    });
    expect(res).toMatchObject({ data: cachedPlans, source: 'stale-cache', error: boom });
  });

  it('fails only when there is nothing to show', async () => {
    await expect(
      loadPrices({
        parse,
        fetchFresh: async () => {
          throw new Error('down');
        },
      }),
    ).rejects.toThrow('down');
  });
});
