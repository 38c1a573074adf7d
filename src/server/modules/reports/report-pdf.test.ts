import { describe, expect, it } from 'vitest';
import type { ReportResponse } from '../../../shared/contracts/assessment-api.js';
import { notScreened, type ReportScreening } from '../../../shared/contracts/screening.js';
import { buildRiskResult } from '../../../shared/scoring.js';
import { renderReportPdf } from './report-pdf.js';
import { pdfPageTexts } from '../../../../test/pdf-text.js';

/** The PDF the API serves carries the report's sanctions screening near the top of page 1, as the screen's does. */

/** Each page's text (pdf.js), white space squashed. */
const pageTexts = async (bytes: Buffer) => (await pdfPageTexts(bytes)).map((page) => page.replace(/\s+/g, ' '));

const screening: ReportScreening = {
  status: 'match',
  screened_at: '2026-11-27T14:05:00.000Z',
  lists: [
    { list: 'EU', generated_at: '2026-11-26T12:00:00.000Z', stale: false },
    { list: 'UN', generated_at: '2026-11-25T12:00:00.000Z', stale: false },
    { list: 'UK', generated_at: '2026-11-27T12:00:00.000Z', stale: false },
  ],
  hits: [
    {
      list: 'EU',
      entry_id: 'EU.7382.45',
      listed_name: 'ООО Роснефтегаз Трейдинг',
      matched_name: 'Rosneftegaz Trading s.r.o.',
      subject: 'company',
      score: 1,
      programme: 'RUS',
      designation_date: '2022-04-08',
      reasons: ['regnumber 27074358 (CZ) equals the national ID'],
      decision: { decision: 'confirmed', note: 'Same registration number.', decided_by: 'anna@insurer.example', decided_at: '2026-11-27T15:30:00.000Z' },
    },
  ],
};

function report(over: Partial<ReportResponse> = {}): ReportResponse {
  const result = buildRiskResult({
    id: '0b6c7d8e-9f00-4a1b-8c2d-3e4f5a6b7c8d',
    createdAt: '2026-11-27T14:05:00.000Z',
    location: [{ name: 'Flood', rawLikelihood: 2, impact: 3, reason: ['Vltava 0.4 km'] }],
    industry: [{ name: 'Cyber', rawLikelihood: 2, impact: 2, reason: [] }],
    keyTakeaways: [],
  });
  return {
    company_data: {
      name: 'Rosneftegaz Trading s.r.o.',
      address: 'Na Poříčí 1, 110 00 Praha',
      fiscal_number: 'CZ27074358',
      postal_code: '110 00',
      city: 'Praha',
      country: 'Czech Republic',
      latitude: 50.09,
      longitude: 14.43,
      geocode_precision: 'address',
      activity: { nace_code: '46.71', nace_label: 'Wholesale of fuels', inferred_from: 'source', evidence: 'ARES' },
      legal_form: null,
      status: 'active',
      incorporated_on: null,
      employees: null,
      officers: [{ name: 'Jan Novák', role: 'jednatel', kind: 'person' }],
      owners: [],
      sources: ['ares'],
      sample: false,
    },
    result,
    screening: notScreened,
    ...over,
  };
}

const options = { productName: 'Corisk', appUrl: 'https://corisk.example', now: () => new Date('2026-11-27T16:00:00Z') };

describe('renderReportPdf: the sanctions screening', () => {
  it('draws the red box with the hit, its reason and decision, in the Unicode font for a Cyrillic name', async () => {
    const pages = await pageTexts((await renderReportPdf(report({ screening }), null, options)).bytes);
    const text = pages[0]!;
    expect(text).toContain('Sanctions match: cover must not be given without a licence');
    expect(text).toContain('ООО Роснефтегаз Трейдинг');
    expect(text).toContain('regnumber 27074358 (CZ) equals the national ID');
    expect(text).toContain('Decision: Confirmed match, marked by anna@insurer.example on 27 Nov 2026, 15:30 UTC');
    expect(pages.join(' ')).toContain('Officers Jan Novák (jednatel)');
  });

  it('says a report made before screening was not screened', async () => {
    const [text] = await pageTexts((await renderReportPdf(report(), null, options)).bytes);
    expect(text).toContain('Not screened against sanctions lists (report made before screening)');
    expect(text).not.toContain('Sanctions match');
  });
});
