import { naturalEarth, REGION, type Position } from './natural-earth.js';

/**
 * Distance from a point to the nearest sea coast (Natural Earth 1:10m coastline, so accurate to
 * about a kilometre), through a grid of coastline segments built on first use.
 */

const CELL = 0.25; // degrees
const KM_PER_DEG = 111.195;
/** Beyond this the answer is "at least this far" (no EU site is farther from the sea). */
export const MAX_COAST_SEARCH_KM = 1000;

type Segment = [number, number, number, number]; // lon1, lat1, lon2, lat2
let grid: Map<string, Segment[]> | undefined;

const key = (i: number, j: number) => `${i}:${j}`;

function build(): Map<string, Segment[]> {
  const g = new Map<string, Segment[]>();
  for (const piece of naturalEarth().coastline) {
    const pts: Position[] = piece.coordinates;
    for (let k = 0; k < pts.length - 1; k++) {
      const [lon1, lat1] = pts[k]!;
      const [lon2, lat2] = pts[k + 1]!;
      const seg: Segment = [lon1, lat1, lon2, lat2];
      for (let i = Math.floor(Math.min(lat1, lat2) / CELL); i <= Math.floor(Math.max(lat1, lat2) / CELL); i++) {
        for (let j = Math.floor(Math.min(lon1, lon2) / CELL); j <= Math.floor(Math.max(lon1, lon2) / CELL); j++) {
          const list = g.get(key(i, j));
          if (list) list.push(seg);
          else g.set(key(i, j), [seg]);
        }
      }
    }
  }
  return g;
}

/** Distance in km from (lat, lon) to a segment, in a local equirectangular frame. */
function segmentDistanceKm(lat: number, lon: number, s: Segment): number {
  const kx = KM_PER_DEG * Math.cos((lat * Math.PI) / 180);
  const ax = (s[0] - lon) * kx;
  const ay = (s[1] - lat) * KM_PER_DEG;
  const bx = (s[2] - lon) * kx;
  const by = (s[3] - lat) * KM_PER_DEG;
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len2));
  return Math.hypot(ax + t * dx, ay + t * dy);
}

/** Builds the coastline index now (it builds itself on first use otherwise). */
export function warmCoastline(): void {
  grid ??= build();
}

/**
 * Kilometres from the point to the nearest sea coast, rounded to 0.1 km; MAX_COAST_SEARCH_KM
 * when none is that close. Inland seas count as sea; lakes do not.
 */
export function distanceToCoastKm(lat: number, lon: number): number {
  const g = (grid ??= build());
  if (lat < REGION.minLat || lat > REGION.maxLat || lon < REGION.minLon || lon > REGION.maxLon) {
    return MAX_COAST_SEARCH_KM;
  }
  const ci = Math.floor(lat / CELL);
  const cj = Math.floor(lon / CELL);
  const cosLat = Math.max(0.2, Math.cos((lat * Math.PI) / 180));
  let best = Infinity;
  const maxRing = Math.ceil(MAX_COAST_SEARCH_KM / (KM_PER_DEG * CELL * cosLat));
  for (let r = 0; r <= maxRing; r++) {
    // Every cell of ring r lies at least (r − 1) cells away in both axes' smaller unit.
    const ringMinKm = Math.max(0, r - 1) * CELL * KM_PER_DEG * cosLat;
    if (ringMinKm > best) break;
    for (let i = ci - r; i <= ci + r; i++) {
      for (let j = cj - r; j <= cj + r; j++) {
        if (Math.max(Math.abs(i - ci), Math.abs(j - cj)) !== r) continue;
        for (const seg of g.get(key(i, j)) ?? []) {
          const d = segmentDistanceKm(lat, lon, seg);
          if (d < best) best = d;
        }
      }
    }
  }
  return Math.min(MAX_COAST_SEARCH_KM, Math.round(best * 10) / 10);
}
