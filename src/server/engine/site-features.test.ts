import { describe, expect, it } from 'vitest';
import { formatKm } from './site-features.js';

describe('formatKm', () => {
  it('gives a decimal under 10 km and whole kilometres beyond', () => {
    expect(formatKm(0.84)).toBe('0.8 km');
    expect(formatKm(9.96)).toBe('10.0 km');
    expect(formatKm(42.4)).toBe('42 km');
  });

  it('keeps the decimal next to a 5 km threshold, so a distance never reads as the threshold it passed', () => {
    expect(formatKm(25.3)).toBe('25.3 km');
    expect(formatKm(49.7)).toBe('49.7 km');
    expect(formatKm(25.02)).toBe('25 km');
  });
});
