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
