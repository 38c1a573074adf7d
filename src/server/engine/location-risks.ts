import type { GeocodePrecision } from '../../shared/contracts/assessment.js';
import { levelLabel, type AssessedRisk, type RiskEvidenceLine } from '../../shared/scoring.js';
import { describeQuake, roman, type QuakeAtSite } from '../geo/earthquakes.js';
import { describeSeismicReference } from '../geo/seismic-reference.js';
import type { RasterHazard } from '../geo/hazard-rasters.js';
import { HAZARD_RULES, num, type HazardRules } from '../../shared/hazards/index.js';
import { DATASET_LABEL, type DatasetKey } from '../geo/sources.js';
import { eruptionLabel } from '../geo/volcanoes.js';
import type { LocationRiskName } from './risk-names.js';
import {
  asLevel,
  coastalFloodLevel,
  earthquakeLevel,
  informEarthquakeFloor,
  landslideLevel,
  levelSentence,
  moderatedByReference,
  rasterLevel,
  referenceLevel,
  riverFloodLevel,
  valleyFloorM,
  volcanoLevel,
  type Level,
  type Rated,
  type SiteHazard,
} from './hazard-levels.js';
import type { IndustryProfile } from './industry-profiles.js';
import type { InformCountry } from './inform.js';
import { formatKm, formatPeople, type SiteFeatures } from './site-features.js';

/**
 * Location risks from evidence at the site: the historical earthquake catalogue, the elevation
 * grid, rivers, the coast and volcanoes (src/server/geo), rated by the rule table
 * (src/shared/hazards/rules.ts, `rules` in the context; default the shipped one) through hazard-levels.ts. The country's INFORM 2020 scores (0–10) are only a prior (heat, wildfire,
 * windstorm, drought, governance) or a floor (earthquake), and the whole rating when the site
 * lies outside the bundled layers. Impact starts from the peril's typical severity and moves
 * with how asset-heavy the activity is. Every measured value and threshold is written into the
 * reasons and, with its dataset, into the evidence lines.
 */
export interface LocationContext {
  inform: InformCountry;
  features: SiteFeatures;
  profile: IndustryProfile;
  precision: GeocodePrecision;
  /** the hazard rule table; the shipped one when absent */
  rules?: HazardRules;
}

const rulesOf = (ctx: LocationContext): HazardRules => ctx.rules ?? HAZARD_RULES;

const lvl = (x: number) => Math.min(5, Math.max(0, Math.round(x)));
const LEVEL_WORDS_OF = (l: number) => levelLabel(l).toLowerCase();
const score10 = (x: number) => `${x.toFixed(1)}/10`;

/** Collects a risk's reasons and evidence: each evidence line is also a reason naming its dataset. */
class Findings {
  readonly reasons: string[] = [];
  readonly evidence: RiskEvidenceLine[] = [];
  fact(dataset: DatasetKey, text: string): void {
    this.factFrom(DATASET_LABEL[dataset], text);
  }
  factFrom(label: string, text: string): void {
    this.evidence.push({ dataset: label, text });
    this.reasons.push(`${label}: ${text}`);
  }
  note(text: string): void {
    this.reasons.push(text);
  }
  risk(name: LocationRiskName, rawLikelihood: number, impact: number): AssessedRisk {
    return { name, rawLikelihood: lvl(rawLikelihood), impact, reason: this.reasons, evidence: this.evidence };
  }
}

const metres = (m: number) => `${num(m)} m`;
/** A height said as people say it: '3 m below sea level', not '-3 m above'. */
export const seaLevelHeight = (m: number) => (m < 0 ? `${metres(-m)} below sea level` : `${metres(m)} above sea level`);

/**
 * The level the deployment's rasters set for a hazard (the highest over its layers), with one
 * evidence line per layer; undefined when no raster covers the site for that hazard.
 */
function fromRasters(s: SiteFeatures, hazard: RasterHazard, f: Findings, rules: HazardRules): Level | undefined {
  const readings = s.rasters.filter((r) => r.hazard === hazard);
  if (readings.length === 0) return undefined;
  let level: Level = 0;
  for (const r of readings) {
    const rated = rasterLevel(r, rules);
    f.factFrom(r.dataset, `${rated.rule} (this layer supersedes the bundled proxy)`);
    if (rated.level > level) level = rated.level;
  }
  return level;
}

function impactFor(base: number, profile: IndustryProfile, reasons: string[] | Findings, peril: string): number {
  const out = Array.isArray(reasons) ? reasons : reasons.reasons;
  if (profile.assets === 'heavy') {
    out.push(`impact raised: asset-heavy ${profile.site ?? 'activity'} (plant, stock, machinery) is costly to restore after ${peril}`);
    return Math.min(5, base + 1);
  }
  if (profile.assets === 'light') {
    out.push(profile.site ? `impact lowered: ${profile.site} with few physical assets` : `impact lowered: office-type activity with few physical assets`);
    return Math.max(1, base - 1);
  }
  return base;
}

function placementNote(ctx: LocationContext): string | undefined {
  if (ctx.precision === 'country') return 'site placed only at country level: local exposure not verified';
  if (ctx.precision === 'city' || ctx.precision === 'postal_code') {
    return `site placed at ${ctx.precision === 'city' ? 'city' : 'postal-code'} level: check the exact address against local hazard maps`;
  }
  return undefined;
}

/** Without site layers (outside the bundled grid): the country's index alone, said so. */
function countryFlood(ctx: LocationContext): AssessedRisk {
  const { inform } = ctx;
  const f = new Findings();
  f.fact('inform', `flood exposure ${score10(inform.flood)} for ${inform.country} (river and flash floods); no site layers here, so the country index sets the level`);
  const impact = impactFor(4, ctx.profile, f, 'a flood');
  return f.risk('Flood', lvl(inform.flood / rulesOf(ctx).riverFlood.informDivisor), impact);
}

/** 'the Tevere (major river, Natural Earth scalerank 4)', 'a canal (GSHHG/WDBII class 8)' */
function waterText(river: NonNullable<SiteFeatures['river']>): string {
  const rank = river.dataset === 'gshhg' && river.wdbiiClass !== undefined ? `WDBII class ${river.wdbiiClass}` : `scalerank ${river.scalerank}`;
  if (river.named) return `the ${river.name} (${river.kind === 'canal' ? 'canal' : `${river.size} ${river.kind}`}, ${rank})`;
  return `a ${river.kind === 'canal' ? 'canal' : `${river.size} ${river.kind}`} not named in the map data (${rank})`;
}

const waterLabel = (river: NonNullable<SiteFeatures['river']>) => (river.dataset === 'gshhg' ? DATASET_LABEL.gshhg : DATASET_LABEL.rivers);

function flood(ctx: LocationContext): AssessedRisk {
  const { features: s } = ctx;
  const t = s.terrain;
  if (!t) return countryFlood(ctx);
  const f = new Findings();
  const river = s.river;
  const rules = rulesOf(ctx);
  const rf = rules.riverFlood;
  const reliable = t.reliable !== false;
  let rated: Rated;
  if (reliable) {
    rated = riverFloodLevel(river?.proximity, t.aboveLowestM, t.elevationM, rules);
  } else {
    // Heights are not known here: the river's reach alone, at most the cap.
    const byReach = riverFloodLevel(river?.proximity, 0, Infinity, rules);
    const capped = asLevel(Math.min(byReach.level, rf.unreliableTerrain.cap));
    rated = { level: capped, rule: `height above the valley floor unknown (elevation data unreliable here); by the river's reach alone, at most ${LEVEL_WORDS_OF(rf.unreliableTerrain.cap)}: ${LEVEL_WORDS_OF(capped)}` };
  }
  if (river?.kind === 'canal' && rated.level > rf.canal.cap && (!reliable || t.elevationM > rf.canal.lowLyingM)) {
    rated = { level: rf.canal.cap, rule: `${rated.rule}; a canal is regulated water, at most ${LEVEL_WORDS_OF(rf.canal.cap)} unless the site is ≤ ${num(rf.canal.lowLyingM)} m above sea level` };
  }
  const lake = s.lake;
  if (lake && reliable && lake.distanceKm <= rf.lake.withinKm && t.aboveLowestM <= rf.lake.aboveFloorM && rf.lake.level > rated.level) {
    rated = { level: rf.lake.level, rule: `lake shore within ${num(rf.lake.withinKm)} km and ≤ ${num(rf.lake.aboveFloorM)} m above the valley floor: ${LEVEL_WORDS_OF(rf.lake.level)}` };
  }
  const urban = s.population10km >= rf.urban.people && rated.level < rf.urban.belowLevel && (reliable || rated.level < rf.unreliableTerrain.cap);
  const level: number = rated.level + (urban ? 1 : 0);
  // The river's sentence, and why the level is one higher when surface water adds to it.
  f.note(`${levelSentence('riverFlood', rated.level)}${urban ? ` Surface water in a dense urban area raises the level to ${levelLabel(level)}.` : ''}`);
  if (river) {
    f.factFrom(waterLabel(river), `${formatKm(river.distanceKm)} from ${waterText(river)}; flood-plain reach taken as ${num(rf.reachKm[river.size])} km`);
  } else {
    f.factFrom(
      `${DATASET_LABEL.rivers}, ${DATASET_LABEL.gshhg}`,
      `no mapped river within ${num(rf.searchKm)} km; the bundled river data (Natural Earth 1:10m, GSHHG/WDBII) omits smaller rivers, so check local flood maps for one nearby`,
    );
  }
  if (lake) {
    const named = lake.named ? `the ${lake.name}` : 'a lake not named in the map data';
    f.fact('gshhg', `${formatKm(lake.distanceKm)} from the shore of ${named}${lake.distanceKm <= rf.lake.withinKm ? '' : ` (lake-shore flooding counts within ${num(rf.lake.withinKm)} km)`}`);
  }
  if (reliable) {
    f.fact(
      'etopo5',
      `${seaLevelHeight(t.elevationM)}, ${metres(t.aboveLowestM)} above the lowest land within 18 km (${t.aboveLowestM <= valleyFloorM(rules) ? 'valley floor or plain' : 'raised above the valley floor'}): ${rated.rule}`,
    );
  } else {
    f.fact('etopo5', `unknown: elevation data unreliable here (${t.unreliableBecause ?? 'a known block of wrong grid values'}); the height is not quoted or used: ${rated.rule}`);
  }
  if (urban) {
    f.fact('gazetteer', `dense urban area (${formatPeople(s.population10km)} people within 10 km): one level more for surface-water flooding from sealed ground`);
  }
  const note = placementNote(ctx);
  if (note) f.note(note);
  const impact = impactFor(4, ctx.profile, f, 'a flood');
  return f.risk('Flood', level, impact);
}

function coastal(ctx: LocationContext): AssessedRisk {
  const { inform, features: s } = ctx;
  const d = s.distanceToCoastKm;
  const f = new Findings();
  // A known-wrong grid value is not used: the site is then rated as of unknown height.
  const reliable = s.terrain?.reliable !== false;
  const elevation = reliable ? s.terrain?.elevationM : undefined;
  const cf = rulesOf(ctx).coastalFlood;
  // Outside the grid a site is treated as unknownElevationM high: the distance alone then sets the level.
  const rated = coastalFloodLevel(d, elevation ?? cf.unknownElevationM, rulesOf(ctx));
  const ts = cf.tsunami;
  const tsunami = inform.tsunami >= ts.index && d <= ts.withinKm && (elevation ?? cf.unknownElevationM) <= ts.belowM && rated.level > 0 && rated.level < 5;
  const level: number = rated.level + (tsunami ? 1 : 0);
  f.note(`${levelSentence('coastalFlood', rated.level)}${tsunami ? ` Tsunami exposure raises the level to ${levelLabel(asLevel(level))}.` : ''}`);
  f.fact('coastline', `${formatKm(d)} from the sea`);
  if (elevation !== undefined) f.fact('etopo5', `${seaLevelHeight(elevation)}, ${formatKm(d)} from the coast: ${rated.rule}`);
  else if (!reliable) f.fact('etopo5', `unknown: elevation data unreliable here (${s.terrain?.unreliableBecause ?? 'a known block of wrong grid values'}); rated by the distance to the sea as if ${metres(cf.unknownElevationM)} high: ${rated.rule}`);
  else f.note(`elevation not known here: ${rated.rule}`);
  if (tsunami) {
    f.fact('inform', `tsunami exposure ${score10(inform.tsunami)} for ${inform.country}: one level more on a low shore`);
  }
  const note = placementNote(ctx);
  if (note && level > 0) f.note(note);
  const impact = impactFor(4, ctx.profile, f, 'sea flooding');
  return f.risk('Coastal Flood / Storm Surge', level, level === 0 ? 3 : impact);
}

/** The level set by the catalogue at the site, the counts behind it, and the strongest event. */
export function rateEarthquake(quakes: readonly QuakeAtSite[], rules: HazardRules = HAZARD_RULES): { rated: Rated; strongest?: QuakeAtSite; perCentury: number } {
  const e = rules.earthquake;
  const since = quakes.filter((q) => q.year >= e.windowFrom);
  const rated = earthquakeLevel(quakes, rules);
  const strongest = [...quakes].sort((a, b) => b.siteIntensity - a.siteIntensity || b.year - a.year || a.distanceKm - b.distanceKm)[0];
  // Each damaging event near the site since the window opened, weighted by closeness (e^−d/decay).
  const weighted = since.filter((q) => q.distanceKm <= e.rate.withinKm).reduce((sum, q) => sum + Math.exp(-q.distanceKm / e.rate.decayKm), 0);
  const perCentury = Math.round((weighted / ((e.catalogueEnd - e.windowFrom) / 100)) * 100) / 100;
  return { rated, ...(strongest ? { strongest } : {}), perCentury };
}

/**
 * The site's earthquake level: the catalogue's, moderated by the national code's value where one
 * is tabled (a floor, and a cap on ratings resting on old events), then the INFORM floor.
 */
export function siteEarthquakeLevel(
  s: SiteFeatures,
  informIndex: number,
  rules: HazardRules = HAZARD_RULES,
): { level: Level; catalogue: ReturnType<typeof rateEarthquake>; code?: { rated: Rated; how: 'floor' | 'cap' | 'agrees' | 'recent'; level: Level }; floor: number } {
  const catalogue = rateEarthquake(s.earthquakes, rules);
  const floor = informEarthquakeFloor(informIndex, rules);
  if (!s.seismicReference) return { level: asLevel(Math.max(catalogue.rated.level, floor)), catalogue, floor };
  const rated = referenceLevel(s.seismicReference, rules);
  const m = moderatedByReference(catalogue.rated.level, rated.level, s.earthquakes, rules);
  return { level: asLevel(Math.max(m.level, floor)), catalogue, code: { rated, how: m.how, level: m.level }, floor };
}

function earthquake(ctx: LocationContext): AssessedRisk {
  const { inform, features: s } = ctx;
  const f = new Findings();
  const rules = rulesOf(ctx);
  const e = rules.earthquake;
  if (!s.terrain) {
    f.fact('inform', `earthquake exposure ${score10(inform.earthquake)} for ${inform.country}; no site layers here, so the country index sets the level`);
    return f.risk('Earthquake', lvl(inform.earthquake / e.informFloor.divisor), impactFor(4, ctx.profile, f, 'an earthquake'));
  }
  const { level, catalogue, code, floor } = siteEarthquakeLevel(s, inform.earthquake, rules);
  const { rated, strongest, perCentury } = catalogue;
  f.note(levelSentence('earthquake', level));
  if (strongest) {
    const deep = strongest.model === 'intermediate-depth' ? `; an intermediate-depth event, its shaking estimated over the ${strongest.hypocentralKm} km to the focus` : '';
    f.fact('earthquakes', `strongest shaking on record at the site: ${describeQuake(strongest)} (estimated intensity ${roman(strongest.siteIntensity)} here${deep})`);
  }
  f.fact('earthquakes', `${perCentury.toFixed(2)} damaging events per century within ${num(e.rate.withinKm)} km since ${e.windowFrom} (weighted by distance): ${rated.rule}`);
  if (code && s.seismicReference) {
    const ref = e.reference;
    const value = describeSeismicReference(s.seismicReference);
    const how =
      code.how === 'floor'
        ? `a floor of ${levelLabel(code.rated.level)} above the catalogue's ${levelLabel(rated.level)}`
        : code.how === 'agrees'
          ? 'the same level as the catalogue'
          : code.how === 'recent'
            ? `the catalogue's ${levelLabel(rated.level)} stands: within ${num(ref.above)} level of the code's, with an event since ${ref.recentFrom} at intensity ≥ ${roman(ref.recentIntensity)} at the site`
            : `caps the catalogue's ${levelLabel(rated.level)} at ${levelLabel(code.level)} (more than the code's level needs an event since ${ref.recentFrom} at intensity ≥ ${roman(ref.recentIntensity)} at the site, and at most ${num(ref.above)} level more)`;
    f.fact('seismicCodes', `${value}: ${code.rated.rule}; ${how}`);
  }
  if (floor > (code ? code.level : rated.level)) {
    f.fact('inform', `earthquake exposure ${score10(inform.earthquake)} for ${inform.country} sets a floor of ${levelLabel(floor)} above what the catalogue shows here`);
  } else {
    f.fact('inform', `earthquake exposure ${score10(inform.earthquake)} for ${inform.country} (national; its floor of ${levelLabel(floor)} is not binding here)`);
  }
  if (level >= e.accumulation.fromLevel && s.population25km >= e.accumulation.people) {
    f.fact('gazetteer', `${formatPeople(s.population25km)} people within 25 km: accumulation of insured values in one event`);
  }
  const impact = impactFor(4, ctx.profile, f, 'an earthquake');
  return f.risk('Earthquake', level, impact);
}

const lat = (x: number) => `latitude ${x.toFixed(1)}°N`;

function wildfire(ctx: LocationContext): AssessedRisk {
  const { inform, features: s } = ctx;
  const w = rulesOf(ctx).wildfire;
  const med = w.mediterranean;
  const f = new Findings();
  let l: number;
  if (med.states.includes(inform.iso2) && s.latitude < med.southOf) {
    l = s.latitude < med.hotterSouthOf ? med.hotterLevel : med.level;
    f.note(`Mediterranean fire climate (${lat(s.latitude)}, ${inform.country}; below ${num(med.hotterSouthOf)}°N one level more)`);
    const own = w.stateLevel[inform.iso2];
    if (own !== undefined) {
      l = own;
      f.note('small, densely built island with little forest');
    }
  } else if (w.boreal.states.includes(inform.iso2)) {
    l = w.boreal.level;
    f.note(`boreal forest region (${inform.country}): summer forest-fire season`);
  } else {
    l = w.otherwise;
    f.note(`temperate climate (${lat(s.latitude)}): occasional vegetation fires in dry summers`);
  }
  if (inform.drought >= w.droughtIndex) {
    l += 1;
    f.fact('inform', `drought exposure ${score10(inform.drought)} for ${inform.country} (≥ ${num(w.droughtIndex)}: dry fuels, one level more)`);
  } else {
    f.fact('inform', `drought exposure ${score10(inform.drought)} for ${inform.country} (below ${num(w.droughtIndex)}: no change)`);
  }
  const t = s.terrain;
  if (t && t.elevationM >= w.mountainM && l > 0) {
    l -= 1;
    f.fact('etopo5', `${metres(t.elevationM)} above sea level (≥ ${metres(w.mountainM)}: cooler, moister mountain climate, one level less)`);
  }
  if (s.population10km >= w.urbanPeople && l > 0) {
    l -= 1;
    f.fact('gazetteer', `urban core (${formatPeople(s.population10km)} people within 10 km, ≥ ${num(w.urbanPeople)}): little wildland interface, one level less`);
  } else {
    f.fact('gazetteer', `${formatPeople(s.population10km)} people within 10 km: vegetation likely around the site`);
  }
  const impact = impactFor(4, ctx.profile, f, 'a fire');
  return f.risk('Wildfire', l, impact);
}

function windstorm(ctx: LocationContext): AssessedRisk {
  const { inform, features: s } = ctx;
  const w = rulesOf(ctx).windstorm;
  const f = new Findings();
  let l: number = w.otherwise;
  if (s.latitude >= w.track.northOf && s.longitude <= w.track.westOf) {
    l = w.track.level;
    f.note(`${lat(s.latitude)} in the Atlantic and North Sea windstorm track`);
  } else if (s.latitude >= w.track.northOf) {
    l = w.track.eastLevel;
    f.note(`${lat(s.latitude)}: European winter storms reach inland`);
  } else {
    f.note(`${lat(s.latitude)}: south of the main winter-storm track; local convective storms`);
  }
  if (s.distanceToCoastKm < w.coastKm) {
    l += 1;
    f.fact('coastline', `exposed coastal site (${formatKm(s.distanceToCoastKm)} from the coast, under ${num(w.coastKm)} km: one level more)`);
  } else {
    f.fact('coastline', `${formatKm(s.distanceToCoastKm)} from the coast (${num(w.coastKm)} km or more: no coastal exposure)`);
  }
  const t = s.terrain;
  if (t && t.elevationM >= w.uplandM) {
    l += 1;
    f.fact('etopo5', `${metres(t.elevationM)} above sea level (≥ ${metres(w.uplandM)}: exposed upland, one level more)`);
  }
  if (inform.tropicalCyclone > 0) {
    f.fact('inform', `tropical cyclone exposure ${score10(inform.tropicalCyclone)} for ${inform.country} (Atlantic islands)`);
  }
  const impact = impactFor(3, ctx.profile, f, 'storm damage');
  return f.risk('Windstorm', Math.min(w.cap, l), impact);
}

const HEAT_CLIMATES = ['cool northern summers', 'temperate summers with occasional heatwaves', 'warm summers with heatwaves', 'hot Mediterranean summers', 'hot Mediterranean summers', 'hot Mediterranean summers'];

function heat(ctx: LocationContext): AssessedRisk {
  const { features: s, profile } = ctx;
  const h = rulesOf(ctx).heat;
  const f = new Findings();
  const y = s.latitude;
  let l: number = h.latitude.find((b) => y < b.southOf)?.level ?? 0;
  const bands = h.latitude.map((b) => num(b.southOf));
  f.note(`${lat(y)}: ${HEAT_CLIMATES[l]} (bands at ${bands.slice(0, -1).join(', ')} and ${bands.at(-1)}°N)`);
  const t = s.terrain;
  if (t && t.elevationM >= h.mountainM && l > 0) {
    l -= 1;
    f.fact('etopo5', `${metres(t.elevationM)} above sea level (≥ ${metres(h.mountainM)}: about 5 °C cooler than the lowlands, one level less)`);
  }
  if (s.distanceToCoastKm > h.interior.coastKm && y < h.interior.southOf) {
    l += 1;
    f.fact('coastline', `continental interior (${formatKm(s.distanceToCoastKm)} from the sea, over ${num(h.interior.coastKm)} km): no maritime cooling, one level more`);
  } else {
    f.fact('coastline', `${formatKm(s.distanceToCoastKm)} from the sea (no change: the interior rule applies beyond ${num(h.interior.coastKm)} km south of ${num(h.interior.southOf)}°N)`);
  }
  if (s.population10km >= h.urbanPeople) {
    l += 1;
    f.fact('gazetteer', `urban heat island: ${formatPeople(s.population10km)} people within 10 km (≥ ${formatPeople(h.urbanPeople)}: one level more)`);
  }
  let impact = 2;
  if (profile.heatSensitive) {
    impact = 3;
    f.note('impact raised: heat-sensitive activity (temperature-controlled goods, equipment or outdoor work)');
  }
  return f.risk('Extreme Heat', l, impact);
}

function drought(ctx: LocationContext): AssessedRisk {
  const { inform, features: s, profile } = ctx;
  const d = rulesOf(ctx).drought;
  const f = new Findings();
  f.fact('inform', `drought exposure ${score10(inform.drought)} for ${inform.country} (prior: index / ${num(d.informDivisor)})`);
  let l = lvl(inform.drought / d.informDivisor);
  if (s.latitude < d.southOf) {
    l += 1;
    f.note(`${lat(s.latitude)}: dry Mediterranean summers (south of ${num(d.southOf)}°N, one level more)`);
  }
  if (s.distanceToCoastKm > d.interior.coastKm && s.latitude < d.interior.southOf) {
    l += 1;
    f.fact('coastline', `continental interior (${formatKm(s.distanceToCoastKm)} from the sea, over ${num(d.interior.coastKm)} km): hot, dry summers, one level more`);
  }
  let impact = 2;
  if (profile.waterIntensive) {
    impact = 4;
    f.note('impact raised: water-dependent activity (process or cooling water, crops)');
  }
  return f.risk('Drought', l, impact);
}

function landslide(ctx: LocationContext): AssessedRisk {
  const { inform, features: s } = ctx;
  const f = new Findings();
  const rules = rulesOf(ctx);
  const cap = rules.landslide.noTerrain;
  const t = s.terrain;
  if (!t) {
    f.fact('inform', `earthquake exposure ${score10(inform.earthquake)} for ${inform.country} as a trigger; no elevation data here: capped at ${levelLabel(cap.cap)}`);
    return f.risk('Landslide', Math.min(cap.cap, Math.round(inform.earthquake / cap.divisor)), impactFor(3, ctx.profile, f, 'ground movement'));
  }
  if (t.reliable === false) {
    // Relief is unknown inside a wrong flat block: never Negligible from it; the country prior, a floor, and more beside a volcano.
    const u = rules.landslide.unreliableTerrain;
    const prior = Math.min(cap.cap, Math.round(inform.earthquake / cap.divisor));
    const volcano = s.volcanoes.find((v) => v.distanceKm <= u.volcanoKm);
    const level = Math.max(prior, u.floor, volcano ? u.volcanoLevel : 0);
    f.note(levelSentence('landslide', asLevel(level)));
    f.fact('etopo5', `unknown: elevation data unreliable here (${t.unreliableBecause ?? 'a known block of wrong grid values'}); relief and slope are not measured, so the site is not rated flat`);
    f.fact(
      'inform',
      `earthquake exposure ${score10(inform.earthquake)} for ${inform.country} ÷ ${num(cap.divisor)} as the prior (${levelLabel(prior)}), at least ${levelLabel(u.floor)}${volcano ? `; ${volcano.name} ${formatKm(volcano.distanceKm)} away (within ${num(u.volcanoKm)} km: steep volcanic slopes, at least ${levelLabel(u.volcanoLevel)})` : ''}`,
    );
    return f.risk('Landslide', level, impactFor(3, ctx.profile, f, 'ground movement'));
  }
  const quake = siteEarthquakeLevel(s, inform.earthquake, rules).level;
  const rated = landslideLevel(t.reliefM, t.slopeDeg, asLevel(quake), rules);
  f.note(levelSentence('landslide', rated.level));
  f.fact('etopo5', `relief ${metres(t.reliefM)} and steepest slope ${t.slopeDeg.toFixed(1)}° within about 9 km (ground from ${metres(t.lowestM)} to ${metres(t.highestM)} within 18 km): ${rated.rule}`);
  f.note('a 9 km grid smooths out single slopes, cuttings and cliffs: check the plot itself if it lies on or below a slope');
  const impact = impactFor(3, ctx.profile, f, 'ground movement');
  return f.risk('Landslide', rated.level, impact);
}

function volcano(ctx: LocationContext): AssessedRisk {
  const { features: s } = ctx;
  const f = new Findings();
  const rules = rulesOf(ctx);
  const rated = volcanoLevel(s.volcanoes, rules);
  f.note(levelSentence('volcano', rated.level));
  // The volcano that sets the level (the nearest among those rated highest).
  const deciding = [...s.volcanoes].sort((a, b) => volcanoLevel([b], rules).level - volcanoLevel([a], rules).level || a.distanceKm - b.distanceKm)[0];
  if (deciding && rated.level > 0) {
    f.fact('volcanoes', `${deciding.name} (${deciding.country}) ${formatKm(deciding.distanceKm)} away, last known eruption ${eruptionLabel(deciding.lastEruption)}: ${rated.rule}`);
    const nearest = s.volcanoes[0]!;
    if (nearest !== deciding) f.fact('volcanoes', `nearest Holocene volcano: ${nearest.name}, ${formatKm(nearest.distanceKm)}, last known eruption ${eruptionLabel(nearest.lastEruption)}`);
  } else {
    f.fact('volcanoes', rated.rule);
  }
  const base = deciding && deciding.distanceKm <= rules.volcano.impactNearKm ? 4 : 3;
  const impact = rated.level === 0 ? base : impactFor(base, ctx.profile, f, 'ash fall or an eruption');
  return f.risk('Volcanic Activity', rated.level, impact);
}

function crime(ctx: LocationContext): AssessedRisk {
  const { inform, features: s, profile } = ctx;
  const f = new Findings();
  f.note('INFORM has no crime index: urban density and governance used as proxies');
  let l = 1;
  if (s.population10km >= 1_000_000) {
    l += 2;
    f.fact('gazetteer', `${formatPeople(s.population10km)} people within 10 km: metropolitan property-crime exposure`);
  } else if (s.population10km >= 250_000) {
    l += 1;
    f.fact('gazetteer', `${formatPeople(s.population10km)} people within 10 km: urban property-crime exposure`);
  } else {
    f.fact('gazetteer', `${formatPeople(s.population10km)} people within 10 km: small-town or rural setting`);
  }
  if (inform.lackOfCopingCapacity >= 2.5) {
    l += 1;
    f.fact('inform', `lack of coping capacity ${score10(inform.lackOfCopingCapacity)} for ${inform.country} (institutions and governance)`);
  } else {
    f.fact('inform', `lack of coping capacity ${score10(inform.lackOfCopingCapacity)} for ${inform.country}`);
  }
  let impact = 2;
  if (profile.theftAttractive) {
    impact = 3;
    f.note('impact raised: stock, cash, metals or equipment attractive to thieves');
  }
  return f.risk('Crime / Theft', l, impact);
}

function stability(ctx: LocationContext): AssessedRisk {
  const { inform } = ctx;
  const f = new Findings();
  f.fact('inform', `risk index ${score10(inform.risk)} for ${inform.country} (class ${inform.riskClass})`);
  f.fact('inform', `vulnerability ${score10(inform.vulnerability)}, lack of coping capacity ${score10(inform.lackOfCopingCapacity)}, human hazard ${score10(inform.human)}`);
  f.note('EU member state: single market and EU rule-of-law framework');
  return f.risk('Political / Economic Stability', lvl(inform.risk / 1.5), 3);
}

const ASSESSORS: Record<LocationRiskName, (ctx: LocationContext) => AssessedRisk> = {
  Flood: flood,
  'Coastal Flood / Storm Surge': coastal,
  Earthquake: earthquake,
  Wildfire: wildfire,
  Windstorm: windstorm,
  'Extreme Heat': heat,
  Drought: drought,
  Landslide: landslide,
  'Volcanic Activity': volcano,
  'Crime / Theft': crime,
  'Political / Economic Stability': stability,
};

/** The deployment raster hazard behind each location risk, and its level sentences. */
const RASTER_OF: Partial<Record<LocationRiskName, [RasterHazard, SiteHazard | undefined]>> = {
  Flood: ['riverFlood', 'riverFlood'],
  'Coastal Flood / Storm Surge': ['coastalFlood', 'coastalFlood'],
  Earthquake: ['earthquake', 'earthquake'],
  Landslide: ['landslide', 'landslide'],
  'Extreme Heat': ['heat', undefined],
  Wildfire: ['wildfire', undefined],
  Drought: ['drought', undefined],
};

/**
 * A deployment raster covering the site supersedes the bundled proxy: its level, its evidence;
 * the proxy's impact and its notes on impact and placement stay.
 */
function withRasters(name: LocationRiskName, risk: AssessedRisk, ctx: LocationContext): AssessedRisk {
  const map = RASTER_OF[name];
  if (!map) return risk;
  const f = new Findings();
  const level = fromRasters(ctx.features, map[0], f, rulesOf(ctx));
  if (level === undefined) return risk;
  const sentence = map[1] ? [levelSentence(map[1], level)] : [];
  const kept = risk.reason.filter((r) => r.startsWith('impact ') || r.startsWith('site placed'));
  return { ...risk, rawLikelihood: level, reason: [...sentence, ...f.reasons, ...kept], evidence: f.evidence };
}

/** Each named location risk of the site; `ctx.rules` is the rule table (the shipped one when absent). */
export function assessLocationRisks(ctx: LocationContext, names: readonly LocationRiskName[]): AssessedRisk[] {
  return names.map((name) => withRasters(name, ASSESSORS[name](ctx), ctx));
}
