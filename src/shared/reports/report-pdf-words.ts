import type { CompanyData, GeocodePrecision, ReportSite, RiskAssessmentResult } from '../contracts/assessment.js';
import type { ReportScreening, ScreenedList, ScreeningDecision, ScreeningDecisionValue, ScreeningHitDto, ScreeningStatus, ScreeningSubject } from '../contracts/screening.js';
import { countryByIso2, countryByName } from '../countries.js';
import { formatDocumentDate, formatDocumentDateTime, formatNumber, intlTag } from '../i18n/format.js';
import { BASE_LOCALE, type Locale } from '../i18n/locales.js';
import type { Translate } from '../i18n/message.js';
import type { Grade } from '../scoring.js';
import { parseSiteType, type SiteType } from '../site-types.js';
import { activityText, companyParties, formatCoordinate, partyText, riskSections, type RiskSectionModel } from './report-format.js';

/**
 * The report PDF's words in the reader's language: every label, heading and fixed sentence comes
 * from the `pdf` catalogue (src/locales/{locale}/pdf.json) through `t`, dates and numbers from
 * i18n/format.ts. English writes exactly what report-format.ts and screening-format.ts write for
 * the screens and the API (those stay English; the screens word their own). The data (names,
 * addresses, codes, register evidence) and the texts the server wrote in the reader's language
 * (reasons, evidence, takeaways, data sources) are printed as they come.
 */

/** The language a PDF is written in and its messages. */
export interface PdfLanguage {
  locale: Locale;
  t: Translate;
}

const isEnglish = (w: PdfLanguage) => w.locale === BASE_LOCALE;

/** The filed date with its UTC time: '24 Nov 2026, 14:05 UTC', '24.11.2026, 14:05 UTC'. */
export const filedDateTime = (w: PdfLanguage, value: string | number | Date) => formatDocumentDateTime(value, w.locale);
/** The filed day: '24 Nov 2026', '24.11.2026'. */
export const filedDate = (w: PdfLanguage, value: string | number | Date) => formatDocumentDate(value, w.locale);

/** A day the data gives as YYYY-MM-DD, in the reader's way; English and anything else as given. */
export function dataDay(w: PdfLanguage, value: string): string {
  if (isEnglish(w) || !/^\d{4}-\d{2}-\d{2}$/.test(value.trim())) return value;
  return formatDocumentDate(value.trim(), w.locale, value);
}

/** A country named by the data (an English name or an ISO code) in the reader's language; as given in English or when unknown. */
export function countryName(w: PdfLanguage, country: string): string {
  if (isEnglish(w)) return country;
  const trimmed = country.trim();
  const known = trimmed.length === 2 ? countryByIso2(trimmed) : countryByName(trimmed);
  if (!known) return country;
  try {
    return new Intl.DisplayNames([intlTag(w.locale)], { type: 'region' }).of(known.iso2) ?? country;
  } catch {
    return country;
  }
}

const GRADE_WORDS: Record<Grade, string> = {
  A: 'pdf.grade.a',
  B: 'pdf.grade.b',
  C: 'pdf.grade.c',
  D: 'pdf.grade.d',
  F: 'pdf.grade.f',
};

/** 'Excellent - Very Low Risk' … 'Poor - Very High Risk'. */
export const gradeWord = (w: PdfLanguage, grade: Grade) => w.t(GRADE_WORDS[grade]);

const LEVEL_WORDS = ['pdf.level.negligible', 'pdf.level.veryLow', 'pdf.level.low', 'pdf.level.moderate', 'pdf.level.high', 'pdf.level.veryHigh'] as const;

/** 'High (4/5)'; 'Unknown' outside 0–5. */
export function levelText(w: PdfLanguage, value: number): string {
  if (!(Number.isInteger(value) && value >= 0 && value <= 5)) return w.t('pdf.level.unknown');
  return w.t('pdf.level.withValue', { label: w.t(LEVEL_WORDS[value]!), value });
}

const SECTION_WORDS: Record<RiskSectionModel['kind'], { title: string; average: string }> = {
  location: { title: 'pdf.risks.location', average: 'pdf.risks.locationAverage' },
  industry: { title: 'pdf.risks.industry', average: 'pdf.risks.industryAverage' },
};

/** The location risks, then the industry ones, headed in the reader's language, each risk under its name in it (`riskNames`, by the English name). */
export function pdfRiskSections(w: PdfLanguage, result: RiskAssessmentResult, riskNames?: Record<string, string>): RiskSectionModel[] {
  return riskSections(result).map((s) => ({
    ...s,
    title: w.t(SECTION_WORDS[s.kind].title),
    averageLabel: w.t(SECTION_WORDS[s.kind].average),
    rows: s.rows.map((r) => ({ ...r, name: riskNames?.[r.name] ?? r.name })),
  }));
}

/** 'Engine 0.1.0+rules.1  |  Data 2026-11-27.3f2a1b9c'; null on reports stored before they were recorded. */
export function versionsLine(w: PdfLanguage, result: Pick<RiskAssessmentResult, 'engine_version' | 'data_version'>): string | null {
  const parts = [
    result.engine_version ? w.t('pdf.versions.engine', { version: result.engine_version }) : '',
    result.data_version ? w.t('pdf.versions.data', { version: result.data_version }) : '',
  ].filter(Boolean);
  return parts.length ? parts.join('  |  ') : null;
}

const PRECISION_WORDS: Record<GeocodePrecision, string> = {
  address: 'pdf.precision.address',
  postal_code: 'pdf.precision.postalCode',
  city: 'pdf.precision.city',
  country: 'pdf.precision.country',
  user: 'pdf.precision.user',
};

const STATUS_WORDS: Record<NonNullable<CompanyData['status']>, string> = {
  active: 'pdf.status.active',
  in_liquidation: 'pdf.status.inLiquidation',
  insolvent: 'pdf.status.insolvent',
  dissolved: 'pdf.status.dissolved',
  unknown: 'pdf.status.unknown',
};

const STATUS_WARNINGS: Partial<Record<NonNullable<CompanyData['status']>, string>> = {
  dissolved: 'pdf.statusWarning.dissolved',
  insolvent: 'pdf.statusWarning.insolvent',
  in_liquidation: 'pdf.statusWarning.inLiquidation',
};

/** The warning a report carries when the register says the company is closing or closed, or null. */
export function statusWarning(w: PdfLanguage, company: CompanyData): string | null {
  const id = company.status ? STATUS_WARNINGS[company.status] : undefined;
  return id ? w.t(id) : null;
}

/** The sample-data notice. */
export const sampleNotice = (w: PdfLanguage) => w.t('pdf.notice.sample');

/** Where the activity code comes from, in words (the register's own evidence as it gave it). */
function activitySource(w: PdfLanguage, company: CompanyData): string {
  const { inferred_from, evidence } = company.activity;
  // The bundled sample directory is demo data, not an official register.
  if (inferred_from === 'source') return company.sample ? w.t('pdf.activity.sample', { evidence }) : w.t('pdf.activity.official', { evidence });
  if (inferred_from === 'name') return w.t('pdf.activity.fromName', { evidence });
  return w.t('pdf.activity.notDetermined');
}

const SITE_TYPE_WORDS: Record<SiteType, string> = {
  office: 'pdf.siteType.office',
  warehouse: 'pdf.siteType.warehouse',
  plant: 'pdf.siteType.plant',
  retail: 'pdf.siteType.retail',
  construction: 'pdf.siteType.construction',
  other: 'pdf.siteType.other',
};

/** 'Office (chosen)', 'Plant (assumed from the activity)'. */
function siteTypeText(w: PdfLanguage, type: SiteType, assumed: boolean): string {
  const word = w.t(SITE_TYPE_WORDS[type]);
  return assumed ? w.t('pdf.siteType.assumedFromActivity', { type: word }) : w.t('pdf.siteType.chosen', { type: word });
}

export interface Fact {
  label: string;
  value: string;
}

/** The company's labelled facts, in display order (as report-format.ts's companyFacts). */
export function companyFacts(w: PdfLanguage, company: CompanyData): Fact[] {
  const { t } = w;
  return [
    { label: t('pdf.fact.companyName'), value: company.name },
    { label: t('pdf.fact.address'), value: company.address || '-' },
    { label: t('pdf.fact.fiscalNumber'), value: company.fiscal_number },
    { label: t('pdf.fact.postalCode'), value: company.postal_code || '-' },
    { label: t('pdf.fact.city'), value: company.city || '-' },
    { label: t('pdf.fact.country'), value: countryName(w, company.country) },
    { label: t('pdf.fact.latitude'), value: formatCoordinate(company.latitude) },
    { label: t('pdf.fact.longitude'), value: formatCoordinate(company.longitude) },
    { label: t('pdf.fact.activity'), value: activityText(company) },
    { label: t('pdf.fact.activitySource'), value: activitySource(w, company) },
    // Reports stored before site types existed have none to show.
    ...(company.site_type ? [{ label: t('pdf.fact.siteType'), value: siteTypeText(w, company.site_type, company.site_type_assumed ?? false) }] : []),
    { label: t('pdf.fact.legalForm'), value: company.legal_form || '-' },
    { label: t('pdf.fact.status'), value: t(STATUS_WORDS[company.status ?? 'unknown'] ?? STATUS_WORDS.unknown) },
    { label: t('pdf.fact.incorporatedOn'), value: company.incorporated_on ? dataDay(w, company.incorporated_on) : '-' },
    { label: t('pdf.fact.employees'), value: company.employees || '-' },
    { label: t('pdf.fact.precision'), value: t(PRECISION_WORDS[company.geocode_precision]) },
  ];
}

/** The assessed site's facts (as report-format.ts's siteFacts). */
export function siteFacts(w: PdfLanguage, site: ReportSite): Fact[] {
  const { t } = w;
  let type: string | null = null;
  if (site.site_type) {
    // English writes the type as the report stored it; other languages the word for a known type.
    const known = isEnglish(w) ? undefined : parseSiteType(site.site_type);
    const word = known ? t(SITE_TYPE_WORDS[known]) : site.site_type;
    type = site.site_type_assumed ? t('pdf.site.typeAssumed', { type: word }) : word;
  }
  return [
    { label: t('pdf.fact.siteAddress'), value: site.address || '-' },
    { label: t('pdf.fact.latitude'), value: formatCoordinate(site.latitude) },
    { label: t('pdf.fact.longitude'), value: formatCoordinate(site.longitude) },
    { label: t('pdf.fact.placement'), value: t(PRECISION_WORDS[site.precision]) },
    ...(type ? [{ label: t('pdf.fact.siteType'), value: type }] : []),
    ...(site.reference ? [{ label: t('pdf.fact.reference'), value: site.reference }] : []),
  ];
}

/** Officers or owners a filed report names at most; a register may name hundreds of shareholders. */
export const PDF_PARTIES_MAX = 20;

const PARTY_WORDS = { Officers: 'pdf.fact.officers', Owners: 'pdf.fact.owners' } as const;

/** The officers and owners as fact rows ('Jan Novák (jednatel); …'), the rest counted. */
export function partyFacts(w: PdfLanguage, company: CompanyData): Fact[] {
  return companyParties(company).map(({ label, parties }) => {
    const named = parties.slice(0, PDF_PARTIES_MAX).map(partyText).join('; ');
    const more = parties.length - PDF_PARTIES_MAX;
    return { label: w.t(PARTY_WORDS[label]), value: more > 0 ? w.t('pdf.fact.moreParties', { parties: named, count: more }) : named };
  });
}

/* The sanctions screening, as screening-format.ts words it for the screens. */

export type BannerStatus = 'match' | 'possible_match';

const SCREENING_TITLES: Record<BannerStatus, string> = {
  match: 'pdf.screening.titleMatch',
  possible_match: 'pdf.screening.titlePossibleMatch',
};

export const screeningTitle = (w: PdfLanguage, status: BannerStatus) => w.t(SCREENING_TITLES[status]);

/** A banner without hits: a stale or missing list kept the screening from clearing the company. */
export const noHitNotClearText = (w: PdfLanguage) => w.t('pdf.screening.noHitNotClear');

const SCREENING_STATUS_WORDS: Record<ScreeningStatus, string> = {
  match: 'pdf.screening.status.match',
  possible_match: 'pdf.screening.status.possibleMatch',
  clear: 'pdf.screening.status.clear',
  not_screened: 'pdf.screening.status.notScreened',
};

/** A screening's status in a word or two ('Possible match'), as tables write it. */
export const screeningStatusWord = (w: PdfLanguage, status: ScreeningStatus) => w.t(SCREENING_STATUS_WORDS[status]);

function isBannerStatus(status: ReportScreening['status']): status is BannerStatus {
  return status === 'match' || status === 'possible_match';
}

/** One list's date as the screening used it: '26 Nov 2026', '2 Oct 2026 (stale)', or 'none held'. */
function listDate(w: PdfLanguage, list: ScreenedList): string {
  if (!list.generated_at) return w.t('pdf.screening.noneHeld');
  const date = filedDate(w, list.generated_at);
  return list.stale ? w.t('pdf.screening.stale', { date }) : date;
}

/** 'EU, UN, UK lists of 26 Nov 2026, 25 Nov 2026, 2 Oct 2026 (stale)'; one date when they all share it. */
function screenedListsText(w: PdfLanguage, lists: readonly ScreenedList[]): string {
  if (lists.length === 0) return w.t('pdf.screening.theLists');
  const names = lists.map((l) => l.list).join(', ');
  const dates = lists.map((l) => listDate(w, l));
  const same = dates.every((d) => d === dates[0]);
  return w.t('pdf.screening.listsOf', { names, count: lists.length, dates: same ? dates[0]! : dates.join(', ') });
}

const falsePositivesText = (w: PdfLanguage, count: number) => w.t('pdf.screening.falsePositives', { count });

/** The quiet line of a report without a banner; null for a banner. */
function screeningLine(w: PdfLanguage, screening: ReportScreening): string | null {
  const dismissed = screening.hits.filter((h) => h.decision?.decision === 'false_positive').length;
  const lists = screenedListsText(w, screening.lists);
  if (screening.status === 'clear') {
    return dismissed ? w.t('pdf.screening.noOpenMatch', { lists, falsePositives: falsePositivesText(w, dismissed) }) : w.t('pdf.screening.noMatch', { lists });
  }
  if (screening.status === 'not_screened') {
    if (!screening.screened_at) return w.t('pdf.screening.notScreened');
    if (!screening.lists.length) return w.t('pdf.screening.noLists');
    return dismissed
      ? w.t('pdf.screening.notClearedFalsePositives', { lists, falsePositives: falsePositivesText(w, dismissed) })
      : w.t('pdf.screening.notCleared', { lists });
  }
  return null;
}

export type ScreeningView = { banner: BannerStatus; line: null } | { banner: null; line: string };

/** How the report shows its screening: a banner for a (possible) match, else the quiet line. */
export function screeningView(w: PdfLanguage, screening: ReportScreening): ScreeningView {
  const line = screeningLine(w, screening);
  return line === null && isBannerStatus(screening.status) ? { banner: screening.status, line } : { banner: null, line: line ?? '' };
}

/** The hits of a screening without a banner: every one decided (a false positive), shown under the quiet line. */
export function decidedHits(screening: ReportScreening): ScreeningHitDto[] {
  return isBannerStatus(screening.status) ? [] : screening.hits.filter((h) => h.decision);
}

/** The banner's small print: when it was screened and against which lists of which dates. */
export function screenedOnText(w: PdfLanguage, screening: ReportScreening): string {
  const lists = screenedListsText(w, screening.lists);
  return screening.screened_at
    ? w.t('pdf.screening.screenedAt', { dateTime: filedDateTime(w, screening.screened_at), lists })
    : w.t('pdf.screening.screened', { lists });
}

const SUBJECTS: Record<ScreeningSubject, string> = {
  company: 'pdf.screening.subject.company',
  officer: 'pdf.screening.subject.officer',
  owner: 'pdf.screening.subject.owner',
};

const MATCHED_NAME: Record<ScreeningSubject, string> = {
  company: 'pdf.screening.matchedName.company',
  officer: 'pdf.screening.matchedName.officer',
  owner: 'pdf.screening.matchedName.owner',
};

/** The label over a hit's matched name, e.g. 'Matched name (company)'. */
export const matchedNameLabel = (w: PdfLanguage, subject: ScreeningSubject) => w.t(MATCHED_NAME[subject]);
export const listedNameLabel = (w: PdfLanguage) => w.t('pdf.screening.listedName');

/** A hit's facts beside its names, in display order. */
export function hitFacts(w: PdfLanguage, hit: ScreeningHitDto): Fact[] {
  const { t } = w;
  return [
    { label: t('pdf.screening.fact.list'), value: hit.list },
    { label: t('pdf.screening.fact.entry'), value: hit.entry_id },
    { label: t('pdf.screening.fact.subject'), value: t(SUBJECTS[hit.subject]) },
    { label: t('pdf.screening.fact.score'), value: formatNumber(hit.score, w.locale, { min: 2, max: 2 }) },
    { label: t('pdf.screening.fact.programme'), value: hit.programme || '-' },
    { label: t('pdf.screening.fact.designated'), value: hit.designation_date ? dataDay(w, hit.designation_date) : '-' },
  ];
}

const DECISIONS: Record<ScreeningDecisionValue, string> = {
  false_positive: 'pdf.screening.decision.falsePositive',
  confirmed: 'pdf.screening.decision.confirmed',
};

/** 'Decision: False positive, marked by anna@insurer.eu on 27 Nov 2026, 14:05 UTC'. */
export function decisionLine(w: PdfLanguage, decision: ScreeningDecision): string {
  const text = w.t('pdf.screening.decidedBy', { decision: w.t(DECISIONS[decision.decision]), who: decision.decided_by, dateTime: filedDateTime(w, decision.decided_at) });
  return w.t('pdf.screening.decisionLine', { decision: text });
}

export const noteLine = (w: PdfLanguage, note: string) => w.t('pdf.screening.note', { note });
