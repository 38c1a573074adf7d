import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../lib/paths.js';

/**
 * The bundled hazard layers (src/server/geo/data, built by `npm run data:hazards`): read on first
 * use, never at start-up, so a server is healthy before any of them is loaded.
 */

export const LAYERS_DIR = join(projectRoot, 'src/server/geo/data');

export interface LayersManifest {
  box: { minLon: number; maxLon: number; minLat: number; maxLat: number };
  elevation: { file: string; minLon: number; minLat: number; step: number; cols: number; rows: number };
  rivers: { file: string };
  earthquakes: { file: string };
  volcanoes: { file: string };
}

let manifest: LayersManifest | undefined;

export function layersManifest(): LayersManifest {
  return (manifest ??= JSON.parse(readFileSync(join(LAYERS_DIR, 'layers.json'), 'utf8')) as LayersManifest);
}

export function readLayer(file: string): Buffer {
  return readFileSync(join(LAYERS_DIR, file));
}

export function readJsonLayer<T>(file: string): T {
  return JSON.parse(readLayer(file).toString('utf8')) as T;
}

const KM_PER_DEG = 111.195;

/** Great-circle distance in km (haversine on a 6371 km sphere). */
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Distance in km from a point to a segment, in a local equirectangular frame (fine below ~100 km). */
export function segmentDistanceKm(lat: number, lon: number, lon1: number, lat1: number, lon2: number, lat2: number): number {
  const kx = KM_PER_DEG * Math.cos((lat * Math.PI) / 180);
  const ax = (lon1 - lon) * kx;
  const ay = (lat1 - lat) * KM_PER_DEG;
  const dx = (lon2 - lon1) * kx;
  const dy = (lat2 - lat1) * KM_PER_DEG;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len2));
  return Math.hypot(ax + t * dx, ay + t * dy);
}

export { KM_PER_DEG };
