import { HAZARD_RULES } from '../../shared/hazards/rules.js';
import { layersManifest, readJsonLayer } from './layers.js';
import { LAKE_SHORE, naturalEarthCanals, SegmentGrid, waterLines, waterwayKind, type Segment, type WaterClass } from './waterways.js';

/**
 * Rivers and canals: Natural Earth 1:10m centre lines (with the Europe supplement, named, ranked
 * by `scalerank`, 0 the largest) and the much denser GSHHG WDBII rivers and canals
 * (waterways.ts), indexed together on first use. A WDBII line alongside a named Natural Earth
 * river carries its name and rank; otherwise it is named by its kind ('river', 'canal') and
 * ranked by its WDBII class.
 */

interface RawRivers {
  names: string[];
  /** [name index or −1, scalerank, x0, y0, x1, y1, …] in 1/1000° */
  lines: number[][];
}

export type WaterwayDataset = 'naturalEarth' | 'gshhg';

interface LineInfo {
  name: string;
  /** whether `name` is a river's own name rather than its kind */
  named: boolean;
  scalerank: number;
  kind: 'river' | 'intermittent river' | 'canal';
  dataset: WaterwayDataset;
  /** WDBII class, for GSHHG lines */
  wdbiiClass?: WaterClass;
}

interface Index {
  lines: LineInfo[];
  grid: SegmentGrid;
}

let index: Index | undefined;

/**
 * The Natural Earth scalerank a WDBII class stands for: class 0–1 (river-lake banks, permanent
 * major rivers) as a major river, 2 (additional major) as medium, the rest (additional, minor and
 * intermittent rivers, canals) as small.
 */
export function wdbiiScalerank(cls: WaterClass): number {
  return cls <= 1 ? 6 : cls === 2 ? 8 : 10;
}

function build(): Index {
  const raw = readJsonLayer<RawRivers>(layersManifest().rivers.file);
  const grid = new SegmentGrid();
  const lines: LineInfo[] = [];
  const neRank = new Map<string, number>();
  const canals = naturalEarthCanals();
  for (const [i, l] of raw.lines.entries()) {
    const name = l[0]! >= 0 ? raw.names[l[0]!]! : null;
    if (name !== null) neRank.set(name, Math.min(neRank.get(name) ?? Infinity, l[1]!));
    const coords = new Float64Array(l.length - 2);
    for (let k = 2; k < l.length; k++) coords[k - 2] = l[k]! / 1000;
    grid.add(lines.length, coords);
    const kind = name === null && canals.has(i) ? 'canal' : 'river';
    lines.push({ name: name ?? kind, named: name !== null, scalerank: l[1]!, kind, dataset: 'naturalEarth' });
  }
  for (const w of waterLines()) {
    if (w.cls === LAKE_SHORE) continue;
    const kind = waterwayKind(w.cls) as LineInfo['kind'];
    grid.add(lines.length, w.coords);
    lines.push({
      name: w.name ?? kind,
      named: w.name !== null,
      scalerank: w.name !== null ? neRank.get(w.name) ?? wdbiiScalerank(w.cls) : wdbiiScalerank(w.cls),
      kind,
      dataset: 'gshhg',
      wdbiiClass: w.cls,
    });
  }
  return { lines, grid };
}

export type RiverSize = 'major' | 'medium' | 'small';

/** The reach of a river's flood plain by its size, km: how close counts as "beside the river" (from the hazard rule table). */
export const RIVER_REACH_KM: Record<RiverSize, number> = HAZARD_RULES.riverFlood.reachKm;

export function riverSize(scalerank: number): RiverSize {
  return scalerank <= 6 ? 'major' : scalerank <= 9 ? 'medium' : 'small';
}

export interface NearRiver {
  /** the river's name, or its kind ('river', 'canal', 'intermittent river') when no map names it */
  name: string;
  /** whether `name` is the river's own name */
  named: boolean;
  kind: 'river' | 'intermittent river' | 'canal';
  /** Natural Earth scalerank, or the one a WDBII class stands for (see wdbiiScalerank) */
  scalerank: number;
  size: RiverSize;
  distanceKm: number;
  /** distance over the size's reach: ≤ 1 beside the river, the smaller the closer */
  proximity: number;
  /** the line's dataset: Natural Earth 1:10m or GSHHG WDBII */
  dataset: WaterwayDataset;
  wdbiiClass?: WaterClass;
}

/**
 * The river or canal that matters most within `maxKm`: the one with the smallest distance
 * relative to its size's reach (a major river 2 km away outweighs a brook 1 km away). Undefined
 * when none.
 */
export function nearestRiver(lat: number, lon: number, maxKm = HAZARD_RULES.riverFlood.searchKm): NearRiver | undefined {
  return pick(lat, lon, maxKm)?.river;
}

function pick(lat: number, lon: number, maxKm: number): { river: NearRiver; line: number } | undefined {
  const idx = (index ??= build());
  let out: { river: NearRiver; line: number } | undefined;
  for (const [line, d] of [...idx.grid.nearLines(lat, lon, maxKm)].sort((a, b) => a[0] - b[0])) {
    const info = idx.lines[line]!;
    const size = riverSize(info.scalerank);
    const proximity = d / RIVER_REACH_KM[size];
    if (!out || proximity < out.river.proximity) {
      out = {
        line,
        river: {
          name: info.name,
          named: info.named,
          kind: info.kind,
          scalerank: info.scalerank,
          size,
          distanceKm: Math.round(d * 10) / 10,
          proximity,
          dataset: info.dataset,
          ...(info.wdbiiClass !== undefined ? { wdbiiClass: info.wdbiiClass } : {}),
        },
      };
    }
  }
  return out;
}

/**
 * The river nearestRiver picks, with its course inside a lon/lat box (a map's frame): runs of
 * [lon, lat] points in order along the river (every line of that name, in either dataset; only
 * the line itself when it has no name). Undefined when no river is within `maxKm`.
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
  const { name, named } = idx.lines[picked.line]!;
  const sameRiver = (line: number) => line === picked.line || (named && idx.lines[line]!.named && idx.lines[line]!.name === name);
  const course: [number, number][][] = [];
  let run: [number, number][] = [];
  let last: Segment | undefined;
  for (const s of idx.grid.inBox(box, sameRiver).sort((a, b) => a.line - b.line || a.k - b.k)) {
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
