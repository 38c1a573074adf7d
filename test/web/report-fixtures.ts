import type { CompanyData, DataSource, RiskAssessmentResult, RiskEvidence } from '../../src/shared/contracts/assessment.js';
import type { ReportScreening, ScreenedList, ScreeningHitDto } from '../../src/shared/contracts/screening.js';
import { buildRiskResult, type AssessedRisk } from '../../src/shared/scoring.js';

/**
 * Test data of the assessment screen: a company, a result built by the shared scoring rules,
 * and a long report that needs several PDF pages. Imported by tests only (server tests too: hence the .js imports).
 */

export function companyFixture(over: Partial<CompanyData> = {}): CompanyData {
  return {
    name: 'EDP, S.A.',
    address: 'Avenida 24 de Julho, 12, 1249-300 Lisboa',
    fiscal_number: '500697256',
    postal_code: '1249-300',
    city: 'Lisboa',
    country: 'Portugal',
    latitude: 38.70694,
    longitude: -9.15201,
    geocode_precision: 'postal_code',
    activity: {
      nace_code: 'D35.11',
      nace_label: 'Production of electricity',
      inferred_from: 'source',
      evidence: 'sample directory NACE class',
    },
    legal_form: null,
    status: 'unknown',
    incorporated_on: null,
    employees: null,
    officers: [],
    owners: [],
    sources: ['sample', 'offline gazetteer'],
    sample: true,
    ...over,
  };
}

const LOCATION: AssessedRisk[] = [
  { name: 'Flood', rawLikelihood: 2, impact: 4, reason: ['Distance to the Tagus estuary 0.6 km', 'Low-lying riverside district'] },
  { name: 'Earthquake', rawLikelihood: 3, impact: 5, reason: ['Lisbon lies in a moderate-to-high seismic zone (1755 earthquake)'] },
  { name: 'Wildfire', rawLikelihood: 1, impact: 2, reason: ['Dense urban area, no forest within 5 km'] },
  { name: 'Crime/theft', rawLikelihood: 2, impact: 2, reason: ['City centre location, national crime index moderate'] },
];

const INDUSTRY: AssessedRisk[] = [
  { name: 'Property/fire', rawLikelihood: 2, impact: 4, reason: ['NACE D35.11 electricity production', 'High-value generating assets'] },
  { name: 'Cyber', rawLikelihood: 3, impact: 4, reason: ['Operator of essential services (NIS2)'] },
  { name: 'Regulatory', rawLikelihood: 2, impact: 3, reason: [] },
];

export function resultFixture(over: Partial<RiskAssessmentResult> = {}): RiskAssessmentResult {
  return {
    ...buildRiskResult({
      id: 'rpt_7f3a9c2e41',
      createdAt: '2025-03-05T14:05:00.000Z',
      location: LOCATION,
      industry: INDUSTRY,
      keyTakeaways: [
        'Review flood cover and business-interruption limits for the riverside headquarters.',
        'Earthquake exposure is material: check sums insured against the seismic zone.',
      ],
    }),
    ...over,
  };
}

/** A report with many risks and long reasons: several pages in the PDF. */
export function longResultFixture(): RiskAssessmentResult {
  const sentence =
    'The assessed indicator combines the published national index with point features of the site, ' +
    'and the underwriter should verify it against the survey report before binding cover';
  const risks = (prefix: string, n: number): AssessedRisk[] =>
    Array.from({ length: n }, (_, i) => ({
      name: `${prefix} risk number ${i + 1} with a fairly long descriptive name`,
      rawLikelihood: i % 6,
      impact: (i * 2) % 6,
      reason: Array.from({ length: 4 }, (_, j) => `${sentence} (${prefix} ${i + 1}.${j + 1}).`),
    }));
  return buildRiskResult({
    id: 'rpt_long_report_0001',
    createdAt: '2024-11-20T09:30:00.000Z',
    location: risks('Location', 14),
    industry: risks('Industry', 12),
    keyTakeaways: Array.from({ length: 12 }, (_, i) => `Takeaway ${i + 1}: ${sentence}.`),
  });
}

/** The data sources a report with site evidence lists (as the embedded analyst names them). */
export const DATA_SOURCES_FIXTURE: DataSource[] = [
  {
    name: 'ETOPO5 global relief',
    version: '5 arc-minute grid, 1988',
    licence: 'Public domain (NOAA)',
    url: 'https://www.ngdc.noaa.gov/mgg/global/etopo5.HTML',
    used_for: 'Elevation of the site and relief around it: coastal and river flood, landslide, heat',
  },
  {
    name: 'Natural Earth 1:10m rivers and coastline',
    version: '10m physical, with the Europe supplement',
    licence: 'Public domain',
    url: 'https://www.naturalearthdata.com/downloads/10m-physical-vectors/',
    used_for: 'Distance to the nearest river weighted by its size, and distance to the sea',
  },
  {
    name: 'NOAA NCEI Significant Earthquake Database',
    version: 'Export of October 2014',
    licence: 'Public domain (US Government work)',
    url: 'https://www.ngdc.noaa.gov/hazel/view/hazards/earthquake/search',
    used_for: 'Damaging earthquakes recorded within 100 km of the site',
  },
  {
    name: 'Global Volcanism Program, Smithsonian Institution, Volcanoes of the World',
    version: 'Holocene volcano list, February 2015',
    licence: 'Free to use with this citation',
    url: 'https://volcano.si.edu/',
    used_for: 'Distance to Holocene volcanoes and their last known eruption',
  },
  {
    name: 'INFORM Global Risk Index',
    version: '2020 v0.4.0',
    licence: 'Published index of the European Commission Joint Research Centre',
    url: 'https://drmkc.jrc.ec.europa.eu/inform-index',
    used_for: 'Country indices, the prior where the site gives no evidence',
  },
];

const SITE_LOCATION: (AssessedRisk & { evidence: RiskEvidence[] })[] = [
  {
    name: 'Earthquake',
    rawLikelihood: 4,
    impact: 5,
    reason: ['Damaging earthquakes recorded close to the site: High (more than 20 % chance of damaging shaking in 50 years)'],
    evidence: [
      { dataset: 'NOAA NCEI', text: 'M7.1 Messina 1908, 86 km; 6 damaging events within 100 km since 1600' },
      { dataset: 'INFORM 2020', text: 'earthquake exposure 7.1/10 for Italy (country prior)' },
    ],
  },
  {
    name: 'Volcanic Activity',
    rawLikelihood: 4,
    impact: 4,
    reason: ['Within 50 km of a volcano that erupted in the last 2,000 years: High'],
    evidence: [{ dataset: 'Smithsonian GVP', text: 'Etna (stratovolcano), 28 km; last eruption 2015 or later' }],
  },
  {
    name: 'Coastal Flood / Storm Surge',
    rawLikelihood: 3,
    impact: 4,
    reason: ['Low-lying coastal site: Medium'],
    evidence: [
      { dataset: 'ETOPO5', text: 'ETOPO5: 3 m above sea level, 1.2 km from the coast: low-lying coastal site' },
      { dataset: 'Natural Earth', text: 'coastline 1.2 km east of the site' },
    ],
  },
  { name: 'Flood', rawLikelihood: 2, impact: 4, reason: ['No large river within 5 km: Low'], evidence: [] },
];

/** A report built with site evidence, a Volcanic Activity risk and its data sources. */
export function evidenceResultFixture(): RiskAssessmentResult {
  const base = buildRiskResult({
    id: 'rpt_site_evidence_01',
    createdAt: '2025-03-05T14:05:00.000Z',
    location: SITE_LOCATION,
    industry: INDUSTRY,
    keyTakeaways: ['Volcanic ash and earthquake cover: check sums insured for the Catania plant.'],
  });
  const location_risk: RiskAssessmentResult['location_risk'] = {};
  for (const risk of SITE_LOCATION) location_risk[risk.name] = { reason: risk.reason, evidence: risk.evidence };
  return { ...base, location_risk, data_sources: DATA_SOURCES_FIXTURE };
}

/** The three lists as a screening used them, each with its own generation date (midday UTC: the same day in any time zone). */
export const SCREENED_LISTS: ScreenedList[] = [
  { list: 'EU', generated_at: '2026-11-26T12:00:00.000Z', stale: false },
  { list: 'UN', generated_at: '2026-11-25T12:00:00.000Z', stale: false },
  { list: 'UK', generated_at: '2026-11-27T12:00:00.000Z', stale: false },
];

/** A company hit on the EU list: the Cyrillic listed name beside the Latin one screened. */
export function hitFixture(over: Partial<ScreeningHitDto> = {}): ScreeningHitDto {
  return {
    list: 'EU',
    entry_id: 'EU.7382.45',
    listed_name: 'ООО Роснефтегаз Трейдинг',
    matched_name: 'Rosneftegaz Trading s.r.o.',
    subject: 'company',
    score: 0.96,
    programme: 'RUS',
    designation_date: '2022-04-08',
    reasons: ['names agree after transliteration: rosneftegaz treiding', 'legal forms set aside: ООО (LLC), s.r.o.', 'country agrees: CZ'],
    ...over,
  };
}

/** A report's screening; clear against the three lists unless told otherwise. */
export function screeningFixture(over: Partial<ReportScreening> = {}): ReportScreening {
  return { status: 'clear', screened_at: '2026-11-27T14:05:00.000Z', lists: SCREENED_LISTS, hits: [], ...over };
}

/** A match on the company, with an owner's possible match already marked a false positive. */
export function matchScreeningFixture(): ReportScreening {
  return screeningFixture({
    status: 'match',
    hits: [
      hitFixture(),
      hitFixture({
        list: 'UK',
        entry_id: 'RUS0251',
        listed_name: 'Ivan Petrovich Sidorov',
        matched_name: 'Ivan Sidorov',
        subject: 'owner',
        score: 0.78,
        programme: 'Russia',
        designation_date: null,
        reasons: ['owner Ivan Sidorov is listed (EU ownership and control rule)', 'one extra middle name on the list'],
        decision: { decision: 'false_positive', note: 'Born 1988 in Brno, the listed person in 1961.', decided_by: 'anna@insurer.example', decided_at: '2026-11-27T15:30:00.000Z' },
      }),
    ],
  });
}
