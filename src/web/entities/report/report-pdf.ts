import type { CompanyData, ReportSite, RiskAssessmentResult } from '../../../shared/contracts/assessment';
import type { ReportScreening } from '../../../shared/contracts/screening';
import { pdfFileName } from '../../../shared/reports/report-format';
import { buildReportPdf, type JsPdfDoc } from '../../../shared/reports/report-pdf';
import { currentLocale, t } from '../../lib/i18n';
import { loadDejaVu } from './dejavu';
import { riskLabel } from './report-format';

/**
 * The browser's side of the PDF report: the layout is in src/shared/reports (the server renders
 * the same PDF for the API); here jsPDF is loaded only when the user asks for the file, and the
 * Unicode font comes from the app's own assets.
 */
export * from '../../../shared/reports/report-pdf';

/** 'Download Full Report (PDF)': builds the PDF in the browser, in the page's language, and saves it under the company's name. */
export async function downloadReportPdf({ risk_names, ...report }: {
  company: CompanyData;
  site?: ReportSite;
  result: RiskAssessmentResult;
  screening?: ReportScreening;
  map: Blob | null;
  productName: string;
  methodologyUrl?: string;
  /** Each risk's name in the report's language, by its English name (the report's `risk_names`). */
  risk_names?: Record<string, string> | undefined;
}): Promise<string> {
  const [{ jsPDF }, map] = await Promise.all([import('jspdf'), report.map ? report.map.arrayBuffer() : null]);
  const doc = await buildReportPdf({
    ...report,
    map: map ? new Uint8Array(map) : null,
    // The `pdf` messages are in the `app` bundle, loaded with the pages behind sign-in.
    locale: currentLocale(),
    t,
    // The report's names when the server gave them, else the page's own (the same catalogue).
    riskNames: risk_names ?? Object.fromEntries([...Object.keys(report.result.locationScoresMap), ...Object.keys(report.result.industryScoresMap)].map((name) => [name, riskLabel(name)])),
    loadFonts: loadDejaVu,
    createDoc: (): JsPdfDoc => new jsPDF({ orientation: 'portrait', unit: 'mm', format: 'a4', compress: true }),
  });
  const fileName = pdfFileName(report.company.name);
  doc.save(fileName);
  return fileName;
}
