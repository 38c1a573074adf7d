import { describe, expect, it } from 'vitest';
import { DATASETS } from '../src/server/geo/sources.js';
import { RIVER_REACH_KM } from '../src/server/geo/rivers.js';
import { LOCATION_RISKS, type LocationRiskName } from '../src/server/engine/index.js';
import {
  coastalFloodLevel,
  earthquakeLevel,
  landslideLevel,
  rasterLevel,
  riverFloodLevel,
  volcanoLevel,
  type RasterValue,
} from '../src/server/engine/hazard-levels.js';
import { industryProfile } from '../src/server/engine/industry-risks.js';
import { informFor } from '../src/server/engine/inform.js';
import { assessLocationRisks } from '../src/server/engine/location-risks.js';
import type { SiteFeatures } from '../src/server/engine/site-features.js';
import {
  DATASETS as SHARED_DATASETS,
  HAZARD_KEYS,
  HAZARD_RULES,
  hazardRuleTexts,
  rasterRuleTexts,
  type HazardKey,
} from '../src/shared/hazards/index.js';

/**
 * The methodology page writes its thresholds from the rule table (hazardRuleTexts; the page's own
 * test shows it renders them), the engine rates by the same table: here the texts must state the
 * shipped numbers and the engine must apply them at their edges.
 */
const said = (key: HazardKey): string => hazardRuleTexts().find((t) => t.key === key)!.rule;

describe('the methodology page and the analysts', () => {
  it('explains each hazard under a name the analysts give reports', () => {
    const names = hazardRuleTexts().map((t) => t.hazard);
    expect(names).toHaveLength(9);
    expect(names).toEqual(HAZARD_KEYS.map((k) => HAZARD_RULES[k].name));
    const known = new Set<string>(LOCATION_RISKS);
    for (const name of names) expect(known, name).toContain(name);
  });

  it('covers every natural-hazard location risk (the two country indicators are explained in its text)', () => {
    const explained = new Set(hazardRuleTexts().map((t) => t.hazard));
    const natural = LOCATION_RISKS.filter((name) => name !== 'Crime / Theft' && name !== 'Political / Economic Stability');
    for (const name of natural) expect(explained, name).toContain(name);
  });
});

const events = (n: number, siteIntensity: number, year: number, distanceKm = 50) => Array.from({ length: n }, () => ({ year, siteIntensity, distanceKm }));
const quake = (...groups: ReturnType<typeof events>[]): number => earthquakeLevel(groups.flat()).level;
const volcano = (distanceKm: number, yearsAgo?: number): number =>
  volcanoLevel([{ distanceKm, ...(yearsAgo !== undefined ? { lastEruption: HAZARD_RULES.volcano.listYear - yearsAgo } : {}) }]).level;

describe('the thresholds the methodology page states are the ones the server applies', () => {
  it('earthquake: events of intensity VIII / VII / VI since 1515, damaging events within 100 km', () => {
    const rule = said('earthquake');
    const from = HAZARD_RULES.earthquake.windowFrom;
    expect(from).toBe(1515);
    expect(rule).toContain('Very High with 3 or more events since 1515 at intensity VIII or more (about 0.2 g)');
    expect([quake(events(3, 8, from)), quake(events(2, 8, from)), quake(events(2, 8, from - 1))]).toEqual([5, 4, 2]);
    expect(rule).toContain('or 5 or more events since 1515 at intensity VII or more (about 0.1 g)');
    expect([quake(events(5, 7, 1900)), quake(events(4, 7, 1900)), quake(events(1, 7, 1900))]).toEqual([4, 3, 3]);
    expect(rule).toContain('Low with an event at intensity VII or more (about 0.1 g) at any date, even before 1515, or an event since 1515 at intensity VI or more');
    expect([quake(events(1, 7, 1400)), quake(events(1, 6, 1900)), quake(events(1, 5, 1900, 100)), quake(events(1, 5, 1900, 101)), quake()]).toEqual([2, 2, 1, 0, 0]);
    expect(rule).toContain('Very Low with an event within 100 km');
    expect(rule).toContain('sets a floor 2 levels below its own level (index ÷ 2)');
  });

  it('river flood: reach by river size, 25 m and 75 m above the valley floor, 5 m plains, 1 million people', () => {
    const rule = said('riverFlood');
    expect(RIVER_REACH_KM).toBe(HAZARD_RULES.riverFlood.reachKm);
    expect(rule).toContain(`${RIVER_REACH_KM.major} km for a major river, ${RIVER_REACH_KM.medium} km for a medium one and ${RIVER_REACH_KM.small} km for a small one`);
    expect(rule).toContain('High within the reach and 25 m or less above the valley floor;');
    expect([riverFloodLevel(1, 25, 100).level, riverFloodLevel(1, 26, 100).level, riverFloodLevel(1, 75, 100).level, riverFloodLevel(1, 76, 100).level]).toEqual([4, 3, 3, 2]);
    expect(rule).toContain('or within 3 times the reach and 25 m or less above the valley floor');
    expect([riverFloodLevel(3, 25, 100).level, riverFloodLevel(3.1, 25, 100).level]).toEqual([3, 1]);
    expect(rule).toContain('or 5 m or less above sea level and 25 m or less above the valley floor');
    expect([riverFloodLevel(undefined, 0, 5).level, riverFloodLevel(undefined, 0, 6).level, riverFloodLevel(undefined, 26, 5).level]).toEqual([2, 1, 1]);
    expect(rule).toContain('Very Low otherwise (or with no mapped river within 20 km)');
    expect(rule).toContain('One level more, up to High, with 1 million people or more within 10 km');
  });

  it('coastal flood: each band the page states holds at its edge and not beyond', () => {
    const rule = said('coastalFlood');
    expect(rule).toContain('Very High within 2 km of the sea and 2 m or less above sea level');
    expect(rule).toContain('High within 5 km of the sea and 5 m or less above sea level, or at or below sea level within 25 km');
    expect(rule).toContain('Moderate within 10 km of the sea and 10 m or less above sea level, or within 50 km of the sea and 2 m or less above sea level');
    expect(rule).toContain('Low within 3 km of the sea, or within 25 km of the sea and 20 m or less above sea level; Very Low within 25 km of the sea; Negligible further away');
    expect(rule).toContain('INFORM tsunami index is 7 or more, within 5 km of the sea and 20 m or less above it');
    for (const band of HAZARD_RULES.coastalFlood.bands) {
      for (const c of band.any) {
        const m = c.elevationM ?? 1000;
        expect(coastalFloodLevel(c.coastKm, m).level, JSON.stringify(c)).toBe(band.level);
        expect(coastalFloodLevel(c.coastKm + 0.1, m).level, JSON.stringify(c)).toBeLessThan(band.level);
        if (c.elevationM !== undefined) expect(coastalFloodLevel(c.coastKm, m + 0.1).level, JSON.stringify(c)).toBeLessThan(band.level);
      }
    }
    expect([coastalFloodLevel(2.1, 2).level, coastalFloodLevel(5, 6).level, coastalFloodLevel(51, 2).level, coastalFloodLevel(26, 21).level]).toEqual([4, 3, 0, 0]);
  });

  it('landslide: relief 1,000 / 500 / 200 / 50 m, slope 6° / 3°, one level more with strong earthquakes', () => {
    const rule = said('landslide');
    expect(rule).toContain('High with a relief of 1,000 m or more or a slope of 6° or more');
    expect(rule).toContain('Moderate with a relief of 500 m or more or a slope of 3° or more');
    expect(rule).toContain('Low with a relief of 200–500 m; Very Low with a relief of 50–200 m; Negligible under 50 m');
    const l = (relief: number, slope: number, eq: 0 | 4 = 0) => landslideLevel(relief, slope, eq).level;
    expect([l(1000, 0), l(0, 6), l(500, 0), l(0, 3), l(200, 0), l(50, 0), l(49, 2.9)]).toEqual([4, 4, 3, 3, 2, 1, 0]);
    expect(rule).toContain('One level more, from Low up, where the earthquake level is High or above');
    expect([l(200, 0, 4), l(50, 0, 4)]).toEqual([3, 1]);
  });

  it('volcanic activity: 20 km / 100 years, 50 km / 2,000 years, 100 km, 200 km, counted from the list’s year', () => {
    const rule = said('volcano');
    expect(rule).toContain('Very High within 20 km of a volcano that erupted in the last 100 years');
    expect(rule).toContain('High within 50 km of a volcano that erupted in the last 2,000 years');
    expect(rule).toContain('Moderate within 50 km of any Holocene volcano, or within 100 km of a volcano that erupted in the last 2,000 years');
    expect(rule).toContain('Low within 100 km of any Holocene volcano; Very Low within 200 km of any Holocene volcano; Negligible beyond');
    expect(rule).toContain(`Years count back from ${HAZARD_RULES.volcano.listYear}`);
    expect([volcano(20, 100), volcano(21, 100), volcano(50, 2000), volcano(50, 2001), volcano(50), volcano(100, 2000), volcano(100), volcano(200), volcano(201)]).toEqual([
      5, 4, 4, 3, 3, 3, 2, 1, 0,
    ]);
  });
});

/** A synthetic site for the four climate hazards: what each rule reads, nothing else. */
function climate(name: LocationRiskName, site: { lat: number; lon?: number; coastKm?: number; people?: number; elevationM?: number }, inform: { iso2?: string; drought?: number } = {}): number {
  const base = informFor(inform.iso2 ?? 'DE')!;
  const features: SiteFeatures = {
    latitude: site.lat,
    longitude: site.lon ?? 10,
    distanceToCoastKm: site.coastKm ?? 50,
    population10km: site.people ?? 1000,
    population25km: site.people ?? 1000,
    terrain: { elevationM: site.elevationM ?? 100, reliefM: 0, slopeDeg: 0, aboveLowestM: 50, lowestM: 0, highestM: 100, reliable: true },
    earthquakes: [],
    volcanoes: [],
    rasters: [],
  };
  const ctx = { inform: { ...base, drought: inform.drought ?? 2 }, features, profile: industryProfile({ nace_code: '62.01' } as never), precision: 'address' as const };
  return assessLocationRisks(ctx, [name])[0]!.rawLikelihood;
}

describe('the four climate hazards: the page states the cut-offs the assessors apply', () => {
  it('extreme heat: latitude bands, 800 m, 200 km inland south of 50°N, 1 million people', () => {
    const rule = said('heat');
    expect(rule).toContain('High south of 38°N, Moderate south of 42°N, Low south of 46°N, Very Low south of 52°N, Negligible further north');
    expect([37.9, 38, 41.9, 42, 45.9, 46, 51.9, 52].map((lat) => climate('Extreme Heat', { lat }))).toEqual([4, 3, 3, 2, 2, 1, 1, 0]);
    expect(rule).toContain('One level less at 800 m or more above sea level');
    expect([climate('Extreme Heat', { lat: 45, elevationM: 800 }), climate('Extreme Heat', { lat: 45, elevationM: 799 })]).toEqual([1, 2]);
    expect(rule).toContain('one level more beyond 200 km from the sea south of 50°N');
    expect([climate('Extreme Heat', { lat: 45, coastKm: 201 }), climate('Extreme Heat', { lat: 45, coastKm: 200 }), climate('Extreme Heat', { lat: 50, coastKm: 201 })]).toEqual([3, 2, 1]);
    expect(rule).toContain('one level more with 1 million people or more within 10 km');
    expect([climate('Extreme Heat', { lat: 45, people: 1_000_000 }), climate('Extreme Heat', { lat: 45, people: 999_999 })]).toEqual([3, 2]);
  });

  it('wildfire: the Mediterranean states south of 44.5°N and 40°N, Malta, drought 4, 1,500 m, 500,000 people', () => {
    const rule = said('wildfire');
    expect(rule).toContain('Moderate in the Mediterranean states (Portugal, Spain, France, Italy, Greece, Cyprus, Croatia, Slovenia, Bulgaria, Malta) south of 44.5°N, High south of 40°N (Low in Malta); Very Low elsewhere');
    const fire = (lat: number, iso2: string, more: { drought?: number; elevationM?: number; people?: number } = {}) =>
      climate('Wildfire', { lat, ...(more.elevationM ? { elevationM: more.elevationM } : {}), ...(more.people ? { people: more.people } : {}) }, { iso2, ...(more.drought ? { drought: more.drought } : {}) });
    expect([fire(44.4, 'IT'), fire(44.5, 'IT'), fire(39.9, 'ES'), fire(35.9, 'MT'), fire(50, 'DE'), fire(60, 'FI')]).toEqual([3, 1, 4, 2, 1, 1]);
    expect(rule).toContain('One level more where the country’s INFORM drought index is 4 or more');
    expect([fire(50, 'DE', { drought: 4 }), fire(50, 'DE', { drought: 3.9 })]).toEqual([2, 1]);
    expect(rule).toContain('one level less at 1,500 m or more above sea level');
    expect([fire(42, 'IT', { elevationM: 1500 }), fire(42, 'IT', { elevationM: 1499 })]).toEqual([2, 3]);
    expect(rule).toContain('one level less with 500,000 people or more within 10 km');
    expect([fire(42, 'IT', { people: 500_000 }), fire(42, 'IT', { people: 499_999 })]).toEqual([2, 3]);
  });

  it('windstorm: the storm track north of 50°N and west of 15°E, 10 km from the coast, 1,000 m, at most High', () => {
    const rule = said('windstorm');
    expect(rule).toContain('Moderate north of 50°N and west of 15°E (the Atlantic and North Sea storm track); Low north of 50°N further east; Very Low further south');
    const wind = (lat: number, lon: number, coastKm = 50, elevationM = 100) => climate('Windstorm', { lat, lon, coastKm, elevationM });
    expect([wind(50, 15), wind(50, 15.1), wind(49.9, 10)]).toEqual([3, 2, 1]);
    expect(rule).toContain('One level more within 10 km of the coast; one level more at 1,000 m or more above sea level; at most High');
    expect([wind(49, 10, 9.9), wind(49, 10, 10), wind(49, 10, 50, 1000), wind(49, 10, 50, 999), wind(55, 5, 1, 1500)]).toEqual([2, 1, 2, 1, 4]);
  });

  it('drought: INFORM drought ÷ 2, south of 42°N, beyond 300 km from the sea south of 50°N', () => {
    const rule = said('drought');
    expect(rule).toContain('The country’s INFORM drought index ÷ 2 sets the level; one level more south of 42°N; one level more beyond 300 km from the sea south of 50°N');
    const dry = (lat: number, drought: number, coastKm = 50) => climate('Drought', { lat, coastKm }, { drought });
    expect([dry(45, 4), dry(45, 6), dry(41.9, 4), dry(42, 4), dry(45, 4, 301), dry(45, 4, 300), dry(50, 4, 301)]).toEqual([2, 3, 3, 2, 3, 2, 2]);
  });
});

describe('deployment layers: the ThinkHazard thresholds the raster rules apply', () => {
  const layers = rasterRuleTexts();
  const r = (units: RasterValue['units'], value: number, returnPeriod?: number, hazard = 'x') =>
    rasterLevel({ units, value, hazard, ...(returnPeriod ? { returnPeriod } : {}) }).level;

  it('states each layer’s thresholds, and the rules apply them', () => {
    expect(layers.pga).toBe('At 475 years: Very High from 0.3 g, High from 0.2 g, Moderate from 0.1 g, Low from 0.05 g.');
    expect([r('pga_g', 0.3), r('pga_g', 0.2), r('pga_g', 0.1), r('pga_g', 0.05), r('pga_g', 0.04)]).toEqual([5, 4, 3, 2, 1]);
    expect(layers.floodDepth).toContain('Very High with 2 m or more within 25 years; High with 0.5 m or more within 25 years; Moderate with 0.5 m or more within 50 years; Low with 0.5 m or more within 1,000 years');
    expect(layers.floodDepth).toContain('A coastal flood layer: High with 2 m or more within 25 years');
    expect([r('depth_m', 0.5, 25), r('depth_m', 2, 10), r('depth_m', 0.5, 50), r('depth_m', 0.5, 1000), r('depth_m', 1.9, 10, 'coastalFlood')]).toEqual([4, 5, 3, 2, 3]);
    expect(layers.waterStress).toBe('Very High over 80 %, High from 40 %, Moderate from 20 %, Low from 10 %, Very Low under 10 %.');
    expect([r('water_stress', 0.81), r('water_stress', 0.8), r('water_stress', 0.4), r('water_stress', 0.2), r('water_stress', 0.1), r('water_stress', 0.09)]).toEqual([5, 4, 4, 3, 2, 1]);
    expect(layers.fireAndHeat).toContain('Fire weather: High at 30 within 2 years, Moderate at 20 within 10 years, Low at 15 within 30 years');
    expect([r('fwi', 30, 2), r('fwi', 20, 10), r('fwi', 15, 30), r('fwi', 14, 30)]).toEqual([4, 3, 2, 1]);
    expect(layers.fireAndHeat).toContain('Heat: High at 32 °C within 5 years, Moderate at 28 °C within 20 years, Low at 25 °C within 100 years');
    expect([r('wbgt_c', 32, 5), r('wbgt_c', 28, 20), r('wbgt_c', 25, 100), r('wbgt_c', 24, 100)]).toEqual([4, 3, 2, 1]);
  });
});

describe('the datasets', () => {
  it('names each bundled dataset, its version and licence from the list the reports print', () => {
    expect(DATASETS).toBe(SHARED_DATASETS);
    expect(Object.keys(DATASETS)).toEqual(['etopo5', 'rivers', 'gshhg', 'seismicCodes', 'coastline', 'earthquakes', 'volcanoes', 'gazetteer', 'inform']);
  });

  it('gives every hazard of the table datasets from that list', () => {
    for (const key of HAZARD_KEYS) {
      expect(HAZARD_RULES[key].datasets.length, key).toBeGreaterThan(0);
      for (const d of HAZARD_RULES[key].datasets) expect(Object.keys(DATASETS), key).toContain(d.key);
    }
  });
});
