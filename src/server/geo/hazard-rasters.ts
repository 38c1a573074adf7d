import { readFileSync } from 'node:fs';
import { join, normalize, sep } from 'node:path';
import { z } from 'zod';
import type { DataSourceEntry } from '../../shared/scoring.js';
import { openGeoTiff, sampleRaster, type GeoTiffFile } from './geotiff.js';

/**
 * Richer hazard rasters a deployment provides in HAZARD_DATA_DIR (ESHM20 PGA, JRC flood depth,
 * WRI Aqueduct water stress, …): GeoTIFFs listed in the directory's manifest.json. A layer
 * present for a hazard supersedes the bundled proxy for that hazard. The manifest is read when
 * the analyst is built; each raster is opened on its first use and read piecewise (only the tiles
 * sampled points fall in, a bounded cache of them per layer), never loaded whole.
 */

export const RASTER_HAZARDS = ['earthquake', 'riverFlood', 'coastalFlood', 'landslide', 'heat', 'wildfire', 'drought'] as const;
export type RasterHazard = (typeof RASTER_HAZARDS)[number];

/**
 * What a raster's values are, which fixes the thresholds applied to it:
 *   pga_g          peak ground acceleration in g (ESHM20)
 *   depth_m        flood depth in metres (JRC river flood, coastal flood maps)
 *   wbgt_c         wet-bulb globe temperature, °C
 *   fwi            Canadian fire weather index
 *   water_stress   baseline water stress as a ratio 0–1 (WRI Aqueduct)
 *   class_1_5      susceptibility class 1 (very low) to 5 (very high) (NASA landslide susceptibility)
 */
export const RASTER_UNITS = ['pga_g', 'depth_m', 'wbgt_c', 'fwi', 'water_stress', 'class_1_5'] as const;
export type RasterUnits = (typeof RASTER_UNITS)[number];

const entrySchema = z.object({
  dataset: z.string().min(1),
  version: z.string().default(''),
  licence: z.string().min(1),
  url: z.string().default(''),
  hazard: z.enum(RASTER_HAZARDS),
  units: z.enum(RASTER_UNITS),
  return_period: z.number().int().positive().optional(),
  file: z.string().min(1),
});
export const rasterManifestSchema = z.object({ layers: z.array(entrySchema).min(1) });
export type RasterLayerEntry = z.infer<typeof entrySchema>;

export interface RasterReading {
  hazard: RasterHazard;
  dataset: string;
  units: RasterUnits;
  returnPeriod?: number;
  value: number;
  source: DataSourceEntry;
}

export interface HazardRasters {
  readonly dir: string;
  readonly layers: readonly RasterLayerEntry[];
  /** The value of every layer that covers the point (nodata and outside are skipped). */
  readingsAt(lat: number, lon: number): RasterReading[];
}

export class HazardDataError extends Error {}

/** Decoded tiles kept per layer: enough for a portfolio's sites in one region, bounded. */
const TILE_CACHE_BYTES = 32 * 1024 * 1024;

/** Reads and checks HAZARD_DATA_DIR/manifest.json; the rasters load on first use. */
export function loadHazardRasters(dir: string): HazardRasters {
  let manifest;
  try {
    manifest = rasterManifestSchema.parse(JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')));
  } catch (err) {
    throw new HazardDataError(`HAZARD_DATA_DIR: manifest.json is missing or invalid (${err instanceof Error ? err.message.slice(0, 200) : String(err)})`);
  }
  const root = normalize(dir + sep);
  for (const layer of manifest.layers) {
    if (!normalize(join(dir, layer.file)).startsWith(root)) throw new HazardDataError(`HAZARD_DATA_DIR: ${layer.file} lies outside the directory`);
  }
  const cache = new Map<string, GeoTiffFile>();
  const raster = (file: string) => {
    let r = cache.get(file);
    if (!r) {
      r = openGeoTiff(join(dir, file), { cacheBytes: TILE_CACHE_BYTES });
      cache.set(file, r);
    }
    return r;
  };
  return {
    dir,
    layers: manifest.layers,
    readingsAt(lat, lon) {
      const out: RasterReading[] = [];
      for (const l of manifest.layers) {
        const value = sampleRaster(raster(l.file), lat, lon);
        if (value === undefined) continue;
        out.push({
          hazard: l.hazard,
          dataset: l.dataset,
          units: l.units,
          ...(l.return_period ? { returnPeriod: l.return_period } : {}),
          value,
          source: {
            name: l.dataset,
            version: l.version,
            licence: l.licence,
            url: l.url,
            used_for: `${l.hazard}${l.return_period ? ` (${l.return_period}-year return period)` : ''} at the site, from HAZARD_DATA_DIR`,
          },
        });
      }
      return out;
    },
  };
}
