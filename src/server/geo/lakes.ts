import { LAKE_SHORE, SegmentGrid, waterLines } from './waterways.js';

/**
 * Lake shores: GSHHG level 2 (lakes of 1 km² and more) at full resolution, plus the IJsselmeer and
 * Markermeer, which GSHHG codes as sea (see scripts/build-waterways.mjs). A lake is named where the
 * build names it, otherwise 'lake'.
 */

export interface NearLake {
  /** the lake's name, or 'lake' */
  name: string;
  named: boolean;
  /** km to its shore */
  distanceKm: number;
}

interface Index {
  names: (string | null)[];
  grid: SegmentGrid;
}

let index: Index | undefined;

function build(): Index {
  const grid = new SegmentGrid();
  const names: (string | null)[] = [];
  for (const w of waterLines()) {
    if (w.cls !== LAKE_SHORE) continue;
    grid.add(names.length, w.coords);
    names.push(w.name);
  }
  return { names, grid };
}

/** The lakes whose shore lies within `maxKm`, nearest first (one entry per name; unnamed lakes each). */
export function lakesNear(lat: number, lon: number, maxKm = 20): NearLake[] {
  const idx = (index ??= build());
  const byName = new Map<string, NearLake>();
  const out: NearLake[] = [];
  for (const [line, d] of [...idx.grid.nearLines(lat, lon, maxKm)].sort((a, b) => a[1] - b[1] || a[0] - b[0])) {
    const name = idx.names[line]!;
    const lake: NearLake = { name: name ?? 'lake', named: name !== null, distanceKm: Math.round(d * 10) / 10 };
    if (name !== null) {
      if (byName.has(name)) continue;
      byName.set(name, lake);
    }
    out.push(lake);
  }
  return out;
}

/** The nearest lake shore within `maxKm`, or undefined. */
export function nearestLake(lat: number, lon: number, maxKm = 20): NearLake | undefined {
  return lakesNear(lat, lon, maxKm)[0];
}

/**
 * The lake shores inside a lon/lat box (a map's frame), as runs of [lon, lat] points in order
 * along each shore, with the lake's name (or 'lake').
 */
export function lakeShoresInBox(box: { minLon: number; maxLon: number; minLat: number; maxLat: number }): { name: string; run: [number, number][] }[] {
  const idx = (index ??= build());
  const out: { name: string; run: [number, number][] }[] = [];
  let last: { line: number; k: number } | undefined;
  for (const s of idx.grid.inBox(box, () => true).sort((a, b) => a.line - b.line || a.k - b.k)) {
    // Consecutive segments of a line share a point (k steps by 2 coordinates); a gap starts a new run.
    if (!last || s.line !== last.line || s.k !== last.k + 2) out.push({ name: idx.names[s.line] ?? 'lake', run: [[s.lon1, s.lat1]] });
    out[out.length - 1]!.run.push([s.lon2, s.lat2]);
    last = s;
  }
  return out;
}
