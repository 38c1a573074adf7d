import type {
  CompanyData,
  CompanyParty,
  DataSource,
  GeocodePrecision,
  ReportSite,
  RiskAssessmentResult,
  RiskEvidence,
  RiskScoreEntryDto,
} from '../contracts/assessment.js';
import { gradeLabel, levelLabel, type Grade } from '../scoring.js';
import { formatDate, formatFiledDateTime } from '../dates.js';
import { siteTypeText } from '../site-types.js';

/**
 * What the report screen and the PDF both show, computed once: the risk rows in display
 * order, the grade colours, the labels and the file name. Shared, because the server renders
 * the same PDF for the API.
 */

export type Rgb = readonly [number, number, number];

export interface GradeColours {
  /** Strong colour: badges, numbers, bars. */
  solid: Rgb;
  /** Pale background behind grade chips. */
  soft: Rgb;
}

/** A green (very low risk) to F red (very high risk). */
export const GRADE_COLOURS: Record<Grade, GradeColours> = {
  A: { solid: [21, 128, 61], soft: [220, 252, 231] },
  B: { solid: [77, 124, 15], soft: [236, 252, 203] },
  C: { solid: [161, 98, 7], soft: [254, 249, 195] },
  D: { solid: [194, 65, 12], soft: [255, 237, 213] },
  F: { solid: [185, 28, 28], soft: [254, 226, 226] },
};

/** Grade labels: 'Excellent - Very Low Risk' … 'Poor - Very High Risk'. */
export { gradeLabel, levelLabel };

/** 'High (4/5)'; 'Unknown' outside 0–5. */
export function levelText(value: number): string {
  const label = levelLabel(value);
  return label === 'Unknown' ? label : `${label} (${value}/5)`;
}

export interface RiskRow {
  name: string;
  score: number;
  grade: Grade;
  rawLikelihood: number;
  impact: number;
  likelihoodLabel: string;
  impactLabel: string;
  reasons: string[];
  /** Measured facts behind the rating, each naming its dataset; empty on older reports. */
  evidence: RiskEvidence[];
}

/**
 * An evidence line without its dataset repeated in front ('ETOPO5: 3 m …' under an ETOPO5
 * label reads '3 m …'), trimmed; lines left empty are dropped.
 */
export function evidenceLines(evidence: readonly RiskEvidence[] | undefined): RiskEvidence[] {
  return (evidence ?? [])
    .map(({ dataset, text }) => {
      const name = dataset.trim();
      let body = text.trim();
      if (name && body.toLowerCase().startsWith(`${name.toLowerCase()}:`)) body = body.slice(name.length + 1).trim();
      return { dataset: name, text: body };
    })
    .filter((e) => e.text);
}

/** The report's data sources with empty ones dropped; empty on older reports. */
export function dataSources(result: Pick<RiskAssessmentResult, 'data_sources'>): DataSource[] {
  return (result.data_sources ?? []).filter((s) => s.name.trim());
}

/**
 * The reasons not already shown as evidence: the analyst also writes each evidence line as a
 * reason ('ETOPO5: 3 m above sea level …'), which would print the same fact twice.
 */
export function reasonsBesideEvidence(reasons: readonly string[], evidence: readonly RiskEvidence[]): string[] {
  const fold = (x: string) => x.replace(/\s+/g, ' ').trim().toLowerCase();
  const shown = new Set(evidence.map((e) => fold(`${e.dataset}: ${e.text}`)));
  return reasons.map((r) => r.trim()).filter((r) => r && !shown.has(fold(r)));
}

type Reasons = Record<string, { reason: string[]; evidence?: RiskEvidence[] }>;

function rows(scores: Record<string, RiskScoreEntryDto>, reasons: Reasons): RiskRow[] {
  return Object.entries(scores).map(([name, entry]) => {
    const evidence = evidenceLines(reasons[name]?.evidence);
    return {
      name,
      score: entry.score,
      grade: entry.grade,
      rawLikelihood: entry.rawLikelihood,
      impact: entry.impact,
      likelihoodLabel: levelLabel(entry.rawLikelihood),
      impactLabel: levelLabel(entry.impact),
      reasons: reasonsBesideEvidence(reasons[name]?.reason ?? [], evidence),
      evidence,
    };
  });
}

/** The location risks in the order the result lists them. */
export function locationRows(result: RiskAssessmentResult): RiskRow[] {
  return rows(result.locationScoresMap, result.location_risk);
}

/** The industry-specific risks in the order the result lists them. */
export function industryRows(result: RiskAssessmentResult): RiskRow[] {
  return rows(result.industryScoresMap, result.sector_specific_risk);
}

/** One of the report's risk sections as the screen and the PDF show it: its risks, then their average. */
export interface RiskSectionModel {
  kind: 'location' | 'industry';
  title: string;
  rows: RiskRow[];
  averageLabel: string;
  average: number;
  averageGrade: Grade;
}

/** The location risks, then the industry-specific ones. */
export function riskSections(result: RiskAssessmentResult): RiskSectionModel[] {
  const r = result;
  return [
    { kind: 'location', title: 'Location-Based Risks', rows: locationRows(r), averageLabel: 'Average location risk', average: r.avgLocationRisk, averageGrade: r.avgLocationRiskGrade },
    { kind: 'industry', title: 'Industry-Specific Risks', rows: industryRows(r), averageLabel: 'Average industry risk', average: r.avgIndustryRisk, averageGrade: r.avgIndustryRiskGrade },
  ];
}

/** The report's date by the product's date rule ('5 Mar' this year, else '5 Mar, 2024'). */
export function reportDate(result: Pick<RiskAssessmentResult, 'created_at'>, now: Date = new Date()): string {
  return formatDate(result.created_at, now);
}

/** The report's date and time on what is filed (the PDF): '24 Nov 2026, 14:05 UTC', always with the year. */
export function reportFiledDate(result: Pick<RiskAssessmentResult, 'created_at'>): string {
  return formatFiledDateTime(result.created_at);
}

/**
 * Which engine and which bundled data made the report, e.g. 'Engine 0.1.0+rules.1  |  Data 2026-11-27.3f2a1b9c';
 * null on reports stored before they were recorded.
 */
export function versionsLine(result: Pick<RiskAssessmentResult, 'engine_version' | 'data_version'>, separator = '  |  '): string | null {
  const parts = [
    result.engine_version ? `Engine ${result.engine_version}` : '',
    result.data_version ? `Data ${result.data_version}` : '',
  ].filter(Boolean);
  return parts.length ? parts.join(separator) : null;
}

const PRECISION_LABELS: Record<GeocodePrecision, string> = {
  address: 'Street address',
  postal_code: 'Postal code area',
  city: 'City centre',
  country: 'Country centre (approximate)',
  user: 'Placed by the user',
};

export function precisionLabel(precision: GeocodePrecision): string {
  return PRECISION_LABELS[precision];
}

/** Coordinates to 5 decimals (about 1 m), e.g. '38.72225'. */
export function formatCoordinate(value: number): string {
  return value.toFixed(5);
}

/** 'C20.1 · Manufacture of basic chemicals' or the label alone when no code was determined. */
export function activityText(company: CompanyData): string {
  const { nace_code, nace_label } = company.activity;
  return nace_code ? `${nace_code} - ${nace_label}` : nace_label;
}

const STATUS_LABELS: Record<CompanyData['status'], string> = {
  active: 'Active',
  in_liquidation: 'In liquidation',
  insolvent: 'Insolvent',
  dissolved: 'Dissolved',
  unknown: 'Not stated by a national register',
};

/** The company's status in words ('In liquidation'); data stored before statuses existed reads as unknown. */
export function statusLabel(company: CompanyData): string {
  return STATUS_LABELS[company.status ?? 'unknown'] ?? STATUS_LABELS.unknown;
}

/** Where the activity code comes from, in words. */
export function activitySource(company: CompanyData): string {
  const { inferred_from, evidence } = company.activity;
  // The bundled sample directory is demo data, not an official register.
  if (inferred_from === 'source') return company.sample ? `Sample data: ${evidence}` : `Official: ${evidence}`;
  if (inferred_from === 'name') return `Inferred from the company name: ${evidence}`;
  return 'Not determined';
}

/**
 * The warning a report carries when the register says the company is closing or closed, or
 * null. Latin-1 only, so the PDF's standard font can write it.
 */
export function statusWarning(company: CompanyData): string | null {
  switch (company.status) {
    case 'dissolved':
      return 'Warning: the national company register lists this company as dissolved. It no longer exists as a legal entity: confirm the insured entity before quoting.';
    case 'insolvent':
      return 'Warning: the national company register lists this company in insolvency proceedings (bankruptcy or restructuring). Cover needs the administrator\'s consent.';
    case 'in_liquidation':
      return 'Warning: the national company register lists this company as in liquidation. It is being wound up.';
    default:
      return null;
  }
}

/**
 * The assessed site's facts, shown beside the registered office (never instead of it): address,
 * coordinates, how it was placed, its type when known and the caller's reference.
 */
export function siteFacts(site: ReportSite): { label: string; value: string }[] {
  const type = site.site_type ? `${site.site_type}${site.site_type_assumed ? ' (assumed)' : ''}` : null;
  return [
    { label: 'Site address', value: site.address || '-' },
    { label: 'Latitude', value: formatCoordinate(site.latitude) },
    { label: 'Longitude', value: formatCoordinate(site.longitude) },
    { label: 'Placement', value: precisionLabel(site.precision) },
    ...(type ? [{ label: 'Site type', value: type }] : []),
    ...(site.reference ? [{ label: 'Reference', value: site.reference }] : []),
  ];
}

/** The labelled company facts of the report, in display order (name, address, fiscal number, postal code, …). */
export function companyFacts(company: CompanyData): { label: string; value: string }[] {
  return [
    { label: 'Company name', value: company.name },
    { label: 'Address', value: company.address || '-' },
    { label: 'Fiscal number', value: company.fiscal_number },
    { label: 'Postal code', value: company.postal_code || '-' },
    { label: 'City', value: company.city || '-' },
    { label: 'Country', value: company.country },
    { label: 'Latitude', value: formatCoordinate(company.latitude) },
    { label: 'Longitude', value: formatCoordinate(company.longitude) },
    { label: 'Activity (NACE)', value: activityText(company) },
    { label: 'Activity source', value: activitySource(company) },
    // Reports stored before site types existed have none to show.
    ...(company.site_type ? [{ label: 'Site type', value: siteTypeText(company.site_type, company.site_type_assumed ?? false) }] : []),
    { label: 'Legal form', value: company.legal_form || '-' },
    { label: 'Status', value: statusLabel(company) },
    { label: 'Incorporated on', value: company.incorporated_on || '-' },
    { label: 'Employees', value: company.employees || '-' },
    { label: 'Location precision', value: precisionLabel(company.geocode_precision) },
  ];
}

/** A person or company the register names, with the role it gives: 'Jan Novák (jednatel)'. */
export function partyText(party: CompanyParty): string {
  const role = party.role?.trim();
  return role ? `${party.name} (${role})` : party.name;
}

/** The officers and the owners the register names, each group only when it names someone (older reports name none). */
export function companyParties(company: CompanyData): { label: 'Officers' | 'Owners'; parties: CompanyParty[] }[] {
  const groups = [
    { label: 'Officers' as const, parties: company.officers ?? [] },
    { label: 'Owners' as const, parties: company.owners ?? [] },
  ];
  return groups.filter((g) => g.parties.length > 0);
}

export const SAMPLE_NOTICE =
  'Sample data: this company comes from the bundled sample directory of public registry facts. ' +
  'Use this report to explore the product, not to underwrite.';

/**
 * The PDF's file name is the company name with whitespace turned into
 * underscores. Characters no file system accepts (/ \ : * ? " < > |) become underscores too.
 * A trailing dot ('Eni S.p.A.') is dropped, so the name does not end in '..pdf'.
 */
export function pdfFileName(companyName: string): string {
  const base = companyName
    .trim()
    .replace(/\s+/g, '_')
    .replace(/[/\\:*?"<>|\p{Cc}]/gu, '_')
    .replace(/\.+$/, '');
  return `${base || 'Risk_Assessment_Report'}.pdf`;
}
