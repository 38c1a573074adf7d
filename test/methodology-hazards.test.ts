import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DATASETS } from '../src/server/geo/sources.js';
import { RIVER_REACH_KM } from '../src/server/geo/rivers.js';
import { LOCATION_RISKS } from '../src/server/providers/analyst/analyst.js';
import {
  coastalFloodLevel,
  earthquakeLevel,
  landslideLevel,
  QUAKE_WINDOW_FROM,
  rasterLevel,
  riverFloodLevel,
  volcanoLevel,
  VOLCANO_LIST_YEAR,
  type QuakeCounts,
  type RasterValue,
} from '../src/server/engine/hazard-levels.js';
import { DATASETS as SHARED_DATASETS } from '../src/shared/hazard-datasets.js';

/** The hazard names the methodology page explains, read from its source (web code is not compiled for Node here). */
function pageHazards(): string[] {
  const source = readFileSync(new URL('../src/web/features/marketing/methodology-page.tsx', import.meta.url), 'utf8');
  const list = source.slice(source.indexOf('export const HAZARDS'), source.indexOf('const DATASET_NOTES'));
  return [...list.matchAll(/^ {4}name: '([^']+)',$/gm)].map((m) => m[1]!);
}

describe('the methodology page and the analysts', () => {
  it('explains each hazard under a name the analysts give reports', () => {
    const hazards = pageHazards();
    expect(hazards).toHaveLength(9);
    const known = new Set<string>(LOCATION_RISKS);
    for (const name of hazards) expect(known, name).toContain(name);
  });

  it('covers every natural-hazard location risk (the two country indicators are explained in its text)', () => {
    const explained = new Set(pageHazards());
    const natural = LOCATION_RISKS.filter((name) => name !== 'Crime / Theft' && name !== 'Political / Economic Stability');
    for (const name of natural) expect(explained, name).toContain(name);
  });
});

/** The methodology page's source, whose rule texts must state the server's own thresholds. */
const page = readFileSync(new URL('../src/web/features/marketing/methodology-page.tsx', import.meta.url), 'utf8');

/** The rule text the page gives a hazard in its thresholds table. */
function pageRule(hazard: string): string {
  const table = page.slice(page.indexOf('export const THRESHOLDS'), page.indexOf('export const LAYERS'));
  const m = new RegExp(`hazard: '${hazard.replace(/[/]/g, '\\/')}',\\s*rule: '([^']+)'`).exec(table);
  if (!m) throw new Error(`no rule for ${hazard} on the page`);
  return m[1]!;
}

const quake = (c: Partial<QuakeCounts>): number => earthquakeLevel({ viiiSince: 0, viiSince: 0, viiEver: 0, viSince: 0, within100km: 0, ...c }).level;
const volcano = (distanceKm: number, yearsAgo?: number): number =>
  volcanoLevel([{ distanceKm, ...(yearsAgo !== undefined ? { lastEruption: VOLCANO_LIST_YEAR - yearsAgo } : {}) }]).level;

describe('the thresholds the methodology page states are the ones the server applies', () => {
  it('earthquake: counts of intensity VIII / VII / VI since 1515, damaging events within 100 km', () => {
    const rule = pageRule('Earthquake');
    expect(QUAKE_WINDOW_FROM).toBe(1515);
    expect(rule).toContain('3 or more events since 1515 shook the site at intensity VIII or more');
    expect([quake({ viiiSince: 3 }), quake({ viiiSince: 2 })]).toEqual([5, 4]);
    expect(rule).toContain('5 or more at intensity VII or more');
    expect([quake({ viiSince: 5 }), quake({ viiSince: 4 }), quake({ viiSince: 1 })]).toEqual([4, 3, 3]);
    expect(rule).toContain('Low when intensity VII was reached only before 1515, or intensity VI since');
    expect([quake({ viiEver: 1 }), quake({ viSince: 1 }), quake({ within100km: 1 }), quake({})]).toEqual([2, 2, 1, 0]);
  });

  it('river flood: reach by river size, 25 m and 75 m above the valley floor, 5 m plains, 1 million people', () => {
    const rule = pageRule('Flood');
    expect(rule).toContain(`${RIVER_REACH_KM.major} km for a major river, ${RIVER_REACH_KM.medium} km for a medium one and ${RIVER_REACH_KM.small} km for a small one`);
    expect(rule).toMatch(/High within the reach and 25 m or less above/);
    expect([riverFloodLevel(1, 25, 100).level, riverFloodLevel(1, 26, 100).level, riverFloodLevel(1, 75, 100).level, riverFloodLevel(1, 76, 100).level]).toEqual([4, 3, 3, 2]);
    expect(rule).toContain('within 3 times the reach on the valley floor');
    expect([riverFloodLevel(3, 25, 100).level, riverFloodLevel(3.1, 25, 100).level]).toEqual([3, 1]);
    expect(rule).toContain('5 m or less above sea level');
    expect([riverFloodLevel(undefined, 0, 5).level, riverFloodLevel(undefined, 0, 6).level]).toEqual([2, 1]);
    expect(rule).toContain('1 million people or more within 10 km');
  });

  it('coastal flood: 2 km / 2 m, 5 km / 5 m, 10 km / 10 m, 3 km, 25 km / 20 m, 50 km deltas', () => {
    const rule = pageRule('Coastal Flood / Storm Surge');
    expect(rule).toContain('Very High within 2 km of the sea and 2 m or less');
    expect([coastalFloodLevel(2, 2).level, coastalFloodLevel(2.1, 2).level]).toEqual([5, 4]);
    expect(rule).toContain('High within 5 km and 5 m or less, or at or below sea level within 25 km');
    expect([coastalFloodLevel(5, 5).level, coastalFloodLevel(25, 0).level, coastalFloodLevel(5, 6).level]).toEqual([4, 4, 3]);
    expect(rule).toContain('Moderate within 10 km and 10 m or less, or 2 m or less within 50 km');
    expect([coastalFloodLevel(10, 10).level, coastalFloodLevel(50, 2).level, coastalFloodLevel(51, 2).level]).toEqual([3, 3, 0]);
    expect(rule).toContain('Low within 3 km, or within 25 km and 20 m or less');
    expect([coastalFloodLevel(3, 50).level, coastalFloodLevel(25, 20).level, coastalFloodLevel(25, 21).level, coastalFloodLevel(26, 21).level]).toEqual([2, 2, 1, 0]);
    expect(rule).toContain('INFORM tsunami index is 7 or more, within 5 km of the sea and 20 m or less');
  });

  it('landslide: relief 1,000 / 500 / 200 / 50 m, slope 6° / 3°, one level more with strong earthquakes', () => {
    const rule = pageRule('Landslide');
    expect(rule).toContain('High with a relief of 1,000 m or more or a slope of 6° or more');
    expect(rule).toContain('Moderate with 500 m or 3°');
    expect(rule).toContain('Low with a relief of 200–500 m; Very Low with 50–200 m; Negligible under 50 m');
    const l = (relief: number, slope: number, eq: 0 | 4 = 0) => landslideLevel(relief, slope, eq).level;
    expect([l(1000, 0), l(0, 6), l(500, 0), l(0, 3), l(200, 0), l(50, 0), l(49, 2.9)]).toEqual([4, 4, 3, 3, 2, 1, 0]);
    expect(rule).toContain('One level more, from Low up, where the earthquake level is High or above');
    expect([l(200, 0, 4), l(50, 0, 4)]).toEqual([3, 1]);
  });

  it('volcanic activity: 20 km / 100 years, 50 km / 2,000 years, 100 km, 200 km, counted from the list’s year', () => {
    const rule = pageRule('Volcanic Activity');
    expect(rule).toContain('Very High within 20 km of a volcano that erupted in the last 100 years');
    expect(rule).toContain('High within 50 km of a volcano that erupted in the last 2,000 years');
    expect(rule).toContain('Moderate within 50 km of any Holocene volcano, or 100 km of one that erupted in the last 2,000 years');
    expect(rule).toContain('Low within 100 km of a Holocene volcano; Very Low within 200 km');
    expect(rule).toContain(`Years count back from ${VOLCANO_LIST_YEAR}`);
    expect([volcano(20, 100), volcano(21, 100), volcano(50, 2000), volcano(50, 2001), volcano(50), volcano(100, 2000), volcano(100), volcano(200), volcano(201)]).toEqual([
      5, 4, 4, 3, 3, 3, 2, 1, 0,
    ]);
  });

  it('the four climate hazards: the page quotes the cut-offs written in the assessors', () => {
    const source = readFileSync(new URL('../src/server/engine/location-risks.ts', import.meta.url), 'utf8');
    // Each pair: what the page says, and the code that applies it.
    const pairs: [string, string, string][] = [
      ['Extreme Heat', 'High south of 38°N, Moderate to 42°N, Low to 46°N, Very Low to 52°N', 'y < 38 ? 4 : y < 42 ? 3 : y < 46 ? 2 : y < 52 ? 1 : 0'],
      ['Extreme Heat', 'One level less at 800 m', 't.elevationM >= 800'],
      ['Extreme Heat', 'one level more beyond 200 km from the sea south of 50°N', 's.distanceToCoastKm > 200 && y < 50'],
      ['Extreme Heat', '1 million people or more within 10 km', 's.population10km >= 1_000_000'],
      ['Wildfire', 'south of 44.5°N, High south of 40°N (Low in Malta)', 's.latitude < 44.5'],
      ['Wildfire', 'south of 40°N', 's.latitude < 40 ? 4 : 3'],
      ['Wildfire', 'INFORM drought index is 4 or more', 'inform.drought >= 4'],
      ['Wildfire', 'one level less at 1,500 m', 't.elevationM >= 1500'],
      ['Wildfire', '500,000 people or more within 10 km', 's.population10km >= 500_000'],
      ['Windstorm', 'Moderate north of 50°N and west of 15°E', 's.latitude >= 50 && s.longitude <= 15'],
      ['Windstorm', 'One level more within 10 km of the coast', 's.distanceToCoastKm < 10'],
      ['Windstorm', 'one level more at 1,000 m', 't.elevationM >= 1000'],
      ['Windstorm', 'at most High', 'Math.min(4, l)'],
      ['Drought', 'INFORM drought index ÷ 2 sets the level', 'lvl(inform.drought / 2)'],
      ['Drought', 'one level more south of 42°N', 's.latitude < 42'],
      ['Drought', 'one level more beyond 300 km from the sea south of 50°N', 's.distanceToCoastKm > 300 && s.latitude < 50'],
    ];
    for (const [hazard, said, code] of pairs) {
      expect(pageRule(hazard), hazard).toContain(said);
      expect(source, hazard).toContain(code);
    }
    for (const iso of ['PT', 'ES', 'FR', 'IT', 'GR', 'CY', 'HR', 'SI', 'BG', 'MT']) expect(source).toContain(`'${iso}'`);
  });

  it('deployment layers: the ThinkHazard thresholds the raster rules apply', () => {
    const layers = page.slice(page.indexOf('export const LAYERS'), page.indexOf('const LIMITS'));
    const r = (units: RasterValue['units'], value: number, returnPeriod?: number, hazard = 'x') =>
      rasterLevel({ units, value, hazard, ...(returnPeriod ? { returnPeriod } : {}) }).level;
    expect(layers).toContain('Very High from 0.3 g, High from 0.2 g, Moderate from 0.1 g, Low from 0.05 g');
    expect([r('pga_g', 0.3), r('pga_g', 0.2), r('pga_g', 0.1), r('pga_g', 0.05), r('pga_g', 0.04)]).toEqual([5, 4, 3, 2, 1]);
    expect(layers).toContain('High with 0.5 m or more within 25 years (Very High from 2 m); Moderate with 0.5 m within 50 years');
    expect([r('depth_m', 0.5, 25), r('depth_m', 2, 10), r('depth_m', 0.5, 50), r('depth_m', 0.5, 1000), r('depth_m', 1.9, 10, 'coastalFlood')]).toEqual([4, 5, 3, 2, 3]);
    expect(layers).toContain('Very High over 80 %, High from 40 %, Moderate from 20 %, Low from 10 %');
    expect([r('water_stress', 0.81), r('water_stress', 0.4), r('water_stress', 0.2), r('water_stress', 0.1), r('water_stress', 0.09)]).toEqual([5, 4, 3, 2, 1]);
    expect(layers).toContain('High at 30 within 2 years, Moderate at 20 within 10 years, Low at 15 within 30 years');
    expect([r('fwi', 30, 2), r('fwi', 20, 10), r('fwi', 15, 30), r('fwi', 14, 30)]).toEqual([4, 3, 2, 1]);
    expect(layers).toContain('High at 32 °C within 5 years, Moderate at 28 °C within 20 years, Low at 25 °C within 100 years');
    expect([r('wbgt_c', 32, 5), r('wbgt_c', 28, 20), r('wbgt_c', 25, 100), r('wbgt_c', 24, 100)]).toEqual([4, 3, 2, 1]);
  });

  it('names each bundled dataset, its version and licence from the list the reports print', () => {
    expect(page).toContain("from '../../../shared/hazard-datasets'");
    expect(DATASETS).toBe(SHARED_DATASETS);
    expect(Object.keys(DATASETS)).toEqual(['etopo5', 'rivers', 'coastline', 'earthquakes', 'volcanoes', 'gazetteer', 'inform']);
  });

  it('names the national registers that give the official activity code', () => {
    const industry = page.slice(page.indexOf('<Section id="industry">'), page.indexOf('<Section id="scores">'));
    expect(industry.replace(/\s+/g, ' ')).toContain('France, Czechia, Finland, Poland and Romania');
    for (const code of ['NAF', 'CZ-NACE', 'TOL', 'PKD', 'CAEN']) expect(industry).toContain(code);
  });
});
