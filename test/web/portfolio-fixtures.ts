import type { PortfolioDetail, PortfolioPreview, PortfolioPreviewRow, PortfolioRow } from '../../src/shared/contracts/portfolio';

/** Portfolio answers as the API gives them, for the portfolio screens' tests. */

export const PORTFOLIO_ID = '7f1d3c52-5a7e-4c1b-9a51-1f0c2d9e8b01';

/** A previewed row on `line` of a file with a header line: row `line - 1`. */
export function previewRow(line: number, over: Partial<PortfolioPreviewRow> = {}): PortfolioPreviewRow {
  return {
    row: line - 1,
    line,
    fiscal_number: 'PT500697256',
    country: 'PT',
    reference: `REF-${line}`,
    site_address: '',
    vat: 'PT500697256',
    country_name: 'Portugal',
    problems: [],
    ...over,
  };
}

export function previewFixture(over: Partial<PortfolioPreview> = {}): PortfolioPreview {
  const rows = over.rows ?? [
    previewRow(2),
    previewRow(3, { site_address: 'Rua do Ouro 1, 4150-554 Porto' }),
    previewRow(4, { fiscal_number: 'PT500697257', vat: null, problems: ['The fiscal number PT500697257 fails its check digits.'] }),
    previewRow(5, { fiscal_number: 'DE143454214', country: 'Germany', vat: 'DE143454214', country_name: 'Germany' }),
    previewRow(6, { country: 'Narnia', country_name: null, problems: ['Narnia is not an EU country name or ISO code.'] }),
  ];
  const invalid = rows.filter((r) => r.problems.length).length;
  return { rows, valid: rows.length - invalid, invalid, cost: rows.length - invalid, credits: 100, ...over };
}

export function row(n: number, over: Partial<PortfolioRow> = {}): PortfolioRow {
  return {
    id: `row-${n}`,
    row: n,
    fiscal_number: 'PT500697256',
    country: 'PT',
    reference: `REF-${n}`,
    site_address: '',
    status: 'queued',
    ...over,
  };
}

export function doneRow(n: number, over: Partial<PortfolioRow> = {}): PortfolioRow {
  return row(n, {
    status: 'done',
    report_id: `rpt-${n}`,
    company_name: 'EDP, S.A.',
    overallScore: 84,
    overallScoreGrade: 'B',
    worst_hazard: 'Earthquake',
    latitude: 38.7,
    longitude: -9.15,
    ...over,
  });
}

export function detailFixture(over: Partial<PortfolioDetail> = {}): PortfolioDetail {
  const rows = over.rows ?? [
    doneRow(2, { reference: 'Lisbon HQ', overallScore: 84, overallScoreGrade: 'B', worst_hazard: 'Earthquake' }),
    doneRow(3, {
      reference: 'Walldorf',
      fiscal_number: 'DE143454214',
      country: 'Germany',
      company_name: 'SAP SE',
      overallScore: 92,
      overallScoreGrade: 'A',
      worst_hazard: 'Windstorm',
      latitude: 49.29,
      longitude: 8.64,
    }),
    doneRow(4, {
      reference: 'Porto plant',
      site_address: 'Rua do Ouro 1, 4150-554 Porto',
      overallScore: 55,
      overallScoreGrade: 'F',
      worst_hazard: 'Flood',
      latitude: 41.15,
      longitude: -8.63,
    }),
    row(5, { status: 'failed', reference: 'Athens', fiscal_number: 'EL094019245', country: 'GR', error: 'The company register of Greece did not answer.' }),
  ];
  const done = rows.filter((r) => r.status === 'done').length;
  const failed = rows.filter((r) => r.status === 'failed').length;
  return {
    id: PORTFOLIO_ID,
    name: 'Property book 2026',
    status: done + failed === rows.length ? 'done' : 'running',
    total: rows.length,
    done,
    failed,
    created_at: '2026-11-24T08:00:00.000Z',
    started_at: '2026-11-24T08:00:01.000Z',
    finished_at: done + failed === rows.length ? '2026-11-24T08:01:00.000Z' : null,
    eta_seconds: null,
    rows,
    ...over,
  };
}
