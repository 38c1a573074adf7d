import { endianness } from 'node:os';
import { readJsonLayer, readLayer, segmentDistanceKm } from './layers.js';

/**
 * GSHHG 2.3.7 at full resolution (scripts/build-waterways.mjs): the WDBII rivers and canals and the
 * lake shores, much denser than Natural Earth 1:10m (the Jizera, the North Sea Canal). WDBII has no
 * names: a line carries the Natural Earth name of a river running alongside it, or none.
 */

export const WATERWAYS_FILE = 'waterways.json';

/** WDBII class of a line (0 river-lake banks, 1–4 permanent rivers by size, 5–7 intermittent, 8–10 canals); −1 a lake shore. */
export type WaterClass = number;
export const LAKE_SHORE: WaterClass = -1;

export type WaterwayKind = 'river' | 'intermittent river' | 'canal' | 'lake';

export function waterwayKind(cls: WaterClass): WaterwayKind {
  if (cls === LAKE_SHORE) return 'lake';
  if (cls >= 8) return 'canal';
  if (cls >= 5) return 'intermittent river';
  return 'river';
}

interface WaterwaysManifest {
  names: string[];
  /** indices in rivers.json of Natural Earth's unnamed lines that run along a WDBII canal */
  naturalEarthCanals: number[];
  /** Int32 LE, line after line: name index or −1, class, point count, x0, y0, dx1, dy1, … in 1/1000° */
  file: string;
}

export interface WaterLine {
  name: string | null;
  cls: WaterClass;
  /** lon, lat pairs in degrees */
  coords: Float64Array;
}

let lines: WaterLine[] | undefined;
let manifest: WaterwaysManifest | undefined;

const waterwaysManifest = () => (manifest ??= readJsonLayer<WaterwaysManifest>(WATERWAYS_FILE));

/** Natural Earth's unnamed lines (indices in rivers.json) that are canals. */
export function naturalEarthCanals(): ReadonlySet<number> {
  return new Set(waterwaysManifest().naturalEarthCanals);
}

/** Every GSHHG line, decoded on first use (a binary file: parsing the same as JSON takes ten times longer). */
export function waterLines(): WaterLine[] {
  if (lines) return lines;
  const m = waterwaysManifest();
  const buf = readLayer(m.file);
  const ints = new Int32Array(buf.length / 4);
  if (endianness() === 'LE') new Uint8Array(ints.buffer).set(buf);
  else for (let i = 0; i < ints.length; i++) ints[i] = buf.readInt32LE(i * 4);
  const out: WaterLine[] = [];
  for (let p = 0; p < ints.length; ) {
    const nameIdx = ints[p]!;
    const cls = ints[p + 1]!;
    const n = ints[p + 2]!;
    p += 3;
    const coords = new Float64Array(n * 2);
    let x = 0;
    let y = 0;
    for (let i = 0; i < n; i++, p += 2) {
      x += ints[p]!;
      y += ints[p + 1]!;
      coords[i * 2] = x / 1000;
      coords[i * 2 + 1] = y / 1000;
    }
    out.push({ name: nameIdx >= 0 ? m.names[nameIdx]! : null, cls, coords });
  }
  return (lines = out);
}

/** A segment of line `line`, `k` its order along it (coordinate index of its first point). */
export interface Segment {
  line: number;
  k: number;
  lon1: number;
  lat1: number;
  lon2: number;
  lat2: number;
}

const CELL = 0.1; // degrees
/** The bundled layers' box (layers.json), which the grid's cells cover. */
const BOX = { minLon: -32, maxLon: 45, minLat: 27, maxLat: 72 };
const COLS = Math.round((BOX.maxLon - BOX.minLon) / CELL) + 1;
const ROWS = Math.round((BOX.maxLat - BOX.minLat) / CELL) + 1;
const cellI = (lat: number) => Math.floor((lat - BOX.minLat) / CELL);
const cellJ = (lon: number) => Math.floor((lon - BOX.minLon) / CELL);

/**
 * Segments bucketed by 0.1° cells over the bundled box, for nearest-line searches: a compressed
 * table in typed arrays (cell → its segments), not one object per segment, since the dense
 * layers hold a few hundred thousand segments and are indexed on first use.
 */
export class SegmentGrid {
  private readonly parts: { line: number; coords: ArrayLike<number> }[] = [];
  private sealed:
    | { segLine: Int32Array; segK: Int32Array; xy: Float64Array; start: Int32Array; order: Int32Array }
    | undefined;

  add(line: number, coords: ArrayLike<number>): void {
    this.parts.push({ line, coords });
    this.sealed = undefined;
  }

  private seal() {
    if (this.sealed) return this.sealed;
    let n = 0;
    for (const p of this.parts) n += Math.max(0, p.coords.length / 2 - 1);
    const segLine = new Int32Array(n);
    const segK = new Int32Array(n);
    const xy = new Float64Array(n * 4);
    let seg = 0;
    for (const { line, coords } of this.parts) {
      for (let k = 0; k + 3 < coords.length; k += 2, seg++) {
        segLine[seg] = line;
        segK[seg] = k;
        xy[seg * 4] = coords[k]!;
        xy[seg * 4 + 1] = coords[k + 1]!;
        xy[seg * 4 + 2] = coords[k + 2]!;
        xy[seg * 4 + 3] = coords[k + 3]!;
      }
    }
    // Two passes over the cells each segment touches (clamped to the box): count, then place.
    const start = new Int32Array(ROWS * COLS + 1);
    const order = new Int32Array(0);
    const sealed = { segLine, segK, xy, start, order };
    const visit = (each: (cell: number, s: number) => void) => {
      for (let s = 0; s < n; s++) {
        const x1 = xy[s * 4]!;
        const y1 = xy[s * 4 + 1]!;
        const x2 = xy[s * 4 + 2]!;
        const y2 = xy[s * 4 + 3]!;
        const i0 = Math.max(0, cellI(y1 < y2 ? y1 : y2));
        const i1 = Math.min(ROWS - 1, cellI(y1 < y2 ? y2 : y1));
        const j0 = Math.max(0, cellJ(x1 < x2 ? x1 : x2));
        const j1 = Math.min(COLS - 1, cellJ(x1 < x2 ? x2 : x1));
        for (let i = i0; i <= i1; i++) for (let j = j0; j <= j1; j++) each(i * COLS + j, s);
      }
    };
    visit((cell) => start[cell + 1]!++);
    for (let c = 1; c <= ROWS * COLS; c++) start[c]! += start[c - 1]!;
    const fill = start.slice(0, ROWS * COLS);
    sealed.order = new Int32Array(start[ROWS * COLS]!);
    visit((cell, s) => (sealed.order[fill[cell]!++] = s));
    return (this.sealed = sealed);
  }

  private forCell(i: number, j: number, each: (seg: number) => void): void {
    if (i < 0 || j < 0 || i >= ROWS || j >= COLS) return;
    const { start, order } = this.seal();
    for (let p = start[i * COLS + j]!, end = start[i * COLS + j + 1]!; p < end; p++) each(order[p]!);
  }

  /** The distance (km) to each line with a segment within `maxKm` of the point. */
  nearLines(lat: number, lon: number, maxKm: number): Map<number, number> {
    const { xy, segLine } = this.seal();
    const span = Math.ceil(maxKm / (111 * CELL * Math.max(0.3, Math.cos((lat * Math.PI) / 180))));
    const ci = cellI(lat);
    const cj = cellJ(lon);
    const best = new Map<number, number>();
    for (let i = ci - span; i <= ci + span; i++) {
      for (let j = cj - span; j <= cj + span; j++) {
        this.forCell(i, j, (seg) => {
          const d = segmentDistanceKm(lat, lon, xy[seg * 4]!, xy[seg * 4 + 1]!, xy[seg * 4 + 2]!, xy[seg * 4 + 3]!);
          const line = segLine[seg]!;
          if (d <= maxKm && d < (best.get(line) ?? Infinity)) best.set(line, d);
        });
      }
    }
    return best;
  }

  /** The segments of the lines `wanted` accepts inside a lon/lat box. */
  inBox(box: { minLon: number; maxLon: number; minLat: number; maxLat: number }, wanted: (line: number) => boolean): Segment[] {
    const { xy, segLine, segK } = this.seal();
    const found = new Set<number>();
    for (let i = cellI(box.minLat); i <= cellI(box.maxLat); i++) {
      for (let j = cellJ(box.minLon); j <= cellJ(box.maxLon); j++) {
        this.forCell(i, j, (seg) => {
          if (wanted(segLine[seg]!)) found.add(seg);
        });
      }
    }
    return [...found].map((seg) => ({
      line: segLine[seg]!,
      k: segK[seg]!,
      lon1: xy[seg * 4]!,
      lat1: xy[seg * 4 + 1]!,
      lon2: xy[seg * 4 + 2]!,
      lat2: xy[seg * 4 + 3]!,
    }));
  }
}
