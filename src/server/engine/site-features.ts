import { earthquakesNear, type QuakeAtSite } from '../geo/earthquakes.js';
import { elevationCovers, terrainAt, type Terrain } from '../geo/elevation.js';
import { type HazardRasters, type RasterReading } from '../geo/hazard-rasters.js';
import { nearestLake, type NearLake } from '../geo/lakes.js';
import { nearestRiver, type NearRiver } from '../geo/rivers.js';
import { seismicReference, type SeismicReference } from '../geo/seismic-reference.js';
import { volcanoesNear, type VolcanoNear } from '../geo/volcanoes.js';
import { nearbyPopulation, nearestTown } from '../geo/gazetteer.js';
import { distanceToCoastKm } from '../geo/coastline.js';
import { num } from '../../shared/hazards/index.js';
import { msg, numberValue, type Message, type MessageValue } from '../../shared/i18n/message.js';

/** What the site's coordinates say, for the location risks (deterministic, offline). */
export interface SiteFeatures {
  latitude: number;
  longitude: number;
  /** km to the nearest sea coast (Natural Earth 1:10m) */
  distanceToCoastKm: number;
  /** people living in gazetteer places within 10 km and 25 km (GeoNames) */
  population10km: number;
  population25km: number;
  /** the nearest town within 30 km, if any */
  nearestTown?: { name: string; distanceKm: number };
  /**
   * elevation, relief and slope (ETOPO5); undefined outside the bundled grid. `reliable` is false
   * inside a known block of wrong, near-flat grid values (Rome, Naples, eastern Sicily…)
   */
  terrain?: Terrain;
  /**
   * the river or canal that matters most within 20 km (Natural Earth 1:10m and GSHHG WDBII),
   * weighted by its size; named by Natural Earth, or by its kind ('river', 'canal')
   */
  river?: NearRiver;
  /** the nearest lake shore within 20 km (GSHHG), named where known, otherwise 'lake' */
  lake?: NearLake;
  /**
   * damaging historical earthquakes within 200 km (intermediate-depth ones within 300 km), with
   * depth, hypocentral distance and the shaking estimated at the site
   */
  earthquakes: QuakeAtSite[];
  /** the national code's seismic design value or zone for the municipality, where one is tabled */
  seismicReference?: SeismicReference;
  /** Holocene volcanoes within 250 km, nearest first */
  volcanoes: VolcanoNear[];
  /** values of the deployment's hazard rasters (HAZARD_DATA_DIR) at the site */
  rasters: RasterReading[];
}

export function siteFeatures(latitude: number, longitude: number, rasters?: HazardRasters): SiteFeatures {
  const town = nearestTown(latitude, longitude, 30);
  const covered = elevationCovers(latitude, longitude);
  const river = covered ? nearestRiver(latitude, longitude) : undefined;
  const lake = covered ? nearestLake(latitude, longitude) : undefined;
  const reference = seismicReference(latitude, longitude);
  return {
    latitude,
    longitude,
    distanceToCoastKm: distanceToCoastKm(latitude, longitude),
    population10km: nearbyPopulation(latitude, longitude, 10),
    population25km: nearbyPopulation(latitude, longitude, 25),
    ...(town ? { nearestTown: { name: town.name, distanceKm: Math.round(town.distanceKm * 10) / 10 } } : {}),
    ...(covered ? { terrain: terrainAt(latitude, longitude) } : {}),
    ...(river ? { river } : {}),
    ...(lake ? { lake } : {}),
    earthquakes: covered ? earthquakesNear(latitude, longitude, 200) : [],
    ...(reference ? { seismicReference: reference } : {}),
    volcanoes: covered ? volcanoesNear(latitude, longitude, 250) : [],
    rasters: rasters ? rasters.readingsAt(latitude, longitude) : [],
  };
}

/** '1.9 million', '420,000', '8,500' */
export function formatPeople(n: number): string {
  if (n >= 1_000_000) return `${num(Math.round(n / 100_000) / 10)} million`;
  if (n >= 10_000) return num(Math.round(n / 1000) * 1000);
  return num(Math.round(n));
}

/** '0.8 km', '12 km', '287 km' */
export function formatKm(km: number): string {
  if (km < 10) return `${km.toFixed(1)} km`;
  // Thresholds are multiples of 5 km: 25.3 km stays 25.3, so it never reads "25 km: more than 25 km".
  const whole = Math.round(km);
  return whole % 5 === 0 && Math.abs(km - whole) >= 0.05 ? `${km.toFixed(1)} km` : `${whole} km`;
}

/**
 * x.toFixed(digits) as a message value: the same digits (toFixed rounds the binary value, 67.85 to
 * 67.8, where Intl would write 67.9), in the reader's way.
 */
export const fixedValue = (x: number, digits: number): MessageValue => numberValue(Number(x.toFixed(digits)), digits, digits);

/** formatPeople as a message value: '1.9 million' is a message, '420,000' a number in the reader's digits. */
export function peopleValue(n: number): MessageValue {
  if (n >= 1_000_000) return msg('location.people.million', { millions: numberValue(Math.round(n / 100_000) / 10) });
  if (n >= 10_000) return numberValue(Math.round(n / 1000) * 1000);
  return numberValue(Math.round(n));
}

/** formatKm as a message: '0.8 km', '12 km', '25.3 km' in the reader's digits. */
export function kmMessage(km: number): Message {
  if (km < 10) return msg('location.unit.km', { km: fixedValue(km, 1) });
  const rounded = Math.round(km);
  if (rounded % 5 === 0 && Math.abs(km - rounded) >= 0.05) return msg('location.unit.km', { km: fixedValue(km, 1) });
  // formatKm writes whole kilometres without grouping (1234 km): the same digits from 1,000 km up.
  return msg('location.unit.km', { km: rounded >= 1000 ? String(rounded) : numberValue(rounded) });
}
