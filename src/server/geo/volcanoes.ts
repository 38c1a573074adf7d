import { msg, type Message } from '../../shared/i18n/message.js';
import { distanceKm, layersManifest, readJsonLayer } from './layers.js';

/** Holocene volcanoes (Global Volcanism Program, Smithsonian Institution, 2015 list) in and around Europe. */

/** [name, country, lat, lon, elevation m, last eruption year (negative BCE) or null, type] */
type RawVolcano = [string, string, number, number, number, number | null, string];

export interface VolcanoNear {
  name: string;
  country: string;
  distanceKm: number;
  /** year of the last known eruption (negative: BCE); undefined when unknown */
  lastEruption?: number;
}

let list: RawVolcano[] | undefined;

/** Volcanoes within `maxKm`, nearest first. */
export function volcanoesNear(lat: number, lon: number, maxKm = 250): VolcanoNear[] {
  list ??= readJsonLayer<RawVolcano[]>(layersManifest().volcanoes.file);
  const out: VolcanoNear[] = [];
  for (const [name, country, vLat, vLon, , last] of list) {
    const d = distanceKm(lat, lon, vLat, vLon);
    if (d <= maxKm) out.push({ name, country, distanceKm: Math.round(d * 10) / 10, ...(last !== null ? { lastEruption: last } : {}) });
  }
  return out.sort((a, b) => a.distanceKm - b.distanceKm || a.name.localeCompare(b.name));
}

export interface VolcanoPlace {
  name: string;
  country: string;
  lat: number;
  lon: number;
  /** year of the last known eruption (negative: BCE); undefined when unknown */
  lastEruption?: number;
}

/** Volcanoes inside a lon/lat box (a map's frame), in the list's order. */
export function volcanoesInBox(box: { minLon: number; maxLon: number; minLat: number; maxLat: number }): VolcanoPlace[] {
  list ??= readJsonLayer<RawVolcano[]>(layersManifest().volcanoes.file);
  const out: VolcanoPlace[] = [];
  for (const [name, country, lat, lon, , last] of list) {
    if (lon < box.minLon || lon > box.maxLon || lat < box.minLat || lat > box.maxLat) continue;
    out.push({ name, country, lat, lon, ...(last !== null ? { lastEruption: last } : {}) });
  }
  return out;
}

/** The nearest volcano within `maxKm`, with its place (ties by name, as volcanoesNear orders them). */
export function nearestVolcano(lat: number, lon: number, maxKm = 250): (VolcanoPlace & { distanceKm: number }) | undefined {
  list ??= readJsonLayer<RawVolcano[]>(layersManifest().volcanoes.file);
  let best: (VolcanoPlace & { distanceKm: number }) | undefined;
  for (const [name, country, vLat, vLon, , last] of list) {
    const d = Math.round(distanceKm(lat, lon, vLat, vLon) * 10) / 10;
    if (d > maxKm || (best && (d > best.distanceKm || (d === best.distanceKm && name.localeCompare(best.name) >= 0)))) continue;
    best = { name, country, lat: vLat, lon: vLon, distanceKm: d, ...(last !== null ? { lastEruption: last } : {}) };
  }
  return best;
}

/** '1944 CE', '8300 BCE', 'unknown date' */
export function eruptionLabel(year: number | undefined): string {
  if (year === undefined) return 'date unknown';
  return year < 0 ? `${-year} BCE` : `${year} CE`;
}

/** eruptionLabel as a message (the report's evidence). */
export function eruptionMessage(year: number | undefined): Message {
  if (year === undefined) return msg('location.year.unknown');
  return year < 0 ? msg('location.year.bce', { year: String(-year) }) : msg('location.year.ce', { year: String(year) });
}
