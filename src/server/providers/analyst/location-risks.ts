import type { GeocodePrecision } from '../../../shared/contracts/assessment.js';
import type { AssessedRisk } from '../../../shared/scoring.js';
import type { LocationRiskName } from './analyst.js';
import type { IndustryProfile } from './industry-profiles.js';
import type { InformCountry } from './inform.js';
import { formatKm, formatPeople, type SiteFeatures } from './site-features.js';

/**
 * Location risks from the country's INFORM 2020 scores (0–10) and the site's own features.
 * Likelihood starts from the published index (index / 2, rounded) and moves by at most a step
 * or two for what the coordinates show; impact starts from the peril's typical severity and
 * moves with how asset-heavy the activity is. Every step is written into the reasons.
 */

export interface LocationContext {
  inform: InformCountry;
  features: SiteFeatures;
  profile: IndustryProfile;
  precision: GeocodePrecision;
}

const lvl = (x: number) => Math.min(5, Math.max(0, Math.round(x)));
const score10 = (x: number) => `${x.toFixed(1)}/10`;

/** Mediterranean fire climate: these states south of 44.5°N. */
const MEDITERRANEAN = new Set(['PT', 'ES', 'FR', 'IT', 'GR', 'CY', 'HR', 'SI', 'BG', 'MT']);
/** Boreal forest states, with a summer forest-fire season. */
const BOREAL = new Set(['SE', 'FI', 'EE', 'LV', 'LT']);
/** Low-lying North Sea coasts protected by dikes: storm-surge prone. */
const NORTH_SEA_LOWLANDS = new Set(['NL', 'BE', 'DE', 'DK']);
/**
 * Share of mountainous and hilly terrain, by state (from EU physical geography): mountainous
 * states raise landslide likelihood, flat ones lower it. Not a slope model of the site.
 */
const TERRAIN: Record<string, 'mountainous' | 'hilly' | 'flat'> = {
  AT: 'mountainous', SI: 'mountainous', IT: 'mountainous', GR: 'mountainous', CY: 'mountainous',
  SK: 'mountainous', HR: 'mountainous', BG: 'mountainous', RO: 'mountainous', ES: 'mountainous',
  PT: 'hilly', FR: 'hilly', DE: 'hilly', CZ: 'hilly', PL: 'hilly', SE: 'hilly', FI: 'hilly', IE: 'hilly',
  LU: 'hilly', BE: 'hilly',
  NL: 'flat', DK: 'flat', EE: 'flat', LV: 'flat', LT: 'flat', HU: 'flat', MT: 'flat',
};

function impactFor(base: number, profile: IndustryProfile, reasons: string[], peril: string): number {
  if (profile.assets === 'heavy') {
    reasons.push(`impact raised: asset-heavy activity (plant, stock, machinery) is costly to restore after ${peril}`);
    return Math.min(5, base + 1);
  }
  if (profile.assets === 'light') {
    reasons.push(`impact lowered: office-type activity with few physical assets`);
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

function flood(ctx: LocationContext): AssessedRisk {
  const { inform, features: f } = ctx;
  const reasons = [`INFORM 2020 flood exposure ${score10(inform.flood)} for ${inform.country} (river and flash floods)`];
  let l = lvl(inform.flood / 2);
  if (f.population10km >= 1_000_000 && l < 5) {
    l += 1;
    reasons.push(`dense urban area (${formatPeople(f.population10km)} people within 10 km): surface-water flooding from sealed ground`);
  }
  const note = placementNote(ctx);
  if (note) reasons.push(note);
  const impact = impactFor(4, ctx.profile, reasons, 'a flood');
  return { name: 'Flood', rawLikelihood: l, impact, reason: reasons };
}

function coastal(ctx: LocationContext): AssessedRisk {
  const { inform, features: f } = ctx;
  const d = f.distanceToCoastKm;
  const reasons = [`distance to coast ${formatKm(d)}`];
  let l = d < 1 ? 4 : d < 3 ? 3 : d < 10 ? 2 : d < 25 ? 1 : 0;
  if (l === 0) {
    reasons.push('too far inland for storm surge or tsunami');
    return { name: 'Coastal Flood / Storm Surge', rawLikelihood: 0, impact: 3, reason: reasons };
  }
  if (NORTH_SEA_LOWLANDS.has(inform.iso2) && f.latitude >= 51) {
    l += 1;
    reasons.push(`low-lying North Sea coast of ${inform.country}: storm surges held back by dikes`);
  }
  if (inform.tsunami >= 7 && d < 5) {
    l += 1;
    reasons.push(`INFORM 2020 tsunami exposure ${score10(inform.tsunami)} for ${inform.country}`);
  } else if (inform.tsunami > 0) {
    reasons.push(`INFORM 2020 tsunami exposure ${score10(inform.tsunami)} for ${inform.country}`);
  }
  const note = placementNote(ctx);
  if (note) reasons.push(note);
  const impact = impactFor(4, ctx.profile, reasons, 'sea flooding');
  return { name: 'Coastal Flood / Storm Surge', rawLikelihood: lvl(l), impact, reason: reasons };
}

function earthquake(ctx: LocationContext): AssessedRisk {
  const { inform, features: f } = ctx;
  const reasons = [
    `INFORM 2020 earthquake exposure ${score10(inform.earthquake)} for ${inform.country} (national; seismicity varies by region)`,
  ];
  const l = lvl(inform.earthquake / 2);
  if (l >= 3 && f.population25km >= 1_000_000) {
    reasons.push(`${formatPeople(f.population25km)} people within 25 km: accumulation of insured values in one event`);
  }
  const impact = impactFor(4, ctx.profile, reasons, 'an earthquake');
  return { name: 'Earthquake', rawLikelihood: l, impact, reason: reasons };
}

function wildfire(ctx: LocationContext): AssessedRisk {
  const { inform, features: f } = ctx;
  const reasons: string[] = [];
  let l: number;
  const lat = f.latitude;
  if (MEDITERRANEAN.has(inform.iso2) && lat < 44.5) {
    l = lat < 40 ? 4 : 3;
    reasons.push(`Mediterranean fire climate (latitude ${lat.toFixed(1)}°N, ${inform.country})`);
    if (inform.iso2 === 'MT') {
      l = 2;
      reasons.push('small, densely built island with little forest');
    }
  } else if (BOREAL.has(inform.iso2)) {
    l = 1;
    reasons.push(`boreal forest region (${inform.country}): summer forest-fire season`);
  } else {
    l = 1;
    reasons.push(`temperate climate (latitude ${lat.toFixed(1)}°N): occasional vegetation fires in dry summers`);
  }
  if (inform.drought >= 4) {
    l += 1;
    reasons.push(`INFORM 2020 drought exposure ${score10(inform.drought)} for ${inform.country}: dry fuels`);
  } else {
    reasons.push(`INFORM 2020 drought exposure ${score10(inform.drought)} for ${inform.country}`);
  }
  if (f.population10km >= 500_000 && l > 0) {
    l -= 1;
    reasons.push(`urban core (${formatPeople(f.population10km)} people within 10 km): little wildland interface`);
  }
  const impact = impactFor(4, ctx.profile, reasons, 'a fire');
  return { name: 'Wildfire', rawLikelihood: lvl(l), impact, reason: reasons };
}

function windstorm(ctx: LocationContext): AssessedRisk {
  const { inform, features: f } = ctx;
  const reasons: string[] = [];
  let l = 1;
  if (f.latitude >= 50 && f.longitude <= 15) {
    l = 3;
    reasons.push(`latitude ${f.latitude.toFixed(1)}°N in the Atlantic and North Sea windstorm track`);
  } else if (f.latitude >= 50) {
    l = 2;
    reasons.push(`latitude ${f.latitude.toFixed(1)}°N: European winter storms reach inland`);
  } else {
    reasons.push(`latitude ${f.latitude.toFixed(1)}°N: south of the main winter-storm track; local convective storms`);
  }
  if (f.distanceToCoastKm < 10) {
    l += 1;
    reasons.push(`exposed coastal site (${formatKm(f.distanceToCoastKm)} from the coast)`);
  }
  if (inform.tropicalCyclone > 0) {
    reasons.push(`INFORM 2020 tropical cyclone exposure ${score10(inform.tropicalCyclone)} for ${inform.country} (Atlantic islands)`);
  }
  const impact = impactFor(3, ctx.profile, reasons, 'storm damage');
  return { name: 'Windstorm', rawLikelihood: lvl(Math.min(4, l)), impact, reason: reasons };
}

function heat(ctx: LocationContext): AssessedRisk {
  const { features: f, profile } = ctx;
  const lat = f.latitude;
  const reasons: string[] = [];
  let l = lat < 38 ? 4 : lat < 42 ? 3 : lat < 46 ? 2 : lat < 52 ? 1 : 0;
  reasons.push(
    `latitude ${lat.toFixed(1)}°N: ${l >= 3 ? 'hot Mediterranean summers' : l === 2 ? 'warm summers with heatwaves' : l === 1 ? 'temperate summers with occasional heatwaves' : 'cool northern summers'}`,
  );
  if (f.distanceToCoastKm > 200 && lat < 50) {
    l += 1;
    reasons.push(`continental interior (${formatKm(f.distanceToCoastKm)} from the sea): no maritime cooling`);
  }
  if (f.population10km >= 1_000_000) {
    l += 1;
    reasons.push(`urban heat island: ${formatPeople(f.population10km)} people within 10 km`);
  }
  let impact = 2;
  if (profile.heatSensitive) {
    impact = 3;
    reasons.push('impact raised: heat-sensitive activity (temperature-controlled goods, equipment or outdoor work)');
  }
  return { name: 'Extreme Heat', rawLikelihood: lvl(l), impact, reason: reasons };
}

function drought(ctx: LocationContext): AssessedRisk {
  const { inform, features: f, profile } = ctx;
  const reasons = [`INFORM 2020 drought exposure ${score10(inform.drought)} for ${inform.country}`];
  let l = lvl(inform.drought / 2);
  if (f.latitude < 42) {
    l += 1;
    reasons.push(`latitude ${f.latitude.toFixed(1)}°N: dry Mediterranean summers`);
  }
  let impact = 2;
  if (profile.waterIntensive) {
    impact = 4;
    reasons.push('impact raised: water-dependent activity (process or cooling water, crops)');
  }
  return { name: 'Drought', rawLikelihood: lvl(l), impact, reason: reasons };
}

function landslide(ctx: LocationContext): AssessedRisk {
  const { inform } = ctx;
  const terrain = TERRAIN[inform.iso2] ?? 'hilly';
  const reasons = [
    `INFORM 2020 earthquake exposure ${score10(inform.earthquake)} for ${inform.country} as a trigger`,
    `${terrain} terrain in ${inform.country}`,
    'slope at the site not modelled offline: capped at Moderate',
  ];
  const l = Math.min(3, Math.max(0, Math.round(inform.earthquake / 3) + (terrain === 'mountainous' ? 1 : terrain === 'flat' ? -1 : 0)));
  const impact = impactFor(3, ctx.profile, reasons, 'ground movement');
  return { name: 'Landslide', rawLikelihood: l, impact, reason: reasons };
}

function crime(ctx: LocationContext): AssessedRisk {
  const { inform, features: f, profile } = ctx;
  const reasons = ['INFORM has no crime index: urban density and governance used as proxies'];
  let l = 1;
  if (f.population10km >= 1_000_000) {
    l += 2;
    reasons.push(`${formatPeople(f.population10km)} people within 10 km: metropolitan property-crime exposure`);
  } else if (f.population10km >= 250_000) {
    l += 1;
    reasons.push(`${formatPeople(f.population10km)} people within 10 km: urban property-crime exposure`);
  } else {
    reasons.push(`${formatPeople(f.population10km)} people within 10 km: small-town or rural setting`);
  }
  if (inform.lackOfCopingCapacity >= 2.5) {
    l += 1;
    reasons.push(`INFORM 2020 lack of coping capacity ${score10(inform.lackOfCopingCapacity)} for ${inform.country} (institutions and governance)`);
  } else {
    reasons.push(`INFORM 2020 lack of coping capacity ${score10(inform.lackOfCopingCapacity)} for ${inform.country}`);
  }
  let impact = 2;
  if (profile.theftAttractive) {
    impact = 3;
    reasons.push('impact raised: stock, cash, metals or equipment attractive to thieves');
  }
  return { name: 'Crime / Theft', rawLikelihood: lvl(l), impact, reason: reasons };
}

function stability(ctx: LocationContext): AssessedRisk {
  const { inform } = ctx;
  const reasons = [
    `INFORM 2020 risk index ${score10(inform.risk)} for ${inform.country} (class ${inform.riskClass})`,
    `vulnerability ${score10(inform.vulnerability)}, lack of coping capacity ${score10(inform.lackOfCopingCapacity)}, human hazard ${score10(inform.human)}`,
    'EU member state: single market and EU rule-of-law framework',
  ];
  return { name: 'Political / Economic Stability', rawLikelihood: lvl(inform.risk / 1.5), impact: 3, reason: reasons };
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
  'Crime / Theft': crime,
  'Political / Economic Stability': stability,
};

export function assessLocationRisks(ctx: LocationContext, names: readonly LocationRiskName[]): AssessedRisk[] {
  return names.map((name) => ASSESSORS[name](ctx));
}
