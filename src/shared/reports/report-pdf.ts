import type { CompanyData, ReportSite, RiskAssessmentResult } from '../contracts/assessment.js';
import type { ReportScreening } from '../contracts/screening.js';
import type { Locale } from '../i18n/locales.js';
import type { Translate } from '../i18n/message.js';
import { PageCursor, drawInFittingFont, pdfImage, stampPages, type JsPdfDoc, type PdfBuildOptions, type PdfDoc } from '../pdf/index.js';
import { companyFacts, companyParties, dataSources, evidenceLines, partyText, siteFacts } from './report-format.js';
import { FOOTER_Y, REPORT_FRAME } from './report-pdf-frame.js';
import { filedDateTime, pdfRiskSections } from './report-pdf-words.js';
import { riskSection } from './report-pdf-risks.js';
import { screeningSection } from './report-pdf-screening.js';
import { screeningTexts } from './screening-format.js';
import type { ReportModel } from './report-model.js';
import { companySection, mapSection, notices, readingSection, sourcesSection, summarySection, takeawaysSection, titleBlock } from './report-pdf-sections.js';

/**
 * The PDF report, drawn with the kit of src/shared/pdf: a brand header and a footer with the
 * report id, date and page number on every page; the sections are in report-pdf-sections.ts
 * and report-pdf-risks.ts, the page frame in report-pdf-frame.ts. It is written in the reader's
 * language: its words from the `pdf` catalogue through `t` (report-pdf-words.ts), its dates and
 * numbers in the locale's way.
 *
 * `layoutReport` draws onto anything shaped like jsPDF (`PdfDoc`), so it is tested in Node.
 * The browser (web/entities/report/report-pdf.ts, jsPDF loaded on click) and the server (the API's
 * PDF) both build the document with `buildReportPdf`, each bringing jsPDF and the fonts.
 */

export { PAGE_HEIGHT, PAGE_WIDTH, UNICODE_FONT_FAMILY, binaryString, fitsStandardFont, imageSize, pdfImage } from '../pdf/index.js';
export type { JsPdfDoc, PdfDoc, PdfImage, UnicodeFonts } from '../pdf/index.js';
export { BOTTOM_MARGIN, CONTENT_BOTTOM, CONTENT_TOP, MARGIN, WRAP_WIDTH } from './report-pdf-frame.js';

export type { ReportModel } from './report-model.js';

/** Draws the report; returns the number of pages. */
export function layoutReport(doc: PdfDoc, model: ReportModel): number {
  const { result, t } = model;
  // A filed document: the full date, year and time in UTC, never the screens' '5 Mar'.
  const date = filedDateTime(model, result.created_at);
  const c = new PageCursor(doc, model.fontFamily, REPORT_FRAME);
  titleBlock(c, model, date);
  // Whether cover may be given at all comes before any grade.
  screeningSection(c, model);
  notices(c, model);
  // An executive summary first (verdict, facts, takeaways), then the map and the evidence.
  summarySection(c, model);
  companySection(c, model);
  takeawaysSection(c, model);
  mapSection(c, model);
  for (const section of pdfRiskSections(model, result, model.riskNames)) riskSection(c, model, section);
  readingSection(c, model);
  sourcesSection(c, model);
  return stampPages(c, {
    productName: model.productName,
    title: t('pdf.report.mastheadTitle'),
    mark: true,
    footer: t('pdf.report.footer', { id: result.id, date }),
    pageLabel: (page, pages) => t('pdf.page', { page, pages }),
    footerY: FOOTER_Y,
  });
}

/**
 * Every text of the report that comes from the data (the English fixed texts are Latin-1; those of
 * other languages are checked as they are written, see drawInFittingFont).
 */
export function reportTexts(
  company: CompanyData,
  result: RiskAssessmentResult,
  site?: ReportSite,
  screening?: ReportScreening,
  riskNames?: Record<string, string>,
): string[] {
  return [
    ...companyFacts(company).map((f) => f.value),
    ...companyParties(company).flatMap((g) => g.parties.map(partyText)),
    ...(screening ? screeningTexts(screening) : []),
    ...(site ? siteFacts(site).map((f) => f.value) : []),
    result.id,
    result.engine_version ?? '',
    result.data_version ?? '',
    ...Object.keys(result.locationScoresMap),
    ...Object.keys(result.industryScoresMap),
    ...Object.values(result.location_risk).flatMap((r) => r.reason),
    ...Object.values(result.sector_specific_risk).flatMap((r) => r.reason),
    ...[...Object.values(result.location_risk), ...Object.values(result.sector_specific_risk)].flatMap((r) =>
      evidenceLines(r.evidence).flatMap((e) => [e.dataset, e.text]),
    ),
    ...dataSources(result).flatMap((s) => [s.name, s.version, s.licence, s.url, s.used_for]),
    ...result.key_takeaways_for_insurers,
    ...Object.values(riskNames ?? {}),
  ];
}

export interface BuildOptions extends PdfBuildOptions {
  company: CompanyData;
  site?: ReportSite;
  result: RiskAssessmentResult;
  /** The sanctions screening; absent, the report reads as never screened. */
  screening?: ReportScreening;
  /** The map's PNG or JPEG bytes. */
  map: Uint8Array | null;
  methodologyUrl?: string;
  /** The reader's language: its dates and numbers. */
  locale: Locale;
  /** The `pdf` catalogue's messages in that language. */
  t: Translate;
  /** Each risk's name in that language, by its English name (a report's `risk_names`); the English name without it. */
  riskNames?: Record<string, string>;
}

/** Builds the report as a jsPDF document, in the reader's language. */
export async function buildReportPdf(options: BuildOptions): Promise<JsPdfDoc> {
  const { company, result, site, screening, locale, t, riskNames } = options;
  const map = pdfImage(options.map);
  const now = options.now ?? new Date();
  const doc = await drawInFittingFont(options, reportTexts(company, result, site, screening, riskNames), (d, fontFamily) =>
    layoutReport(d, {
      company,
      ...(site ? { site } : {}),
      result,
      ...(screening ? { screening } : {}),
      map,
      productName: options.productName,
      now,
      fontFamily,
      methodologyUrl: options.methodologyUrl,
      locale,
      t,
      ...(riskNames ? { riskNames } : {}),
    }),
  );
  doc.setProperties({
    title: t('pdf.report.docTitle', { company: company.name }),
    subject: t('pdf.report.docSubject', { id: result.id }),
    author: options.productName,
    creator: options.productName,
  });
  return doc;
}
