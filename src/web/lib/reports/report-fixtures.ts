import type { CompanyData, RiskAssessmentResult } from '../../../shared/contracts/assessment';
import { buildRiskResult, type AssessedRisk } from '../../../shared/scoring';

/**
 * Test data of the assessment screen: a company, a result built by the shared scoring rules,
 * and a long report that needs several PDF pages. Imported by tests only.
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
