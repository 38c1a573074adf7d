import { describe, expect, it } from 'vitest';
import type { Activity } from '../../shared/contracts/assessment.js';
import type { SiteType } from '../../shared/site-types.js';
import { analyseSite, siteTypeFor } from './analyse.js';

const now = new Date('2026-11-24T00:00:00Z');
const activity = (nace_code: string, nace_label: string): Activity => ({ nace_code, nace_label, inferred_from: 'source', evidence: 'NACE code given by the test' });

/** A refinery company placed on the coast at Sines. */
const refinery = (site_type?: SiteType) => ({
  name: 'Refinaria de Sines SA',
  country: 'Portugal',
  latitude: 37.95,
  longitude: -8.87,
  geocode_precision: 'address' as const,
  activity: activity('19.20', 'Manufacture of refined petroleum products'),
  ...(site_type ? { site_type } : {}),
});

const risk = (a: ReturnType<typeof analyseSite>, name: string) => a.industry.find((r) => r.name === name)!;

describe('site type in the engine', () => {
  const plant = analyseSite(refinery('plant'), undefined, now);
  const office = analyseSite(refinery('office'), undefined, now);

  it('rates a refinery company\'s office for office risks, its plant for process risks', () => {
    expect(risk(plant, 'Property / Fire').reason).toContain('flammable and reactive substances, process heat and pressure');
    expect(risk(office, 'Property / Fire').reason).toContain('office building: IT equipment, archives and fit-out');
    expect(risk(office, 'Property / Fire').reason.join(' ')).not.toMatch(/flammable|process heat/);
    for (const name of ['Property / Fire', 'Environmental', 'Workforce Injury', 'Business Interruption']) {
      expect(risk(office, name).impact, name).toBeLessThan(risk(plant, name).impact);
      expect(risk(office, name).reason[1]).toBe('site type: office (chosen)');
      expect(risk(plant, name).reason[1]).toBe('site type: plant (chosen)');
    }
    // Company-level risks stay the activity's.
    expect(risk(office, 'Regulatory')).toEqual(risk(plant, 'Regulatory'));
    expect(office.site).toEqual({ type: 'office', assumed: false });
  });

  it('lowers the natural perils\' impact at an office and names the site', () => {
    const flood = (a: ReturnType<typeof analyseSite>) => a.location.find((r) => r.name === 'Earthquake')!;
    expect(flood(office).impact).toBeLessThan(flood(plant).impact);
    expect(flood(office).reason).toContain('impact lowered: office site with few physical assets');
  });

  it('assumes the activity\'s typical site when none is chosen, and says so', () => {
    const assumed = analyseSite(refinery(), undefined, now);
    expect(assumed.site).toEqual({ type: 'plant', assumed: true });
    expect(risk(assumed, 'Property / Fire').reason[1]).toBe('site type: plant (assumed from the activity)');
    expect(risk(assumed, 'Property / Fire').impact).toBe(risk(plant, 'Property / Fire').impact);
    expect(assumed.keyTakeaways.some((t) => t.startsWith('Site type assumed from the activity (plant): confirm'))).toBe(true);
    expect(office.keyTakeaways.some((t) => t.startsWith('Site type assumed'))).toBe(false);
  });

  it.each([
    ['19.20', 'plant'],
    ['20.14', 'plant'],
    ['24.10', 'plant'],
    ['29.10', 'plant'],
    ['46.90', 'warehouse'],
    ['47.11', 'retail'],
    ['41.20', 'construction'],
    ['43.21', 'construction'],
    ['62.01', 'office'],
    ['64.19', 'office'],
    ['70.22', 'office'],
    ['55.10', 'other'],
  ])('takes NACE %s for a %s by default', (code, type) => {
    expect(siteTypeFor({ name: 'X', activity: activity(code, 'test') })).toEqual({ type, assumed: true });
  });

  it('rates a warehouse for its stock and sprinklers', () => {
    const shed = analyseSite({ ...refinery('warehouse'), activity: activity('62.01', 'Computer programming activities') }, undefined, now);
    expect(risk(shed, 'Property / Fire').reason.join(' ')).toMatch(/stock in racking: sprinkler protection/);
    expect(risk(shed, 'Property / Fire').reason[1]).toBe('site type: warehouse (chosen)');
  });
});
