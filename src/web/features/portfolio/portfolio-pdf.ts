import type { PortfolioDetail } from '../../../shared/contracts/portfolio';
import { buildPortfolioPdf } from '../../../shared/reports/portfolio-pdf';
import { loadDejaVu } from '../../entities/report/dejavu';
import { currentLocale, t } from '../../lib/i18n';
import { safeFileName } from './portfolio-api';

/**
 * The browser's side of the portfolio summary PDF: the layout is in src/shared/reports (the
 * server can render the same file); here jsPDF is loaded only when the user asks for the file,
 * and the Unicode font and the map's outlines come from the app's own assets.
 */

export const pdfFileName = (name: string) => safeFileName(t('portfolio.pdf.fileName', { name: name || t('portfolio.pdf.untitled') }), 'pdf');

/** 'PDF summary': builds the PDF in the browser and saves it. Returns the file name. */
export async function downloadPortfolioPdf(portfolio: PortfolioDetail, productName: string, now = new Date()): Promise<string> {
  const [{ jsPDF }, { countryOutlines }] = await Promise.all([import('jspdf'), import('./portfolio-pdf-outline')]);
  const doc = await buildPortfolioPdf({
    portfolio,
    productName,
    now,
    outline: countryOutlines(),
    locale: currentLocale(),
    t,
    loadFonts: loadDejaVu,
    createDoc: () => new jsPDF({ orientation: 'portrait', unit: 'mm', format: 'a4', compress: true }),
  });
  const fileName = pdfFileName(portfolio.name);
  doc.save(fileName);
  return fileName;
}
