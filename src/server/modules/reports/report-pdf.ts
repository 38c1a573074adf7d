import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ReportResponse } from '../../../shared/contracts/assessment-api.js';
import type { Locale } from '../../../shared/i18n/locales.js';
import { pdfFileName } from '../../../shared/reports/report-format.js';
import { buildReportPdf, type JsPdfDoc, type UnicodeFonts } from '../../../shared/reports/report-pdf.js';
import { onCpuPool } from '../../lib/cpu-pool.js';
import { translator } from '../../lib/messages.js';
import { projectRoot } from '../../lib/paths.js';

/**
 * The report's PDF rendered on the server for the API: the very layout the browser draws
 * (src/shared/reports), with jsPDF's Node build and the DejaVu Sans subsets of src/shared/pdf/fonts,
 * in the report's language (the `pdf` catalogue).
 */

let fonts: Promise<UnicodeFonts> | undefined;
/** Read once, on the first report that needs more than Latin-1: the subsets the browser's PDF embeds too. */
function loadFonts(): Promise<UnicodeFonts> {
  fonts ??= Promise.all([
    readFile(join(projectRoot, 'src/shared/pdf/fonts/DejaVuSans-subset.ttf')),
    readFile(join(projectRoot, 'src/shared/pdf/fonts/DejaVuSans-Bold-subset.ttf')),
  ]).then(([regular, bold]) => ({ regular: new Uint8Array(regular), bold: new Uint8Array(bold) }));
  fonts.catch(() => (fonts = undefined));
  return fonts;
}

export interface RenderedPdf {
  bytes: Buffer;
  fileName: string;
}

export interface ReportPdfOptions {
  productName: string;
  /** The public base URL: the PDF names the methodology page, as the screen's PDF does. */
  appUrl: string;
  now?: () => Date;
  /** The language the PDF is written in; the report's own (`report.locale`), else English. */
  locale?: Locale;
}

/** Renders a stored report (and its map PNG) as the screen's 'Download Full Report (PDF)' does. */
export async function renderReportPdf(report: ReportResponse, map: Uint8Array | null, options: ReportPdfOptions): Promise<RenderedPdf> {
  // On a CPU worker (lib/cpu-pool.ts) when the process has them: a PDF takes tens of milliseconds.
  const now = options.now?.() ?? new Date();
  const locale = options.locale ?? report.locale ?? 'en';
  const task = { report, map, productName: options.productName, appUrl: options.appUrl, nowMs: now.getTime(), locale };
  const pdf = await onCpuPool<{ bytes: Uint8Array; fileName: string }>('pdf', task, () => renderHere(report, map, { ...options, now: () => now, locale }));
  return { bytes: Buffer.isBuffer(pdf.bytes) ? pdf.bytes : Buffer.from(pdf.bytes.buffer, pdf.bytes.byteOffset, pdf.bytes.byteLength), fileName: pdf.fileName };
}

async function renderHere(report: ReportResponse, map: Uint8Array | null, options: ReportPdfOptions & { locale: Locale }): Promise<RenderedPdf> {
  // jsPDF is loaded on the first PDF, not at start (most processes never render one).
  const { jsPDF } = await import('jspdf');
  const { locale } = options;
  const doc = await buildReportPdf({
    company: report.company_data,
    ...(report.site ? { site: report.site } : {}),
    result: report.result,
    screening: report.screening,
    map,
    productName: options.productName,
    now: options.now?.() ?? new Date(),
    methodologyUrl: `${options.appUrl}/methodology`,
    locale,
    t: translator('pdf', locale),
    ...(report.risk_names ? { riskNames: report.risk_names } : {}),
    loadFonts,
    createDoc: (): JsPdfDoc => new jsPDF({ orientation: 'portrait', unit: 'mm', format: 'a4', compress: true }),
  });
  return { bytes: Buffer.from(doc.output('arraybuffer')), fileName: pdfFileName(report.company_data.name) };
}
