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
const key = (i: number, j: number) => i * 100_000 + j;

/**
 * Segments bucketed by 0.1° cells, for nearest-line searches. Built from flat number arrays, not
 * one object per segment: the dense layers hold a few hundred thousand segments.
 */
export class SegmentGrid {
  private readonly segLine: number[] = [];
  private readonly segK: number[] = [];
  private readonly xy: number[] = [];
  private readonly entryKey: number[] = [];
  private readonly entrySeg: number[] = [];
  private cells: Map<number, number> | undefined;
  private counts: Map<number, number> | undefined;
  private order: Int32Array | undefined;

  add(line: number, coords: ArrayLike<number>): void {
    for (let k = 0; k + 3 < coords.length; k += 2) {
      const seg = this.segLine.length;
      const lon1 = coords[k]!;
      const lat1 = coords[k + 1]!;
      const lon2 = coords[k + 2]!;
      const lat2 = coords[k + 3]!;
      this.segLine.push(line);
      this.segK.push(k);
      this.xy.push(lon1, lat1, lon2, lat2);
      for (let i = Math.floor(Math.min(lat1, lat2) / CELL); i <= Math.floor(Math.max(lat1, lat2) / CELL); i++) {
        for (let j = Math.floor(Math.min(lon1, lon2) / CELL); j <= Math.floor(Math.max(lon1, lon2) / CELL); j++) {
          this.entryKey.push(key(i, j));
          this.entrySeg.push(seg);
        }
      }
    }
    this.cells = undefined;
  }

  /** Groups the entries by cell (counting sort): cell → first position in `order`. */
  private seal(): void {
    if (this.cells) return;
    const counts = new Map<number, number>();
    for (const k of this.entryKey) counts.set(k, (counts.get(k) ?? 0) + 1);
    const cells = new Map<number, number>();
    let at = 0;
    for (const [k, n] of counts) {
      cells.set(k, at);
      at += n;
    }
    const fill = new Map(cells);
    const order = new Int32Array(at);
    for (let e = 0; e < this.entryKey.length; e++) {
      const k = this.entryKey[e]!;
      const p = fill.get(k)!;
      order[p] = this.entrySeg[e]!;
      fill.set(k, p + 1);
    }
    this.cells = cells;
    this.counts = counts;
    this.order = order;
  }

  private forCell(i: number, j: number, each: (seg: number) => void): void {
    this.seal();
    const start = this.cells!.get(key(i, j));
    if (start === undefined) return;
    const end = start + this.counts!.get(key(i, j))!;
    for (let p = start; p < end; p++) each(this.order![p]!);
  }

  /** The distance (km) to each line with a segment within `maxKm` of the point. */
  nearLines(lat: number, lon: number, maxKm: number): Map<number, number> {
    const span = Math.ceil(maxKm / (111 * CELL * Math.max(0.3, Math.cos((lat * Math.PI) / 180))));
    const ci = Math.floor(lat / CELL);
    const cj = Math.floor(lon / CELL);
    const best = new Map<number, number>();
    const xy = this.xy;
    for (let i = ci - span; i <= ci + span; i++) {
      for (let j = cj - span; j <= cj + span; j++) {
        this.forCell(i, j, (seg) => {
          const d = segmentDistanceKm(lat, lon, xy[seg * 4]!, xy[seg * 4 + 1]!, xy[seg * 4 + 2]!, xy[seg * 4 + 3]!);
          const line = this.segLine[seg]!;
          if (d <= maxKm && d < (best.get(line) ?? Infinity)) best.set(line, d);
        });
      }
    }
    return best;
  }

  /** The segments of the lines `wanted` accepts inside a lon/lat box. */
  inBox(box: { minLon: number; maxLon: number; minLat: number; maxLat: number }, wanted: (line: number) => boolean): Segment[] {
    const found = new Set<number>();
    for (let i = Math.floor(box.minLat / CELL); i <= Math.floor(box.maxLat / CELL); i++) {
      for (let j = Math.floor(box.minLon / CELL); j <= Math.floor(box.maxLon / CELL); j++) {
        this.forCell(i, j, (seg) => {
          if (wanted(this.segLine[seg]!)) found.add(seg);
        });
      }
    }
    const xy = this.xy;
    return [...found].map((seg) => ({
      line: this.segLine[seg]!,
      k: this.segK[seg]!,
      lon1: xy[seg * 4]!,
      lat1: xy[seg * 4 + 1]!,
      lon2: xy[seg * 4 + 2]!,
      lat2: xy[seg * 4 + 3]!,
    }));
  }
}
