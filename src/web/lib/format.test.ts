import { describe, expect, it } from 'vitest';
import { formatCount, formatDate, formatDateTime, formatEuro, toDate } from './format';

describe('formatDate (the product date rule)', () => {
  const now = new Date(2025, 5, 15, 12, 0, 0);

  it.each([
    ['a date in the current year shows day and month', new Date(2025, 2, 5), '5 Mar'],
    ['the first day of the current year', new Date(2025, 0, 1), '1 Jan'],
    ['the last day of the current year', new Date(2025, 11, 31, 23, 59), '31 Dec'],
    ['a date in the next year adds the year', new Date(2026, 2, 5), '5 Mar, 2026'],
    ['a date in a past year adds the year', new Date(2024, 11, 31), '31 Dec, 2024'],
  ])('%s', (_name, value, expected) => {
    expect(formatDate(value, now)).toBe(expected);
  });

  it('accepts ISO strings and epoch milliseconds', () => {
    const local = new Date(2026, 0, 20, 10, 30);
    expect(formatDate(local.toISOString(), now)).toBe('20 Jan, 2026');
    expect(formatDate(local.getTime(), now)).toBe('20 Jan, 2026');
  });

  it('shows the fallback for missing or invalid values', () => {
    expect(formatDate(null, now)).toBe('—');
    expect(formatDate(undefined, now)).toBe('—');
    expect(formatDate('', now)).toBe('—');
    expect(formatDate('not a date', now, 'n/a')).toBe('n/a');
  });

  it('toDate does not share the caller’s Date instance', () => {
    const d = new Date(2025, 1, 1);
    const copy = toDate(d);
    expect(copy).not.toBe(d);
    expect(copy?.getTime()).toBe(d.getTime());
  });
});

describe('formatEuro', () => {
  it('formats euros with two decimals by default', () => {
    expect([24.1666, 290, 1234.5].map((amount) => formatEuro(amount))).toEqual(['€24.17', '€290.00', '€1,234.50']);
  });

  it('can drop the decimals', () => {
    expect(formatEuro(290, 0)).toBe('€290');
  });
});

describe('formatDateTime', () => {
  const now = new Date(2025, 5, 15);
  it('adds the local time to the date rule', () => {
    expect(formatDateTime(new Date(2025, 2, 5, 9, 7), now)).toBe('5 Mar, 09:07');
    expect(formatDateTime(new Date(2024, 2, 5, 14, 30), now)).toBe('5 Mar, 2024, 14:30');
    expect(formatDateTime(null, now)).toBe('—');
  });
});

describe('formatEuro and formatCount write what Intl writes (en-IE)', () => {
  const euro = (d: number) => new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR', minimumFractionDigits: d, maximumFractionDigits: d });
  const amounts = [0, -0, 1, 9.99, 24.17, 24.1666, 290, 1234.5, 1.005, 2.675, 999999.99, 1234567, -5, -0.001, -1e-9, -1234.56, 0.004, 12.345, 1e15, 1e21, NaN, Infinity];

  it.each(amounts)('formatEuro(%s)', (amount) => {
    expect(formatEuro(amount)).toBe(euro(2).format(amount));
    expect(formatEuro(amount, 0)).toBe(euro(0).format(amount));
    expect(formatEuro(amount, 1)).toBe(euro(1).format(amount));
  });

  it.each([0, -0, 7, 999, 1000, 1200, 12345678, -4200, 2 ** 53, 1.5, 1234.5678, -0.5, NaN, Infinity])('formatCount(%s)', (value) => {
    expect(formatCount(value)).toBe(new Intl.NumberFormat('en-IE').format(value));
  });
});
