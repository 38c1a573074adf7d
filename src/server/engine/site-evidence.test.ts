import { describe, expect, it } from 'vitest';
import { riskAssessmentResultSchema } from '../../shared/contracts/assessment.js';
import { buildRiskResult } from '../../shared/scoring.js';
import type { LocationRiskName } from './risk-names.js';
import { analyseSite } from './analyse.js';
import { coastalFloodLevel, earthquakeLevel, levelSentence, volcanoLevel } from './hazard-levels.js';

/**
 * The embedded analyst on real places, in pairs inside one country that published hazard maps
 * tell apart (INGV seismic zones, national flood and landslide maps, volcano observatories), on
 * the committed layers.
 */

const site = (country: string, latitude: number, longitude: number) =>
  analyseSite({ name: 'Site Test', country, latitude, longitude, geocode_precision: 'address' });
const risk = (a: ReturnType<typeof site>, name: LocationRiskName) => a.location.find((r) => r.name === name)!;
const level = (a: ReturnType<typeof site>, name: LocationRiskName) => risk(a, name).rawLikelihood;
const reasons = (a: ReturnType<typeof site>, name: LocationRiskName) => risk(a, name).reason.join(' | ');

const P = {
  laquila: ['Italy', 42.3498, 13.3995],
  milan: ['Italy', 45.4642, 9.19],
  messina: ['Italy', 38.1938, 15.554],
  turin: ['Italy', 45.0703, 7.6869],
  catania: ['Italy', 37.5079, 15.083],
  palermo: ['Italy', 38.1157, 13.3615],
  naples: ['Italy', 40.8518, 14.2681],
  genoa: ['Italy', 44.4056, 8.9463],
  cremona: ['Italy', 45.1333, 10.0227],
  venice: ['Italy', 45.4408, 12.3155],
  verona: ['Italy', 45.4384, 10.9916],
  rotterdam: ['Netherlands', 51.9244, 4.4777],
  maastricht: ['Netherlands', 50.8514, 5.691],
  regensburg: ['Germany', 49.0134, 12.1016],
  muensingen: ['Germany', 48.413, 9.495],
  vienna: ['Austria', 48.2082, 16.3738],
  innsbruck: ['Austria', 47.2692, 11.4041],
} as const satisfies Record<string, readonly [string, number, number]>;
const at = (k: keyof typeof P) => site(P[k][0], P[k][1], P[k][2]);

describe('site evidence: earthquake', () => {
  it("rates L'Aquila above Milan and Messina above Turin, naming the events", () => {
    const laquila = at('laquila');
    expect(level(laquila, 'Earthquake')).toBe(5);
    expect(level(at('milan'), 'Earthquake')).toBeLessThanOrEqual(3);
    expect(reasons(laquila, 'Earthquake')).toMatch(/L'Aquila (1461|1703|2009), \d+ km/);

    const messina = at('messina');
    expect(level(messina, 'Earthquake')).toBe(5);
    expect(level(at('turin'), 'Earthquake')).toBeLessThanOrEqual(3);
    expect(reasons(messina, 'Earthquake')).toMatch(/NOAA NCEI significant earthquakes: .*M7\.0 Messina 1908, \d+ km/);
  });

  it('keeps the country index as a floor where the catalogue is quiet', () => {
    const milan = at('milan');
    expect(reasons(milan, 'Earthquake')).toContain('INFORM 2020: earthquake exposure 8.6/10 for Italy');
    expect(level(milan, 'Earthquake')).toBeGreaterThanOrEqual(2); // Italy 8.6 → floor Low
  });
});

describe('site evidence: river flood', () => {
  it('rates a Danube-side site above a plateau, and the Po plain above the Ligurian coast', () => {
    const regensburg = at('regensburg');
    expect(level(regensburg, 'Flood')).toBeGreaterThanOrEqual(4);
    expect(level(at('muensingen'), 'Flood')).toBeLessThanOrEqual(1);
    // The nearest line is now the denser GSHHG/WDBII course, named after Natural Earth's Donau.
    expect(reasons(regensburg, 'Flood')).toMatch(/(Natural Earth rivers|GSHHG\/WDBII): \d+\.\d km from the Donau \(major river/);
    expect(reasons(regensburg, 'Flood')).toMatch(/ETOPO5: \d+ m above sea level, \d+ m above the lowest land within 18 km \(valley floor or plain\)/);
    expect(level(at('cremona'), 'Flood')).toBeGreaterThan(level(at('genoa'), 'Flood'));
  });

  it('says why a dense city is rated one level above its river sentence', () => {
    // Budapest (Rome was the example until its flat ETOPO5 block made its heights unknown).
    const budapest = site('Hungary', 47.4979, 19.0402);
    const first = risk(budapest, 'Flood').reason[0]!;
    expect(level(budapest, 'Flood')).toBe(4);
    expect(first).toBe(`${levelSentence('riverFlood', 3)} Surface water in a dense urban area raises the level to High.`);
    expect(reasons(budapest, 'Flood')).toContain('GeoNames: dense urban area');
  });
});

describe('site evidence: coastal flood', () => {
  it('rates Venice above Verona and Rotterdam above Maastricht', () => {
    const venice = at('venice');
    expect(level(venice, 'Coastal Flood / Storm Surge')).toBeGreaterThanOrEqual(4);
    expect(level(at('verona'), 'Coastal Flood / Storm Surge')).toBe(0);
    expect(reasons(venice, 'Coastal Flood / Storm Surge')).toMatch(/ETOPO5: \d+ m (above|below) sea level, \d\.\d km from the coast: /);
    expect(level(at('rotterdam'), 'Coastal Flood / Storm Surge')).toBeGreaterThanOrEqual(3);
    expect(level(at('maastricht'), 'Coastal Flood / Storm Surge')).toBe(0);
  });

  it('says a polder lies below sea level rather than at a negative height above it', () => {
    const amsterdam = site('Netherlands', 52.3676, 4.9041);
    const text = `${reasons(amsterdam, 'Coastal Flood / Storm Surge')} | ${reasons(amsterdam, 'Flood')}`;
    expect(text).toMatch(/ETOPO5: \d+ m below sea level, \d+ km from the coast: at or below sea level within 25 km of the sea: high/);
    expect(text).toMatch(/ETOPO5: \d+ m below sea level, \d+ m above the lowest land within 18 km/);
    expect(text).not.toMatch(/-\d+ m above sea level/);
  });
});

describe('site evidence: landslide', () => {
  it('rates Genoa above the Po plain and Innsbruck above Vienna, from relief and slope', () => {
    const genoa = at('genoa');
    expect(level(genoa, 'Landslide')).toBeGreaterThanOrEqual(3);
    expect(level(at('cremona'), 'Landslide')).toBeLessThanOrEqual(1);
    expect(reasons(genoa, 'Landslide')).toMatch(/ETOPO5: relief [\d,]+ m and steepest slope \d+\.\d°/);
    expect(level(at('innsbruck'), 'Landslide')).toBeGreaterThanOrEqual(4);
    expect(level(at('vienna'), 'Landslide')).toBeLessThanOrEqual(1);
  });
});

describe('site evidence: volcanic activity', () => {
  it('rates Catania (Etna) above Palermo and Naples (Vesuvius) above Milan', () => {
    const catania = at('catania');
    expect(level(catania, 'Volcanic Activity')).toBeGreaterThanOrEqual(4);
    expect(reasons(catania, 'Volcanic Activity')).toMatch(/Smithsonian GVP volcanoes: Etna \(Italy\) \d+ km away, last known eruption 2014 CE/);
    expect(level(at('palermo'), 'Volcanic Activity')).toBeLessThanOrEqual(2);
    expect(level(at('naples'), 'Volcanic Activity')).toBeGreaterThanOrEqual(4);
    const milan = at('milan');
    expect(level(milan, 'Volcanic Activity')).toBe(0);
    expect(risk(milan, 'Volcanic Activity').reason[0]).toBe(levelSentence('volcano', 0));
  });
});

describe('site evidence: reports', () => {
  it('gives each location risk a level sentence and evidence lines naming their dataset', () => {
    const a = at('venice');
    for (const r of a.location) {
      expect(r.evidence!.length).toBeGreaterThan(0);
      for (const e of r.evidence!) expect(r.reason).toContain(`${e.dataset}: ${e.text}`);
    }
    expect(risk(a, 'Coastal Flood / Storm Surge').reason[0]).toBe(levelSentence('coastalFlood', level(a, 'Coastal Flood / Storm Surge') as 4 | 5));
  });

  it('lists the datasets used, with version and licence, in a valid result', () => {
    const a = at('catania');
    const names = a.dataSources.map((d) => d.name);
    expect(names).toEqual(expect.arrayContaining(['ETOPO5 global relief', 'NOAA NCEI Global Significant Earthquake Database', 'INFORM Global Risk Index']));
    expect(names.some((n) => n.startsWith('Global Volcanism Program'))).toBe(true);
    for (const d of a.dataSources) expect(d.version && d.licence && d.url).toBeTruthy();
    const result = buildRiskResult({ id: 'r', createdAt: '2026-01-01T00:00:00.000Z', location: a.location, industry: a.industry, keyTakeaways: a.keyTakeaways, dataSources: a.dataSources });
    const parsed = riskAssessmentResultSchema.parse(result);
    // The contract answers the texts; the messages beside them stay in the stored report.
    expect(parsed.data_sources).toEqual(a.dataSources.map(({ used_for_message: _message, ...source }) => source));
    expect(result.data_sources?.every((d) => d.used_for_message?.id.startsWith('source.'))).toBe(true);
    expect(parsed.location_risk['Volcanic Activity']!.evidence![0]!.dataset).toBe('Smithsonian GVP volcanoes');
  });

  it('is deterministic: the same site gives the same report', () => {
    const one = JSON.stringify(at('laquila'));
    const two = JSON.stringify(at('laquila'));
    expect(two).toBe(one);
  });
});

describe('hazard level rules', () => {
  it('follows intensity × frequency for earthquakes', () => {
    // n events at the site with this intensity, since the window (1600) or before it (1400), within 50 km unless far.
    const at = (n: number, siteIntensity: number, year = 1600, distanceKm = 50) => Array.from({ length: n }, () => ({ year, siteIntensity, distanceKm }));
    expect(earthquakeLevel([]).level).toBe(0);
    expect(earthquakeLevel(at(1, 5, 1600, 90)).level).toBe(1);
    expect(earthquakeLevel(at(1, 5, 1600, 120)).level).toBe(0);
    expect(earthquakeLevel(at(1, 7, 1400)).level).toBe(2);
    expect(earthquakeLevel(at(1, 6)).level).toBe(2);
    expect(earthquakeLevel([...at(1, 7), ...at(1, 7, 1400)]).level).toBe(3);
    expect(earthquakeLevel(at(4, 7)).level).toBe(3);
    expect(earthquakeLevel(at(5, 7)).level).toBe(4);
    expect(earthquakeLevel(at(2, 8)).level).toBe(4);
    expect(earthquakeLevel(at(3, 8)).level).toBe(5);
    expect(earthquakeLevel(at(3, 8)).rule).toBe('3 events since 1515 shook the site at intensity ≥ VIII (≈ 0.2 g); very high from 3');
  });

  it('rates the coast by distance and elevation, volcanoes by distance and last eruption', () => {
    expect(coastalFloodLevel(1, 1).level).toBe(5);
    expect(coastalFloodLevel(20, -2).level).toBe(4);
    expect(coastalFloodLevel(3, -2).rule).toBe('at or below sea level within 25 km of the sea: high');
    expect(coastalFloodLevel(3, 4).rule).toBe('≤ 5 km from the sea and ≤ 5 m above sea level: high');
    expect(coastalFloodLevel(2, 30).level).toBe(2);
    expect(coastalFloodLevel(40, 30).level).toBe(0);
    expect(volcanoLevel([{ distanceKm: 30, lastEruption: 1944 }]).level).toBe(4);
    expect(volcanoLevel([{ distanceKm: 30, lastEruption: -8300 }]).level).toBe(3);
    expect(volcanoLevel([{ distanceKm: 150 }]).level).toBe(1);
    expect(volcanoLevel([]).level).toBe(0);
  });
});
