import { describe, expect, it } from 'vitest';
import type { LocationRiskName } from './risk-names.js';
import { analyseSite } from './analyse.js';

/**
 * The famous places of issue 19, rated by the whole engine on the committed layers: the level and
 * the reason that says why.
 */
const site = (country: string, latitude: number, longitude: number) =>
  analyseSite({ name: 'Site Test', country, latitude, longitude, geocode_precision: 'address' });
type Analysis = ReturnType<typeof site>;
const risk = (a: Analysis, name: LocationRiskName) => a.location.find((r) => r.name === name)!;
const level = (a: Analysis, name: LocationRiskName) => risk(a, name).rawLikelihood;
const reasons = (a: Analysis, name: LocationRiskName) => risk(a, name).reason.join(' | ');

describe('Bucharest (BRD): Vrancea intermediate-depth earthquakes and P100-1', () => {
  const brd = site('Romania', 44.4268, 26.1025);

  it('rates the earthquake Very High, from the deep events and with the code value beside them', () => {
    expect(level(brd, 'Earthquake')).toBe(5);
    const why = reasons(brd, 'Earthquake');
    expect(why).toMatch(/strongest shaking on record at the site: M7\.\d [^|]*(1802|1977)[^|]*km deep\) \(estimated intensity IX here; an intermediate-depth event/);
    expect(why).toContain('national seismic code: 0.30 g for Bucharest (P100-1/2013 (Romania), 225-year): 0.3 g ≥ 0.25 g: high');
    expect(why).toContain("the catalogue's Very High stands: within 1 level of the code's, with an event since 1900 at intensity ≥ VIII");
  });
});

describe('Naples: a flat ETOPO5 block under Vesuvius', () => {
  const naples = site('Italy', 40.8518, 14.2681);

  it('does not rate landslides Negligible where the elevation is unknown, and says so', () => {
    expect(level(naples, 'Landslide')).toBe(3);
    const why = reasons(naples, 'Landslide');
    expect(why).toContain('ETOPO5: unknown: elevation data unreliable here (ETOPO5 holds a block of wrong, near-flat values over Campania');
    expect(why).toMatch(/(Campi Flegrei|Vesuvius) [\d.]+ km away \(within 20 km: steep volcanic slopes, at least Moderate\)/);
    expect(why).not.toMatch(/relief \d+ m/);
  });

  it('rates the coastal flood by the distance to the sea, not from the flat value', () => {
    expect(level(naples, 'Coastal Flood / Storm Surge')).toBeLessThan(5);
    const why = reasons(naples, 'Coastal Flood / Storm Surge');
    expect(why).toContain('ETOPO5: unknown: elevation data unreliable here');
    expect(why).toContain('rated by the distance to the sea as if 10 m high');
    expect(why).not.toMatch(/ETOPO5: \d+ m above sea level/);
  });

  it('keeps the volcano Very High and first among the takeaways', () => {
    expect(level(naples, 'Volcanic Activity')).toBe(5);
    expect(naples.keyTakeaways[0]).toMatch(/^Very High volcanic/i);
  });

  it('moderates the catalogue by zone 2: old Campanian events alone cannot raise it more than the code', () => {
    expect(level(naples, 'Earthquake')).toBe(3);
    expect(reasons(naples, 'Earthquake')).toContain("caps the catalogue's Very High at Moderate");
  });
});

describe('Rome (Eni, EUR) and central Rome: the Lazio flat block and zone 3', () => {
  const eni = site('Italy', 41.8329, 12.4669);
  const rome = site('Italy', 41.9028, 12.4964);

  it('does not rate the river flood from "3 m above sea level"', () => {
    expect(level(eni, 'Flood')).toBe(3);
    const why = reasons(eni, 'Flood');
    expect(why).not.toMatch(/\d m above sea level/);
    expect(why).toContain('ETOPO5: unknown: elevation data unreliable here (ETOPO5 holds a block of wrong, near-flat values over the Lazio coast and Rome)');
    expect(why).toContain("by the river's reach alone, at most moderate");
    expect(why).toMatch(/from the Tevere/);
  });

  it('caps the catalogue (Rome 801) at the code zone 3 level', () => {
    expect(level(rome, 'Earthquake')).toBe(3);
    const why = reasons(rome, 'Earthquake');
    expect(why).toContain('intensity X Roma 801');
    expect(why).toContain("zone 3 (the Lazio update, DGR 387/2009, splits Rome into sub-zones 2B and 3A), 0.05–0.15 g for Rome (OPCM 3274/2003 (Italy), 475-year): 0.1 g ≥ 0.1 g: moderate; caps the catalogue's High at Moderate");
  });
});

describe('Mladá Boleslav: a river the bundled data does not have', () => {
  it('says no mapped river, and that the bundled data omits smaller rivers', () => {
    const mb = site('Czech Republic', 50.4113, 14.9031);
    expect(level(mb, 'Flood')).toBe(1);
    expect(reasons(mb, 'Flood')).toContain('no mapped river within 20 km; the bundled river data (Natural Earth 1:10m, GSHHG/WDBII) omits smaller rivers');
  });
});

describe('Amsterdam and Wolfsburg: canals and lakes', () => {
  it('names the North Sea Canal as a canal and the Markermeer, never an unnamed river', () => {
    const ams = site('Netherlands', 52.3676, 4.9041);
    const why = reasons(ams, 'Flood');
    expect(why).toMatch(/km from a canal not named in the map data/);
    expect(why).toMatch(/GSHHG\/WDBII: [\d.]+ km from the shore of the Markermeer/);
    expect(why).not.toContain('unnamed river');
    // Below sea level, the canal is not capped.
    expect(level(ams, 'Flood')).toBe(3);
  });

  it('caps a canal at Low above low-lying ground (the Mittellandkanal at Wolfsburg)', () => {
    const wob = site('Germany', 52.4227, 10.7865);
    expect(level(wob, 'Flood')).toBeLessThanOrEqual(2);
    expect(reasons(wob, 'Flood')).toMatch(/canal/);
  });
});
