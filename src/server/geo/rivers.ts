import { HAZARD_RULES } from '../../shared/hazards/rules.js';
import { layersManifest, readJsonLayer, segmentDistanceKm } from './layers.js';

/**
 * Natural Earth 1:10m river centre lines (with the Europe supplement), indexed by a grid of
 * segments on first use. `scalerank` says the river's size: 0 is the largest.
 */

interface RawRivers {
  names: string[];
  /** [name index or −1, scalerank, x0, y0, x1, y1, …] in 1/1000° */
  lines: number[][];
}

interface Segment {
  line: number;
  /** order along its line */
  k: number;
  lon1: number;
  lat1: number;
  lon2: number;
  lat2: number;
}

interface Index {
  names: (string | null)[];
  ranks: number[];
  cells: Map<number, Segment[]>;
}

const CELL = 0.1; // degrees
const key = (i: number, j: number) => i * 100_000 + j;
let index: Index | undefined;

function build(): Index {
  const raw = readJsonLayer<RawRivers>(layersManifest().rivers.file);
  const cells = new Map<number, Segment[]>();
  const names: (string | null)[] = [];
  const ranks: number[] = [];
  raw.lines.forEach((l, line) => {
    names.push(l[0]! >= 0 ? raw.names[l[0]!]! : null);
    ranks.push(l[1]!);
    for (let k = 2; k + 3 < l.length; k += 2) {
      const s: Segment = { line, k, lon1: l[k]! / 1000, lat1: l[k + 1]! / 1000, lon2: l[k + 2]! / 1000, lat2: l[k + 3]! / 1000 };
      for (let i = Math.floor(Math.min(s.lat1, s.lat2) / CELL); i <= Math.floor(Math.max(s.lat1, s.lat2) / CELL); i++) {
        for (let j = Math.floor(Math.min(s.lon1, s.lon2) / CELL); j <= Math.floor(Math.max(s.lon1, s.lon2) / CELL); j++) {
          const list = cells.get(key(i, j));
          if (list) list.push(s);
          else cells.set(key(i, j), [s]);
        }
      }
    }
  });
  return { names, ranks, cells };
}

export type RiverSize = 'major' | 'medium' | 'small';

/** The reach of a river's flood plain by its size, km: how close counts as "beside the river" (from the hazard rule table). */
export const RIVER_REACH_KM: Record<RiverSize, number> = HAZARD_RULES.riverFlood.reachKm;

export function riverSize(scalerank: number): RiverSize {
  return scalerank <= 6 ? 'major' : scalerank <= 9 ? 'medium' : 'small';
}

export interface NearRiver {
  name: string | null;
  scalerank: number;
  size: RiverSize;
  distanceKm: number;
  /** distance over the size's reach: ≤ 1 beside the river, the smaller the closer */
  proximity: number;
}

/**
 * The river that matters most within `maxKm`: the one with the smallest distance relative to
 * its size's reach (a major river 2 km away outweighs a brook 1 km away). Undefined when none.
 */
export function nearestRiver(lat: number, lon: number, maxKm = HAZARD_RULES.riverFlood.searchKm): NearRiver | undefined {
  return pick(lat, lon, maxKm)?.river;
}

function pick(lat: number, lon: number, maxKm: number): { river: NearRiver; line: number } | undefined {
  const idx = (index ??= build());
  const span = Math.ceil(maxKm / (111 * CELL * Math.max(0.3, Math.cos((lat * Math.PI) / 180))));
  const ci = Math.floor(lat / CELL);
  const cj = Math.floor(lon / CELL);
  const best = new Map<number, number>();
  for (let i = ci - span; i <= ci + span; i++) {
    for (let j = cj - span; j <= cj + span; j++) {
      for (const s of idx.cells.get(key(i, j)) ?? []) {
        const d = segmentDistanceKm(lat, lon, s.lon1, s.lat1, s.lon2, s.lat2);
        if (d <= maxKm && d < (best.get(s.line) ?? Infinity)) best.set(s.line, d);
      }
    }
  }
  let out: { river: NearRiver; line: number } | undefined;
  for (const [line, d] of [...best].sort((a, b) => a[0] - b[0])) {
    const size = riverSize(idx.ranks[line]!);
    const proximity = d / RIVER_REACH_KM[size];
    if (!out || proximity < out.river.proximity) {
      out = { line, river: { name: idx.names[line]!, scalerank: idx.ranks[line]!, size, distanceKm: Math.round(d * 10) / 10, proximity } };
    }
  }
  return out;
}

/**
 * The river nearestRiver picks, with its course inside a lon/lat box (a map's frame): runs of
 * [lon, lat] points in order along the river (every line of that name). Undefined when no river is within `maxKm`.
 */
export function nearestRiverCourse(
  lat: number,
  lon: number,
  box: { minLon: number; maxLon: number; minLat: number; maxLat: number },
  maxKm = 20,
): { river: NearRiver; course: [number, number][][] } | undefined {
  const picked = pick(lat, lon, maxKm);
  if (!picked) return undefined;
  const idx = index!;
  // A named river may be several lines in Natural Earth (its reaches): all of them are its course.
  const name = idx.names[picked.line];
  const sameRiver = (line: number) => line === picked.line || (name !== null && idx.names[line] === name);
  const found = new Set<Segment>();
  for (let i = Math.floor(box.minLat / CELL); i <= Math.floor(box.maxLat / CELL); i++) {
    for (let j = Math.floor(box.minLon / CELL); j <= Math.floor(box.maxLon / CELL); j++) {
      for (const s of idx.cells.get(key(i, j)) ?? []) if (sameRiver(s.line)) found.add(s);
    }
  }
  const course: [number, number][][] = [];
  let run: [number, number][] = [];
  let last: Segment | undefined;
  for (const s of [...found].sort((a, b) => a.line - b.line || a.k - b.k)) {
    // Consecutive segments of a line share a point (k steps by 2 coordinates); a gap starts a new run.
    if (run.length && (s.line !== last!.line || s.k !== last!.k + 2)) {
      course.push(run);
      run = [];
    }
    if (!run.length) run.push([s.lon1, s.lat1]);
    run.push([s.lon2, s.lat2]);
    last = s;
  }
  if (run.length) course.push(run);
  return { river: picked.river, course };
}
