import { describe, expect, it } from 'vitest';
import { formatKm, siteFeatures } from './site-features.js';

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

// The first call loads every bundled layer (gazetteer, coast, grid, waterways): slow on a busy machine.
describe('siteFeatures at the famous places (issue 19)', { timeout: 90_000 }, () => {
  it('gives Bucharest the Vrancea deep events and its P100-1 design acceleration', () => {
    const f = siteFeatures(44.4268, 26.1025);
    const deep = f.earthquakes.filter((q) => q.model === 'intermediate-depth' && q.siteIntensity >= 7).map((q) => q.year);
    expect(deep).toEqual(expect.arrayContaining([1802, 1940, 1977]));
    expect(f.seismicReference).toMatchObject({ place: 'Bucharest', pgaG: 0.3 });
    expect(f.terrain!.reliable).toBe(true);
  });

  it('says the elevation is unreliable at Naples and Rome, with the seismic zone of each', () => {
    const naples = siteFeatures(40.8518, 14.2681);
    expect(naples.terrain!.reliable).toBe(false);
    expect(naples.seismicReference!.zone).toBe('zone 2');
    const rome = siteFeatures(41.8329, 12.4669);
    expect(rome.terrain!.reliable).toBe(false);
    expect(rome.seismicReference!.zone).toMatch(/^zone 3/);
  });

  it('gives Amsterdam the North Sea Canal as a canal and the Markermeer as its lake', () => {
    const f = siteFeatures(52.3676, 4.9041);
    expect(f.river).toMatchObject({ kind: 'canal', name: 'canal' });
    expect(f.lake).toMatchObject({ name: 'Markermeer', named: true });
    expect(f.seismicReference).toBeUndefined();
  });
});
