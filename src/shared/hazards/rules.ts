import type { DatasetKey } from './datasets.js';

/**
 * The one rule table of the site hazards: per hazard its datasets, its numeric thresholds and the
 * level each band sets. The engine rates by it, the map overlay draws what it counts, and the
 * /methodology page prints it, so a threshold changed here moves all three. Every function that
 * reads it takes the table as a parameter (default: HAZARD_RULES), so a test can pass a copy.
 *
 * Levels are the likelihood scale 0–5 (0 none … 5 very high). A band list is read top down: the
 * first band with a condition that holds sets the level; `any` is a list of alternatives, and
 * every bound given in one alternative must hold. Adding a rule is adding a band or an alternative.
 */
export type Level = 0 | 1 | 2 | 3 | 4 | 5;

/** A dataset a hazard reads: a bundled one by key, with what it gives that hazard when not its main use. */
export interface HazardDataset {
  key: DatasetKey;
  role?: string;
}

/** At least `events` catalogued earthquakes shook the site at ≥ `intensity` (or lay within `withinKm`), since the window opened unless `ever`. */
export interface QuakeCount {
  events: number;
  intensity?: number;
  withinKm?: number;
  ever?: boolean;
  /** what the count stands for, added to the rule text */
  note?: string;
}

/** Each bound holds when the site's value is at most it; `reaches` needs a mapped river. */
export interface RiverCondition {
  /** distance to the river in multiples of its size's flood-plain reach */
  reaches?: number;
  /** metres above the lowest land around the site */
  aboveFloorM?: number;
  /** metres above sea level */
  elevationM?: number;
}

export interface CoastCondition {
  coastKm: number;
  elevationM?: number;
}

/** Reached when relief ≥ reliefM or (when given) slope ≥ slopeDeg. */
export interface SlopeBand {
  level: Level;
  reliefM: number;
  slopeDeg?: number;
}

export interface VolcanoCondition {
  withinKm: number;
  /** erupted within this many years before the list's year; any Holocene volcano when absent */
  eruptedWithinYears?: number;
}

export interface Band<C> {
  level: Level;
  any: C[];
}

/** A raster value ≥ `from` (> `from` when `over`) sets `level`; `name` is the publisher's own category name. */
export interface ValueBand {
  level: Level;
  from: number;
  over?: boolean;
  name?: string;
}

/** A raster value ≥ `from` at a return period ≤ `withinYears` sets `level`. */
export interface PeriodBand {
  level: Level;
  withinYears: number;
  from: number;
}

/** The ladder of a raster whose bands depend on its return period: the first period with upTo ≥ the layer's applies. */
export interface PeriodLadder {
  upTo: number;
  /** said after the threshold in the rule ('within 250 years') */
  say: string;
  bands: ValueBand[];
  /** the level under the lowest band */
  below: Level;
}

/** A latitude band: south of `southOf` °N sets `level`. */
export interface LatitudeBand {
  level: Level;
  southOf: number;
}

export interface HazardRules {
  earthquake: {
    /** the report's risk name */
    name: string;
    datasets: HazardDataset[];
    /** the catalogue window standing for ThinkHazard's 475-year return period */
    windowFrom: number;
    /** the catalogue's last year, for the rate per century */
    catalogueEnd: number;
    /** the PGA each counted intensity stands for, g */
    pgaG: Record<number, number>;
    bands: Band<QuakeCount>[];
    /** the rate per century counts events within this distance, weighted by e^(−d / decayKm) */
    rate: { withinKm: number; decayKm: number };
    /** the country's INFORM index ÷ divisor, less `levelsBelow`, is a floor */
    informFloor: { divisor: number; levelsBelow: number };
    /** people within 25 km from which the evidence warns of accumulation, at a level from `fromLevel` */
    accumulation: { people: number; fromLevel: Level };
    /**
     * The national seismic code's value for the municipality (a hazard estimate, where the
     * catalogue only records damage): its acceleration (a zone by its range's middle) sets a level
     * by `bands`, a floor; and where the catalogue rates higher, the rating may exceed that level by
     * at most `above`, and only when an event since `recentFrom` shook the site at ≥ `recentIntensity`
     * (old events' magnitudes and places are the catalogue's least certain part).
     */
    reference: { bands: { level: Level; fromG: number }[]; below: Level; above: number; recentFrom: number; recentIntensity: number };
  };
  riverFlood: {
    name: string;
    datasets: HazardDataset[];
    /** a river's flood-plain reach by its size, km */
    reachKm: { major: number; medium: number; small: number };
    /** how far a river is looked for, km */
    searchKm: number;
    /** outside the bundled layers: the country's INFORM flood index ÷ divisor */
    informDivisor: number;
    bands: Band<RiverCondition>[];
    /** the level when no band holds */
    otherwise: Level;
    /** one level more for surface water with this many people within 10 km, while under `belowLevel` */
    urban: { people: number; belowLevel: Level };
    /** a canal is regulated water: at most `cap` unless the site is ≤ `lowLyingM` above sea level */
    canal: { cap: Level; lowLyingM: number };
    /** a lake shore within `withinKm`, with the site ≤ `aboveFloorM` above the valley floor, sets `level` */
    lake: { withinKm: number; aboveFloorM: number; level: Level };
    /** where the elevation grid is known wrong: heights are not used, the river's reach alone counts, at most `cap` */
    unreliableTerrain: { cap: Level };
  };
  coastalFlood: {
    name: string;
    datasets: HazardDataset[];
    bands: Band<CoastCondition>[];
    /** taken as the site's elevation where the grid does not cover it, m */
    unknownElevationM: number;
    /** one level more with the country's INFORM tsunami index ≥ index, within withinKm of the sea and ≤ belowM high */
    tsunami: { index: number; withinKm: number; belowM: number };
    /* where the elevation grid is known wrong, the site is taken as unknownElevationM high (distance alone rates it) */
  };
  landslide: {
    name: string;
    datasets: HazardDataset[];
    bands: SlopeBand[];
    /** one level more, from `fromLevel` up, where the earthquake level is `quakeLevel` or above */
    quakeTrigger: { quakeLevel: Level; fromLevel: Level };
    /** without elevation: INFORM earthquake index ÷ divisor, at most `cap` */
    noTerrain: { divisor: number; cap: Level };
    /**
     * where the elevation grid is known wrong (a flat block): relief is unknown, so the no-terrain
     * prior applies, at least `floor`, and at least `volcanoLevel` within `volcanoKm` of a Holocene volcano
     */
    unreliableTerrain: { floor: Level; volcanoKm: number; volcanoLevel: Level };
  };
  volcano: {
    name: string;
    datasets: HazardDataset[];
    /** the reference year of the volcano list: "the last 2,000 years" counts from it */
    listYear: number;
    bands: Band<VolcanoCondition>[];
    /** impact is one higher with the deciding volcano within this distance, km */
    impactNearKm: number;
  };
  heat: {
    name: string;
    datasets: HazardDataset[];
    latitude: LatitudeBand[];
    /** one level less at this elevation, m */
    mountainM: number;
    /** one level more beyond coastKm from the sea south of southOf °N */
    interior: { coastKm: number; southOf: number };
    /** one level more with this many people within 10 km */
    urbanPeople: number;
  };
  wildfire: {
    name: string;
    datasets: HazardDataset[];
    mediterranean: { states: string[]; southOf: number; level: Level; hotterSouthOf: number; hotterLevel: Level };
    /** a state's own level inside the Mediterranean zone (small islands) */
    stateLevel: Record<string, Level>;
    boreal: { states: string[]; level: Level };
    otherwise: Level;
    /** one level more with the country's INFORM drought index ≥ this */
    droughtIndex: number;
    /** one level less at this elevation, m */
    mountainM: number;
    /** one level less with this many people within 10 km */
    urbanPeople: number;
  };
  windstorm: {
    name: string;
    datasets: HazardDataset[];
    /** the storm track: north of northOf °N and west of westOf °E sets `level`, further east `eastLevel` */
    track: { northOf: number; westOf: number; level: Level; eastLevel: Level };
    otherwise: Level;
    /** one level more within this distance of the coast, km */
    coastKm: number;
    /** one level more at this elevation, m */
    uplandM: number;
    cap: Level;
  };
  drought: {
    name: string;
    datasets: HazardDataset[];
    /** the prior: INFORM drought index ÷ divisor */
    informDivisor: number;
    /** one level more south of this latitude */
    southOf: number;
    /** one level more beyond coastKm from the sea south of southOf °N */
    interior: { coastKm: number; southOf: number };
  };
  /** Deployment rasters (HAZARD_DATA_DIR), by units. */
  raster: {
    pga_g: { defaultReturnPeriod: number; periods: PeriodLadder[] };
    depth_m: { defaultReturnPeriod: number; bands: PeriodBand[]; coastalBands: PeriodBand[] };
    wbgt_c: { defaultReturnPeriod: number; bands: PeriodBand[] };
    fwi: { defaultReturnPeriod: number; bands: PeriodBand[] };
    water_stress: { bands: ValueBand[]; belowName: string };
  };
}

export const HAZARD_RULES: HazardRules = {
  earthquake: {
    name: 'Earthquake',
    datasets: [{ key: 'earthquakes' }, { key: 'seismicCodes', role: 'floor and cap' }, { key: 'inform', role: 'floor' }, { key: 'gazetteer' }],
    windowFrom: 1515,
    catalogueEnd: 2014,
    pgaG: { 7: 0.1, 8: 0.2 },
    bands: [
      { level: 5, any: [{ intensity: 8, events: 3 }] },
      {
        level: 4,
        any: [
          { intensity: 8, events: 2, note: 'a return period under 250 years' },
          { intensity: 7, events: 5, note: 'about once a century' },
        ],
      },
      { level: 3, any: [{ intensity: 7, events: 1, note: 'within a 475-year window' }] },
      { level: 2, any: [{ intensity: 7, events: 1, ever: true, note: 'a 1,000–2,500-year record' }, { intensity: 6, events: 1 }] },
      { level: 1, any: [{ withinKm: 100, events: 1, ever: true }] },
    ],
    rate: { withinKm: 100, decayKm: 50 },
    informFloor: { divisor: 2, levelsBelow: 2 },
    accumulation: { people: 1_000_000, fromLevel: 3 },
    reference: {
      bands: [
        { level: 4, fromG: 0.25 },
        { level: 3, fromG: 0.1 },
        { level: 2, fromG: 0.05 },
      ],
      below: 1,
      above: 1,
      recentFrom: 1900,
      recentIntensity: 8,
    },
  },
  riverFlood: {
    name: 'Flood',
    datasets: [{ key: 'rivers' }, { key: 'gshhg', role: 'rivers, canals and lake shores' }, { key: 'etopo5' }, { key: 'gazetteer' }],
    reachKm: { major: 3, medium: 1.5, small: 0.75 },
    searchKm: 20,
    informDivisor: 2,
    bands: [
      { level: 4, any: [{ reaches: 1, aboveFloorM: 25 }] },
      { level: 3, any: [{ reaches: 1, aboveFloorM: 75 }, { reaches: 3, aboveFloorM: 25 }] },
      { level: 2, any: [{ reaches: 1 }, { reaches: 3, aboveFloorM: 75 }, { elevationM: 5, aboveFloorM: 25 }] },
    ],
    otherwise: 1,
    urban: { people: 1_000_000, belowLevel: 4 },
    canal: { cap: 2, lowLyingM: 5 },
    lake: { withinKm: 1, aboveFloorM: 25, level: 3 },
    unreliableTerrain: { cap: 3 },
  },
  coastalFlood: {
    name: 'Coastal Flood / Storm Surge',
    datasets: [{ key: 'coastline' }, { key: 'etopo5' }, { key: 'inform', role: 'tsunami' }],
    bands: [
      { level: 5, any: [{ coastKm: 2, elevationM: 2 }] },
      { level: 4, any: [{ coastKm: 5, elevationM: 5 }, { coastKm: 25, elevationM: 0 }] },
      { level: 3, any: [{ coastKm: 10, elevationM: 10 }, { coastKm: 50, elevationM: 2 }] },
      { level: 2, any: [{ coastKm: 3 }, { coastKm: 25, elevationM: 20 }] },
      { level: 1, any: [{ coastKm: 25 }] },
    ],
    unknownElevationM: 10,
    tsunami: { index: 7, withinKm: 5, belowM: 20 },
  },
  landslide: {
    name: 'Landslide',
    datasets: [{ key: 'etopo5' }, { key: 'earthquakes', role: 'as a trigger' }],
    bands: [
      { level: 4, reliefM: 1000, slopeDeg: 6 },
      { level: 3, reliefM: 500, slopeDeg: 3 },
      { level: 2, reliefM: 200 },
      { level: 1, reliefM: 50 },
    ],
    quakeTrigger: { quakeLevel: 4, fromLevel: 2 },
    noTerrain: { divisor: 3, cap: 3 },
    unreliableTerrain: { floor: 2, volcanoKm: 20, volcanoLevel: 3 },
  },
  volcano: {
    name: 'Volcanic Activity',
    datasets: [{ key: 'volcanoes' }],
    listYear: 2015,
    bands: [
      { level: 5, any: [{ withinKm: 20, eruptedWithinYears: 100 }] },
      { level: 4, any: [{ withinKm: 50, eruptedWithinYears: 2000 }] },
      { level: 3, any: [{ withinKm: 50 }, { withinKm: 100, eruptedWithinYears: 2000 }] },
      { level: 2, any: [{ withinKm: 100 }] },
      { level: 1, any: [{ withinKm: 200 }] },
    ],
    impactNearKm: 30,
  },
  heat: {
    name: 'Extreme Heat',
    datasets: [{ key: 'etopo5' }, { key: 'coastline' }, { key: 'gazetteer' }],
    latitude: [
      { level: 4, southOf: 38 },
      { level: 3, southOf: 42 },
      { level: 2, southOf: 46 },
      { level: 1, southOf: 52 },
    ],
    mountainM: 800,
    interior: { coastKm: 200, southOf: 50 },
    urbanPeople: 1_000_000,
  },
  wildfire: {
    name: 'Wildfire',
    datasets: [{ key: 'inform', role: 'drought' }, { key: 'etopo5' }, { key: 'gazetteer' }],
    mediterranean: { states: ['PT', 'ES', 'FR', 'IT', 'GR', 'CY', 'HR', 'SI', 'BG', 'MT'], southOf: 44.5, level: 3, hotterSouthOf: 40, hotterLevel: 4 },
    stateLevel: { MT: 2 },
    boreal: { states: ['SE', 'FI', 'EE', 'LV', 'LT'], level: 1 },
    otherwise: 1,
    droughtIndex: 4,
    mountainM: 1500,
    urbanPeople: 500_000,
  },
  windstorm: {
    name: 'Windstorm',
    datasets: [{ key: 'coastline' }, { key: 'etopo5' }, { key: 'inform', role: 'tropical cyclones for the Atlantic islands' }],
    track: { northOf: 50, westOf: 15, level: 3, eastLevel: 2 },
    otherwise: 1,
    coastKm: 10,
    uplandM: 1000,
    cap: 4,
  },
  drought: {
    name: 'Drought',
    datasets: [{ key: 'inform', role: 'drought' }, { key: 'coastline' }],
    informDivisor: 2,
    southOf: 42,
    interior: { coastKm: 300, southOf: 50 },
  },
  raster: {
    pga_g: {
      defaultReturnPeriod: 475,
      periods: [
        { upTo: 250, say: ' within 250 years', bands: [{ level: 4, from: 0.2 }, { level: 3, from: 0.1 }], below: 2 },
        {
          upTo: 500,
          say: '',
          bands: [
            { level: 5, from: 0.3 },
            { level: 4, from: 0.2 },
            { level: 3, from: 0.1 },
            { level: 2, from: 0.05 },
          ],
          below: 1,
        },
        { upTo: Infinity, say: ' in a rare event', bands: [{ level: 3, from: 0.4 }, { level: 2, from: 0.1 }], below: 1 },
      ],
    },
    depth_m: {
      defaultReturnPeriod: 100,
      bands: [
        { level: 5, withinYears: 25, from: 2 },
        { level: 4, withinYears: 25, from: 0.5 },
        { level: 3, withinYears: 50, from: 0.5 },
        { level: 2, withinYears: 1000, from: 0.5 },
      ],
      coastalBands: [
        { level: 4, withinYears: 25, from: 2 },
        { level: 3, withinYears: 50, from: 0.5 },
        { level: 2, withinYears: 100, from: 0.5 },
      ],
    },
    wbgt_c: {
      defaultReturnPeriod: 20,
      bands: [
        { level: 4, withinYears: 5, from: 32 },
        { level: 3, withinYears: 20, from: 28 },
        { level: 2, withinYears: 100, from: 25 },
      ],
    },
    fwi: {
      defaultReturnPeriod: 10,
      bands: [
        { level: 4, withinYears: 2, from: 30 },
        { level: 3, withinYears: 10, from: 20 },
        { level: 2, withinYears: 30, from: 15 },
      ],
    },
    water_stress: {
      bands: [
        { level: 5, from: 0.8, over: true, name: 'extremely high' },
        { level: 4, from: 0.4, name: 'high' },
        { level: 3, from: 0.2, name: 'medium-high' },
        { level: 2, from: 0.1, name: 'low-medium' },
      ],
      belowName: 'low',
    },
  },
};

/** The nine hazards of the table, in the order the methodology page explains them. */
export const HAZARD_KEYS = ['earthquake', 'riverFlood', 'coastalFlood', 'landslide', 'volcano', 'heat', 'wildfire', 'windstorm', 'drought'] as const;
export type HazardKey = (typeof HAZARD_KEYS)[number];

/**
 * What the map overlay draws, read from the rules so it shows exactly what they count: a river
 * within the widest reach multiple of the flood bands, epicentres from the lowest intensity the
 * earthquake bands count, volcanoes within the farthest volcano band.
 */
export function mapReach(rules: HazardRules = HAZARD_RULES): { riverReaches: number; minSiteIntensity: number; volcanoKm: number } {
  const river = rules.riverFlood.bands.flatMap((b) => b.any.map((c) => c.reaches ?? 0));
  const intensities = rules.earthquake.bands.flatMap((b) => b.any.flatMap((c) => (c.intensity === undefined ? [] : [c.intensity])));
  const volcano = rules.volcano.bands.flatMap((b) => b.any.map((c) => c.withinKm));
  return { riverReaches: Math.max(...river), minSiteIntensity: Math.min(...intensities), volcanoKm: Math.max(...volcano) };
}
