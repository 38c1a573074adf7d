import type { CompanyData, ReportSite, RiskAssessmentResult } from '../contracts/assessment.js';
import type { ReportScreening } from '../contracts/screening.js';
import { PageCursor, chooseFont, pdfImage, stampPages, type JsPdfDoc, type PdfBuildOptions, type PdfDoc } from '../pdf/index.js';
import { companyFacts, companyParties, dataSources, evidenceLines, partyText, reportFiledDate, riskSections, siteFacts } from './report-format.js';
import { FOOTER_Y, REPORT_FRAME } from './report-pdf-frame.js';
import { riskSection } from './report-pdf-risks.js';
import { screeningSection } from './report-pdf-screening.js';
import { screeningTexts } from './screening-format.js';
import type { ReportModel } from './report-model.js';
import { companySection, mapSection, notices, readingSection, sourcesSection, summarySection, takeawaysSection, titleBlock } from './report-pdf-sections.js';

/**
 * The PDF report, drawn with the kit of src/shared/pdf: a brand header and a footer with the
 * report id, date and page number on every page; the sections are in report-pdf-sections.ts
 * and report-pdf-risks.ts, the page frame in report-pdf-frame.ts.
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
  const { result } = model;
  // A filed document: the full date, year and time in UTC, never the screens' '5 Mar'.
  const date = reportFiledDate(result);
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
  for (const section of riskSections(result)) riskSection(c, section);
  readingSection(c, model);
  sourcesSection(c, model);
  return stampPages(c, {
    productName: model.productName,
    title: 'Company Risk Assessment Report',
    mark: true,
    footer: `Report ID: ${result.id}  |  Date: ${date}`,
    footerY: FOOTER_Y,
  });
}

/** Every text of the report that comes from the data (the fixed texts are Latin-1). */
export function reportTexts(company: CompanyData, result: RiskAssessmentResult, site?: ReportSite, screening?: ReportScreening): string[] {
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
}

/** Builds the report as a jsPDF document. */
export async function buildReportPdf(options: BuildOptions): Promise<JsPdfDoc> {
  const { company, result, site, screening } = options;
  const doc = options.createDoc();
  const fontFamily = await chooseFont(doc, reportTexts(company, result, site, screening), options.loadFonts);
  doc.setProperties({
    title: `Risk Assessment Report - ${company.name}`,
    subject: `Company risk assessment ${result.id}`,
    author: options.productName,
    creator: options.productName,
  });
  layoutReport(doc, {
    company,
    ...(site ? { site } : {}),
    result,
    ...(screening ? { screening } : {}),
    map: pdfImage(options.map),
    productName: options.productName,
    now: options.now ?? new Date(),
    fontFamily,
    methodologyUrl: options.methodologyUrl,
  });
  return doc;
}
