import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

/**
 * Natural Earth 1:10m country outlines (world-atlas/countries-10m.json, public domain), parsed
 * once and cut into pieces small enough to select by bounding box: every polygon of every
 * country, the land borders between countries and the coastline (arcs used by one country
 * only). Only the wider European region is kept (the EU's outermost regions on the Atlantic
 * included), which is what our maps and coast distances need.
 */

export type Position = [number, number]; // [lon, lat]

export interface BBox {
  minLon: number;
  minLat: number;
  maxLon: number;
  maxLat: number;
}

export interface CountryPolygon {
  /** ISO 3166-1 numeric id, as world-atlas gives it ('620' for Portugal) */
  id: string;
  rings: Position[][];
  bbox: BBox;
}

export interface LinePiece {
  coordinates: Position[];
  bbox: BBox;
}

export interface NaturalEarth {
  polygons: CountryPolygon[];
  borders: LinePiece[];
  coastline: LinePiece[];
}

/** The region kept: the Azores and the Canaries to Cyprus, North Africa's coast to the Arctic. */
export const REGION: BBox = { minLon: -35, minLat: 24, maxLon: 48, maxLat: 75 };
/** Long lines are cut into pieces of at most this many points, so a bbox test stays selective. */
const PIECE_POINTS = 64;

const require = createRequire(import.meta.url);
let cache: NaturalEarth | undefined;

function bboxOf(points: readonly Position[]): BBox {
  let minLon = Infinity;
  let minLat = Infinity;
  let maxLon = -Infinity;
  let maxLat = -Infinity;
  for (const [lon, lat] of points) {
    if (lon < minLon) minLon = lon;
    if (lon > maxLon) maxLon = lon;
    if (lat < minLat) minLat = lat;
    if (lat > maxLat) maxLat = lat;
  }
  return { minLon, minLat, maxLon, maxLat };
}

export function intersects(a: BBox, b: BBox): boolean {
  return a.minLon <= b.maxLon && a.maxLon >= b.minLon && a.minLat <= b.maxLat && a.maxLat >= b.minLat;
}

function pieces(lines: Position[][]): LinePiece[] {
  const out: LinePiece[] = [];
  for (const line of lines) {
    for (let i = 0; i < line.length - 1; i += PIECE_POINTS - 1) {
      const coordinates = line.slice(i, i + PIECE_POINTS);
      if (coordinates.length < 2) continue;
      const bbox = bboxOf(coordinates);
      if (intersects(bbox, REGION)) out.push({ coordinates, bbox });
    }
  }
  return out;
}

/**
 * Makes consecutive longitudes differ by less than 180° (Russia's outline crosses the
 * antimeridian), so that planar clipping and bounding boxes stay meaningful.
 */
function unwrap(ring: Position[]): Position[] {
  const out: Position[] = [];
  let shift = 0;
  let prev: number | undefined;
  for (const [lon, lat] of ring) {
    if (prev !== undefined) {
      const d = lon + shift - prev;
      if (d > 180) shift -= 360;
      else if (d < -180) shift += 360;
    }
    prev = lon + shift;
    out.push([prev, lat]);
  }
  // Bring the ring back so that its westernmost point lies in [-180, 180).
  const minLon = Math.min(...out.map((p) => p[0]));
  const k = Math.floor((minLon + 180) / 360);
  return k === 0 ? out : out.map(([lon, lat]) => [lon - 360 * k, lat]);
}

function load(): NaturalEarth {
  const file = require.resolve('world-atlas/countries-10m.json');
  const topology = JSON.parse(readFileSync(file, 'utf8')) as Topology<{ countries: GeometryCollection }>;
  const countries = topology.objects.countries;
  const polygons: CountryPolygon[] = [];
  for (const f of feature(topology, countries).features) {
    const g = f.geometry;
    const all = g.type === 'Polygon' ? [g.coordinates] : g.type === 'MultiPolygon' ? g.coordinates : [];
    for (const raw of all) {
      const rings = (raw as Position[][]).map(unwrap);
      const outer = rings[0];
      if (!outer) continue;
      const bbox = bboxOf(outer);
      if (intersects(bbox, REGION)) polygons.push({ id: String(f.id), rings, bbox });
    }
  }
  const borders = mesh(topology, countries, (a, b) => a !== b).coordinates as Position[][];
  const coast = mesh(topology, countries, (a, b) => a === b).coordinates as Position[][];
  return { polygons, borders: pieces(borders), coastline: pieces(coast) };
}

/** The parsed outlines (parsed on first use, then cached). */
export function naturalEarth(): NaturalEarth {
  return (cache ??= load());
}

/** Sutherland–Hodgman clipping of one ring to a lon/lat box (planar; tiles are small). */
function clipRing(ring: readonly Position[], b: BBox): Position[] {
  type Inside = (p: Position) => boolean;
  type Cut = (a: Position, c: Position) => Position;
  const at = (a: Position, c: Position, t: number): Position => [a[0] + (c[0] - a[0]) * t, a[1] + (c[1] - a[1]) * t];
  const edges: [Inside, Cut][] = [
    [(p) => p[0] >= b.minLon, (a, c) => at(a, c, (b.minLon - a[0]) / (c[0] - a[0]))],
    [(p) => p[0] <= b.maxLon, (a, c) => at(a, c, (b.maxLon - a[0]) / (c[0] - a[0]))],
    [(p) => p[1] >= b.minLat, (a, c) => at(a, c, (b.minLat - a[1]) / (c[1] - a[1]))],
    [(p) => p[1] <= b.maxLat, (a, c) => at(a, c, (b.maxLat - a[1]) / (c[1] - a[1]))],
  ];
  let out: Position[] = ring.slice(0, -1); // open ring
  for (const [inside, cut] of edges) {
    const input = out;
    out = [];
    for (let i = 0; i < input.length; i++) {
      const cur = input[i]!;
      const prev = input[(i + input.length - 1) % input.length]!;
      if (inside(cur)) {
        if (!inside(prev)) out.push(cut(prev, cur));
        out.push(cur);
      } else if (inside(prev)) out.push(cut(prev, cur));
    }
    if (out.length === 0) return [];
  }
  if (out.length < 3) return [];
  out.push(out[0]!);
  return out;
}

/**
 * The country polygons intersecting a box, cut to it. Cutting (Sutherland–Hodgman) leaves
 * zero-width edges along the box, so pass a box larger than what is shown: the edges then lie
 * outside the picture.
 */
export function polygonsInBox(box: BBox): CountryPolygon[] {
  const out: CountryPolygon[] = [];
  for (const poly of naturalEarth().polygons) {
    if (!intersects(poly.bbox, box)) continue;
    // Wholly inside (an island, a small country): nothing to cut.
    if (poly.bbox.minLon >= box.minLon && poly.bbox.maxLon <= box.maxLon && poly.bbox.minLat >= box.minLat && poly.bbox.maxLat <= box.maxLat) {
      out.push(poly);
      continue;
    }
    const outer = clipRing(poly.rings[0]!, box);
    if (outer.length === 0) continue;
    const rings = [outer];
    for (const hole of poly.rings.slice(1)) {
      const clipped = clipRing(hole, box);
      if (clipped.length) rings.push(clipped);
    }
    out.push({ id: poly.id, rings, bbox: bboxOf(outer) });
  }
  return out;
}
