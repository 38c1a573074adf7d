import { countryName } from '../../shared/i18n/error-text.js';
import type { GeocodePrecision } from '../../shared/contracts/assessment.js';
import { msg, numberValue, type Message, type MessageValue } from '../../shared/i18n/message.js';
import type { AssessedRisk, RiskEvidenceLine } from '../../shared/scoring.js';
import { describeQuakeMessage, roman, type QuakeAtSite } from '../geo/earthquakes.js';
import { unreliableBecauseMessage } from '../geo/elevation.js';
import { seismicReferenceMessage } from '../geo/seismic-reference.js';
import type { RasterHazard } from '../geo/hazard-rasters.js';
import { HAZARD_RULES, type HazardRules } from '../../shared/hazards/index.js';
import { DATASET_LABEL, DATASET_LABEL_IDS, type DatasetKey } from '../geo/sources.js';
import { eruptionMessage } from '../geo/volcanoes.js';
import type { LocationRiskName } from './risk-names.js';
import {
  asLevel,
  coastalFloodLevel,
  earthquakeLevel,
  informEarthquakeFloor,
  landslideLevel,
  levelLabelMessage,
  levelLowerMessage,
  levelSentenceMessage,
  moderatedByReference,
  ratedBy,
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
import { fixedValue, kmMessage, peopleValue, type SiteFeatures } from './site-features.js';
import { siteNounMessage } from './site-types.js';
import { inEnglish } from './texts.js';

/**
 * Location risks from evidence at the site: the historical earthquake catalogue, the elevation
 * grid, rivers, the coast and volcanoes (src/server/geo), rated by the rule table
 * (src/shared/hazards/rules.ts, `rules` in the context; default the shipped one) through hazard-levels.ts. The country's INFORM 2020 scores (0–10) are only a prior (heat, wildfire,
 * windstorm, drought, governance) or a floor (earthquake), and the whole rating when the site
 * lies outside the bundled layers. Impact starts from the peril's typical severity and moves
 * with how asset-heavy the activity is. Every measured value and threshold is written into the
 * reasons and, with its dataset, into the evidence lines: each as a message (engine-location),
 * stored with its English text.
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
/** A number as the texts write it (num): the reader's digits. */
const n = (x: number) => numberValue(x);
/** An INFORM score: one decimal, said out of 10 by the message. */
const score = (x: number) => fixedValue(x, 1);
/** A year, as written (1515, not 1,515). */
const year = (y: number) => String(y);

/** Collects a risk's reasons and evidence as messages: each evidence line is also a reason naming its dataset. */
class Findings {
  readonly reasons: string[] = [];
  readonly reasonMessages: Message[] = [];
  readonly evidence: RiskEvidenceLine[] = [];
  fact(dataset: DatasetKey, message: Message): void {
    this.factFrom(DATASET_LABEL[dataset], message, msg(DATASET_LABEL_IDS[dataset]));
  }
  /** `label` names the dataset in the evidence line; `labelMessage` in the reason, when it has one. */
  factFrom(label: string, message: Message, labelMessage: Message | string = label): void {
    const text = inEnglish(message);
    this.evidence.push({ dataset: label, text, message });
    // The reason's English from the parts already written (what rendering the whole message gives, once).
    const labelText = typeof labelMessage === 'string' ? labelMessage : inEnglish(labelMessage);
    this.reasons.push(inEnglish(msg('location.reason.evidence', { dataset: labelText, evidence: text })));
    this.reasonMessages.push(msg('location.reason.evidence', { dataset: labelMessage, evidence: message }));
  }
  note(message: Message): void {
    this.reasons.push(inEnglish(message));
    this.reasonMessages.push(message);
  }
  risk(name: LocationRiskName, rawLikelihood: number, impact: number): AssessedRisk {
    return { name, rawLikelihood: lvl(rawLikelihood), impact, reason: this.reasons, reasonMessages: this.reasonMessages, evidence: this.evidence };
  }
}

/** A height said as people say it: '3 m below sea level', not '-3 m above'. */
const seaLevelHeightMessage = (m: number): Message => (m < 0 ? msg('location.height.belowSea', { m: n(-m) }) : msg('location.height.aboveSea', { m: n(m) }));
/** A height said as people say it: '3 m below sea level', not '-3 m above'. */
export const seaLevelHeight = (m: number): string => inEnglish(seaLevelHeightMessage(m));

/** Why the elevation grid is wrong here, as the terrain says it (a known block of wrong values when it does not). */
function unreliableBecause(t: { unreliableBecause?: string } | undefined): MessageValue {
  const because = t?.unreliableBecause;
  if (because === undefined) return msg('location.etopo5.knownBlock');
  return unreliableBecauseMessage(because) ?? because;
}

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
    f.factFrom(r.dataset, msg('location.raster.supersedes', { rule: rated.ruleMessage }));
    if (rated.level > level) level = rated.level;
  }
  return level;
}

/** What a natural peril does to the site, as the impact reasons end ('after a flood'). */
type Peril = 'flood' | 'seaFlooding' | 'earthquake' | 'fire' | 'storm' | 'groundMovement' | 'eruption';
const PERIL_IDS: Record<Peril, string> = {
  flood: 'location.peril.flood',
  seaFlooding: 'location.peril.seaFlooding',
  earthquake: 'location.peril.earthquake',
  fire: 'location.peril.fire',
  storm: 'location.peril.storm',
  groundMovement: 'location.peril.groundMovement',
  eruption: 'location.peril.eruption',
};

function impactFor(base: number, profile: IndustryProfile, f: Findings, peril: Peril): number {
  if (profile.assets === 'heavy') {
    const after = msg(PERIL_IDS[peril]);
    f.note(profile.site ? msg('location.impact.heavySite', { site: siteNounMessage(profile.site), peril: after }) : msg('location.impact.heavy', { peril: after }));
    return Math.min(5, base + 1);
  }
  if (profile.assets === 'light') {
    f.note(profile.site ? msg('location.impact.lightSite', { site: siteNounMessage(profile.site) }) : msg('location.impact.light'));
    return Math.max(1, base - 1);
  }
  return base;
}

function placementNote(ctx: LocationContext): Message | undefined {
  if (ctx.precision === 'country') return msg('location.placement.country');
  if (ctx.precision === 'city') return msg('location.placement.city');
  if (ctx.precision === 'postal_code') return msg('location.placement.postalCode');
  return undefined;
}

/** Without site layers (outside the bundled grid): the country's index alone, said so. */
function countryFlood(ctx: LocationContext): AssessedRisk {
  const { inform } = ctx;
  const f = new Findings();
  f.fact('inform', msg('location.flood.country', { score: score(inform.flood), country: countryName(inform.iso2) }));
  const impact = impactFor(4, ctx.profile, f, 'flood');
  return f.risk('Flood', lvl(inform.flood / rulesOf(ctx).riverFlood.informDivisor), impact);
}

type River = NonNullable<SiteFeatures['river']>;

/** A waterway's kind and size as the evidence says it ('major river', 'canal'). */
const WATER_KIND_IDS: Record<'canal' | `${River['size']} ${Exclude<River['kind'], 'canal'>}`, string> = {
  canal: 'location.water.canal',
  'major river': 'location.water.majorRiver',
  'medium river': 'location.water.mediumRiver',
  'small river': 'location.water.smallRiver',
  'major intermittent river': 'location.water.majorIntermittentRiver',
  'medium intermittent river': 'location.water.mediumIntermittentRiver',
  'small intermittent river': 'location.water.smallIntermittentRiver',
};
/** The same with the indefinite article, for a waterway the map does not name ('a canal'). */
const UNNAMED_WATER_IDS: Record<keyof typeof WATER_KIND_IDS, string> = {
  canal: 'location.water.unnamedCanal',
  'major river': 'location.water.unnamedMajorRiver',
  'medium river': 'location.water.unnamedMediumRiver',
  'small river': 'location.water.unnamedSmallRiver',
  'major intermittent river': 'location.water.unnamedMajorIntermittentRiver',
  'medium intermittent river': 'location.water.unnamedMediumIntermittentRiver',
  'small intermittent river': 'location.water.unnamedSmallIntermittentRiver',
};

/** 'the Tevere (major river, scalerank 4)', 'a canal not named in the map data (WDBII class 8)' */
function waterText(river: River): Message {
  const rank =
    river.dataset === 'gshhg' && river.wdbiiClass !== undefined
      ? msg('location.water.wdbiiClass', { class: String(river.wdbiiClass) })
      : msg('location.water.scalerank', { rank: String(river.scalerank) });
  const kind: keyof typeof WATER_KIND_IDS = river.kind === 'canal' ? 'canal' : `${river.size} ${river.kind}`;
  if (river.named) return msg('location.water.named', { name: river.name, kind: msg(WATER_KIND_IDS[kind]), rank });
  return msg('location.water.unnamed', { water: msg(UNNAMED_WATER_IDS[kind]), rank });
}

const waterLabel = (river: River) => (river.dataset === 'gshhg' ? DATASET_LABEL.gshhg : DATASET_LABEL.rivers);
const waterLabelMessage = (river: River) => msg(river.dataset === 'gshhg' ? DATASET_LABEL_IDS.gshhg : DATASET_LABEL_IDS.rivers);

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
    rated = ratedBy(capped, msg('location.flood.unknownHeight', { cap: levelLowerMessage(rf.unreliableTerrain.cap), level: levelLowerMessage(capped) }));
  }
  if (river?.kind === 'canal' && rated.level > rf.canal.cap && (!reliable || t.elevationM > rf.canal.lowLyingM)) {
    rated = ratedBy(rf.canal.cap, msg('location.flood.canalCap', { rule: rated.ruleMessage, cap: levelLowerMessage(rf.canal.cap), m: n(rf.canal.lowLyingM) }));
  }
  const lake = s.lake;
  if (lake && reliable && lake.distanceKm <= rf.lake.withinKm && t.aboveLowestM <= rf.lake.aboveFloorM && rf.lake.level > rated.level) {
    rated = ratedBy(rf.lake.level, msg('location.flood.lakeShore', { km: n(rf.lake.withinKm), m: n(rf.lake.aboveFloorM), level: levelLowerMessage(rf.lake.level) }));
  }
  const urban = s.population10km >= rf.urban.people && rated.level < rf.urban.belowLevel && (reliable || rated.level < rf.unreliableTerrain.cap);
  const level: number = rated.level + (urban ? 1 : 0);
  // The river's sentence, and why the level is one higher when surface water adds to it.
  const sentence = levelSentenceMessage('riverFlood', rated.level);
  f.note(urban ? msg('location.flood.urbanRaises', { sentence, level: levelLabelMessage(level) }) : sentence);
  if (river) {
    f.factFrom(waterLabel(river), msg('location.flood.river', { distance: kmMessage(river.distanceKm), water: waterText(river), reach: n(rf.reachKm[river.size]) }), waterLabelMessage(river));
  } else {
    f.factFrom(
      `${DATASET_LABEL.rivers}, ${DATASET_LABEL.gshhg}`,
      msg('location.flood.noRiver', { km: n(rf.searchKm) }),
      msg('location.dataset.pair', { first: msg(DATASET_LABEL_IDS.rivers), second: msg(DATASET_LABEL_IDS.gshhg) }),
    );
  }
  if (lake) {
    const named = lake.named ? msg('location.flood.lakeNamed', { name: lake.name }) : msg('location.flood.lakeUnnamed');
    f.fact(
      'gshhg',
      lake.distanceKm <= rf.lake.withinKm
        ? msg('location.flood.lake', { distance: kmMessage(lake.distanceKm), lake: named })
        : msg('location.flood.lakeBeyond', { distance: kmMessage(lake.distanceKm), lake: named, km: n(rf.lake.withinKm) }),
    );
  }
  if (reliable) {
    const where = t.aboveLowestM <= valleyFloorM(rules) ? msg('location.flood.valleyFloor') : msg('location.flood.raised');
    f.fact('etopo5', msg('location.flood.height', { height: seaLevelHeightMessage(t.elevationM), above: n(t.aboveLowestM), where, rule: rated.ruleMessage }));
  } else {
    f.fact('etopo5', msg('location.flood.heightUnreliable', { because: unreliableBecause(t), rule: rated.ruleMessage }));
  }
  if (urban) {
    f.fact('gazetteer', msg('location.flood.urban', { people: peopleValue(s.population10km) }));
  }
  const note = placementNote(ctx);
  if (note) f.note(note);
  const impact = impactFor(4, ctx.profile, f, 'flood');
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
  const sentence = levelSentenceMessage('coastalFlood', rated.level);
  f.note(tsunami ? msg('location.coastalFlood.tsunamiRaises', { sentence, level: levelLabelMessage(asLevel(level)) }) : sentence);
  f.fact('coastline', msg('location.coastalFlood.distance', { distance: kmMessage(d) }));
  if (elevation !== undefined) f.fact('etopo5', msg('location.coastalFlood.height', { height: seaLevelHeightMessage(elevation), distance: kmMessage(d), rule: rated.ruleMessage }));
  else if (!reliable) f.fact('etopo5', msg('location.coastalFlood.heightUnreliable', { because: unreliableBecause(s.terrain), m: n(cf.unknownElevationM), rule: rated.ruleMessage }));
  else f.note(msg('location.coastalFlood.heightUnknown', { rule: rated.ruleMessage }));
  if (tsunami) {
    f.fact('inform', msg('location.coastalFlood.tsunami', { score: score(inform.tsunami), country: countryName(inform.iso2) }));
  }
  const note = placementNote(ctx);
  if (note && level > 0) f.note(note);
  const impact = impactFor(4, ctx.profile, f, 'seaFlooding');
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
    f.fact('inform', msg('location.earthquake.country', { score: score(inform.earthquake), country: countryName(inform.iso2) }));
    return f.risk('Earthquake', lvl(inform.earthquake / e.informFloor.divisor), impactFor(4, ctx.profile, f, 'earthquake'));
  }
  const { level, catalogue, code, floor } = siteEarthquakeLevel(s, inform.earthquake, rules);
  const { rated, strongest, perCentury } = catalogue;
  f.note(levelSentenceMessage('earthquake', level));
  if (strongest) {
    const quake = describeQuakeMessage(strongest);
    const intensity = roman(strongest.siteIntensity);
    f.fact(
      'earthquakes',
      strongest.model === 'intermediate-depth'
        ? msg('location.earthquake.strongestDeep', { quake, intensity, km: strongest.hypocentralKm !== undefined ? n(strongest.hypocentralKm) : 'undefined' })
        : msg('location.earthquake.strongest', { quake, intensity }),
    );
  }
  f.fact('earthquakes', msg('location.earthquake.rate', { rate: fixedValue(perCentury, 2), km: n(e.rate.withinKm), year: year(e.windowFrom), rule: rated.ruleMessage }));
  if (code && s.seismicReference) {
    const ref = e.reference;
    const value = seismicReferenceMessage(s.seismicReference);
    const catalogueLevel = levelLabelMessage(rated.level);
    const how =
      code.how === 'floor'
        ? msg('location.earthquake.codeFloor', { code: levelLabelMessage(code.rated.level), catalogue: catalogueLevel })
        : code.how === 'agrees'
          ? msg('location.earthquake.codeAgrees')
          : code.how === 'recent'
            ? msg('location.earthquake.codeRecent', { catalogue: catalogueLevel, above: ref.above, year: year(ref.recentFrom), intensity: roman(ref.recentIntensity) })
            : msg('location.earthquake.codeCap', { catalogue: catalogueLevel, code: levelLabelMessage(code.level), year: year(ref.recentFrom), intensity: roman(ref.recentIntensity), above: ref.above });
    f.fact('seismicCodes', msg('location.earthquake.code', { value, rule: code.rated.ruleMessage, how }));
  }
  if (floor > (code ? code.level : rated.level)) {
    f.fact('inform', msg('location.earthquake.informFloor', { score: score(inform.earthquake), country: countryName(inform.iso2), level: levelLabelMessage(floor) }));
  } else {
    f.fact('inform', msg('location.earthquake.informNotBinding', { score: score(inform.earthquake), country: countryName(inform.iso2), level: levelLabelMessage(floor) }));
  }
  if (level >= e.accumulation.fromLevel && s.population25km >= e.accumulation.people) {
    f.fact('gazetteer', msg('location.earthquake.accumulation', { people: peopleValue(s.population25km) }));
  }
  const impact = impactFor(4, ctx.profile, f, 'earthquake');
  return f.risk('Earthquake', level, impact);
}

/** 'latitude 45.5°N' */
const lat = (x: number) => msg('location.latitude', { latitude: fixedValue(x, 1) });

function wildfire(ctx: LocationContext): AssessedRisk {
  const { inform, features: s } = ctx;
  const w = rulesOf(ctx).wildfire;
  const med = w.mediterranean;
  const f = new Findings();
  let l: number;
  if (med.states.includes(inform.iso2) && s.latitude < med.southOf) {
    l = s.latitude < med.hotterSouthOf ? med.hotterLevel : med.level;
    f.note(msg('location.wildfire.mediterranean', { latitude: lat(s.latitude), country: countryName(inform.iso2), south: n(med.hotterSouthOf) }));
    const own = w.stateLevel[inform.iso2];
    if (own !== undefined) {
      l = own;
      f.note(msg('location.wildfire.smallIsland'));
    }
  } else if (w.boreal.states.includes(inform.iso2)) {
    l = w.boreal.level;
    f.note(msg('location.wildfire.boreal', { country: countryName(inform.iso2) }));
  } else {
    l = w.otherwise;
    f.note(msg('location.wildfire.temperate', { latitude: lat(s.latitude) }));
  }
  if (inform.drought >= w.droughtIndex) {
    l += 1;
    f.fact('inform', msg('location.wildfire.drought', { score: score(inform.drought), country: countryName(inform.iso2), index: n(w.droughtIndex) }));
  } else {
    f.fact('inform', msg('location.wildfire.droughtBelow', { score: score(inform.drought), country: countryName(inform.iso2), index: n(w.droughtIndex) }));
  }
  const t = s.terrain;
  if (t && t.elevationM >= w.mountainM && l > 0) {
    l -= 1;
    f.fact('etopo5', msg('location.wildfire.mountain', { m: n(t.elevationM), limit: n(w.mountainM) }));
  }
  if (s.population10km >= w.urbanPeople && l > 0) {
    l -= 1;
    f.fact('gazetteer', msg('location.wildfire.urban', { people: peopleValue(s.population10km), limit: n(w.urbanPeople) }));
  } else {
    f.fact('gazetteer', msg('location.wildfire.vegetation', { people: peopleValue(s.population10km) }));
  }
  const impact = impactFor(4, ctx.profile, f, 'fire');
  return f.risk('Wildfire', l, impact);
}

function windstorm(ctx: LocationContext): AssessedRisk {
  const { inform, features: s } = ctx;
  const w = rulesOf(ctx).windstorm;
  const f = new Findings();
  let l: number = w.otherwise;
  if (s.latitude >= w.track.northOf && s.longitude <= w.track.westOf) {
    l = w.track.level;
    f.note(msg('location.windstorm.track', { latitude: lat(s.latitude) }));
  } else if (s.latitude >= w.track.northOf) {
    l = w.track.eastLevel;
    f.note(msg('location.windstorm.inland', { latitude: lat(s.latitude) }));
  } else {
    f.note(msg('location.windstorm.south', { latitude: lat(s.latitude) }));
  }
  if (s.distanceToCoastKm < w.coastKm) {
    l += 1;
    f.fact('coastline', msg('location.windstorm.coastal', { distance: kmMessage(s.distanceToCoastKm), km: n(w.coastKm) }));
  } else {
    f.fact('coastline', msg('location.windstorm.inlandSite', { distance: kmMessage(s.distanceToCoastKm), km: n(w.coastKm) }));
  }
  const t = s.terrain;
  if (t && t.elevationM >= w.uplandM) {
    l += 1;
    f.fact('etopo5', msg('location.windstorm.upland', { m: n(t.elevationM), limit: n(w.uplandM) }));
  }
  if (inform.tropicalCyclone > 0) {
    f.fact('inform', msg('location.windstorm.tropicalCyclone', { score: score(inform.tropicalCyclone), country: countryName(inform.iso2) }));
  }
  const impact = impactFor(3, ctx.profile, f, 'storm');
  return f.risk('Windstorm', Math.min(w.cap, l), impact);
}

/** The summer climate of each heat level's latitude band. */
const HEAT_CLIMATE_IDS = [
  'location.heat.climateCool',
  'location.heat.climateTemperate',
  'location.heat.climateWarm',
  'location.heat.climateHot',
  'location.heat.climateHot',
  'location.heat.climateHot',
] as const;

function heat(ctx: LocationContext): AssessedRisk {
  const { features: s, profile } = ctx;
  const h = rulesOf(ctx).heat;
  const f = new Findings();
  const y = s.latitude;
  let l: number = h.latitude.find((b) => y < b.southOf)?.level ?? 0;
  const bands = h.latitude.map((b) => n(b.southOf));
  const first = bands.slice(0, -1).reduce<MessageValue | undefined>((list, band) => (list === undefined ? band : msg('location.join.comma', { first: list, second: band })), undefined);
  f.note(msg('location.heat.latitude', { latitude: lat(y), climate: msg(HEAT_CLIMATE_IDS[asLevel(l)]), bands: first ?? '', last: bands.at(-1) ?? 'undefined' }));
  const t = s.terrain;
  if (t && t.elevationM >= h.mountainM && l > 0) {
    l -= 1;
    f.fact('etopo5', msg('location.heat.mountain', { m: n(t.elevationM), limit: n(h.mountainM) }));
  }
  if (s.distanceToCoastKm > h.interior.coastKm && y < h.interior.southOf) {
    l += 1;
    f.fact('coastline', msg('location.heat.interior', { distance: kmMessage(s.distanceToCoastKm), km: n(h.interior.coastKm) }));
  } else {
    f.fact('coastline', msg('location.heat.notInterior', { distance: kmMessage(s.distanceToCoastKm), km: n(h.interior.coastKm), south: n(h.interior.southOf) }));
  }
  if (s.population10km >= h.urbanPeople) {
    l += 1;
    f.fact('gazetteer', msg('location.heat.urban', { people: peopleValue(s.population10km), limit: peopleValue(h.urbanPeople) }));
  }
  let impact = 2;
  if (profile.heatSensitive) {
    impact = 3;
    f.note(msg('location.impact.heatSensitive'));
  }
  return f.risk('Extreme Heat', l, impact);
}

function drought(ctx: LocationContext): AssessedRisk {
  const { inform, features: s, profile } = ctx;
  const d = rulesOf(ctx).drought;
  const f = new Findings();
  f.fact('inform', msg('location.drought.prior', { score: score(inform.drought), country: countryName(inform.iso2), divisor: n(d.informDivisor) }));
  let l = lvl(inform.drought / d.informDivisor);
  if (s.latitude < d.southOf) {
    l += 1;
    f.note(msg('location.drought.mediterranean', { latitude: lat(s.latitude), south: n(d.southOf) }));
  }
  if (s.distanceToCoastKm > d.interior.coastKm && s.latitude < d.interior.southOf) {
    l += 1;
    f.fact('coastline', msg('location.drought.interior', { distance: kmMessage(s.distanceToCoastKm), km: n(d.interior.coastKm) }));
  }
  let impact = 2;
  if (profile.waterIntensive) {
    impact = 4;
    f.note(msg('location.impact.waterDependent'));
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
    f.fact('inform', msg('location.landslide.country', { score: score(inform.earthquake), country: countryName(inform.iso2), cap: levelLabelMessage(cap.cap) }));
    return f.risk('Landslide', Math.min(cap.cap, Math.round(inform.earthquake / cap.divisor)), impactFor(3, ctx.profile, f, 'groundMovement'));
  }
  if (t.reliable === false) {
    // Relief is unknown inside a wrong flat block: never Negligible from it; the country prior, a floor, and more beside a volcano.
    const u = rules.landslide.unreliableTerrain;
    const prior = Math.min(cap.cap, Math.round(inform.earthquake / cap.divisor));
    const volcano = s.volcanoes.find((v) => v.distanceKm <= u.volcanoKm);
    const level = Math.max(prior, u.floor, volcano ? u.volcanoLevel : 0);
    f.note(levelSentenceMessage('landslide', asLevel(level)));
    f.fact('etopo5', msg('location.landslide.unreliable', { because: unreliableBecause(t) }));
    const values = { score: score(inform.earthquake), country: countryName(inform.iso2), divisor: n(cap.divisor), prior: levelLabelMessage(prior), floor: levelLabelMessage(u.floor) };
    f.fact(
      'inform',
      volcano
        ? msg('location.landslide.priorVolcano', { ...values, volcano: volcano.name, distance: kmMessage(volcano.distanceKm), km: n(u.volcanoKm), level: levelLabelMessage(u.volcanoLevel) })
        : msg('location.landslide.prior', values),
    );
    return f.risk('Landslide', level, impactFor(3, ctx.profile, f, 'groundMovement'));
  }
  const quake = siteEarthquakeLevel(s, inform.earthquake, rules).level;
  const rated = landslideLevel(t.reliefM, t.slopeDeg, asLevel(quake), rules);
  f.note(levelSentenceMessage('landslide', rated.level));
  f.fact(
    'etopo5',
    msg('location.landslide.relief', { relief: n(t.reliefM), slope: fixedValue(t.slopeDeg, 1), lowest: n(t.lowestM), highest: n(t.highestM), rule: rated.ruleMessage }),
  );
  f.note(msg('location.landslide.gridSmooths'));
  const impact = impactFor(3, ctx.profile, f, 'groundMovement');
  return f.risk('Landslide', rated.level, impact);
}

function volcano(ctx: LocationContext): AssessedRisk {
  const { features: s } = ctx;
  const f = new Findings();
  const rules = rulesOf(ctx);
  const rated = volcanoLevel(s.volcanoes, rules);
  f.note(levelSentenceMessage('volcano', rated.level));
  // The volcano that sets the level (the nearest among those rated highest).
  const deciding = [...s.volcanoes].sort((a, b) => volcanoLevel([b], rules).level - volcanoLevel([a], rules).level || a.distanceKm - b.distanceKm)[0];
  if (deciding && rated.level > 0) {
    f.fact(
      'volcanoes',
      msg('location.volcano.deciding', {
        volcano: deciding.name,
        country: deciding.country,
        distance: kmMessage(deciding.distanceKm),
        eruption: eruptionMessage(deciding.lastEruption),
        rule: rated.ruleMessage,
      }),
    );
    const nearest = s.volcanoes[0]!;
    if (nearest !== deciding) {
      f.fact('volcanoes', msg('location.volcano.nearest', { volcano: nearest.name, distance: kmMessage(nearest.distanceKm), eruption: eruptionMessage(nearest.lastEruption) }));
    }
  } else {
    f.fact('volcanoes', rated.ruleMessage);
  }
  const base = deciding && deciding.distanceKm <= rules.volcano.impactNearKm ? 4 : 3;
  const impact = rated.level === 0 ? base : impactFor(base, ctx.profile, f, 'eruption');
  return f.risk('Volcanic Activity', rated.level, impact);
}

/** INFORM's risk classes. */
const RISK_CLASS_IDS: Record<string, string> = {
  'Very Low': 'location.stability.classVeryLow',
  Low: 'location.stability.classLow',
  Medium: 'location.stability.classMedium',
  High: 'location.stability.classHigh',
  'Very High': 'location.stability.classVeryHigh',
};

function crime(ctx: LocationContext): AssessedRisk {
  const { inform, features: s, profile } = ctx;
  const f = new Findings();
  f.note(msg('location.crime.proxies'));
  let l = 1;
  const people = peopleValue(s.population10km);
  if (s.population10km >= 1_000_000) {
    l += 2;
    f.fact('gazetteer', msg('location.crime.metropolitan', { people }));
  } else if (s.population10km >= 250_000) {
    l += 1;
    f.fact('gazetteer', msg('location.crime.urban', { people }));
  } else {
    f.fact('gazetteer', msg('location.crime.rural', { people }));
  }
  if (inform.lackOfCopingCapacity >= 2.5) {
    l += 1;
    f.fact('inform', msg('location.crime.copingGovernance', { score: score(inform.lackOfCopingCapacity), country: countryName(inform.iso2) }));
  } else {
    f.fact('inform', msg('location.crime.coping', { score: score(inform.lackOfCopingCapacity), country: countryName(inform.iso2) }));
  }
  let impact = 2;
  if (profile.theftAttractive) {
    impact = 3;
    f.note(msg('location.impact.theftAttractive'));
  }
  return f.risk('Crime / Theft', l, impact);
}

function stability(ctx: LocationContext): AssessedRisk {
  const { inform } = ctx;
  const f = new Findings();
  const riskClass = RISK_CLASS_IDS[inform.riskClass] ? msg(RISK_CLASS_IDS[inform.riskClass]!) : inform.riskClass;
  f.fact('inform', msg('location.stability.risk', { score: score(inform.risk), country: countryName(inform.iso2), class: riskClass }));
  f.fact(
    'inform',
    msg('location.stability.indices', { vulnerability: score(inform.vulnerability), coping: score(inform.lackOfCopingCapacity), human: score(inform.human) }),
  );
  f.note(msg('location.stability.euMember'));
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
  const sentence = map[1] ? [levelSentenceMessage(map[1], level)] : [];
  const kept = risk.reason.flatMap((r, i) => (r.startsWith('impact ') || r.startsWith('site placed') ? [i] : []));
  return {
    ...risk,
    rawLikelihood: level,
    reason: [...sentence.map(inEnglish), ...f.reasons, ...kept.map((i) => risk.reason[i]!)],
    reasonMessages: [...sentence, ...f.reasonMessages, ...kept.map((i) => risk.reasonMessages![i]!)],
    evidence: f.evidence,
  };
}

/** Each named location risk of the site; `ctx.rules` is the rule table (the shipped one when absent). */
export function assessLocationRisks(ctx: LocationContext, names: readonly LocationRiskName[]): AssessedRisk[] {
  return names.map((name) => withRasters(name, ASSESSORS[name](ctx), ctx));
}
