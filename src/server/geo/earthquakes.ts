import { msg, numberValue, type Message } from '../../shared/i18n/message.js';
import { distanceKm, layersManifest, readJsonLayer } from './layers.js';

/**
 * The NOAA NCEI Significant Earthquake Database (damaging events: deaths, damage, magnitude
 * ≥ 7.5 or intensity ≥ X), Europe and its margins. For a site, each event's shaking there is
 * estimated on the Mercalli scale from the event's observed maximum intensity or its magnitude.
 *
 * Crustal events (depth unknown or under 70 km), with a simple attenuation with distance:
 *   from intensity I0:   I = I0 − 3.5·log10(max(R, 10 km) / 10 km) − 0.003·R
 *   from magnitude M:    I = 1.5·M + 3 − 3.5·log10(max(√(R² + depth²), 10 km)) − 0.003·R
 * (the larger of the two when both are known; R the epicentral distance in km, the last term the
 * damping of distance).
 *
 * Intermediate-depth events (70–300 km: Vrancea, the Hellenic arc) shake a far wider area than
 * crustal ones of the same size (Bucharest took intensity VIII–IX in 1977 from 150 km), which an
 * epicentral-distance law misses. For them the Kövesligethy–Sponheuer intensity equation, in
 * hypocentral distance r = √(R² + h²) over the focal depth h:
 *   I = I0 − 3·log10(r / h) − 3·log10(e)·α·(r − h),   α = 0.004 km⁻¹
 * (Kövesligethy 1907; Sponheuer 1960, "Methoden zur Herdtiefenbestimmung in der Makroseismik",
 * Freiberger Forschungshefte C88; see Musson & Cecić, NMSOP-2 ch. 12), with I0 the catalogue's
 * maximum intensity or, from the magnitude, Kárník's relation for Europe M = 0.5·I0 + log10 h + 0.35
 * (Kárník 1969, "Seismicity of the European Area"): the smaller when both are known. Deeper than 300 km
 * (rare, weakly felt: Granada 1954 at 640 km) the crustal law applies.
 *
 * Intensity VII is about 0.1 g peak ground acceleration, VIII about 0.2 g: ThinkHazard's Medium
 * and High thresholds.
 */

/** [year, lat, lon, depth km or −1, magnitude × 10 or −1, max intensity or −1, deaths or −1, place] */
type RawEvent = [number, number, number, number, number, number, number, string];

export interface QuakeAtSite {
  year: number;
  place: string;
  magnitude?: number;
  maxIntensity?: number;
  deaths?: number;
  /** epicentral distance */
  distanceKm: number;
  /** focal depth, when the catalogue gives one */
  depthKm?: number;
  /** distance to the focus, √(epicentral² + depth²), when the depth is known */
  hypocentralKm?: number;
  /** the attenuation used: intermediate-depth (70–300 km, hypocentral) or crustal */
  model: 'crustal' | 'intermediate-depth';
  /** estimated Mercalli intensity at the site */
  siteIntensity: number;
}

let events: RawEvent[] | undefined;

function load(): RawEvent[] {
  return (events ??= readJsonLayer<RawEvent[]>(layersManifest().earthquakes.file));
}

/** Focal depths (km) treated as intermediate-depth events. */
export const INTERMEDIATE_DEPTH_KM = { from: 70, to: 300 } as const;
/** Intermediate-depth events are looked for this far from the site (they shake far wider). */
export const DEEP_SEARCH_KM = 300;
/** Sponheuer's absorption coefficient, km⁻¹ (about 0.001–0.01 in Europe; a middle value). */
const ALPHA = 0.004;

export const isIntermediateDepth = (depthKm: number | undefined) =>
  depthKm !== undefined && depthKm >= INTERMEDIATE_DEPTH_KM.from && depthKm <= INTERMEDIATE_DEPTH_KM.to;

function crustalIntensity(e: { magnitude?: number; maxIntensity?: number; depthKm?: number }, rKm: number): number {
  let best = -Infinity;
  if (e.maxIntensity !== undefined) best = e.maxIntensity - 3.5 * Math.log10(Math.max(rKm, 10) / 10) - 0.003 * rKm;
  if (e.magnitude !== undefined) {
    const depth = e.depthKm ?? 10;
    best = Math.max(best, 1.5 * e.magnitude + 3 - 3.5 * Math.log10(Math.max(Math.hypot(rKm, depth), 10)) - 0.003 * rKm);
  }
  return best;
}

/** Kövesligethy–Sponheuer in hypocentral distance, I0 from the catalogue or Kárník's relation. */
function deepIntensity(e: { magnitude?: number; maxIntensity?: number }, rKm: number, h: number): number {
  // The catalogue's maximum intensity of a deep event is often one the far field reached on soft
  // ground; with a magnitude known too, the smaller of the two stands for I0.
  const fromMagnitude = e.magnitude !== undefined ? 2 * (e.magnitude - Math.log10(h) - 0.35) : Infinity;
  const i0 = Math.min(12, e.maxIntensity ?? Infinity, fromMagnitude);
  if (!Number.isFinite(i0)) return -Infinity;
  const r = Math.hypot(rKm, h);
  return i0 - 3 * Math.log10(r / h) - 3 * Math.LOG10E * ALPHA * (r - h);
}

export function estimatedIntensity(e: { magnitude?: number; maxIntensity?: number; depthKm?: number }, rKm: number): number {
  const best = isIntermediateDepth(e.depthKm) ? deepIntensity(e, rKm, e.depthKm!) : crustalIntensity(e, rKm);
  return Math.round(best * 10) / 10;
}

/** An event with its epicentre, for drawing it. */
export interface Epicentre extends QuakeAtSite {
  lat: number;
  lon: number;
}

function near(lat: number, lon: number, maxKm: number, withPlace: boolean): (QuakeAtSite | Epicentre)[] {
  const out: (QuakeAtSite | Epicentre)[] = [];
  const reach = Math.max(maxKm, DEEP_SEARCH_KM);
  for (const [year, eLat, eLon, depth, mag10, mmi, deaths, place] of load()) {
    if (Math.abs(eLat - lat) > reach / 100) continue;
    const d = distanceKm(lat, lon, eLat, eLon);
    const depthKm = depth >= 0 ? depth : undefined;
    const deep = isIntermediateDepth(depthKm);
    if (d > (deep ? reach : maxKm)) continue;
    const magnitude = mag10 >= 0 ? mag10 / 10 : undefined;
    const maxIntensity = mmi >= 0 ? mmi : undefined;
    out.push({
      year,
      place,
      ...(magnitude !== undefined ? { magnitude } : {}),
      ...(maxIntensity !== undefined ? { maxIntensity } : {}),
      ...(deaths >= 0 ? { deaths } : {}),
      distanceKm: Math.round(d),
      ...(depthKm !== undefined ? { depthKm, hypocentralKm: Math.round(Math.hypot(d, depthKm)) } : {}),
      model: deep ? 'intermediate-depth' : 'crustal',
      siteIntensity: estimatedIntensity({ magnitude, maxIntensity, depthKm }, d),
      ...(withPlace ? { lat: eLat, lon: eLon } : {}),
    });
  }
  return out;
}

/**
 * Events within `maxKm` of the site (intermediate-depth events within DEEP_SEARCH_KM, or `maxKm`
 * if larger), with the shaking estimated there, oldest first.
 */
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

/** 'M7.0 Messina 1908, 5 km', 'intensity XI L'Aquila 1703, 9 km', 'M7.5 Bucharest 1977, 157 km (89 km deep)' */
export function describeQuake(q: QuakeAtSite): string {
  const size = q.magnitude !== undefined ? `M${q.magnitude.toFixed(1)}` : `intensity ${roman(q.maxIntensity ?? 0)}`;
  const year = q.year < 0 ? `${-q.year} BCE` : String(q.year);
  const deep = q.model === 'intermediate-depth' ? ` (${q.depthKm} km deep)` : '';
  return `${size} ${q.place} ${year}, ${q.distanceKm} km${deep}`;
}

/** describeQuake as a message (the report's evidence; its English is describeQuake's). */
export function describeQuakeMessage(q: QuakeAtSite): Message {
  const size = q.magnitude !== undefined ? msg('location.quake.magnitude', { m: numberValue(Number(q.magnitude.toFixed(1)), 1, 1) }) : msg('location.quake.maxIntensity', { intensity: roman(q.maxIntensity ?? 0) });
  const year = q.year < 0 ? msg('location.year.bce', { year: String(-q.year) }) : String(q.year);
  const values = { size, place: q.place, year, km: numberValue(q.distanceKm) };
  return q.model === 'intermediate-depth'
    ? msg('location.quake.describedDeep', { ...values, depth: q.depthKm !== undefined ? numberValue(q.depthKm) : 'undefined' })
    : msg('location.quake.described', values);
}
