import type { PortfolioDetail, PortfolioRow } from '../contracts/portfolio.js';
import { formatDocumentDateTime, formatPercent } from '../i18n/format.js';
import type { Locale } from '../i18n/locales.js';
import type { Translate } from '../i18n/message.js';
import {
  ACCENT,
  AMBER_INK,
  AMBER_SOFT,
  BRAND,
  BRAND_SOFT,
  INK,
  MUTED,
  NAVY,
  PageCursor,
  RED_INK,
  RED_SOFT,
  drawInFittingFont,
  stampPages,
  type JsPdfDoc,
  type PdfDoc,
  type PdfBuildOptions,
} from '../pdf/index.js';
import { FOOTER_Y, MARGIN, PORTFOLIO_FRAME, WIDTH, portfolioChip } from './portfolio-pdf-frame.js';
import { sitesMap, type Outline } from './portfolio-pdf-map.js';
import { sitesTable } from './portfolio-pdf-sites.js';
import { sanctionsSummary } from './portfolio-pdf-words.js';
import { averageScore, dominantHazards, gradeDistribution, isAssessed, sanctionsCounts } from './portfolio-summary.js';
import { GRADE_COLOURS } from './report-format.js';
import { gradeWord, type PdfLanguage } from './report-pdf-words.js';

/**
 * The portfolio summary PDF, drawn with the kit of src/shared/pdf: A4 portrait in millimetres,
 * a brand header band and a footer with the portfolio, the date and 'Page n of m' on every page;
 * then the counts, what the sanctions screening of the companies came to, the grade distribution, the dominant hazards, a map of the sites when the
 * caller brings land outlines (portfolio-pdf-map.ts) and every site in a table whose header
 * repeats on each page (portfolio-pdf-sites.ts). `layoutPortfolio` draws onto anything
 * shaped like jsPDF, so it is tested in Node; the browser and the server build the file with
 * `buildPortfolioPdf`, each bringing jsPDF and the fonts, as for the report. It is written in the
 * reader's language: its words from the `pdf` catalogue through `t` (portfolio-pdf-words.ts), its
 * dates and numbers in the locale's way.
 */

export type { Outline } from './portfolio-pdf-map.js';
export { CONTENT_BOTTOM, CONTENT_TOP, MARGIN, PAGE_HEIGHT, PAGE_WIDTH, PORTFOLIO_FRAME, WIDTH } from './portfolio-pdf-frame.js';
export { rowOutcome } from './portfolio-pdf-words.js';

export interface PortfolioPdfModel extends PdfLanguage {
  portfolio: PortfolioDetail;
  productName: string;
  now: Date;
  fontFamily: string;
  /** Land outlines for the map of the sites; no map without them. */
  outline?: Outline;
  /** The risks' names in the reader's language, by their English names (the rows' worst hazards); as the rows give them without it. */
  riskNames?: Record<string, string>;
}

/** Draws the summary; returns the number of pages. */
export function layoutPortfolio(doc: PdfDoc, model: PortfolioPdfModel): number {
  const { portfolio, now, t, locale } = model;
  const rows = [...portfolio.rows].sort((a, b) => a.row - b.row);
  const c = new PageCursor(doc, model.fontFamily, PORTFOLIO_FRAME);
  titleBlock(c, model, portfolio, now);
  countsRow(c, model, portfolio, rows);
  sanctionsLine(c, model, rows);
  distributionAndHazards(c, model, rows);
  sitesMap(c, rows, model.outline, model);
  sitesTable(c, rows, model, model.riskNames);
  c.font(7.5, 'normal', MUTED);
  return stampPages(c, {
    productName: model.productName,
    title: t('pdf.portfolio.mastheadTitle'),
    mark: false,
    footer: `${c.wrap(portfolio.name || t('pdf.portfolio.untitled'), 100)[0] ?? ''}  |  ${formatDocumentDateTime(now, locale)}`,
    pageLabel: (page, pages) => t('pdf.page', { page, pages }),
    footerY: FOOTER_Y,
  });
}

function titleBlock(c: PageCursor, w: PdfLanguage, portfolio: PortfolioDetail, now: Date): void {
  const { t, locale } = w;
  const kicker = t('pdf.portfolio.kicker');
  c.fitSize(kicker, WIDTH, 9, 7, 'bold', BRAND);
  c.doc.text(kicker, MARGIN, c.y, { baseline: 'top' });
  c.y += c.lh(9) + 1.5;
  c.font(18, 'bold', NAVY);
  const title = c.wrap(portfolio.name || t('pdf.portfolio.untitled'), WIDTH).slice(0, 3);
  c.doc.text(title, MARGIN, c.y, { baseline: 'top' });
  c.y += title.length * c.lh(18, 1.2) + 1;
  c.font(9.5, 'normal', MUTED);
  // A filed document: full dates with the year and time in UTC, never the screens' '5 Mar'.
  const when = portfolio.finished_at
    ? t('pdf.portfolio.finished', { date: formatDocumentDateTime(portfolio.finished_at, locale) })
    : t('pdf.portfolio.stillRunning', { date: formatDocumentDateTime(portfolio.created_at, locale) });
  const lines = c.wrap(t('pdf.portfolio.when', { when, date: formatDocumentDateTime(now, locale) }), WIDTH);
  c.doc.text(lines, MARGIN, c.y, { baseline: 'top' });
  c.y += lines.length * c.lh(9.5) + 5;
}

/** Five boxes: sites, assessed, failed, pending and the average score. */
function countsRow(c: PageCursor, { t, locale }: PdfLanguage, portfolio: PortfolioDetail, rows: PortfolioRow[]): void {
  const pending = rows.filter((r) => r.status === 'queued' || r.status === 'running').length;
  const avg = averageScore(rows);
  const counts = [
    { label: t('pdf.portfolio.count.sites'), value: String(portfolio.total), failed: false },
    { label: t('pdf.portfolio.count.assessed'), value: String(portfolio.done), failed: false },
    { label: t('pdf.portfolio.count.failed'), value: String(portfolio.failed), failed: true },
    { label: t('pdf.portfolio.count.pending'), value: String(pending), failed: false },
    { label: t('pdf.portfolio.count.averageScore'), value: avg === null ? '-' : `${avg}/100`, failed: false },
  ];
  const gap = 3;
  const boxW = (WIDTH - gap * (counts.length - 1)) / counts.length;
  counts.forEach((n, i) => {
    const x = MARGIN + i * (boxW + gap);
    c.fill(BRAND_SOFT);
    c.doc.roundedRect(x, c.y, boxW, 17, 2, 2, 'F');
    const label = n.label.toLocaleUpperCase(locale);
    // One line in the box: a longer language's label is written smaller.
    c.fitSize(label, boxW - 5, 7.5, 5.5, 'bold', MUTED);
    c.doc.text(label, x + 3, c.y + 3, { baseline: 'top' });
    c.font(15, 'bold', n.failed && portfolio.failed > 0 ? RED_INK : NAVY);
    c.doc.text(n.value, x + 3, c.y + 8, { baseline: 'top' });
  });
  c.y += 17 + 6;
}

/**
 * How many companies are sanctions matches or possible matches, in a red or amber box; a quiet
 * line when none is; nothing before any row has a report.
 */
function sanctionsLine(c: PageCursor, w: PdfLanguage, rows: PortfolioRow[]): void {
  const counts = sanctionsCounts(rows);
  const text = sanctionsSummary(w, counts);
  if (!text) return;
  const label = w.t('pdf.portfolio.sanctions.line', { summary: text });
  const ink = counts.match ? RED_INK : counts.possible_match ? AMBER_INK : null;
  if (!ink) {
    c.paragraph(label, MARGIN, WIDTH, 9, 'normal', MUTED);
    c.y += 5;
    return;
  }
  // As the report's banner: a soft box with a bar in the ink's colour on its left edge.
  c.font(9.5, 'bold', ink);
  const lines = c.wrap(`${label} ${w.t('pdf.portfolio.sanctions.columnHint')}`, WIDTH - 10);
  const h = lines.length * c.lh(9.5) + 6;
  c.fill(counts.match ? RED_SOFT : AMBER_SOFT);
  c.doc.rect(MARGIN, c.y, WIDTH, h, 'F');
  c.fill(ink);
  c.doc.rect(MARGIN, c.y, 1.4, h, 'F');
  c.font(9.5, 'bold', ink);
  c.doc.text(lines, MARGIN + 5.4, c.y + 3, { baseline: 'top' });
  c.y += h + 6;
}

/** The grade distribution and the dominant hazards side by side, and the grades' meanings under them. */
function distributionAndHazards(c: PageCursor, w: PdfLanguage & Pick<PortfolioPdfModel, 'riskNames'>, rows: PortfolioRow[]): void {
  const { doc } = c;
  const { t, locale } = w;
  const colW = (WIDTH - 8) / 2;
  const assessed = rows.filter(isAssessed).length;
  const dist = gradeDistribution(rows);
  const hazards = dominantHazards(rows);
  c.ensure(8 + c.lh(12.5) + 6 * 7);
  const blockTop = c.y;
  const heading = (text: string, x: number) => {
    c.fitSize(text, colW, 11, 8, 'bold', NAVY);
    doc.text(text, x, blockTop, { baseline: 'top' });
    c.fill(ACCENT);
    doc.rect(x, blockTop + c.lh(11) + 1, 12, 0.8, 'F');
  };
  heading(t('pdf.portfolio.gradeDistribution'), MARGIN);
  heading(t('pdf.portfolio.hazards'), MARGIN + colW + 8);
  let gy = blockTop + c.lh(11) + 5;
  for (const { grade, count } of dist) {
    portfolioChip(c, MARGIN, gy, grade, 7, 5);
    c.shareBar(MARGIN + 10, gy + 1.3, colW - 36, 2.6, assessed ? count / assessed : 0, GRADE_COLOURS[grade].solid);
    c.font(8.5, 'normal', INK);
    const pct = assessed ? Math.round((count / assessed) * 100) : 0;
    doc.text(t('pdf.portfolio.gradeCount', { count, percent: formatPercent(pct / 100, locale) }), MARGIN + colW, gy + 2.5, { align: 'right', baseline: 'middle' });
    gy += 7;
  }
  let hy = blockTop + c.lh(11) + 5;
  const hx = MARGIN + colW + 8;
  if (hazards.length === 0) {
    c.font(9, 'normal', MUTED);
    doc.text(t('pdf.portfolio.noSiteAssessed'), hx, hy, { baseline: 'top' });
  }
  const maxHazard = Math.max(1, ...hazards.map((h) => h.count));
  for (const { hazard, count } of hazards) {
    c.font(8.5, 'normal', INK);
    const name = w.riskNames?.[hazard] ?? hazard;
    const label = c.wrap(name, colW - 22)[0] ?? name;
    doc.text(label, hx, hy, { baseline: 'top' });
    doc.text(t('pdf.portfolio.siteCount', { count }), hx + colW, hy, { align: 'right', baseline: 'top' });
    c.shareBar(hx, hy + 3.8, colW, 1.6, count / maxHazard, BRAND);
    hy += 7;
  }
  c.y = Math.max(gy, hy) + 4;
  c.font(7.5, 'normal', MUTED);
  const legend = c.wrap(t('pdf.portfolio.gradesLegend', { grades: dist.map((d) => `${d.grade} ${gradeWord(w, d.grade)}`).join('; ') }), WIDTH);
  doc.text(legend, MARGIN, c.y, { baseline: 'top' });
  c.y += Math.max(2, legend.length) * c.lh(7.5) + 4;
}

/** The texts of the summary that come from the data. */
export function portfolioTexts(p: PortfolioDetail): string[] {
  return [
    p.name,
    ...p.rows.flatMap((r) => [r.reference, r.company_name ?? '', r.fiscal_number, r.site_address, r.country, r.worst_hazard ?? '', r.error ?? '']),
  ];
}

export interface BuildPortfolioOptions extends PdfBuildOptions {
  portfolio: PortfolioDetail;
  /** Land outlines for the map of the sites (rings of [longitude, latitude]). */
  outline?: Outline;
  /** The reader's language: its dates and numbers. */
  locale: Locale;
  /** The `pdf` catalogue's messages in that language. */
  t: Translate;
  /** The risks' names in that language, by their English names; the rows' names without it. */
  riskNames?: Record<string, string>;
}

/** Builds the summary as a jsPDF document, in the reader's language. */
export async function buildPortfolioPdf(options: BuildPortfolioOptions): Promise<JsPdfDoc> {
  const { portfolio, productName, locale, t, riskNames } = options;
  const now = options.now ?? new Date();
  const texts = [...portfolioTexts(portfolio), ...Object.values(riskNames ?? {})];
  const doc = await drawInFittingFont(options, texts, (d, fontFamily) =>
    layoutPortfolio(d, { portfolio, productName, now, fontFamily, outline: options.outline, locale, t, ...(riskNames ? { riskNames } : {}) }),
  );
  doc.setProperties({ title: t('pdf.portfolio.docTitle', { name: portfolio.name }), author: productName, creator: productName });
  return doc;
}
