import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeGeoTiff } from '../../../test/geotiff-writer.js';
import { ConfigError, loadConfig } from '../config.js';
import { HazardDataError, loadHazardRasters } from '../geo/hazard-rasters.js';
import { analyseSite } from './analyse.js';
import { createAnalyst } from '../providers/analyst/factory.js';
import { rasterLevel } from './hazard-levels.js';

/** Deployment rasters (HAZARD_DATA_DIR) on GeoTIFFs written here: northern Italy, 0.5° pixels. */
const dir = mkdtempSync(join(tmpdir(), 'corisk-hazard-data-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const area = { width: 10, height: 6, originLon: 7, originLat: 47, pixel: 0.5 }; // lon 7–12, lat 44–47
const flat = (v: number) => Array.from({ length: area.width * area.height }, () => v);
writeFileSync(join(dir, 'eshm20_pga475.tif'), writeGeoTiff({ ...area, type: 'float32', values: flat(0.24), compression: 'deflate', tile: 16 }));
// JRC depth stored in centimetres would need its own units; here metres as Float32, 10-year period
writeFileSync(join(dir, 'jrc_depth_rp10.tif'), writeGeoTiff({ ...area, type: 'float32', values: flat(1.2) }));
writeFileSync(join(dir, 'aqueduct_bws.tif'), writeGeoTiff({ ...area, type: 'float32', values: flat(0.55), nodata: -1 }));
writeFileSync(
  join(dir, 'manifest.json'),
  JSON.stringify({
    layers: [
      { dataset: 'ESHM20 PGA 475 years', version: '2021', licence: 'CC BY 4.0 (EFEHR)', url: 'https://hazard.efehr.org', hazard: 'earthquake', units: 'pga_g', return_period: 475, file: 'eshm20_pga475.tif' },
      { dataset: 'JRC river flood depth RP10', version: 'v2', licence: 'CC BY 4.0 (European Commission JRC)', hazard: 'riverFlood', units: 'depth_m', return_period: 10, file: 'jrc_depth_rp10.tif' },
      { dataset: 'WRI Aqueduct 4.0 baseline water stress', licence: 'CC BY 4.0 (WRI)', hazard: 'drought', units: 'water_stress', file: 'aqueduct_bws.tif' },
    ],
  }),
);

const milan = { name: 'Site Test', country: 'Italy', latitude: 45.4642, longitude: 9.19, geocode_precision: 'address' as const };
const risk = (a: ReturnType<typeof analyseSite>, name: string) => a.location.find((r) => r.name === name)!;

describe('HAZARD_DATA_DIR rasters', () => {
  const rasters = loadHazardRasters(dir);

  it('supersede the bundled proxy for their hazard, and the reasons name them', () => {
    const proxy = analyseSite(milan, undefined);
    const rich = analyseSite(milan, rasters);

    const quake = risk(rich, 'Earthquake');
    expect(quake.rawLikelihood).toBe(4); // 0.24 g at 475 years: ≥ 0.2 g
    expect(quake.evidence).toEqual([
      { dataset: 'ESHM20 PGA 475 years', text: 'PGA 0.24 g at 475 years: ≥ 0.2 g, high (this layer supersedes the bundled proxy)', message: expect.objectContaining({ id: 'location.raster.supersedes' }) },
    ]);
    expect(quake.reasonMessages?.map((m) => m.id)).toEqual(['location.earthquake.level4', 'location.reason.evidence']);
    expect(quake.reason.join(' ')).not.toContain('NOAA NCEI');
    expect(risk(proxy, 'Earthquake').reason.join(' ')).toContain('NOAA NCEI');

    expect(risk(rich, 'Flood').rawLikelihood).toBe(4); // ≥ 0.5 m at 10 years
    expect(risk(rich, 'Flood').reason[1]).toBe('JRC river flood depth RP10: flood depth 1.2 m at 10 years: ≥ 0.5 m within 25 years, high (this layer supersedes the bundled proxy)');
    expect(risk(rich, 'Drought').rawLikelihood).toBe(4); // 55 % water stress
    // no layer for the coast or landslides: the bundled proxy stays
    expect(risk(rich, 'Landslide')).toEqual(risk(proxy, 'Landslide'));

    const names = rich.dataSources.map((d) => d.name);
    expect(names).toEqual(expect.arrayContaining(['ESHM20 PGA 475 years', 'JRC river flood depth RP10', 'WRI Aqueduct 4.0 baseline water stress']));
    expect(rich.dataSources.find((d) => d.name === 'ESHM20 PGA 475 years')!.licence).toBe('CC BY 4.0 (EFEHR)');
    expect(proxy.dataSources.map((d) => d.name)).not.toContain('ESHM20 PGA 475 years');
  });

  it('reach the analyst built with HAZARD_DATA_DIR, and only that one', async () => {
    const log = { warn: () => undefined, error: () => undefined };
    const company = { ...milan, postal_code: '', city: 'Milano', address: '', fiscal_number: '', sources: [], sample: false } as never;
    const withRasters = createAnalyst({ openai: undefined, hazardDataDir: dir }, log);
    const without = createAnalyst({ openai: undefined, hazardDataDir: undefined }, log);
    const rich = await withRasters.analyse({ company }, new AbortController().signal);
    const plain = await without.analyse({ company }, new AbortController().signal);
    expect(rich.dataSources?.map((d) => d.name)).toContain('ESHM20 PGA 475 years');
    expect(plain.dataSources?.map((d) => d.name)).not.toContain('ESHM20 PGA 475 years');
  });

  it('leaves sites outside the rasters to the bundled layers', () => {
    const naples = { ...milan, latitude: 40.85, longitude: 14.27 };
    expect(analyseSite(naples, rasters)).toEqual(analyseSite(naples, undefined));
  });

  it('applies the thresholds of each kind of layer', () => {
    expect(rasterLevel({ units: 'pga_g', hazard: 'earthquake', returnPeriod: 475, value: 0.08 }).level).toBe(2);
    expect(rasterLevel({ units: 'pga_g', hazard: 'earthquake', returnPeriod: 475, value: 0.12 }).level).toBe(3);
    expect(rasterLevel({ units: 'pga_g', hazard: 'earthquake', returnPeriod: 2475, value: 0.15 }).level).toBe(2);
    expect(rasterLevel({ units: 'depth_m', hazard: 'riverFlood', returnPeriod: 100, value: 1 }).level).toBe(2);
    expect(rasterLevel({ units: 'depth_m', hazard: 'riverFlood', returnPeriod: 50, value: 1 }).level).toBe(3);
    expect(rasterLevel({ units: 'depth_m', hazard: 'riverFlood', returnPeriod: 100, value: 0 }).level).toBe(0);
    expect(rasterLevel({ units: 'depth_m', hazard: 'coastalFlood', returnPeriod: 10, value: 1 }).level).toBe(3);
    expect(rasterLevel({ units: 'depth_m', hazard: 'coastalFlood', returnPeriod: 10, value: 2.5 }).level).toBe(4);
    expect(rasterLevel({ units: 'wbgt_c', hazard: 'heat', returnPeriod: 5, value: 33 }).level).toBe(4);
    expect(rasterLevel({ units: 'fwi', hazard: 'wildfire', returnPeriod: 10, value: 22 }).level).toBe(3);
    expect(rasterLevel({ units: 'water_stress', hazard: 'drought', value: 0.05 }).level).toBe(1);
    expect(rasterLevel({ units: 'class_1_5', hazard: 'landslide', value: 5 }).level).toBe(5);
  });

  it('refuses a missing or unsafe manifest, and config names the variable', () => {
    const empty = mkdtempSync(join(tmpdir(), 'corisk-hazard-empty-'));
    try {
      expect(() => loadHazardRasters(empty)).toThrow(HazardDataError);
      writeFileSync(join(empty, 'manifest.json'), JSON.stringify({ layers: [{ dataset: 'x', licence: 'y', hazard: 'earthquake', units: 'pga_g', file: '../escape.tif' }] }));
      expect(() => loadHazardRasters(empty)).toThrow(/outside the directory/);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
    const env = { NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATA_DIR: dir };
    expect(loadConfig({ ...env, HAZARD_DATA_DIR: dir }).hazardDataDir).toBe(dir);
    try {
      loadConfig({ ...env, HAZARD_DATA_DIR: join(dir, 'nowhere') });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      expect((err as ConfigError).variables).toEqual(['HAZARD_DATA_DIR']);
    }
  });
});
