import { countryByIso2 } from '../countries.js';
import { levelLabel } from '../scoring.js';
import { num, people, roman } from './format.js';
import {
  HAZARD_KEYS,
  HAZARD_RULES,
  type CoastCondition,
  type HazardKey,
  type HazardRules,
  type PeriodBand,
  type QuakeCount,
  type RiverCondition,
  type VolcanoCondition,
} from './rules.js';

/**
 * The rules in the methodology page's words, written from the table: no threshold is typed here,
 * so the page says what the engine applies.
 */

const L = (level: number) => levelLabel(level);
const events = (n: number) => (n === 1 ? 'an event' : `${num(n)} or more events`);

function quakeSaid(c: QuakeCount, r: HazardRules['earthquake']): string {
  const g = c.intensity !== undefined ? r.pgaG[c.intensity] : undefined;
  const shaking = c.intensity !== undefined ? `intensity ${roman(c.intensity)} or more${g !== undefined ? ` (about ${num(g)} g)` : ''}` : '';
  if (c.intensity === undefined) return `${events(c.events)} within ${num(c.withinKm ?? 0)} km that did not shake the site as hard`;
  if (c.ever) return `${events(c.events)} at ${shaking} at any date, even before ${r.windowFrom}`;
  return `${events(c.events)} since ${r.windowFrom} at ${shaking}${c.withinKm !== undefined ? ` within ${num(c.withinKm)} km` : ''}`;
}

function earthquake(r: HazardRules['earthquake']): string {
  const bands = r.bands.map((b) => `${L(b.level)} with ${b.any.map((c) => quakeSaid(c, r)).join(', or ')}`);
  return [
    'The shaking each catalogued event caused at the site is estimated from its magnitude and distance.',
    `${bands.join('; ')}; Negligible otherwise.`,
    `Where the national seismic code gives the municipality a design acceleration or zone (a zone counts at the middle of its range), that value sets a level: ${r.reference.bands.map((b) => `${L(b.level)} from ${num(b.fromG)} g`).join(', ')}, ${L(r.reference.below)} below. It is a floor under the catalogue’s level, and a cap above it: the catalogue may exceed it by at most ${num(r.reference.above)} level, and only when an event since ${r.reference.recentFrom} shook the site at intensity ${roman(r.reference.recentIntensity)} or more (old events’ sizes and places are the catalogue’s least certain part).`,
    'Intermediate-depth events (70–300 km deep, such as Vrancea’s) are counted up to 300 km away, their shaking estimated over the distance to the focus.',
    `The country’s INFORM earthquake index sets a floor ${num(r.informFloor.levelsBelow)} levels below its own level (index ÷ ${num(r.informFloor.divisor)}).`,
  ].join(' ');
}

function riverSaid(c: RiverCondition): string {
  const parts: string[] = [];
  if (c.reaches !== undefined) parts.push(c.reaches === 1 ? 'within the reach' : `within ${num(c.reaches)} times the reach`);
  if (c.elevationM !== undefined) parts.push(`${num(c.elevationM)} m or less above sea level`);
  if (c.aboveFloorM !== undefined) parts.push(`${num(c.aboveFloorM)} m or less above the valley floor`);
  return parts.join(' and ');
}

function riverFlood(r: HazardRules['riverFlood']): string {
  const bands = r.bands.map((b) => `${L(b.level)} ${b.any.map(riverSaid).join(', or ')}`);
  return [
    `A river’s flood-plain reach is ${num(r.reachKm.major)} km for a major river, ${num(r.reachKm.medium)} km for a medium one and ${num(r.reachKm.small)} km for a small one; the valley floor is the lowest land within 18 km.`,
    `${bands.join('; ')}; ${L(r.otherwise)} otherwise (or with no mapped river within ${num(r.searchKm)} km).`,
    `One level more, up to ${L(r.urban.belowLevel)}, with ${people(r.urban.people)} people or more within 10 km.`,
    `A canal is regulated water: at most ${L(r.canal.cap)} unless the site is ${num(r.canal.lowLyingM)} m or less above sea level. A lake shore within ${num(r.lake.withinKm)} km, with the site ${num(r.lake.aboveFloorM)} m or less above the valley floor, sets ${L(r.lake.level)}.`,
    `Where the elevation grid is known to be wrong (flat blocks over Rome, Naples and eastern Sicily), heights are not used: the river’s reach alone sets the level, at most ${L(r.unreliableTerrain.cap)}, and the report says the height is unknown.`,
  ].join(' ');
}

function coastSaid(c: CoastCondition): string {
  if (c.elevationM === undefined) return `within ${num(c.coastKm)} km of the sea`;
  if (c.elevationM <= 0) return `at or below sea level within ${num(c.coastKm)} km`;
  return `within ${num(c.coastKm)} km of the sea and ${num(c.elevationM)} m or less above sea level`;
}

function coastalFlood(r: HazardRules['coastalFlood']): string {
  const bands = r.bands.map((b) => `${L(b.level)} ${b.any.map(coastSaid).join(', or ')}`);
  const t = r.tsunami;
  return [
    `${bands.join('; ')}; Negligible further away.`,
    `One level more where the country’s INFORM tsunami index is ${num(t.index)} or more, within ${num(t.withinKm)} km of the sea and ${num(t.belowM)} m or less above it.`,
    `Where the elevation is not known, or the grid is known to be wrong there, the site is taken as ${num(r.unknownElevationM)} m high, so the distance to the sea alone sets the level.`,
  ].join(' ');
}

function landslide(r: HazardRules['landslide']): string {
  const bands = r.bands.map((b, i) => {
    const above = r.bands[i - 1];
    if (b.slopeDeg !== undefined) return `${L(b.level)} with a relief of ${num(b.reliefM)} m or more or a slope of ${num(b.slopeDeg)}° or more`;
    return above ? `${L(b.level)} with a relief of ${num(b.reliefM)}–${num(above.reliefM)} m` : `${L(b.level)} with a relief of ${num(b.reliefM)} m or more`;
  });
  const last = r.bands.at(-1)?.reliefM ?? 0;
  const t = r.quakeTrigger;
  return [
    `Around the site: ${bands.join('; ')}; Negligible under ${num(last)} m.`,
    `One level more, from ${L(t.fromLevel)} up, where the earthquake level is ${L(t.quakeLevel)} or above.`,
    `Where the elevation grid is known to be wrong, relief is unknown and the site is never rated flat: the country’s INFORM earthquake index ÷ ${num(r.noTerrain.divisor)} (at most ${L(r.noTerrain.cap)}), at least ${L(r.unreliableTerrain.floor)}, and at least ${L(r.unreliableTerrain.volcanoLevel)} within ${num(r.unreliableTerrain.volcanoKm)} km of a Holocene volcano.`,
  ].join(' ');
}

function volcanoSaid(c: VolcanoCondition): string {
  return c.eruptedWithinYears === undefined
    ? `within ${num(c.withinKm)} km of any Holocene volcano`
    : `within ${num(c.withinKm)} km of a volcano that erupted in the last ${num(c.eruptedWithinYears)} years`;
}

function volcano(r: HazardRules['volcano']): string {
  const bands = r.bands.map((b) => `${L(b.level)} ${b.any.map(volcanoSaid).join(', or ')}`);
  return `${bands.join('; ')}; Negligible beyond. Years count back from ${r.listYear}, the year of the volcano list.`;
}

function heat(r: HazardRules['heat']): string {
  const bands = r.latitude.map((b) => `${L(b.level)} south of ${num(b.southOf)}°N`);
  return [
    `By latitude: ${bands.join(', ')}, Negligible further north.`,
    `One level less at ${num(r.mountainM)} m or more above sea level; one level more beyond ${num(r.interior.coastKm)} km from the sea south of ${num(r.interior.southOf)}°N; one level more with ${people(r.urbanPeople)} people or more within 10 km.`,
  ].join(' ');
}

const countryNames = (codes: readonly string[]) => codes.map((c) => countryByIso2(c)?.name ?? c).join(', ');

function wildfire(r: HazardRules['wildfire']): string {
  const m = r.mediterranean;
  const own = Object.entries(r.stateLevel).map(([iso, level]) => `${L(level)} in ${countryByIso2(iso)?.name ?? iso}`);
  const boreal = r.boreal.level !== r.otherwise ? ` ${L(r.boreal.level)} in the boreal states (${countryNames(r.boreal.states)}).` : '';
  return [
    `${L(m.level)} in the Mediterranean states (${countryNames(m.states)}) south of ${num(m.southOf)}°N, ${L(m.hotterLevel)} south of ${num(m.hotterSouthOf)}°N${own.length ? ` (${own.join(', ')})` : ''}; ${L(r.otherwise)} elsewhere.${boreal}`,
    `One level more where the country’s INFORM drought index is ${num(r.droughtIndex)} or more; one level less at ${num(r.mountainM)} m or more above sea level; one level less with ${people(r.urbanPeople)} people or more within 10 km.`,
  ].join(' ');
}

function windstorm(r: HazardRules['windstorm']): string {
  const t = r.track;
  return [
    `${L(t.level)} north of ${num(t.northOf)}°N and west of ${num(t.westOf)}°E (the Atlantic and North Sea storm track); ${L(t.eastLevel)} north of ${num(t.northOf)}°N further east; ${L(r.otherwise)} further south.`,
    `One level more within ${num(r.coastKm)} km of the coast; one level more at ${num(r.uplandM)} m or more above sea level; at most ${L(r.cap)}.`,
  ].join(' ');
}

function drought(r: HazardRules['drought']): string {
  return `The country’s INFORM drought index ÷ ${num(r.informDivisor)} sets the level; one level more south of ${num(r.southOf)}°N; one level more beyond ${num(r.interior.coastKm)} km from the sea south of ${num(r.interior.southOf)}°N.`;
}

const SAY: { [K in HazardKey]: (r: HazardRules[K]) => string } = {
  earthquake,
  riverFlood,
  coastalFlood,
  landslide,
  volcano,
  heat,
  wildfire,
  windstorm,
  drought,
};

/** Each hazard's rule as the methodology page states it, under the name reports give the risk. */
export function hazardRuleTexts(rules: HazardRules = HAZARD_RULES): { key: HazardKey; hazard: string; rule: string }[] {
  return HAZARD_KEYS.map((key) => ({ key, hazard: rules[key].name, rule: (SAY[key] as (r: HazardRules[HazardKey]) => string)(rules[key]) }));
}

const periodSaid = (bands: readonly PeriodBand[], unit: string, how: 'with' | 'at') =>
  bands.map((b) => `${L(b.level)} ${how} ${num(b.from)}${unit}${how === 'with' ? ' or more' : ''} within ${num(b.withinYears)} years`).join(how === 'with' ? '; ' : ', ');

/** The deployment layers' thresholds as the methodology page states them. */
export function rasterRuleTexts(rules: HazardRules = HAZARD_RULES): { pga: string; floodDepth: string; waterStress: string; fireAndHeat: string } {
  const r = rules.raster;
  const p = r.pga_g.defaultReturnPeriod;
  const ladder = r.pga_g.periods.find((x) => p <= x.upTo) ?? r.pga_g.periods.at(-1)!;
  const pct = (x: number) => `${num(Math.round(x * 100))} %`;
  const ws = r.water_stress.bands;
  return {
    pga: `At ${num(p)} years: ${ladder.bands.map((b) => `${L(b.level)} from ${num(b.from)} g`).join(', ')}.`,
    floodDepth: `${periodSaid(r.depth_m.bands, ' m', 'with')}. A coastal flood layer: ${periodSaid(r.depth_m.coastalBands, ' m', 'with')}.`,
    waterStress: `${ws.map((b) => `${L(b.level)} ${b.over ? 'over' : 'from'} ${pct(b.from)}`).join(', ')}, ${L(1)} under ${pct(ws.at(-1)?.from ?? 0)}.`,
    fireAndHeat: `Fire weather: ${periodSaid(r.fwi.bands, '', 'at')}. Heat: ${periodSaid(r.wbgt_c.bands, ' °C', 'at')}.`,
  };
}
