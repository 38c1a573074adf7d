import { describe, expect, it } from 'vitest';
import { formatFiledDate, formatFiledDateTime } from './dates.js';

describe('formatFiledDateTime', () => {
  it('writes day, month, year and the time in UTC, whatever the year', () => {
    expect(formatFiledDateTime('2026-11-24T14:05:00.000Z')).toBe('24 Nov 2026, 14:05 UTC');
    expect(formatFiledDateTime(Date.UTC(2024, 0, 5, 3, 7))).toBe('5 Jan 2024, 03:07 UTC');
    // Late evening in Lisbon's winter is still the same UTC day; past midnight UTC it is the next.
    expect(formatFiledDateTime(new Date('2026-12-31T23:59:00-01:00'))).toBe('1 Jan 2027, 00:59 UTC');
  });

  it('falls back on a missing or invalid value', () => {
    expect(formatFiledDateTime(null)).toBe('—');
    expect(formatFiledDateTime('not a date', '-')).toBe('-');
  });
});

describe('formatFiledDate', () => {
  it('writes day, month and year in UTC, whatever the year', () => {
    expect(formatFiledDate('2026-11-24T23:30:00.000Z')).toBe('24 Nov 2026');
    expect(formatFiledDate(new Date('2026-12-31T23:59:00-01:00'))).toBe('1 Jan 2027');
    expect(formatFiledDate(undefined, '-')).toBe('-');
  });
});
