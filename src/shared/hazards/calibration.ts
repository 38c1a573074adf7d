import type { HazardKey, Level } from './rules.js';

/**
 * The calibration table: reference sites across the EU, each hazard's published reference level
 * beside the one Corisk gives (the levels are a snapshot, calibration-levels.json, written by
 * `npx tsx scripts/calibration-snapshot.ts` and checked by test/calibration.test.ts).
 *
 * Reference levels are on Corisk's 0–5 scale. A seismic code's or hazard model's 475-year peak
 * ground acceleration is read on the same ladder the deployment rasters use (0.3 g or more Very
 * High, 0.2 High, 0.1 Moderate, 0.05 Low, Very Low below); a zone by its acceleration range; a
 * ThinkHazard level as Very low 1, Low 2, Medium 3, High 4. Only hazards with a published
 * reference for the place are listed.
 */
export interface CalibrationRow {
  site: string;
  country: string;
  lat: number;
  lon: number;
  hazard: HazardKey;
  reference: Level;
  /** the reference as its source states it ('zone 2, 0.15–0.25 g') */
  referenceSaid: string;
  source: string;
  /** why Corisk's level differs by more than the agreement rule allows */
  why?: string;
}

/** Corisk agrees with a reference when its level is within this many levels of it. */
export const AGREEMENT_WITHIN = 1;
export const AGREEMENT_RULE = `Corisk agrees with a reference when its level is within ${AGREEMENT_WITHIN} level of the reference level (ThinkHazard's top level, High, takes Corisk's High or Very High).`;

export const agrees = (corisk: number, reference: number): boolean => Math.abs(corisk - reference) <= AGREEMENT_WITHIN;

const P100 = 'P100-1/2013 (Romania), Annex A: design ground acceleration ag (225-year)';
const OPCM = 'OPCM 3274/2003 (Italy), Annex 1: seismic zone of the municipality (zone 1 > 0.25 g, 2 0.15–0.25 g, 3 0.05–0.15 g, 4 < 0.05 g)';
const MPS04 = 'INGV MPS04 seismic hazard model (OPCM 3519/2006): 475-year ag for the municipality';
const EAK = 'EAK 2000 as amended 2003 (Greece): seismic zones I–III (0.16, 0.24, 0.36 g)';
const NCSE = 'NCSE-02 (Spain), Annex 1: basic acceleration ab of the municipality (500-year)';
const NP_EN = 'NP EN 1998-1 National Annex (Portugal): reference agR of the municipality (475-year)';
const FR = 'Décret 2010-1255 (France): seismic zone of the commune (1 very low 0.4 m/s², 2 low 0.7, 3 moderate 1.1, 4 medium 1.6)';
const ESHM20 = 'ESHM20 (EFEHR): 475-year PGA on rock under 0.05 g across the region';
const ESHM20_MID = 'ESHM20 (EFEHR): 475-year PGA on rock of 0.05–0.1 g';
const EU_NA = (code: string) => `${code}: 475-year reference agR of the National Annex`;
const TH = (hazard: string) => `GFDRR ThinkHazard! ${hazard} level of the administrative area`;

type Row = Omit<CalibrationRow, 'hazard' | 'reference' | 'referenceSaid' | 'source'>;
const at = (site: string, country: string, lat: number, lon: number): Row => ({ site, country, lat, lon });
const quake = (r: Row, reference: Level, referenceSaid: string, source: string, why?: string): CalibrationRow => ({ ...r, hazard: 'earthquake', reference, referenceSaid, source, ...(why ? { why } : {}) });
const low = (r: Row, why?: string) => quake(r, 1, 'under 0.05 g', ESHM20, why);

const BUCHAREST = at('Bucharest', 'RO', 44.4268, 26.1025);
const NAPLES = at('Naples', 'IT', 40.8518, 14.2681);
const POZZUOLI = at('Pozzuoli', 'IT', 40.8225, 14.1214);
const TORRE_DEL_GRECO = at('Torre del Greco', 'IT', 40.7853, 14.3687);
const ROME = at('Rome', 'IT', 41.9028, 12.4964);
const ROME_ENI = at('Rome (Eni, EUR)', 'IT', 41.8329, 12.4669);
const CATANIA = at('Catania', 'IT', 37.5079, 15.083);
const MLADA = at('Mladá Boleslav', 'CZ', 50.4113, 14.9031);
const AMSTERDAM = at('Amsterdam', 'NL', 52.3676, 4.9041);
const ROTTERDAM = at('Rotterdam', 'NL', 51.9244, 4.4777);
const VENICE = at('Venice', 'IT', 45.4408, 12.3155);

export const CALIBRATION: readonly CalibrationRow[] = [
  quake(BUCHAREST, 5, 'ag 0.30 g', P100),
  quake(NAPLES, 3, 'zone 2, 0.15–0.25 g', OPCM),
  { ...NAPLES, hazard: 'volcano', reference: 4, referenceSaid: 'High', source: TH('volcanic hazard') },
  quake(POZZUOLI, 3, 'zone 2, 0.15–0.25 g', OPCM, 'no code value is tabled for Pozzuoli, so the catalogue alone rates it: its Very High rests on old Campanian events whose intensities the catalogue overstates'),
  { ...POZZUOLI, hazard: 'volcano', reference: 4, referenceSaid: 'High (Campi Flegrei)', source: TH('volcanic hazard') },
  { ...TORRE_DEL_GRECO, hazard: 'volcano', reference: 4, referenceSaid: 'High (Vesuvius)', source: TH('volcanic hazard') },
  quake(ROME, 3, 'zone 3 (sub-zones 2B and 3A), 0.05–0.15 g', OPCM),
  quake(ROME_ENI, 3, 'zone 3 (sub-zones 2B and 3A), 0.05–0.15 g', OPCM),
  quake(CATANIA, 3, 'zone 2, 0.15–0.25 g', OPCM),
  { ...CATANIA, hazard: 'volcano', reference: 4, referenceSaid: 'High (Etna)', source: TH('volcanic hazard') },
  quake(at("L'Aquila", 'IT', 42.3498, 13.3995), 4, 'ag 0.25–0.275 g', MPS04),
  quake(at('Messina', 'IT', 38.1938, 15.554), 4, 'zone 1, over 0.25 g', OPCM),
  quake(at('Reggio Calabria', 'IT', 38.1112, 15.6473), 4, 'zone 1, over 0.25 g', OPCM),
  quake(at('Palermo', 'IT', 38.1157, 13.3615), 3, 'zone 2, 0.15–0.25 g', OPCM),
  quake(at('Florence', 'IT', 43.7696, 11.2558), 3, 'zone 3, 0.05–0.15 g', OPCM, 'no code value is tabled for Florence, so the catalogue alone rates it: historical Apennine events (Mugello 1542 and 1919) are estimated at VIII here, above the zoning'),
  quake(at('Bologna', 'IT', 44.4949, 11.3426), 3, 'zone 3, 0.05–0.15 g', OPCM),
  quake(at('Genoa', 'IT', 44.4056, 8.9463), 2, '0.05–0.1 g', ESHM20_MID),
  quake(VENICE, 1, 'zone 4, under 0.05 g', OPCM, 'no code value is tabled for Venice: the catalogue counts the Friuli and Asolo events as shaking the lagoon at VII, where the zoning is the lowest'),
  { ...VENICE, hazard: 'coastalFlood', reference: 4, referenceSaid: 'High', source: TH('coastal flood') },
  quake(at('Athens', 'GR', 37.9838, 23.7275), 4, 'zone II, 0.24 g (Attica raised from zone I in 2004)', EAK),
  quake(at('Thessaloniki', 'GR', 40.6401, 22.9444), 4, 'zone II, 0.24 g', EAK),
  quake(at('Lisbon', 'PT', 38.7223, -9.1393), 3, 'agR 0.15 g (type 1) and 0.17 g (type 2)', NP_EN),
  quake(at('Porto', 'PT', 41.1579, -8.6291), 2, 'agR 0.08 g (type 2)', NP_EN, 'no damaging event on record near Porto and no code value tabled: the catalogue gives none, the country floor Negligible, where the code allows for distant offshore events'),
  quake(at('Valencia', 'ES', 39.4699, -0.3763), 2, 'ab 0.06 g', NCSE),
  quake(at('Madrid', 'ES', 40.4168, -3.7038), 1, 'ab under 0.04 g', NCSE),
  quake(at('Barcelona', 'ES', 41.3874, 2.1686), 1, 'ab 0.04 g', NCSE),
  quake(at('Granada', 'ES', 37.1773, -3.5986), 4, 'ab 0.24 g', NCSE),
  quake(at('Murcia', 'ES', 37.9922, -1.1307), 3, 'ab 0.15 g', NCSE),
  quake(at('Alicante', 'ES', 38.3452, -0.481), 3, 'ab 0.14 g', NCSE),
  quake(at('Málaga', 'ES', 36.7213, -4.4214), 3, 'ab 0.11 g', NCSE),
  quake(at('Sevilla', 'ES', 37.3891, -5.9845), 2, 'ab 0.07 g', NCSE),
  quake(at('Marseille', 'FR', 43.2965, 5.3698), 2, 'zone 2 (low), 0.7 m/s²', FR),
  quake(at('Nice', 'FR', 43.7102, 7.262), 3, 'zone 4 (medium), 1.6 m/s²', FR),
  quake(at('Lyon', 'FR', 45.764, 4.8357), 2, 'zone 2 (low), 0.7 m/s²', FR),
  quake(at('Strasbourg', 'FR', 48.5734, 7.7521), 3, 'zone 3 (moderate), 1.1 m/s²', FR),
  quake(at('Paris', 'FR', 48.8566, 2.3522), 1, 'zone 1 (very low), 0.4 m/s²', FR),
  quake(at('Ljubljana', 'SI', 46.0569, 14.5058), 4, 'agR 0.25 g', EU_NA('SIST EN 1998-1 (Slovenia)')),
  quake(at('Zagreb', 'HR', 45.815, 15.9819), 4, 'agR about 0.25 g', EU_NA('HRN EN 1998-1 (Croatia)')),
  quake(at('Budapest', 'HU', 47.4979, 19.0402), 3, 'agR 0.12–0.15 g', EU_NA('MSZ EN 1998-1 (Hungary)')),
  quake(at('Vienna', 'AT', 48.2082, 16.3738), 2, 'agR about 0.07–0.08 g', EU_NA('ÖNORM B 1998-1 (Austria)')),
  quake(at('Cologne', 'DE', 50.9375, 6.9603), 1, 'zone 1, ag 0.4 m/s²', 'DIN EN 1998-1/NA (Germany): seismic zone of the municipality (zone 1 0.4 m/s², outside the zones less)'),
  quake(at('Munich', 'DE', 48.1351, 11.582), 1, 'outside the seismic zones', 'DIN EN 1998-1/NA (Germany): seismic zone of the municipality'),
  low(at('Hamburg', 'DE', 53.5511, 9.9937)),
  low(at('Berlin', 'DE', 52.52, 13.405)),
  low(at('Dresden', 'DE', 51.0504, 13.7373)),
  low(AMSTERDAM),
  { ...AMSTERDAM, hazard: 'coastalFlood', reference: 4, referenceSaid: 'High', source: TH('coastal flood') },
  low(ROTTERDAM),
  { ...ROTTERDAM, hazard: 'coastalFlood', reference: 4, referenceSaid: 'High', source: TH('coastal flood') },
  low(at('Brussels', 'BE', 50.8503, 4.3517)),
  low(at('Luxembourg', 'LU', 49.6116, 6.1319)),
  low(at('Prague', 'CZ', 50.0755, 14.4378)),
  low(MLADA),
  {
    ...MLADA,
    hazard: 'riverFlood',
    reference: 4,
    referenceSaid: 'High',
    source: TH('river flood'),
    why: 'the Jizera runs about 1 km from the town, but the bundled river data (Natural Earth 1:10m, GSHHG/WDBII) omits it: Corisk finds no mapped river and says so',
  },
  low(at('Warsaw', 'PL', 52.2297, 21.0122)),
  low(at('Copenhagen', 'DK', 55.6761, 12.5683)),
  low(at('Stockholm', 'SE', 59.3293, 18.0686)),
  low(at('Helsinki', 'FI', 60.1699, 24.9384)),
  low(at('Tallinn', 'EE', 59.437, 24.7536)),
  low(at('Riga', 'LV', 56.9496, 24.1052)),
  low(at('Vilnius', 'LT', 54.6872, 25.2797)),
  low(at('Dublin', 'IE', 53.3498, -6.2603)),
];

/** The key of a row in the snapshot of Corisk's levels. */
export const calibrationKey = (r: Pick<CalibrationRow, 'site' | 'hazard'>): string => `${r.site}|${r.hazard}`;

/** Per hazard: rows, rows that agree, the rate (0–1), from Corisk's levels by calibrationKey. */
export function agreementByHazard(levels: Readonly<Record<string, number>>, rows: readonly CalibrationRow[] = CALIBRATION): { hazard: HazardKey; rows: number; agree: number; rate: number }[] {
  const out = new Map<HazardKey, { rows: number; agree: number }>();
  for (const r of rows) {
    const level = levels[calibrationKey(r)];
    const t = out.get(r.hazard) ?? { rows: 0, agree: 0 };
    t.rows += 1;
    if (level !== undefined && agrees(level, r.reference)) t.agree += 1;
    out.set(r.hazard, t);
  }
  return [...out].map(([hazard, t]) => ({ hazard, ...t, rate: t.agree / t.rows }));
}
