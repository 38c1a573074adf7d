/**
 * The level rules of the site hazards, modelled on GFDRR ThinkHazard: a level is reached when an
 * intensity passes a threshold often enough (intensity × frequency), and each level has one
 * fixed, plain-language sentence. Levels are the likelihood scale 0–5:
 *   0 none · 1 very low · 2 low · 3 moderate (ThinkHazard's medium) · 4 high · 5 very high.
 * Each hazard's rule (the thresholds themselves) is a function here, so the rule set can be read
 * in one place; the assessors in location-risks.ts only measure and report.
 */

import { LEVEL_SENTENCES, type SiteHazard } from '../../shared/hazard-sentences.js';

export type Level = 0 | 1 | 2 | 3 | 4 | 5;
export type { SiteHazard };

export function levelSentence(hazard: SiteHazard, level: Level): string {
  return LEVEL_SENTENCES[hazard][level];
}

export const asLevel = (x: number): Level => Math.min(5, Math.max(0, Math.round(x))) as Level;

/** A level and the rule that set it, said plainly ("≥ 2 events of intensity ≥ VIII since 1515"). */
export interface Rated {
  level: Level;
  rule: string;
}

// --- earthquake --------------------------------------------------------------------------------

/** The catalogue window standing for ThinkHazard's 475-year return period. */
export const QUAKE_WINDOW_FROM = 1515;

export interface QuakeCounts {
  /** events since QUAKE_WINDOW_FROM with estimated intensity ≥ VIII at the site (≈ PGA ≥ 0.2 g) */
  viiiSince: number;
  /** events since QUAKE_WINDOW_FROM with estimated intensity ≥ VII at the site (≈ PGA ≥ 0.1 g) */
  viiSince: number;
  /** events of any date with estimated intensity ≥ VII at the site */
  viiEver: number;
  /** events since QUAKE_WINDOW_FROM with estimated intensity ≥ VI at the site */
  viSince: number;
  /** damaging events of any date within 100 km */
  within100km: number;
}

export function earthquakeLevel(c: QuakeCounts): Rated {
  if (c.viiiSince >= 3) return { level: 5, rule: `${c.viiiSince} events since ${QUAKE_WINDOW_FROM} shook the site at intensity ≥ VIII (≈ 0.2 g); very high from 3` };
  if (c.viiiSince >= 2) return { level: 4, rule: `${c.viiiSince} events since ${QUAKE_WINDOW_FROM} shook the site at intensity ≥ VIII (≈ 0.2 g, a return period under 250 years); high from 2` };
  if (c.viiSince >= 5) return { level: 4, rule: `${c.viiSince} events since ${QUAKE_WINDOW_FROM} shook the site at intensity ≥ VII (≈ 0.1 g, about once a century); high from 5` };
  if (c.viiSince >= 1) return { level: 3, rule: `${c.viiSince} event(s) since ${QUAKE_WINDOW_FROM} shook the site at intensity ≥ VII (≈ 0.1 g within a 475-year window); moderate from 1` };
  if (c.viiEver >= 1 || c.viSince >= 1) {
    return { level: 2, rule: c.viiEver >= 1 ? 'intensity ≥ VII (≈ 0.1 g) at the site only before 1515 (a 1,000–2,500-year record); low' : `intensity VI at the site since ${QUAKE_WINDOW_FROM}, never VII; low` };
  }
  if (c.within100km >= 1) return { level: 1, rule: `${c.within100km} damaging event(s) within 100 km, none estimated to shake the site at intensity ≥ VI; very low` };
  return { level: 0, rule: 'no damaging earthquake on record within 100 km' };
}

// --- river flood -------------------------------------------------------------------------------

/**
 * proximity: distance to the nearest river over its size's flood-plain reach (≤ 1 beside it);
 * aboveLowestM: the site's height above the lowest land within ±18 km (≈ 0 on a valley floor).
 */
export function riverFloodLevel(proximity: number | undefined, aboveLowestM: number, elevationM: number): Rated {
  const floor = aboveLowestM <= 25;
  const raised = aboveLowestM <= 75;
  if (proximity !== undefined && proximity <= 1 && floor) return { level: 4, rule: 'beside the river (within its flood-plain reach) and ≤ 25 m above the valley floor: high' };
  if (proximity !== undefined && ((proximity <= 1 && raised) || (proximity <= 3 && floor))) {
    return { level: 3, rule: proximity <= 1 ? 'beside the river but 25–75 m above the valley floor: moderate' : 'within 3× the river\'s flood-plain reach and ≤ 25 m above the valley floor: moderate' };
  }
  if (proximity !== undefined && (proximity <= 1 || (proximity <= 3 && raised))) return { level: 2, rule: 'near the river but raised above the valley floor: low' };
  if (elevationM <= 5 && floor) return { level: 2, rule: 'low-lying plain (≤ 5 m above sea level) away from a mapped river: low' };
  return { level: 1, rule: proximity === undefined ? 'no mapped river within 20 km: very low' : 'away from the river or well above the valley floor: very low' };
}

// --- coastal flood -----------------------------------------------------------------------------

export function coastalFloodLevel(coastKm: number, elevationM: number): Rated {
  if (coastKm <= 2 && elevationM <= 2) return { level: 5, rule: '≤ 2 km from the sea and ≤ 2 m above sea level: very high' };
  if ((coastKm <= 5 && elevationM <= 5) || (coastKm <= 25 && elevationM <= 0)) {
    return { level: 4, rule: elevationM <= 0 ? 'at or below sea level within 25 km of the sea: high' : '≤ 5 km from the sea and ≤ 5 m above sea level: high' };
  }
  if ((coastKm <= 10 && elevationM <= 10) || (coastKm <= 50 && elevationM <= 2)) {
    return { level: 3, rule: coastKm <= 10 && elevationM <= 10 ? '≤ 10 km from the sea and ≤ 10 m above sea level: moderate' : 'delta or lagoon lowland (≤ 2 m) within 50 km of the sea: moderate' };
  }
  if (coastKm <= 3 || (coastKm <= 25 && elevationM <= 20)) return { level: 2, rule: coastKm <= 3 ? 'on the coast (≤ 3 km) but above surge levels: low' : '≤ 25 km from the sea and ≤ 20 m above sea level: low' };
  if (coastKm <= 25) return { level: 1, rule: 'within 25 km of the sea but more than 20 m above it: very low' };
  return { level: 0, rule: 'more than 25 km from the sea (and not a low-lying delta): none' };
}

// --- landslide ---------------------------------------------------------------------------------

export function landslideLevel(reliefM: number, slopeDeg: number, earthquakeLevel: Level): Rated {
  let r: Rated;
  if (reliefM >= 1000 || slopeDeg >= 6) r = { level: 4, rule: 'relief ≥ 1,000 m or slope ≥ 6° around the site: high' };
  else if (reliefM >= 500 || slopeDeg >= 3) r = { level: 3, rule: 'relief ≥ 500 m or slope ≥ 3° around the site: moderate' };
  else if (reliefM >= 200) r = { level: 2, rule: 'relief 200–500 m around the site: low' };
  else if (reliefM >= 50) r = { level: 1, rule: 'relief 50–200 m around the site: very low' };
  else r = { level: 0, rule: 'relief under 50 m: flat land, none' };
  if (earthquakeLevel >= 4 && r.level >= 2) {
    return { level: asLevel(r.level + 1), rule: `${r.rule}; one level more: strong earthquakes (earthquake level high or above) trigger slides` };
  }
  return r;
}

// --- volcano -----------------------------------------------------------------------------------

/** The reference year of the volcano list (Smithsonian GVP, 2015): "the last 2,000 years" counts from it. */
export const VOLCANO_LIST_YEAR = 2015;

export function volcanoLevel(nearest: readonly { distanceKm: number; lastEruption?: number }[]): Rated {
  const recent = (v: { lastEruption?: number }, years: number) => v.lastEruption !== undefined && v.lastEruption >= VOLCANO_LIST_YEAR - years;
  if (nearest.some((v) => v.distanceKm <= 20 && recent(v, 100))) return { level: 5, rule: 'within 20 km of a volcano that erupted in the last 100 years: very high' };
  if (nearest.some((v) => v.distanceKm <= 50 && recent(v, 2000))) return { level: 4, rule: 'within 50 km of a volcano that erupted in the last 2,000 years: high' };
  if (nearest.some((v) => v.distanceKm <= 50 || (v.distanceKm <= 100 && recent(v, 2000)))) {
    return { level: 3, rule: 'within 50 km of a Holocene volcano, or 100 km of one active in the last 2,000 years: moderate' };
  }
  if (nearest.some((v) => v.distanceKm <= 100)) return { level: 2, rule: 'within 100 km of a Holocene volcano: low' };
  if (nearest.some((v) => v.distanceKm <= 200)) return { level: 1, rule: 'within 200 km of a Holocene volcano: very low' };
  return { level: 0, rule: 'no Holocene volcano within 200 km: none' };
}

// --- deployment rasters (HAZARD_DATA_DIR) ------------------------------------------------------

/** One value read from a deployment raster, as the rules need it. */
export interface RasterValue {
  units: 'pga_g' | 'depth_m' | 'wbgt_c' | 'fwi' | 'water_stress' | 'class_1_5';
  hazard: string;
  /** years; a layer without one is taken as 475 years for PGA and as the layer's only period otherwise */
  returnPeriod?: number;
  value: number;
}

const fmt = (x: number, digits = 2) => Number(x.toFixed(digits)).toString();

/**
 * The level one raster value sets, with ThinkHazard's thresholds where it has them:
 * PGA ≥ 0.2 g at ≤ 250 years High, ≥ 0.1 g at 475 years Medium, ≥ 0.1 g at 1,000–2,500 years Low;
 * flood depth ≥ 0.5 m at 10–25 years High, 50 years Medium, 100–1,000 years Low (coast: ≥ 2 m for
 * High); WBGT ≥ 32 / 28 / 25 °C at 5 / 20 / 100 years; FWI ≥ 30 / 20 / 15 at 2 / 10 / 30 years;
 * Aqueduct water-stress bins 10 / 20 / 40 / 80 %; susceptibility classes 1–5 as levels 1–5.
 */
export function rasterLevel(r: RasterValue): Rated {
  const v = r.value;
  const rp = r.returnPeriod;
  const at = rp ? ` at ${rp} years` : '';
  switch (r.units) {
    case 'pga_g': {
      const p = rp ?? 475;
      const text = `PGA ${fmt(v)} g${at || ' (475 years)'}`;
      if (p <= 250) return v >= 0.2 ? { level: 4, rule: `${text}: ≥ 0.2 g within 250 years, high` } : v >= 0.1 ? { level: 3, rule: `${text}: ≥ 0.1 g within 250 years, moderate` } : { level: 2, rule: `${text}: under 0.1 g, low` };
      if (p <= 500) {
        if (v >= 0.3) return { level: 5, rule: `${text}: ≥ 0.3 g, very high` };
        if (v >= 0.2) return { level: 4, rule: `${text}: ≥ 0.2 g, high` };
        if (v >= 0.1) return { level: 3, rule: `${text}: ≥ 0.1 g, moderate` };
        if (v >= 0.05) return { level: 2, rule: `${text}: 0.05–0.1 g, low` };
        return { level: 1, rule: `${text}: under 0.05 g, very low` };
      }
      if (v >= 0.4) return { level: 3, rule: `${text}: ≥ 0.4 g in a rare event, moderate` };
      if (v >= 0.1) return { level: 2, rule: `${text}: ≥ 0.1 g in a rare event, low` };
      return { level: 1, rule: `${text}: under 0.1 g, very low` };
    }
    case 'depth_m': {
      const coast = r.hazard === 'coastalFlood';
      const text = `flood depth ${fmt(v)} m${at}`;
      const p = rp ?? 100;
      if (v <= 0) return { level: 0, rule: `${text}: dry, none` };
      if (p <= 25 && v >= (coast ? 2 : 0.5)) return { level: v >= 2 && !coast ? 5 : 4, rule: `${text}: ≥ ${coast ? 2 : 0.5} m within 25 years, ${v >= 2 && !coast ? 'very high' : 'high'}` };
      if (p <= 50 && v >= 0.5) return { level: 3, rule: `${text}: ≥ 0.5 m within 50 years, moderate` };
      if (p <= (coast ? 100 : 1000) && v >= 0.5) return { level: 2, rule: `${text}: ≥ 0.5 m in a rare event, low` };
      return { level: 1, rule: `${text}: shallow or rare, very low` };
    }
    case 'wbgt_c': {
      const text = `WBGT ${fmt(v, 1)} °C${at}`;
      const p = rp ?? 20;
      if (p <= 5 && v >= 32) return { level: 4, rule: `${text}: ≥ 32 °C within 5 years, high` };
      if (p <= 20 && v >= 28) return { level: 3, rule: `${text}: ≥ 28 °C within 20 years, moderate` };
      if (p <= 100 && v >= 25) return { level: 2, rule: `${text}: ≥ 25 °C within 100 years, low` };
      return { level: 1, rule: `${text}: below the thresholds, very low` };
    }
    case 'fwi': {
      const text = `fire weather index ${fmt(v, 1)}${at}`;
      const p = rp ?? 10;
      if (p <= 2 && v >= 30) return { level: 4, rule: `${text}: ≥ 30 within 2 years, high` };
      if (p <= 10 && v >= 20) return { level: 3, rule: `${text}: ≥ 20 within 10 years, moderate` };
      if (p <= 30 && v >= 15) return { level: 2, rule: `${text}: ≥ 15 within 30 years, low` };
      return { level: 1, rule: `${text}: below the thresholds, very low` };
    }
    case 'water_stress': {
      const pct = `${Math.round(v * 100)} %`;
      if (v > 0.8) return { level: 5, rule: `water stress ${pct}: over 80 %, extremely high` };
      if (v >= 0.4) return { level: 4, rule: `water stress ${pct}: 40–80 %, high` };
      if (v >= 0.2) return { level: 3, rule: `water stress ${pct}: 20–40 %, medium-high` };
      if (v >= 0.1) return { level: 2, rule: `water stress ${pct}: 10–20 %, low-medium` };
      return { level: 1, rule: `water stress ${pct}: under 10 %, low` };
    }
    case 'class_1_5': {
      const level = asLevel(v);
      return { level, rule: `susceptibility class ${level} of 5` };
    }
  }
}
