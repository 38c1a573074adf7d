import { distanceKm, layersManifest, readJsonLayer } from './layers.js';

/**
 * The NOAA NCEI Significant Earthquake Database (damaging events: deaths, damage, magnitude
 * ≥ 7.5 or intensity ≥ X), Europe and its margins. For a site, each event's shaking there is
 * estimated on the Mercalli scale from the event's observed maximum intensity or its magnitude,
 * with a simple attenuation with distance:
 *   from intensity I0:   I = I0 − 3.5·log10(max(R, 10 km) / 10 km) − 0.003·R
 *   from magnitude M:    I = 1.5·M + 3 − 3.5·log10(max(√(R² + depth²), 10 km)) − 0.003·R
 * (the larger of the two when both are known; R in km, the last term the damping of distance). Intensity VII is about 0.1 g peak ground
 * acceleration, VIII about 0.2 g: ThinkHazard's Medium and High thresholds.
 */

/** [year, lat, lon, depth km or −1, magnitude × 10 or −1, max intensity or −1, deaths or −1, place] */
type RawEvent = [number, number, number, number, number, number, number, string];

export interface QuakeAtSite {
  year: number;
  place: string;
  magnitude?: number;
  maxIntensity?: number;
  deaths?: number;
  distanceKm: number;
  /** estimated Mercalli intensity at the site */
  siteIntensity: number;
}

let events: RawEvent[] | undefined;

function load(): RawEvent[] {
  return (events ??= readJsonLayer<RawEvent[]>(layersManifest().earthquakes.file));
}

export function estimatedIntensity(e: { magnitude?: number; maxIntensity?: number; depthKm?: number }, rKm: number): number {
  let best = -Infinity;
  if (e.maxIntensity !== undefined) best = e.maxIntensity - 3.5 * Math.log10(Math.max(rKm, 10) / 10) - 0.003 * rKm;
  if (e.magnitude !== undefined) {
    const depth = e.depthKm ?? 10;
    best = Math.max(best, 1.5 * e.magnitude + 3 - 3.5 * Math.log10(Math.max(Math.hypot(rKm, depth), 10)) - 0.003 * rKm);
  }
  return Math.round(best * 10) / 10;
}

/** An event with its epicentre, for drawing it. */
export interface Epicentre extends QuakeAtSite {
  lat: number;
  lon: number;
}

function near(lat: number, lon: number, maxKm: number, withPlace: boolean): (QuakeAtSite | Epicentre)[] {
  const out: (QuakeAtSite | Epicentre)[] = [];
  for (const [year, eLat, eLon, depth, mag10, mmi, deaths, place] of load()) {
    if (Math.abs(eLat - lat) > maxKm / 100) continue;
    const d = distanceKm(lat, lon, eLat, eLon);
    if (d > maxKm) continue;
    const magnitude = mag10 >= 0 ? mag10 / 10 : undefined;
    const maxIntensity = mmi >= 0 ? mmi : undefined;
    out.push({
      year,
      place,
      ...(magnitude !== undefined ? { magnitude } : {}),
      ...(maxIntensity !== undefined ? { maxIntensity } : {}),
      ...(deaths >= 0 ? { deaths } : {}),
      distanceKm: Math.round(d),
      siteIntensity: estimatedIntensity({ magnitude, maxIntensity, depthKm: depth >= 0 ? depth : undefined }, d),
      ...(withPlace ? { lat: eLat, lon: eLon } : {}),
    });
  }
  return out;
}

/** Events within `maxKm` of the site, with the shaking estimated there, oldest first. */
export function earthquakesNear(lat: number, lon: number, maxKm = 200): QuakeAtSite[] {
  return near(lat, lon, maxKm, false);
}

/**
 * The events that shook the site hardest (estimated intensity there, then the most recent, then
 * the nearest: the order the earthquake rating names its strongest event in), with their
 * epicentres, strongest first.
 */
export function strongestEpicentres(lat: number, lon: number, maxKm = 200): Epicentre[] {
  return (near(lat, lon, maxKm, true) as Epicentre[]).sort(
    (a, b) => b.siteIntensity - a.siteIntensity || b.year - a.year || a.distanceKm - b.distanceKm,
  );
}

const ROMAN = ['0', 'I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI', 'XII'];
export const roman = (i: number) => ROMAN[Math.max(0, Math.min(12, Math.floor(i)))]!;

/** 'M7.0 Messina 1908, 5 km' or 'intensity XI L'Aquila 1703, 9 km' */
export function describeQuake(q: QuakeAtSite): string {
  const size = q.magnitude !== undefined ? `M${q.magnitude.toFixed(1)}` : `intensity ${roman(q.maxIntensity ?? 0)}`;
  const year = q.year < 0 ? `${-q.year} BCE` : String(q.year);
  return `${size} ${q.place} ${year}, ${q.distanceKm} km`;
}
