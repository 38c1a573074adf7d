/**
 * The level rules of the site hazards, modelled on GFDRR ThinkHazard: a level is reached when an
 * intensity passes a threshold often enough (intensity × frequency), and each level has one
 * fixed, plain-language sentence. Levels are the likelihood scale 0–5:
 *   0 none · 1 very low · 2 low · 3 moderate (ThinkHazard's medium) · 4 high · 5 very high.
 * Every threshold comes from the rule table (src/shared/hazards/rules.ts), passed in as `rules`
 * (default: the shipped table); these functions only apply it and say which band held.
 */

import { msg, numberValue, type Message, type MessageValue } from '../../shared/i18n/message.js';
import {
  HAZARD_RULES,
  LEVEL_SENTENCE_IDS,
  LEVEL_SENTENCES,
  roman,
  type HazardRules,
  type Level,
  type PeriodBand,
  type QuakeCount,
  type RiverCondition,
  type SiteHazard,
  type VolcanoCondition,
} from '../../shared/hazards/index.js';
import { inEnglish } from './texts.js';

export type { Level, SiteHazard };

export function levelSentence(hazard: SiteHazard, level: Level): string {
  return LEVEL_SENTENCES[hazard][level];
}

/** The level sentence as a message (its English is levelSentence's). */
export function levelSentenceMessage(hazard: SiteHazard, level: Level): Message {
  return msg(LEVEL_SENTENCE_IDS[hazard][level]);
}

export const asLevel = (x: number): Level => Math.min(5, Math.max(0, Math.round(x))) as Level;

// --- level words -------------------------------------------------------------------------------

/** Each level as a rule ends, in lower case: 'none' … 'very high' (LEVEL_WORDS). */
const LEVEL_WORD_IDS = [
  'location.levelWord.none',
  'location.levelWord.veryLow',
  'location.levelWord.low',
  'location.levelWord.moderate',
  'location.levelWord.high',
  'location.levelWord.veryHigh',
] as const;
/** The reports' level labels, as scoring.ts levelLabel writes them: 'Negligible' … 'Very High'. */
const LEVEL_LABEL_IDS = [
  'location.level.negligible',
  'location.level.veryLow',
  'location.level.low',
  'location.level.moderate',
  'location.level.high',
  'location.level.veryHigh',
] as const;

const isLevel = (x: number): x is Level => Number.isInteger(x) && x >= 0 && x <= 5;

/** LEVEL_WORDS[level] as a message. */
export const levelWord = (level: number): Message => msg(LEVEL_WORD_IDS[asLevel(level)]);
/** levelLabel(level) as a message ('Unknown' outside 0–5). */
export const levelLabelMessage = (level: number): Message => (isLevel(level) ? msg(LEVEL_LABEL_IDS[level]) : msg('location.level.unknown'));
/** levelLabel(level) in lower case as a message: 'negligible', 'very low' … 'very high'. */
export const levelLowerMessage = (level: number): Message => (asLevel(level) === 0 ? msg('location.levelWord.negligible') : levelWord(level));

/** A number as the rule texts write it (num): the reader's digits. */
const n = (x: number) => numberValue(x);

/** A level and the rule that set it, said plainly ("≥ 2 events of intensity ≥ VIII since 1515"): English text and message. */
export interface Rated {
  level: Level;
  rule: string;
  ruleMessage: Message;
}

/** A level with its rule as a message; the English is written when it is read (most rules are only quoted inside another message). */
export function ratedBy(level: Level, ruleMessage: Message): Rated {
  let rule: string | undefined;
  return {
    level,
    ruleMessage,
    get rule() {
      return (rule ??= inEnglish(ruleMessage));
    },
  };
}

/** "{condition}: {level word}" */
const withLevel = (condition: MessageValue, level: Level): Message => msg('location.rule.level', { condition, level: levelWord(level) });

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

/** The notes of the shipped table's counts; another table's note is quoted as it is. */
const QUAKE_NOTE_IDS: Record<string, string> = {
  'a return period under 250 years': 'location.quake.noteUnder250Years',
  'about once a century': 'location.quake.noteOnceACentury',
  'within a 475-year window': 'location.quake.note475YearWindow',
  'a 1,000–2,500-year record': 'location.quake.note1000To2500YearRecord',
};
const quakeNote = (note: string): MessageValue => (QUAKE_NOTE_IDS[note] ? msg(QUAKE_NOTE_IDS[note]) : note);

function quakeRule(c: QuakeCount, count: number, level: Level, rules: HazardRules): Message {
  const e = rules.earthquake;
  const word = levelWord(level);
  const g = c.intensity !== undefined ? e.pgaG[c.intensity] : undefined;
  const about: MessageValue | undefined =
    g !== undefined
      ? c.note
        ? msg('location.quake.aboutGNote', { g: n(g), note: quakeNote(c.note) })
        : msg('location.quake.aboutG', { g: n(g) })
      : c.note
        ? quakeNote(c.note)
        : undefined;
  const intensity = roman(c.intensity ?? 0);
  const shaking = about !== undefined ? msg('location.quake.shakingAbout', { intensity, about }) : msg('location.quake.shaking', { intensity });
  const since = String(e.windowFrom);
  if (c.intensity === undefined) {
    return msg('location.quake.ruleNear', { count, km: n(c.withinKm ?? 0), intensity: roman(minIntensity(rules)), level: word });
  }
  if (c.ever) return msg('location.quake.ruleEver', { shaking, year: since, level: word });
  return msg('location.quake.ruleSince', { count, year: since, shaking, level: word, threshold: c.events });
}

const minIntensity = (rules: HazardRules) => Math.min(...rules.earthquake.bands.flatMap((b) => b.any.flatMap((c) => (c.intensity === undefined ? [] : [c.intensity]))));

/** The level the catalogue at the site sets: the first band with a count reached. */
export function earthquakeLevel(quakes: readonly QuakeEvent[], rules: HazardRules = HAZARD_RULES): Rated {
  const e = rules.earthquake;
  for (const band of e.bands) {
    for (const c of band.any) {
      const n = quakeCount(c, quakes, e.windowFrom);
      if (n >= c.events) return ratedBy(band.level, quakeRule(c, n, band.level, rules));
    }
  }
  const widest = Math.max(0, ...e.bands.flatMap((b) => b.any.map((c) => c.withinKm ?? 0)));
  return ratedBy(0, msg('location.quake.noneWithin', { km: n(widest) }));
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

/** Parts said one after another: 'a and b and c' ('' when there are none). */
function joinedWithAnd(parts: readonly MessageValue[]): MessageValue {
  if (parts.length === 0) return '';
  return parts.slice(1).reduce<MessageValue>((first, second) => msg('location.join.and', { first, second }), parts[0]!);
}

function riverText(c: RiverCondition): MessageValue {
  const parts: Message[] = [];
  if (c.reaches !== undefined) parts.push(c.reaches === 1 ? msg('location.river.besideReach') : msg('location.river.withinReaches', { times: n(c.reaches) }));
  if (c.elevationM !== undefined) parts.push(msg(c.reaches === undefined ? 'location.river.lowLyingElevation' : 'location.river.elevation', { m: n(c.elevationM) }));
  if (c.aboveFloorM !== undefined) parts.push(msg('location.river.aboveFloor', { m: n(c.aboveFloorM) }));
  return joinedWithAnd(parts);
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
    if (c) return ratedBy(band.level, withLevel(riverText(c), band.level));
  }
  const why = proximity === undefined ? msg('location.river.noneWithin', { km: n(r.searchKm) }) : msg('location.river.away');
  return ratedBy(r.otherwise, withLevel(why, r.otherwise));
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
        ? msg('location.coast.within', { km: n(c.coastKm) })
        : c.elevationM <= 0
          ? msg('location.coast.atSeaLevel', { km: n(c.coastKm) })
          : msg('location.coast.withinAndBelow', { km: n(c.coastKm), m: n(c.elevationM) });
    return ratedBy(band.level, withLevel(where, band.level));
  }
  const reach = Math.max(...bands.flatMap((b) => b.any.filter((c) => c.elevationM === undefined).map((c) => c.coastKm)));
  return ratedBy(0, msg('location.coast.none', { km: n(reach) }));
}

// --- landslide ---------------------------------------------------------------------------------

export function landslideLevel(reliefM: number, slopeDeg: number, earthquakeLevel: Level, rules: HazardRules = HAZARD_RULES): Rated {
  const l = rules.landslide;
  const i = l.bands.findIndex((b) => reliefM >= b.reliefM || (b.slopeDeg !== undefined && slopeDeg >= b.slopeDeg));
  let r: Rated;
  if (i < 0) {
    r = ratedBy(0, msg('location.relief.flat', { m: n(l.bands.at(-1)?.reliefM ?? 0) }));
  } else {
    const b = l.bands[i]!;
    const above = l.bands[i - 1];
    const what =
      b.slopeDeg !== undefined
        ? msg('location.relief.orSlope', { m: n(b.reliefM), degrees: n(b.slopeDeg) })
        : above
          ? msg('location.relief.between', { from: n(b.reliefM), to: n(above.reliefM) })
          : msg('location.relief.atLeast', { m: n(b.reliefM) });
    r = ratedBy(b.level, msg('location.relief.rule', { relief: what, level: levelWord(b.level) }));
  }
  const t = l.quakeTrigger;
  if (earthquakeLevel >= t.quakeLevel && r.level >= t.fromLevel) {
    return ratedBy(asLevel(r.level + 1), msg('location.relief.quakeTrigger', { rule: r.ruleMessage, level: levelWord(t.quakeLevel) }));
  }
  return r;
}

// --- volcano -----------------------------------------------------------------------------------

function volcanoText(c: VolcanoCondition): Message {
  return c.eruptedWithinYears === undefined
    ? msg('location.volcanoRule.holocene', { km: n(c.withinKm) })
    : msg('location.volcanoRule.erupted', { km: n(c.withinKm), years: n(c.eruptedWithinYears) });
}

export function volcanoLevel(nearest: readonly { distanceKm: number; lastEruption?: number }[], rules: HazardRules = HAZARD_RULES): Rated {
  const v = rules.volcano;
  const holds = (c: VolcanoCondition, x: { distanceKm: number; lastEruption?: number }) =>
    x.distanceKm <= c.withinKm && (c.eruptedWithinYears === undefined || (x.lastEruption !== undefined && x.lastEruption >= v.listYear - c.eruptedWithinYears));
  for (const band of v.bands) {
    const c = band.any.find((x) => nearest.some((n) => holds(x, n)));
    if (c) return ratedBy(band.level, withLevel(volcanoText(c), band.level));
  }
  const widest = Math.max(0, ...v.bands.flatMap((b) => b.any.map((c) => c.withinKm)));
  return ratedBy(0, msg('location.volcanoRule.none', { km: n(widest) }));
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

/** A raster value as the rules quote it: at most `digits` decimals, trailing zeros dropped ('0.24', '1.2', '26'). */
const fmt = (x: number, digits = 2) => numberValue(Number(x.toFixed(digits)));

/** What a band's threshold is measured in; a raster's rule quotes its threshold with it. */
type Unit = 'm' | '°C' | '';
const withUnit = (x: number, unit: Unit): MessageValue =>
  unit === 'm' ? msg('location.unit.metres', { m: n(x) }) : unit === '°C' ? msg('location.unit.celsius', { c: n(x) }) : n(x);

/** The first band a value reaches at its return period; `unit` follows the threshold in the rule. */
function byPeriod(bands: readonly PeriodBand[], v: number, p: number, text: Message, unit: Unit, below: 'thresholds' | 'shallow' = 'thresholds'): Rated {
  const b = bands.find((x) => p <= x.withinYears && v >= x.from);
  if (b) return ratedBy(b.level, msg('location.raster.periodBand', { text, threshold: withUnit(b.from, unit), years: n(b.withinYears), level: levelWord(b.level) }));
  const why = below === 'shallow' ? msg('location.raster.shallowOrRare') : msg('location.raster.belowThresholds');
  return ratedBy(1, msg('location.raster.periodBelow', { text, below: why }));
}

/** What the shipped pga ladders say after a threshold ('within 250 years'); another table's words are quoted as they are. */
const PGA_SAY_IDS: Record<string, string> = {
  'within 250 years': 'location.raster.sayWithin250Years',
  'in a rare event': 'location.raster.sayInARareEvent',
};

/** The publisher's own names of the water-stress categories (WRI Aqueduct). */
const WATER_STRESS_NAME_IDS: Record<string, string> = {
  'extremely high': 'location.raster.waterStressExtremelyHigh',
  high: 'location.raster.waterStressHigh',
  'medium-high': 'location.raster.waterStressMediumHigh',
  'low-medium': 'location.raster.waterStressLowMedium',
  low: 'location.raster.waterStressLow',
};
const waterStressName = (name: string): MessageValue => (WATER_STRESS_NAME_IDS[name] ? msg(WATER_STRESS_NAME_IDS[name]) : name);

/**
 * The level one raster value sets, with ThinkHazard's thresholds where it has them (the table's
 * `raster` entry): PGA by return period, flood depth, WBGT and fire weather by return period,
 * Aqueduct water-stress bins, susceptibility classes 1–5 as levels 1–5.
 */
export function rasterLevel(r: RasterValue, rules: HazardRules = HAZARD_RULES): Rated {
  const t = rules.raster;
  const v = r.value;
  const rp = r.returnPeriod;
  // A return period is quoted as the layer names it (2475, not 2,475).
  const years = rp ? String(rp) : undefined;
  switch (r.units) {
    case 'pga_g': {
      const p = rp ?? t.pga_g.defaultReturnPeriod;
      const text = years ? msg('location.raster.pgaAt', { value: fmt(v), years }) : msg('location.raster.pgaDefault', { value: fmt(v), years: String(t.pga_g.defaultReturnPeriod) });
      const ladder = t.pga_g.periods.find((x) => p <= x.upTo) ?? t.pga_g.periods.at(-1)!;
      const b = ladder.bands.find((x) => v >= x.from);
      if (b) {
        const say = ladder.say.trim();
        return ratedBy(
          b.level,
          say
            ? msg('location.raster.pgaBandSaid', { text, from: n(b.from), say: PGA_SAY_IDS[say] ? msg(PGA_SAY_IDS[say]) : say, level: levelWord(b.level) })
            : msg('location.raster.pgaBand', { text, from: n(b.from), level: levelWord(b.level) }),
        );
      }
      return ratedBy(ladder.below, msg('location.raster.pgaBelow', { text, from: n(ladder.bands.at(-1)?.from ?? 0), level: levelWord(ladder.below) }));
    }
    case 'depth_m': {
      const text = years ? msg('location.raster.depthAt', { value: fmt(v), years }) : msg('location.raster.depth', { value: fmt(v) });
      if (v <= 0) return ratedBy(0, msg('location.raster.dry', { text }));
      return byPeriod(r.hazard === 'coastalFlood' ? t.depth_m.coastalBands : t.depth_m.bands, v, rp ?? t.depth_m.defaultReturnPeriod, text, 'm', 'shallow');
    }
    case 'wbgt_c': {
      const text = years ? msg('location.raster.wbgtAt', { value: fmt(v, 1), years }) : msg('location.raster.wbgt', { value: fmt(v, 1) });
      return byPeriod(t.wbgt_c.bands, v, rp ?? t.wbgt_c.defaultReturnPeriod, text, '°C');
    }
    case 'fwi': {
      const text = years ? msg('location.raster.fwiAt', { value: fmt(v, 1), years }) : msg('location.raster.fwi', { value: fmt(v, 1) });
      return byPeriod(t.fwi.bands, v, rp ?? t.fwi.defaultReturnPeriod, text, '');
    }
    case 'water_stress': {
      const whole = (x: number) => n(Math.round(x * 100));
      const pct = (x: number) => msg('location.unit.percent', { p: whole(x) });
      const bands = t.water_stress.bands;
      const i = bands.findIndex((b) => (b.over ? v > b.from : v >= b.from));
      const lowest = bands.at(-1);
      if (i < 0) return ratedBy(1, msg('location.raster.waterStressUnder', { value: pct(v), from: pct(lowest?.from ?? 0), name: waterStressName(t.water_stress.belowName) }));
      const b = bands[i]!;
      const upper = bands[i - 1];
      const range = b.over
        ? msg('location.raster.rangeOver', { p: pct(b.from) })
        : upper
          ? msg('location.raster.rangeBetween', { from: whole(b.from), to: whole(upper.from) })
          : msg('location.raster.rangeFrom', { p: pct(b.from) });
      return ratedBy(b.level, msg('location.raster.waterStress', { value: pct(v), range, name: b.name ? waterStressName(b.name) : levelWord(b.level) }));
    }
    case 'class_1_5': {
      const level = asLevel(v);
      return ratedBy(level, msg('location.raster.susceptibilityClass', { level }));
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
  const value = n(Math.round(g * 100) / 100);
  if (b) return ratedBy(b.level, msg('location.seismicCode.atLeast', { g: value, from: n(b.fromG), level: levelWord(b.level) }));
  return ratedBy(ref.below, msg('location.seismicCode.under', { g: value, from: n(ref.bands.at(-1)?.fromG ?? 0), level: levelWord(ref.below) }));
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
