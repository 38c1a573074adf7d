import { riskNameId } from '../../../shared/i18n/risk-names';
import type { CompanyData, CompanyStatus, GeocodePrecision, ReportSite, RiskAssessmentResult } from '../../../shared/contracts/assessment';
import type { ReportScreening, ScreenedList, ScreeningDecisionValue, ScreeningHitDto, ScreeningSubject } from '../../../shared/contracts/screening';
import {
  activityText,
  formatCoordinate,
  riskSections as sharedRiskSections,
  type RiskSectionModel,
} from '../../../shared/reports/report-format';
import { scoreText, type BannerStatus, type DateText, type ScreeningView } from '../../../shared/reports/screening-format';
import type { Grade } from '../../../shared/scoring';
import type { SiteType } from '../../../shared/site-types';
import { countryName } from '../../lib/countries';
import { formatDate } from '../../lib/format';
import { currentLocale, t } from '../../lib/i18n';
import { BASE_LOCALE } from '../../../shared/i18n/locales';
import { formatDocumentDate } from '../../../shared/i18n/format';

/**
 * The report's formatting lives in src/shared/reports (the server renders the same PDF for the
 * API); the screens import it from here, with the Tailwind classes only the screens need.
 */
export * from '../../../shared/reports/report-format';
export * from '../../../shared/reports/screening-format';

/** Tailwind classes per grade for the screen (same hues as the PDF). */
export const GRADE_CLASSES: Record<Grade, { badge: string; text: string; bar: string; ring: string; panel: string }> = {
  A: { badge: 'bg-green-700 text-white', text: 'text-green-700', bar: 'bg-green-600', ring: 'ring-green-200', panel: 'bg-green-50' },
  B: { badge: 'bg-lime-700 text-white', text: 'text-lime-700', bar: 'bg-lime-600', ring: 'ring-lime-200', panel: 'bg-lime-50' },
  C: { badge: 'bg-yellow-600 text-white', text: 'text-yellow-700', bar: 'bg-yellow-500', ring: 'ring-yellow-200', panel: 'bg-yellow-50' },
  D: { badge: 'bg-orange-700 text-white', text: 'text-orange-700', bar: 'bg-orange-500', ring: 'ring-orange-200', panel: 'bg-orange-50' },
  F: { badge: 'bg-red-700 text-white', text: 'text-red-700', bar: 'bg-red-600', ring: 'ring-red-200', panel: 'bg-red-50' },
};

/*
 * The screen's wording. The shared functions above write English (the PDF and the API use them);
 * the screens read the same facts in the active language through the functions below, which take
 * the shared ones' names and return the same English. Call them while rendering, never at module
 * load. The texts the risk engine writes (risk names, reasons, evidence, takeaways, data sources)
 * and the data (names, addresses, register evidence) stay as the server gave them.
 */

const GRADE_LABELS: Record<Grade, string> = {
  A: 'report.grade.a',
  B: 'report.grade.b',
  C: 'report.grade.c',
  D: 'report.grade.d',
  F: 'report.grade.f',
};

/** 'Excellent - Very Low Risk' … 'Poor - Very High Risk', in the active language. */
export function gradeLabel(grade: Grade): string {
  return t(GRADE_LABELS[grade]);
}

const LEVEL_LABELS = [
  'report.level.negligible',
  'report.level.veryLow',
  'report.level.low',
  'report.level.moderate',
  'report.level.high',
  'report.level.veryHigh',
] as const;

const isLevel = (value: number) => Number.isInteger(value) && value >= 0 && value <= 5;

/** Likelihood and impact labels: 0 Negligible … 5 Very High, anything else Unknown. */
export function levelLabel(value: number): string {
  return isLevel(value) ? t(LEVEL_LABELS[value]!) : t('report.level.unknown');
}

/** 'High (4/5)'; 'Unknown' outside 0–5. */
export function levelText(value: number): string {
  return isLevel(value) ? t('report.level.withValue', { label: levelLabel(value), value }) : t('report.level.unknown');
}

const SECTION_TITLES: Record<RiskSectionModel['kind'], { title: string; average: string }> = {
  location: { title: 'report.section.locationTitle', average: 'report.section.locationAverage' },
  industry: { title: 'report.section.industryTitle', average: 'report.section.industryAverage' },
};

/** A risk's name in the active language (the report's keys stay English); an unknown name as it is. */
export function riskLabel(name: string): string {
  const id = riskNameId(name);
  return id ? t(id) : name;
}

/** The location risks, then the industry-specific ones, with their headings in the active language. */
export function riskSections(result: RiskAssessmentResult): RiskSectionModel[] {
  return sharedRiskSections(result).map((s) => ({ ...s, title: t(SECTION_TITLES[s.kind].title), averageLabel: t(SECTION_TITLES[s.kind].average) }));
}

/** The report's date by the screens' date rule, in the active language ('5 Mar' this year, else '5 Mar, 2024'). */
export function reportDate(result: Pick<RiskAssessmentResult, 'created_at'>, now: Date = new Date()): string {
  return formatDate(result.created_at, now);
}

/** 'Engine 0.1.0+rules.1 · Data 2026-11-27.3f2a1b9c'; null on reports stored before they were recorded. */
export function versionsLine(result: Pick<RiskAssessmentResult, 'engine_version' | 'data_version'>, separator = '  |  '): string | null {
  const parts = [
    result.engine_version ? t('report.versions.engine', { version: result.engine_version }) : '',
    result.data_version ? t('report.versions.data', { version: result.data_version }) : '',
  ].filter(Boolean);
  return parts.length ? parts.join(separator) : null;
}

const PRECISION_LABELS: Record<GeocodePrecision, string> = {
  address: 'report.precision.address',
  postal_code: 'report.precision.postalCode',
  city: 'report.precision.city',
  country: 'report.precision.country',
  user: 'report.precision.user',
};

export function precisionLabel(precision: GeocodePrecision): string {
  return t(PRECISION_LABELS[precision]);
}

const STATUS_LABELS: Record<CompanyStatus, string> = {
  active: 'report.status.active',
  in_liquidation: 'report.status.inLiquidation',
  insolvent: 'report.status.insolvent',
  dissolved: 'report.status.dissolved',
  unknown: 'report.status.unknown',
};

/** The company's status in words ('In liquidation'); data stored before statuses existed reads as unknown. */
export function statusLabel(company: CompanyData): string {
  return t(STATUS_LABELS[company.status ?? 'unknown'] ?? STATUS_LABELS.unknown);
}

/** Where the activity code comes from, in words (the register's own evidence as it gave it). */
export function activitySource(company: CompanyData): string {
  const { inferred_from, evidence } = company.activity;
  // The bundled sample directory is demo data, not an official register.
  if (inferred_from === 'source') return company.sample ? t('report.activity.sample', { evidence }) : t('report.activity.official', { evidence });
  if (inferred_from === 'name') return t('report.activity.fromName', { evidence });
  return t('report.activity.notDetermined');
}

const STATUS_WARNINGS: Partial<Record<CompanyStatus, string>> = {
  dissolved: 'report.statusWarning.dissolved',
  insolvent: 'report.statusWarning.insolvent',
  in_liquidation: 'report.statusWarning.inLiquidation',
};

/** The warning a report carries when the register says the company is closing or closed, or null. */
export function statusWarning(company: CompanyData): string | null {
  const id = company.status ? STATUS_WARNINGS[company.status] : undefined;
  return id ? t(id) : null;
}

/** Site types in words ('Office', 'Construction site'), for the screens' choices and facts. */
export const SITE_TYPE_MESSAGES: Record<SiteType, string> = {
  office: 'report.siteType.office',
  warehouse: 'report.siteType.warehouse',
  plant: 'report.siteType.plant',
  retail: 'report.siteType.retail',
  construction: 'report.siteType.construction',
  other: 'report.siteType.other',
};

/** The site type a report used and whether it was assumed from the activity: 'Office (chosen)'. */
export function siteTypeText(type: SiteType, assumed: boolean): string {
  const label = t(SITE_TYPE_MESSAGES[type]);
  return assumed ? t('report.siteType.assumedFromActivity', { type: label }) : t('report.siteType.chosen', { type: label });
}

/** A site's type as the site facts write it, in lower case ('plant'); a value not known here as given. */
const SITE_TYPE_VALUES: Record<SiteType, string> = {
  office: 'report.siteFacts.typeOffice',
  warehouse: 'report.siteFacts.typeWarehouse',
  plant: 'report.siteFacts.typePlant',
  retail: 'report.siteFacts.typeRetail',
  construction: 'report.siteFacts.typeConstruction',
  other: 'report.siteFacts.typeOther',
};

function siteTypeValue(type: string): string {
  return Object.hasOwn(SITE_TYPE_VALUES, type) ? t(SITE_TYPE_VALUES[type as SiteType]) : type;
}

/** The assessed site's facts, shown beside the registered office (never instead of it). */
export function siteFacts(site: ReportSite): { label: string; value: string }[] {
  const type = site.site_type
    ? site.site_type_assumed
      ? t('report.siteFacts.typeAssumed', { type: siteTypeValue(site.site_type) })
      : siteTypeValue(site.site_type)
    : null;
  return [
    { label: t('report.siteFacts.address'), value: site.address || '-' },
    { label: t('report.facts.latitude'), value: formatCoordinate(site.latitude) },
    { label: t('report.facts.longitude'), value: formatCoordinate(site.longitude) },
    { label: t('report.siteFacts.placement'), value: precisionLabel(site.precision) },
    ...(type ? [{ label: t('report.facts.siteType'), value: type }] : []),
    ...(site.reference ? [{ label: t('report.siteFacts.reference'), value: site.reference }] : []),
  ];
}

/** A register's day (YYYY-MM-DD) as documents write it in the page's language ('14.03.2019'); English keeps it, as the PDF does. */
function registerDay(value: string): string {
  const locale = currentLocale();
  if (locale === BASE_LOCALE || !/^\d{4}-\d{2}-\d{2}$/.test(value.trim())) return value;
  return formatDocumentDate(value.trim(), locale, value);
}

/** The labelled company facts of the report, in display order (name, address, fiscal number, postal code, …). */
export function companyFacts(company: CompanyData): { label: string; value: string }[] {
  return [
    { label: t('report.facts.companyName'), value: company.name },
    { label: t('report.facts.address'), value: company.address || '-' },
    { label: t('report.facts.fiscalNumber'), value: company.fiscal_number },
    { label: t('report.facts.postalCode'), value: company.postal_code || '-' },
    { label: t('report.facts.city'), value: company.city || '-' },
    { label: t('report.facts.country'), value: countryName(company.country) },
    { label: t('report.facts.latitude'), value: formatCoordinate(company.latitude) },
    { label: t('report.facts.longitude'), value: formatCoordinate(company.longitude) },
    { label: t('report.facts.activity'), value: activityText(company) },
    { label: t('report.facts.activitySource'), value: activitySource(company) },
    // Reports stored before site types existed have none to show.
    ...(company.site_type ? [{ label: t('report.facts.siteType'), value: siteTypeText(company.site_type, company.site_type_assumed ?? false) }] : []),
    { label: t('report.facts.legalForm'), value: company.legal_form || '-' },
    { label: t('report.facts.status'), value: statusLabel(company) },
    { label: t('report.facts.incorporatedOn'), value: company.incorporated_on ? registerDay(company.incorporated_on) : '-' },
    { label: t('report.facts.employees'), value: company.employees || '-' },
    { label: t('report.facts.locationPrecision'), value: precisionLabel(company.geocode_precision) },
  ];
}

/** The notice over a report of the bundled sample directory. */
export const sampleNotice = () => t('report.sampleNotice');

// ---------------------------------------------------------------------------------------------
// The sanctions screening, as the screen words it.

const SCREENING_TITLE_MESSAGES: Record<BannerStatus, string> = {
  match: 'report.screening.titleMatch',
  possible_match: 'report.screening.titlePossibleMatch',
};

/** The banner's title: 'Sanctions match: cover must not be given without a licence'. */
export function screeningTitle(status: BannerStatus): string {
  return t(SCREENING_TITLE_MESSAGES[status]);
}

/** A banner without hits: a stale or missing list kept the screening from clearing the company. */
export const noHitNotClearText = () => t('report.screening.noHitNotClear');

function isBannerStatus(status: ReportScreening['status']): status is BannerStatus {
  return status === 'match' || status === 'possible_match';
}

/** One list's date as the screening used it: '26 Nov', '2 Oct (stale)', or 'none held'. */
function listDate(list: ScreenedList, date: DateText): string {
  if (!list.generated_at) return t('report.screening.noneHeld');
  return list.stale ? t('report.screening.stale', { date: date(list.generated_at) }) : date(list.generated_at);
}

/** 'EU, UN, UK lists of 26 Nov, 25 Nov, 2 Oct (stale)'; one date when they all share it. */
export function screenedListsText(lists: readonly ScreenedList[], date: DateText): string {
  if (lists.length === 0) return t('report.screening.theLists');
  const names = lists.map((l) => l.list).join(', ');
  const dates = lists.map((l) => listDate(l, date));
  const same = dates.every((d) => d === dates[0]);
  return t('report.screening.lists', { count: lists.length, names, dates: same ? dates[0]! : dates.join(', ') });
}

/** The quiet line of a report without a banner; null for a banner. */
function screeningLine(screening: ReportScreening, date: DateText): string | null {
  const dismissed = screening.hits.filter((h) => h.decision?.decision === 'false_positive').length;
  const lists = screenedListsText(screening.lists, date);
  if (screening.status === 'clear') {
    return dismissed ? t('report.screening.clearWithFalsePositives', { lists, count: dismissed }) : t('report.screening.clear', { lists });
  }
  if (screening.status === 'not_screened') {
    if (!screening.screened_at) return t('report.screening.notScreened');
    if (!screening.lists.length) return t('report.screening.noLists');
    return dismissed
      ? t('report.screening.notClearedWithFalsePositives', { lists, count: dismissed })
      : t('report.screening.notCleared', { lists });
  }
  return null;
}

/** How a report shows its screening: a banner for a (possible) match, else the quiet line. */
export function screeningView(screening: ReportScreening, date: DateText): ScreeningView {
  const line = screeningLine(screening, date);
  return line === null && isBannerStatus(screening.status) ? { banner: screening.status, line } : { banner: null, line: line ?? '' };
}

/** The banner's small print: when it was screened and against which lists of which dates. */
export function screenedOnText(screening: ReportScreening, date: DateText, dateTime: DateText): string {
  const lists = screenedListsText(screening.lists, date);
  return screening.screened_at
    ? t('report.screening.screenedOn', { date: dateTime(screening.screened_at), lists })
    : t('report.screening.screenedAgainst', { lists });
}

const SUBJECTS: Record<ScreeningSubject, { label: string; matched: string }> = {
  company: { label: 'report.screening.subjectCompany', matched: 'report.screening.matchedCompany' },
  officer: { label: 'report.screening.subjectOfficer', matched: 'report.screening.matchedOfficer' },
  owner: { label: 'report.screening.subjectOwner', matched: 'report.screening.matchedOwner' },
};

/** The label over a hit's matched name, e.g. 'Matched name (company)'. */
export const matchedNameLabel = (subject: ScreeningSubject) => t(SUBJECTS[subject].matched);

/** A hit's facts beside its names, in display order. */
export function hitFacts(hit: ScreeningHitDto): { label: string; value: string }[] {
  return [
    { label: t('report.hit.list'), value: hit.list },
    { label: t('report.hit.entry'), value: hit.entry_id },
    { label: t('report.hit.subject'), value: t(SUBJECTS[hit.subject].label) },
    { label: t('report.hit.score'), value: scoreText(hit.score) },
    { label: t('report.hit.programme'), value: hit.programme || '-' },
    { label: t('report.hit.designated'), value: hit.designation_date || '-' },
  ];
}

const DECISIONS: Record<ScreeningDecisionValue, string> = {
  false_positive: 'report.decision.falsePositive',
  confirmed: 'report.decision.confirmed',
};

/** 'False positive' or 'Confirmed match'. */
export function decisionLabel(decision: ScreeningDecisionValue): string {
  return t(DECISIONS[decision]);
}
