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

/** '1944 CE', '8300 BCE', 'unknown date' */
export function eruptionLabel(year: number | undefined): string {
  if (year === undefined) return 'date unknown';
  return year < 0 ? `${-year} BCE` : `${year} CE`;
}
