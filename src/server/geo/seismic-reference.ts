import { msg, numberValue, type Message, type MessageValue } from '../../shared/i18n/message.js';
import { distanceKm } from './layers.js';

/**
 * Published seismic design values for named places: the national code's ground acceleration or
 * zone, a floor the historical catalogue cannot give (it records damage, not hazard). No gridded
 * hazard model (ESHM20 and the like) could be bundled, so this is a short table of values as the
 * codes print them for the municipality, each with its source; a site matches the entry whose
 * municipality radius covers it. These are public regulatory values; they carry no licence terms.
 */

export interface SeismicReferenceEntry {
  place: string;
  country: string;
  lat: number;
  lon: number;
  /** how far from the point the municipality's value is taken to hold, km */
  radiusKm: number;
  /** design or reference peak ground acceleration on rock, g */
  pgaG?: number;
  /** the code's zone, where it gives a zone rather than a value */
  zone?: string;
  /** the acceleration range the zone stands for, g */
  pgaRangeG?: [number, number];
  /** the return period the value is for, years */
  returnPeriodYears: number;
  dataset: string;
  source: string;
  /** the published page the value was checked against and what it says; absent: not yet checked (see data/README.md) */
  checked?: { url: string; says: string };
}

const P100 = {
  dataset: 'P100-1/2013 (Romania)',
  source: 'Cod de proiectare seismică P100-1/2013, Annex A, Table A.1: design ground acceleration ag by locality (MDRAP, 2013)',
  returnPeriodYears: 225,
};
const OPCM = {
  dataset: 'OPCM 3274/2003 (Italy)',
  source: 'Ordinanza PCM 3274/2003, Annex 1: seismic zone of each municipality (zone 1 ag > 0.25 g, 2 0.15–0.25 g, 3 0.05–0.15 g, 4 < 0.05 g)',
  returnPeriodYears: 475,
};
const EAK = {
  dataset: 'EAK 2000 (Greece)',
  source: 'Greek Seismic Code EAK 2000 as amended 2003: seismic hazard zones I–III (0.16, 0.24, 0.36 g)',
  returnPeriodYears: 475,
};
const NCSE = {
  dataset: 'NCSE-02 (Spain)',
  source: 'Norma de Construcción Sismorresistente NCSE-02 (RD 997/2002), Annex 1: basic acceleration ab by municipality',
  returnPeriodYears: 500,
};
const NP_EN_1998 = {
  dataset: 'NP EN 1998-1 (Portugal)',
  source: 'NP EN 1998-1:2010 National Annex: seismic zones by municipality, reference agR for action types 1 and 2',
  returnPeriodYears: 475,
};

const ZONE_RANGE: Record<string, [number, number]> = { '1': [0.25, 0.35], '2': [0.15, 0.25], '3': [0.05, 0.15], '4': [0, 0.05] };
const italy = (place: string, lat: number, lon: number, radiusKm: number, zone: string, note = ''): SeismicReferenceEntry => ({
  place,
  country: 'IT',
  lat,
  lon,
  radiusKm,
  zone: `zone ${zone}${note}`,
  pgaRangeG: ZONE_RANGE[zone]!,
  ...OPCM,
});
const romania = (place: string, lat: number, lon: number, radiusKm: number, pgaG: number): SeismicReferenceEntry => ({ place, country: 'RO', lat, lon, radiusKm, pgaG, ...P100 });
const spain = (place: string, lat: number, lon: number, radiusKm: number, pgaG: number): SeismicReferenceEntry => ({ place, country: 'ES', lat, lon, radiusKm, pgaG, ...NCSE });

const GREEK_MAP_2004 = {
  url: 'https://www.ekathimerini.com/news/16437/no-more-non-seismic-areas/',
  says: 'the map in force from 1 January 2004 has three zones (0.16, 0.24, 0.36 g); Attica and greater Thessaloniki moved up from 0.16 g to 0.24 g',
};

export const SEISMIC_REFERENCE: readonly SeismicReferenceEntry[] = [
  {
    ...romania('Bucharest', 44.43, 26.1, 20, 0.3),
    checked: {
      url: 'https://ro.scribd.com/document/702720814/Incadrare-seismica-Institutul-Clinic-Fundeni',
      says: 'a Bucharest site (Fundeni hospital) classified under P100-1/2013: ag = 0.30 g for a 225-year mean recurrence interval',
    },
  },
  romania('Ploiești', 44.94, 26.02, 12, 0.35),
  romania('Focșani', 45.7, 27.18, 12, 0.4),
  romania('Galați', 45.44, 28.05, 12, 0.3),
  {
    ...romania('Iași', 47.16, 27.59, 12, 0.25),
    checked: {
      url: 'https://ro.scribd.com/document/467712505/Solutii-Recomandari-studiu-geo',
      says: 'a geotechnical study in Iași municipality: under P100-1/2013, ag = 0.25 g for IMR = 225 years, TC = 0.70 s',
    },
  },
  romania('Brașov', 45.65, 25.61, 12, 0.2),
  romania('Constanța', 44.17, 28.64, 12, 0.2),
  romania('Craiova', 44.32, 23.8, 12, 0.2),
  romania('Timișoara', 45.75, 21.23, 12, 0.2),
  romania('Cluj-Napoca', 46.77, 23.59, 12, 0.1),
  {
    ...italy('Naples', 40.85, 14.27, 12, '2'),
    checked: {
      url: 'https://pupia.tv/2016/11/campania/terremoto-napoli-zona-sismica-2-il-piano-di-salvaguardia/370809',
      says: 'the national seismic classification puts the city of Naples in zone 2, medium seismicity',
    },
  },
  italy('Rome', 41.9, 12.5, 20, '3', ' (the Lazio update, DGR 387/2009, splits Rome into sub-zones 2B and 3A)'),
  {
    ...italy('Messina', 38.19, 15.55, 12, '1'),
    checked: {
      url: 'https://messinaora.it/notizia/?p=81319',
      says: 'the seismic zone of Messina under OPCM 3274/2003, as updated by the Sicilian DGR 408/2003, is zone 1, ag of 0.25 g or more',
    },
  },
  {
    ...italy('Reggio Calabria', 38.11, 15.65, 12, '1'),
    checked: {
      url: 'http://www.raiplay.it/raiplay/video/2016/11/Calabria-big-one-del-07112016-84f766d7-4d3b-4754-97cb-0829018596a0.html',
      says: 'Reggio Calabria lies in seismic zone 1, the most dangerous of all',
    },
  },
  {
    ...italy('Catania', 37.5, 15.09, 12, '2'),
    checked: {
      url: 'https://catania.livesicilia.it/2019/01/27/catania-e-la-minaccia-terremoto-e-la-citta-piu-a-rischio-deuropa_486108/',
      says: 'the city of Catania is classified in seismic zone 2, not zone 1 (the 2003 list)',
    },
  },
  // Attica moved from zone I (0.16 g) to zone II (0.24 g) in the 2003 revision, in force from 2004.
  { place: 'Athens', country: 'GR', lat: 37.98, lon: 23.73, radiusKm: 25, zone: 'zone II', pgaG: 0.24, ...EAK, checked: GREEK_MAP_2004 },
  { place: 'Thessaloniki', country: 'GR', lat: 40.64, lon: 22.94, radiusKm: 15, zone: 'zone II', pgaG: 0.24, ...EAK, checked: GREEK_MAP_2004 },
  { place: 'Lisbon', country: 'PT', lat: 38.72, lon: -9.14, radiusKm: 15, zone: 'zones 1.3 (type 1) and 2.3 (type 2)', pgaG: 0.17, ...NP_EN_1998 },
  {
    ...spain('Granada', 37.18, -3.6, 12, 0.24),
    checked: {
      url: 'https://www.granadahoy.com/granada/creador-plan-sismico-Granada-terremotos-magnitud_0_1541846090.html',
      says: "the civil-protection author of Granada's seismic plan: every new building is designed for accelerations up to 0.24 g",
    },
  },
  spain('Murcia', 37.99, -1.13, 12, 0.15),
  spain('Alicante', 38.35, -0.48, 12, 0.14),
  spain('Almería', 36.84, -2.46, 12, 0.14),
  spain('Málaga', 36.72, -4.42, 12, 0.11),
  spain('Sevilla', 37.39, -5.98, 12, 0.07),
];

export interface SeismicReference extends SeismicReferenceEntry {
  /** km from the site to the place's point */
  distanceKm: number;
}

/** The published value whose municipality covers the site (the nearest when two do), or null. */
export function seismicReference(lat: number, lon: number): SeismicReference | null {
  let best: SeismicReference | null = null;
  for (const e of SEISMIC_REFERENCE) {
    const d = distanceKm(lat, lon, e.lat, e.lon);
    if (d <= e.radiusKm && (!best || d < best.distanceKm)) best = { ...e, distanceKm: Math.round(d * 10) / 10 };
  }
  return best;
}

/** '0.30 g (P100-1/2013 (Romania), 225-year)' or 'zone 2, 0.15–0.25 g (OPCM 3274/2003 (Italy), 475-year)' */
export function describeSeismicReference(r: SeismicReferenceEntry): string {
  const value =
    r.pgaG !== undefined
      ? `${r.zone ? `${r.zone}, ` : ''}${r.pgaG.toFixed(2)} g`
      : `${r.zone}, ${r.pgaRangeG![0].toFixed(2)}–${r.pgaRangeG![1].toFixed(2)} g`;
  return `${value} for ${r.place} (${r.dataset}, ${r.returnPeriodYears}-year)`;
}

/** The zones the table writes out in words ('zone 2', 'zone II' are said by their number). */
const ZONE_IDS: Record<string, string> = {
  'zone 3 (the Lazio update, DGR 387/2009, splits Rome into sub-zones 2B and 3A)': 'location.seismicCode.zoneRome',
  'zones 1.3 (type 1) and 2.3 (type 2)': 'location.seismicCode.zonesLisbon',
};

function zoneValue(zone: string): MessageValue {
  const single = /^zone (\S+)$/.exec(zone);
  if (single) return msg('location.seismicCode.zone', { zone: single[1]! });
  return ZONE_IDS[zone] ? msg(ZONE_IDS[zone]) : zone;
}

/** describeSeismicReference as a message (the report's evidence; its English is describeSeismicReference's). */
export function seismicReferenceMessage(r: SeismicReferenceEntry): Message {
  const g = (x: number) => numberValue(Number(x.toFixed(2)), 2, 2);
  const value =
    r.pgaG !== undefined
      ? r.zone
        ? msg('location.seismicCode.zoneValue', { zone: zoneValue(r.zone), g: g(r.pgaG) })
        : msg('location.seismicCode.value', { g: g(r.pgaG) })
      : msg('location.seismicCode.zoneRange', { zone: zoneValue(r.zone ?? 'undefined'), from: g(r.pgaRangeG![0]), to: g(r.pgaRangeG![1]) });
  return msg('location.seismicCode.reference', { value, place: r.place, dataset: r.dataset, years: String(r.returnPeriodYears) });
}
