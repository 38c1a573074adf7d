import { endianness } from 'node:os';
import { msg, type Message } from '../../shared/i18n/message.js';
import { layersManifest, readLayer, KM_PER_DEG } from './layers.js';

/**
 * ETOPO5 relief (NOAA, 5 arc-minutes ≈ 9 km) over Europe: Int16 metres, rows south to north.
 * A cell is about 9 × 6 km, so a value is the average of a landscape, not of a plot: valleys
 * narrower than a cell and cliffs are smoothed away.
 */

interface Grid {
  data: Int16Array;
  minLon: number;
  minLat: number;
  step: number;
  cols: number;
  rows: number;
}

let grid: Grid | undefined;

function load(): Grid {
  const m = layersManifest().elevation;
  const buf = readLayer(m.file);
  if (buf.length !== m.cols * m.rows * 2) throw new Error(`${m.file}: ${buf.length} bytes, expected ${m.cols * m.rows * 2}`);
  const data = new Int16Array(m.cols * m.rows);
  if (endianness() === 'LE') new Uint8Array(data.buffer).set(buf);
  else for (let i = 0; i < data.length; i++) data[i] = buf.readInt16LE(i * 2);
  return { data, minLon: m.minLon, minLat: m.minLat, step: m.step, cols: m.cols, rows: m.rows };
}

function g(): Grid {
  return (grid ??= load());
}

const cell = (G: Grid, r: number, c: number) => G.data[r * G.cols + c]!;

/** Whether the grid covers the point (with one cell to spare for the neighbourhood). */
export function elevationCovers(lat: number, lon: number): boolean {
  const G = g();
  const x = (lon - G.minLon) / G.step;
  const y = (lat - G.minLat) / G.step;
  return x >= 2 && y >= 2 && x <= G.cols - 3 && y <= G.rows - 3;
}

/** Below this a cell is sea floor, not reclaimed land (the Dutch polders lie a few metres under 0). */
const SEA_FLOOR_M = -20;

/**
 * Metres above sea level at the point, interpolated between the four nearest cells. On a coast
 * where some of those cells are sea floor, only the land cells count (a cliff town is not under
 * water); with no land cell near, 0.
 */
export function elevationAt(lat: number, lon: number): number {
  const G = g();
  const x = (lon - G.minLon) / G.step;
  const y = (lat - G.minLat) / G.step;
  const c = Math.min(G.cols - 2, Math.max(0, Math.floor(x)));
  const r = Math.min(G.rows - 2, Math.max(0, Math.floor(y)));
  const fx = x - c;
  const fy = y - r;
  const corners = [
    [cell(G, r, c), (1 - fx) * (1 - fy)],
    [cell(G, r, c + 1), fx * (1 - fy)],
    [cell(G, r + 1, c), (1 - fx) * fy],
    [cell(G, r + 1, c + 1), fx * fy],
  ] as const;
  if (corners.every(([v]) => v > SEA_FLOOR_M)) return Math.round(corners.reduce((sum, [v, w]) => sum + v * w, 0));
  const land = corners.filter(([v]) => v > 0);
  const weight = land.reduce((sum, [, w]) => sum + w, 0);
  if (land.length === 0) return 0;
  if (weight === 0) return Math.round(land.reduce((sum, [v]) => sum + v, 0) / land.length);
  return Math.round(land.reduce((sum, [v, w]) => sum + v * w, 0) / weight);
}

/**
 * Boxes where ETOPO5 holds a block of wrong, near-flat land (1–30 m) with a straight edge against
 * the true relief: found by reading the grid (a 1–30 m block cut off along a row or column from
 * hundreds of metres). Elevation, relief and slope there are not measurements.
 */
export const ETOPO5_FLAT_BLOCKS: readonly { name: string; minLat: number; maxLat: number; minLon: number; maxLon: number }[] = [
  // Civitavecchia to Anzio, central Rome and the Alban Hills (900 m) read 1–20 m.
  { name: 'the Lazio coast and Rome', minLat: 41.54, maxLat: 42.04, minLon: 11.95, maxLon: 12.88 },
  // Naples, Vesuvius (1,281 m) and the Sorrento peninsula read 1–27 m.
  { name: 'Campania (Naples, Vesuvius, Sorrento)', minLat: 40.62, maxLat: 41.04, minLon: 13.87, maxLon: 14.87 },
  // Etna (3,300 m) reads about 20 m; Catania and Siracusa near 0.
  { name: 'eastern Sicily (Etna, Catania, Siracusa)', minLat: 36.7, maxLat: 38.2, minLon: 14.76, maxLon: 15.4 },
  // Trapani and Monte Erice (750 m) read under 30 m.
  { name: 'western Sicily (Trapani)', minLat: 37.62, maxLat: 38.2, minLon: 12.3, maxLon: 12.84 },
];

/** The known wrong block of the grid the point lies in, if any. */
export function etopo5FlatBlock(lat: number, lon: number): string | undefined {
  return ETOPO5_FLAT_BLOCKS.find((b) => lat >= b.minLat && lat <= b.maxLat && lon >= b.minLon && lon <= b.maxLon)?.name;
}

export interface Terrain {
  /** metres above sea level at the site (interpolated; below 0 on reclaimed land) */
  elevationM: number;
  /** highest minus lowest land within about ±9 km (sea counts as 0 m) */
  reliefM: number;
  /** the steepest average slope between neighbouring cells around the site, degrees */
  slopeDeg: number;
  /** metres above the lowest land within about ±18 km: near 0 on a valley floor or plain */
  aboveLowestM: number;
  /** the lowest land within about ±18 km, metres */
  lowestM: number;
  /** the highest ground within about ±18 km, metres */
  highestM: number;
  /** false where the grid has a known block of wrong, near-flat values (ETOPO5_FLAT_BLOCKS) */
  reliable: boolean;
  /** why the values are unreliable here, when they are not */
  unreliableBecause?: string;
}

const FLAT_BLOCK_SAID = 'ETOPO5 holds a block of wrong, near-flat values over ';

/** The message of each flat block's name (ETOPO5_FLAT_BLOCKS). */
const FLAT_BLOCK_IDS: Record<string, string> = {
  'the Lazio coast and Rome': 'location.etopo5.blockLazio',
  'Campania (Naples, Vesuvius, Sorrento)': 'location.etopo5.blockCampania',
  'eastern Sicily (Etna, Catania, Siracusa)': 'location.etopo5.blockEasternSicily',
  'western Sicily (Trapani)': 'location.etopo5.blockWesternSicily',
};

/** `unreliableBecause` as a message, for the report's evidence; undefined for a text not made here. */
export function unreliableBecauseMessage(because: string): Message | undefined {
  if (!because.startsWith(FLAT_BLOCK_SAID)) return undefined;
  const id = FLAT_BLOCK_IDS[because.slice(FLAT_BLOCK_SAID.length)];
  return id ? msg('location.etopo5.flatBlock', { block: msg(id) }) : undefined;
}

/** The site's elevation and the shape of the land around it. */
export function terrainAt(lat: number, lon: number): Terrain {
  const G = g();
  const elevationM = elevationAt(lat, lon);
  const c0 = Math.round((lon - G.minLon) / G.step);
  const r0 = Math.round((lat - G.minLat) / G.step);
  const kmX = G.step * KM_PER_DEG * Math.cos((lat * Math.PI) / 180);
  const kmY = G.step * KM_PER_DEG;
  const land = (r: number, c: number) => Math.max(0, cell(G, r, c));
  let hi1 = -Infinity;
  let lo1 = Infinity;
  let slope = 0;
  for (let r = r0 - 1; r <= r0 + 1; r++) {
    for (let c = c0 - 1; c <= c0 + 1; c++) {
      const h = land(r, c);
      hi1 = Math.max(hi1, h);
      lo1 = Math.min(lo1, h);
      const east = Math.abs(land(r, c + 1) - h) / (kmX * 1000);
      const north = Math.abs(land(r + 1, c) - h) / (kmY * 1000);
      slope = Math.max(slope, east, north);
    }
  }
  let hi2 = -Infinity;
  let lo2 = Infinity;
  for (let r = r0 - 2; r <= r0 + 2; r++) {
    for (let c = c0 - 2; c <= c0 + 2; c++) {
      const v = cell(G, r, c);
      hi2 = Math.max(hi2, v);
      if (v > 0) lo2 = Math.min(lo2, v);
    }
  }
  const site = Math.max(0, elevationM);
  if (lo2 === Infinity) lo2 = site;
  const block = etopo5FlatBlock(lat, lon);
  return {
    elevationM,
    reliefM: Math.round(hi1 - lo1),
    slopeDeg: Math.round((Math.atan(slope) * 180) / Math.PI * 10) / 10,
    aboveLowestM: Math.max(0, Math.round(site - Math.min(lo2, site))),
    lowestM: Math.round(Math.min(lo2, site)),
    highestM: Math.round(Math.max(hi2, site)),
    reliable: block === undefined,
    ...(block !== undefined ? { unreliableBecause: `${FLAT_BLOCK_SAID}${block}` } : {}),
  };
}
