// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  USAGE_LIMIT,
  USAGE_REFRESH_MS,
  USAGE_STORAGE_KEY,
  USAGE_WINDOW_MS,
  activeTimestamps,
  formatWait,
  readUsage,
  recordUsage,
  usageColour,
  usageStatus,
  useUsage,
} from './usage-limiter';

const NOW = Date.UTC(2025, 2, 5, 12, 0, 0);
const ago = (ms: number) => NOW - ms;

beforeEach(() => localStorage.clear());
afterEach(() => vi.useRealTimers());

describe('the rolling window of 3600 s', () => {
  it('counts a request made 3599.999 s ago and drops one made exactly 3600 s ago', () => {
    expect(USAGE_WINDOW_MS).toBe(3_600_000);
    expect(activeTimestamps([ago(USAGE_WINDOW_MS - 1)], NOW)).toHaveLength(1);
    expect(activeTimestamps([ago(USAGE_WINDOW_MS)], NOW)).toHaveLength(0);
    expect(activeTimestamps([ago(USAGE_WINDOW_MS + 1)], NOW)).toHaveLength(0);
  });

  it('counts a request made right now and ignores timestamps from the future or not numbers', () => {
    expect(activeTimestamps([NOW], NOW)).toEqual([NOW]);
    expect(activeTimestamps([NOW + 1, Number.NaN, Number.POSITIVE_INFINITY], NOW)).toEqual([]);
  });

  it('allows 5 requests per window: the 5th reaches the limit', () => {
    const four = [1, 2, 3, 4].map((m) => ago(m * 60_000));
    expect(usageStatus(four, NOW)).toMatchObject({ used: 4, remaining: 1, limited: false });
    const five = [...four, ago(5 * 60_000)];
    expect(USAGE_LIMIT).toBe(5);
    expect(usageStatus(five, NOW)).toMatchObject({ used: 5, remaining: 0, limited: true, percent: 100 });
  });

  it('frees a request exactly when the oldest leaves the window', () => {
    const oldest = ago(50 * 60_000);
    const five = [oldest, ago(40 * 60_000), ago(30 * 60_000), ago(20 * 60_000), ago(10 * 60_000)];
    const status = usageStatus(five, NOW);
    expect(status.waitMs).toBe(10 * 60_000);
    expect(usageStatus(five, oldest + USAGE_WINDOW_MS - 1).limited).toBe(true);
    expect(usageStatus(five, oldest + USAGE_WINDOW_MS)).toMatchObject({ limited: false, used: 4 });
  });

  it('with more than 5 stored requests, waits until enough of them have left', () => {
    const six = [55, 50, 40, 30, 20, 10].map((m) => ago(m * 60_000));
    expect(usageStatus(six, NOW).waitMs).toBe(10 * 60_000); // the second oldest (50 min ago) must go
  });
});

describe('usage messages', () => {
  it('default when nothing was used, success while requests remain, info with the wait when limited', () => {
    expect(usageStatus([], NOW)).toMatchObject({
      type: 'default',
      message: 'Ready to generate risk assessments: up to 5 per hour.',
    });
    expect(usageStatus([ago(1000), ago(2000)], NOW)).toMatchObject({
      type: 'success',
      message: '3 of 5 assessments remaining this hour.',
    });
    const five = [59, 58, 57, 56, 55].map((m) => ago(m * 60_000));
    expect(usageStatus(five, NOW)).toMatchObject({
      type: 'info',
      message: 'Usage limit reached: 5 assessments per hour. Please wait 1 minute before generating another one.',
    });
  });

  it('rounds the wait up to whole minutes', () => {
    expect(formatWait(1)).toBe('1 minute');
    expect(formatWait(60_000)).toBe('1 minute');
    expect(formatWait(60_001)).toBe('2 minutes');
    expect(formatWait(12 * 60_000)).toBe('12 minutes');
  });
});

describe('bar colours', () => {
  it.each([
    [0, 'green'],
    [39.9, 'green'],
    [40, 'yellow'],
    [59.9, 'yellow'],
    [60, 'orange'],
    [79.9, 'orange'],
    [80, 'red'],
    [100, 'red'],
  ] as const)('%s %% is %s', (percent, colour) => {
    expect(usageColour(percent)).toBe(colour);
  });

  it('follows the number of requests: 1 green, 2 yellow, 3 orange, 4 and 5 red', () => {
    const colours = [1, 2, 3, 4, 5].map((n) => usageStatus(Array.from({ length: n }, (_, i) => ago(i + 1)), NOW).colour);
    expect(colours).toEqual(['green', 'yellow', 'orange', 'red', 'red']);
  });
});

describe('stored timestamps', () => {
  it('records a request and drops the expired ones', () => {
    localStorage.setItem(USAGE_STORAGE_KEY, JSON.stringify([ago(USAGE_WINDOW_MS + 5), ago(1000)]));
    expect(recordUsage(NOW)).toEqual([ago(1000), NOW]);
    expect(JSON.parse(localStorage.getItem(USAGE_STORAGE_KEY)!)).toEqual([ago(1000), NOW]);
  });

  it('reads unreadable storage as no requests', () => {
    localStorage.setItem(USAGE_STORAGE_KEY, '{not json');
    expect(readUsage()).toEqual([]);
    localStorage.setItem(USAGE_STORAGE_KEY, JSON.stringify({ a: 1 }));
    expect(readUsage()).toEqual([]);
    localStorage.setItem(USAGE_STORAGE_KEY, JSON.stringify([1, 'x', null, 2]));
    expect(readUsage()).toEqual([1, 2]);
  });
});

describe('useUsage', () => {
  it('refreshes every 10 s, so the limit lifts without a reload', () => {
    vi.useFakeTimers({ now: NOW });
    // The oldest of five requests leaves the window 5 s from now.
    const five = [ago(USAGE_WINDOW_MS - 5000), ago(1000), ago(2000), ago(3000), ago(4000)];
    localStorage.setItem(USAGE_STORAGE_KEY, JSON.stringify(five));
    const { result } = renderHook(() => useUsage());
    expect(result.current.status.limited).toBe(true);
    act(() => void vi.advanceTimersByTime(USAGE_REFRESH_MS - 1));
    expect(result.current.status.limited).toBe(true);
    act(() => void vi.advanceTimersByTime(1));
    expect(result.current.status).toMatchObject({ limited: false, used: 4 });
  });

  it('record() stores the request and updates the status at once', () => {
    vi.useFakeTimers({ now: NOW });
    const { result } = renderHook(() => useUsage());
    act(() => result.current.record());
    expect(result.current.status).toMatchObject({ used: 1, type: 'success' });
    expect(readUsage()).toEqual([NOW]);
  });
});
