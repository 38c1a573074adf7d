import type { CompanyData, ReportSite, RiskAssessmentResult } from '../../../shared/contracts/assessment';
import type { ReportScreening } from '../../../shared/contracts/screening';
import { pdfFileName } from '../../../shared/reports/report-format';
import { buildReportPdf, type JsPdfDoc } from '../../../shared/reports/report-pdf';
import { loadDejaVu } from './dejavu';

/**
 * The browser's side of the PDF report: the layout is in src/shared/reports (the server renders
 * the same PDF for the API); here jsPDF is loaded only when the user asks for the file, and the
 * Unicode font comes from the app's own assets.
 */
export * from '../../../shared/reports/report-pdf';

/** 'Download Full Report (PDF)': builds the PDF in the browser and saves it under the company's name. */
export async function downloadReportPdf(report: {
  company: CompanyData;
  site?: ReportSite;
  result: RiskAssessmentResult;
  screening?: ReportScreening;
  map: Blob | null;
  productName: string;
  methodologyUrl?: string;
}): Promise<string> {
  const [{ jsPDF }, map] = await Promise.all([import('jspdf'), report.map ? report.map.arrayBuffer() : null]);
  const doc = await buildReportPdf({
    ...report,
    map: map ? new Uint8Array(map) : null,
    loadFonts: loadDejaVu,
    createDoc: (): JsPdfDoc => new jsPDF({ orientation: 'portrait', unit: 'mm', format: 'a4', compress: true }),
  });
  const fileName = pdfFileName(report.company.name);
  doc.save(fileName);
  return fileName;
}
