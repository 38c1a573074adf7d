/**
 * The level rules of the site hazards, modelled on GFDRR ThinkHazard: a level is reached when an
 * intensity passes a threshold often enough (intensity × frequency), and each level has one
 * fixed, plain-language sentence. Levels are the likelihood scale 0–5:
 *   0 none · 1 very low · 2 low · 3 moderate (ThinkHazard's medium) · 4 high · 5 very high.
 * Every threshold comes from the rule table (src/shared/hazards/rules.ts), passed in as `rules`
 * (default: the shipped table); these functions only apply it and say which band held.
 */

import {
  HAZARD_RULES,
  LEVEL_SENTENCES,
  LEVEL_WORDS,
  num,
  roman,
  type HazardRules,
  type Level,
  type PeriodBand,
  type QuakeCount,
  type RiverCondition,
  type SiteHazard,
  type VolcanoCondition,
} from '../../shared/hazards/index.js';

export type { Level, SiteHazard };

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

/** A catalogued event as the rules count it. */
export interface QuakeEvent {
  year: number;
  /** estimated intensity at the site */
  siteIntensity: number;
  distanceKm: number;
}

function quakeCount(c: QuakeCount, quakes: readonly QuakeEvent[], from: number): number {
  return quakes.filter((q) => (c.ever || q.year >= from) && (c.intensity === undefined || q.siteIntensity >= c.intensity) && (c.withinKm === undefined || q.distanceKm <= c.withinKm))
    .length;
}

function quakeRule(c: QuakeCount, n: number, level: Level, rules: HazardRules): string {
  const e = rules.earthquake;
  const word = LEVEL_WORDS[level];
  const g = c.intensity !== undefined ? e.pgaG[c.intensity] : undefined;
  const about = [g !== undefined ? `≈ ${num(g)} g` : '', c.note ?? ''].filter(Boolean).join(', ');
  const shaking = `intensity ≥ ${roman(c.intensity ?? 0)}${about ? ` (${about})` : ''}`;
  const events = n === 1 ? 'event(s)' : 'events';
  if (c.intensity === undefined) {
    return `${n} damaging ${events} within ${num(c.withinKm ?? 0)} km, none estimated to shake the site at intensity ≥ ${roman(minIntensity(rules))}; ${word}`;
  }
  if (c.ever) return `${shaking} at the site only before ${e.windowFrom}; ${word}`;
  return `${n} ${events} since ${e.windowFrom} shook the site at ${shaking}; ${word} from ${c.events}`;
}

const minIntensity = (rules: HazardRules) => Math.min(...rules.earthquake.bands.flatMap((b) => b.any.flatMap((c) => (c.intensity === undefined ? [] : [c.intensity]))));

/** The level the catalogue at the site sets: the first band with a count reached. */
export function earthquakeLevel(quakes: readonly QuakeEvent[], rules: HazardRules = HAZARD_RULES): Rated {
  const e = rules.earthquake;
  for (const band of e.bands) {
    for (const c of band.any) {
      const n = quakeCount(c, quakes, e.windowFrom);
      if (n >= c.events) return { level: band.level, rule: quakeRule(c, n, band.level, rules) };
    }
  }
  const widest = Math.max(0, ...e.bands.flatMap((b) => b.any.map((c) => c.withinKm ?? 0)));
  return { level: 0, rule: `no damaging earthquake on record within ${num(widest)} km` };
}

/** The country's INFORM earthquake index as a floor under the catalogue's level. */
export function informEarthquakeFloor(index: number, rules: HazardRules = HAZARD_RULES): number {
  const f = rules.earthquake.informFloor;
  return Math.max(0, asLevel(index / f.divisor) - f.levelsBelow);
}

// --- river flood -------------------------------------------------------------------------------

function riverHolds(c: RiverCondition, proximity: number | undefined, aboveLowestM: number, elevationM: number): boolean {
  if (c.reaches !== undefined && (proximity === undefined || proximity > c.reaches)) return false;
  if (c.aboveFloorM !== undefined && aboveLowestM > c.aboveFloorM) return false;
  return c.elevationM === undefined || elevationM <= c.elevationM;
}

function riverText(c: RiverCondition): string {
  const parts: string[] = [];
  if (c.reaches !== undefined) parts.push(c.reaches === 1 ? 'beside the river (within its flood-plain reach)' : `within ${num(c.reaches)}× the river's flood-plain reach`);
  if (c.elevationM !== undefined) parts.push(`${c.reaches === undefined ? 'low-lying ground ' : ''}≤ ${num(c.elevationM)} m above sea level`);
  if (c.aboveFloorM !== undefined) parts.push(`≤ ${num(c.aboveFloorM)} m above the valley floor`);
  return parts.join(' and ');
}

/** The height above the lowest land under which a site counts as on the valley floor: the flood bands' lowest bound. */
export const valleyFloorM = (rules: HazardRules = HAZARD_RULES): number =>
  Math.min(...rules.riverFlood.bands.flatMap((b) => b.any.flatMap((c) => (c.aboveFloorM === undefined ? [] : [c.aboveFloorM]))));

/**
 * proximity: distance to the nearest river over its size's flood-plain reach (≤ 1 beside it);
 * aboveLowestM: the site's height above the lowest land within ±18 km (≈ 0 on a valley floor).
 */
export function riverFloodLevel(proximity: number | undefined, aboveLowestM: number, elevationM: number, rules: HazardRules = HAZARD_RULES): Rated {
  const r = rules.riverFlood;
  for (const band of r.bands) {
    const c = band.any.find((x) => riverHolds(x, proximity, aboveLowestM, elevationM));
    if (c) return { level: band.level, rule: `${riverText(c)}: ${LEVEL_WORDS[band.level]}` };
  }
  const why = proximity === undefined ? `no mapped river within ${num(r.searchKm)} km` : 'away from the river or well above the valley floor';
  return { level: r.otherwise, rule: `${why}: ${LEVEL_WORDS[r.otherwise]}` };
}

// --- coastal flood -----------------------------------------------------------------------------

export function coastalFloodLevel(coastKm: number, elevationM: number, rules: HazardRules = HAZARD_RULES): Rated {
  const bands = rules.coastalFlood.bands;
  for (const band of bands) {
    // Of the alternatives that hold, the rule names the tightest on height ('at or below sea level' before '≤ 5 m').
    const [c] = band.any
      .filter((x) => coastKm <= x.coastKm && (x.elevationM === undefined || elevationM <= x.elevationM))
      .sort((x, y) => (x.elevationM ?? Infinity) - (y.elevationM ?? Infinity));
    if (!c) continue;
    const where =
      c.elevationM === undefined
        ? `≤ ${num(c.coastKm)} km from the sea`
        : c.elevationM <= 0
          ? `at or below sea level within ${num(c.coastKm)} km of the sea`
          : `≤ ${num(c.coastKm)} km from the sea and ≤ ${num(c.elevationM)} m above sea level`;
    return { level: band.level, rule: `${where}: ${LEVEL_WORDS[band.level]}` };
  }
  const reach = Math.max(...bands.flatMap((b) => b.any.filter((c) => c.elevationM === undefined).map((c) => c.coastKm)));
  return { level: 0, rule: `more than ${num(reach)} km from the sea (and not a low-lying delta): none` };
}

// --- landslide ---------------------------------------------------------------------------------

export function landslideLevel(reliefM: number, slopeDeg: number, earthquakeLevel: Level, rules: HazardRules = HAZARD_RULES): Rated {
  const l = rules.landslide;
  const i = l.bands.findIndex((b) => reliefM >= b.reliefM || (b.slopeDeg !== undefined && slopeDeg >= b.slopeDeg));
  let r: Rated;
  if (i < 0) {
    r = { level: 0, rule: `relief under ${num(l.bands.at(-1)?.reliefM ?? 0)} m: flat land, none` };
  } else {
    const b = l.bands[i]!;
    const above = l.bands[i - 1];
    const what =
      b.slopeDeg !== undefined
        ? `relief ≥ ${num(b.reliefM)} m or slope ≥ ${num(b.slopeDeg)}°`
        : above
          ? `relief ${num(b.reliefM)}–${num(above.reliefM)} m`
          : `relief ≥ ${num(b.reliefM)} m`;
    r = { level: b.level, rule: `${what} around the site: ${LEVEL_WORDS[b.level]}` };
  }
  const t = l.quakeTrigger;
  if (earthquakeLevel >= t.quakeLevel && r.level >= t.fromLevel) {
    return { level: asLevel(r.level + 1), rule: `${r.rule}; one level more: strong earthquakes (earthquake level ${LEVEL_WORDS[t.quakeLevel]} or above) trigger slides` };
  }
  return r;
}

// --- volcano -----------------------------------------------------------------------------------

function volcanoText(c: VolcanoCondition): string {
  return c.eruptedWithinYears === undefined
    ? `within ${num(c.withinKm)} km of a Holocene volcano`
    : `within ${num(c.withinKm)} km of a volcano that erupted in the last ${num(c.eruptedWithinYears)} years`;
}

export function volcanoLevel(nearest: readonly { distanceKm: number; lastEruption?: number }[], rules: HazardRules = HAZARD_RULES): Rated {
  const v = rules.volcano;
  const holds = (c: VolcanoCondition, x: { distanceKm: number; lastEruption?: number }) =>
    x.distanceKm <= c.withinKm && (c.eruptedWithinYears === undefined || (x.lastEruption !== undefined && x.lastEruption >= v.listYear - c.eruptedWithinYears));
  for (const band of v.bands) {
    const c = band.any.find((x) => nearest.some((n) => holds(x, n)));
    if (c) return { level: band.level, rule: `${volcanoText(c)}: ${LEVEL_WORDS[band.level]}` };
  }
  const widest = Math.max(0, ...v.bands.flatMap((b) => b.any.map((c) => c.withinKm)));
  return { level: 0, rule: `no Holocene volcano within ${num(widest)} km: none` };
}

// --- deployment rasters (HAZARD_DATA_DIR) ------------------------------------------------------

/** One value read from a deployment raster, as the rules need it. */
export interface RasterValue {
  units: 'pga_g' | 'depth_m' | 'wbgt_c' | 'fwi' | 'water_stress' | 'class_1_5';
  hazard: string;
  /** years; a layer without one is taken as the table's default period for its units */
  returnPeriod?: number;
  value: number;
}

const fmt = (x: number, digits = 2) => Number(x.toFixed(digits)).toString();

/** The first band a value reaches at its return period; `unit` follows the threshold in the rule. */
function byPeriod(bands: readonly PeriodBand[], v: number, p: number, text: string, unit: string, below = 'below the thresholds'): Rated {
  const b = bands.find((x) => p <= x.withinYears && v >= x.from);
  if (b) return { level: b.level, rule: `${text}: ≥ ${num(b.from)}${unit} within ${num(b.withinYears)} years, ${LEVEL_WORDS[b.level]}` };
  return { level: 1, rule: `${text}: ${below}, very low` };
}

/**
 * The level one raster value sets, with ThinkHazard's thresholds where it has them (the table's
 * `raster` entry): PGA by return period, flood depth, WBGT and fire weather by return period,
 * Aqueduct water-stress bins, susceptibility classes 1–5 as levels 1–5.
 */
export function rasterLevel(r: RasterValue, rules: HazardRules = HAZARD_RULES): Rated {
  const t = rules.raster;
  const v = r.value;
  const rp = r.returnPeriod;
  const at = rp ? ` at ${rp} years` : '';
  switch (r.units) {
    case 'pga_g': {
      const p = rp ?? t.pga_g.defaultReturnPeriod;
      const text = `PGA ${fmt(v)} g${at || ` (${t.pga_g.defaultReturnPeriod} years)`}`;
      const ladder = t.pga_g.periods.find((x) => p <= x.upTo) ?? t.pga_g.periods.at(-1)!;
      const b = ladder.bands.find((x) => v >= x.from);
      if (b) return { level: b.level, rule: `${text}: ≥ ${num(b.from)} g${ladder.say}, ${LEVEL_WORDS[b.level]}` };
      return { level: ladder.below, rule: `${text}: under ${num(ladder.bands.at(-1)?.from ?? 0)} g, ${LEVEL_WORDS[ladder.below]}` };
    }
    case 'depth_m': {
      const text = `flood depth ${fmt(v)} m${at}`;
      if (v <= 0) return { level: 0, rule: `${text}: dry, none` };
      return byPeriod(r.hazard === 'coastalFlood' ? t.depth_m.coastalBands : t.depth_m.bands, v, rp ?? t.depth_m.defaultReturnPeriod, text, ' m', 'shallow or rare');
    }
    case 'wbgt_c':
      return byPeriod(t.wbgt_c.bands, v, rp ?? t.wbgt_c.defaultReturnPeriod, `WBGT ${fmt(v, 1)} °C${at}`, ' °C');
    case 'fwi':
      return byPeriod(t.fwi.bands, v, rp ?? t.fwi.defaultReturnPeriod, `fire weather index ${fmt(v, 1)}${at}`, '');
    case 'water_stress': {
      const pct = (x: number) => `${Math.round(x * 100)} %`;
      const bands = t.water_stress.bands;
      const i = bands.findIndex((b) => (b.over ? v > b.from : v >= b.from));
      const lowest = bands.at(-1);
      if (i < 0) return { level: 1, rule: `water stress ${pct(v)}: under ${pct(lowest?.from ?? 0)}, ${t.water_stress.belowName}` };
      const b = bands[i]!;
      const upper = bands[i - 1];
      const range = b.over ? `over ${pct(b.from)}` : upper ? `${Math.round(b.from * 100)}–${pct(upper.from)}` : `from ${pct(b.from)}`;
      return { level: b.level, rule: `water stress ${pct(v)}: ${range}, ${b.name ?? LEVEL_WORDS[b.level]}` };
    }
    case 'class_1_5': {
      const level = asLevel(v);
      return { level, rule: `susceptibility class ${level} of 5` };
    }
  }
}

// --- seismic code reference --------------------------------------------------------------------

/** A national code's value as the rules read it: an acceleration, or a zone by its range. */
export interface SeismicCodeValue {
  pgaG?: number;
  pgaRangeG?: [number, number];
}

/** The acceleration the rules compare: the code's value, or the middle of its zone's range. */
export const referenceG = (r: SeismicCodeValue): number => r.pgaG ?? (r.pgaRangeG ? (r.pgaRangeG[0] + r.pgaRangeG[1]) / 2 : 0);

/** The level a national code's value stands for (the table's earthquake `reference` bands). */
export function referenceLevel(r: SeismicCodeValue, rules: HazardRules = HAZARD_RULES): Rated {
  const ref = rules.earthquake.reference;
  const g = referenceG(r);
  const b = ref.bands.find((x) => g >= x.fromG);
  if (b) return { level: b.level, rule: `${num(Math.round(g * 100) / 100)} g ≥ ${num(b.fromG)} g: ${LEVEL_WORDS[b.level]}` };
  return { level: ref.below, rule: `${num(Math.round(g * 100) / 100)} g, under ${num(ref.bands.at(-1)?.fromG ?? 0)} g: ${LEVEL_WORDS[ref.below]}` };
}

/**
 * The catalogue's level moderated by the code's: the code's level is a floor; above it the
 * catalogue may add at most `above` levels, and only with an event since `recentFrom` at
 * ≥ `recentIntensity` at the site (else the code's level holds).
 */
export function moderatedByReference(catalogue: Level, code: Level, quakes: readonly QuakeEvent[], rules: HazardRules = HAZARD_RULES): { level: Level; how: 'floor' | 'cap' | 'agrees' | 'recent' } {
  const ref = rules.earthquake.reference;
  if (code > catalogue) return { level: code, how: 'floor' };
  if (catalogue === code) return { level: code, how: 'agrees' };
  const recent = quakes.some((q) => q.year >= ref.recentFrom && q.siteIntensity >= ref.recentIntensity);
  if (!recent) return { level: code, how: 'cap' };
  const capped = asLevel(Math.min(catalogue, code + ref.above));
  return { level: capped, how: capped < catalogue ? 'cap' : 'recent' };
}
