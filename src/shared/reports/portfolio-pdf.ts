import type { PortfolioDetail, PortfolioRow } from '../contracts/portfolio.js';
import { formatFiledDateTime } from '../dates.js';
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
  chooseFont,
  stampPages,
  type JsPdfDoc,
  type PdfDoc,
  type PdfBuildOptions,
} from '../pdf/index.js';
import { FOOTER_Y, MARGIN, PORTFOLIO_FRAME, WIDTH, portfolioChip } from './portfolio-pdf-frame.js';
import { sitesMap, type Outline } from './portfolio-pdf-map.js';
import { sitesTable } from './portfolio-pdf-sites.js';
import { averageScore, dominantHazards, gradeDistribution, isAssessed, sanctionsCounts, sanctionsSummaryText } from './portfolio-summary.js';
import { GRADE_COLOURS, gradeLabel } from './report-format.js';

/**
 * The portfolio summary PDF, drawn with the kit of src/shared/pdf: A4 portrait in millimetres,
 * a brand header band and a footer with the portfolio, the date and 'Page n of m' on every page;
 * then the counts, what the sanctions screening of the companies came to, the grade distribution, the dominant hazards, a map of the sites when the
 * caller brings land outlines (portfolio-pdf-map.ts) and every site in a table whose header
 * repeats on each page (portfolio-pdf-sites.ts). `layoutPortfolio` draws onto anything
 * shaped like jsPDF, so it is tested in Node; the browser and the server build the file with
 * `buildPortfolioPdf`, each bringing jsPDF and the fonts, as for the report.
 */

export type { Outline } from './portfolio-pdf-map.js';
export { CONTENT_BOTTOM, CONTENT_TOP, MARGIN, PAGE_HEIGHT, PAGE_WIDTH, PORTFOLIO_FRAME, WIDTH, rowOutcome } from './portfolio-pdf-frame.js';

export interface PortfolioPdfModel {
  portfolio: PortfolioDetail;
  productName: string;
  now: Date;
  fontFamily: string;
  /** Land outlines for the map of the sites; no map without them. */
  outline?: Outline;
}

/** Draws the summary; returns the number of pages. */
export function layoutPortfolio(doc: PdfDoc, model: PortfolioPdfModel): number {
  const { portfolio, now } = model;
  const rows = [...portfolio.rows].sort((a, b) => a.row - b.row);
  const c = new PageCursor(doc, model.fontFamily, PORTFOLIO_FRAME);
  titleBlock(c, portfolio, now);
  countsRow(c, portfolio, rows);
  sanctionsLine(c, rows);
  distributionAndHazards(c, rows);
  sitesMap(c, rows, model.outline);
  sitesTable(c, rows);
  c.font(7.5, 'normal', MUTED);
  return stampPages(c, {
    productName: model.productName,
    title: 'Portfolio Risk Summary',
    mark: false,
    footer: `${c.wrap(portfolio.name || 'Portfolio', 100)[0] ?? ''}  |  ${formatFiledDateTime(now)}`,
    footerY: FOOTER_Y,
  });
}

function titleBlock(c: PageCursor, portfolio: PortfolioDetail, now: Date): void {
  c.font(9, 'bold', BRAND);
  c.doc.text('PORTFOLIO RISK SUMMARY', MARGIN, c.y, { baseline: 'top' });
  c.y += c.lh(9) + 1.5;
  c.font(18, 'bold', NAVY);
  const title = c.wrap(portfolio.name || 'Portfolio', WIDTH).slice(0, 3);
  c.doc.text(title, MARGIN, c.y, { baseline: 'top' });
  c.y += title.length * c.lh(18, 1.2) + 1;
  c.font(9.5, 'normal', MUTED);
  // A filed document: full dates with the year and time in UTC, never the screens' '5 Mar'.
  const when = portfolio.finished_at
    ? `Finished ${formatFiledDateTime(portfolio.finished_at)}`
    : `Created ${formatFiledDateTime(portfolio.created_at)}, still running`;
  const lines = c.wrap(`${when}  |  Summary of ${formatFiledDateTime(now)}`, WIDTH);
  c.doc.text(lines, MARGIN, c.y, { baseline: 'top' });
  c.y += lines.length * c.lh(9.5) + 5;
}

/** Five boxes: sites, assessed, failed, pending and the average score. */
function countsRow(c: PageCursor, portfolio: PortfolioDetail, rows: PortfolioRow[]): void {
  const pending = rows.filter((r) => r.status === 'queued' || r.status === 'running').length;
  const avg = averageScore(rows);
  const counts = [
    { label: 'Sites', value: String(portfolio.total) },
    { label: 'Assessed', value: String(portfolio.done) },
    { label: 'Failed', value: String(portfolio.failed) },
    { label: 'Pending', value: String(pending) },
    { label: 'Average score', value: avg === null ? '-' : `${avg}/100` },
  ];
  const gap = 3;
  const boxW = (WIDTH - gap * (counts.length - 1)) / counts.length;
  counts.forEach((n, i) => {
    const x = MARGIN + i * (boxW + gap);
    c.fill(BRAND_SOFT);
    c.doc.roundedRect(x, c.y, boxW, 17, 2, 2, 'F');
    c.font(7.5, 'bold', MUTED);
    c.doc.text(n.label.toUpperCase(), x + 3, c.y + 3, { baseline: 'top' });
    c.font(15, 'bold', n.label === 'Failed' && portfolio.failed > 0 ? RED_INK : NAVY);
    c.doc.text(n.value, x + 3, c.y + 8, { baseline: 'top' });
  });
  c.y += 17 + 6;
}

/**
 * How many companies are sanctions matches or possible matches, in a red or amber box; a quiet
 * line when none is; nothing before any row has a report.
 */
function sanctionsLine(c: PageCursor, rows: PortfolioRow[]): void {
  const counts = sanctionsCounts(rows);
  const text = sanctionsSummaryText(counts);
  if (!text) return;
  const label = `Sanctions screening: ${text}`;
  const ink = counts.match ? RED_INK : counts.possible_match ? AMBER_INK : null;
  if (!ink) {
    c.paragraph(label, MARGIN, WIDTH, 9, 'normal', MUTED);
    c.y += 5;
    return;
  }
  // As the report's banner: a soft box with a bar in the ink's colour on its left edge.
  c.font(9.5, 'bold', ink);
  const lines = c.wrap(`${label} The Sanctions column below names the sites; each report lists the hits.`, WIDTH - 10);
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
function distributionAndHazards(c: PageCursor, rows: PortfolioRow[]): void {
  const { doc } = c;
  const colW = (WIDTH - 8) / 2;
  const assessed = rows.filter(isAssessed).length;
  const dist = gradeDistribution(rows);
  const hazards = dominantHazards(rows);
  c.ensure(8 + c.lh(12.5) + 6 * 7);
  const blockTop = c.y;
  const heading = (text: string, x: number) => {
    c.font(11, 'bold', NAVY);
    doc.text(text, x, blockTop, { baseline: 'top' });
    c.fill(ACCENT);
    doc.rect(x, blockTop + c.lh(11) + 1, 12, 0.8, 'F');
  };
  heading('Grade distribution', MARGIN);
  heading('Hazards that dominate the book', MARGIN + colW + 8);
  let gy = blockTop + c.lh(11) + 5;
  for (const { grade, count } of dist) {
    portfolioChip(c, MARGIN, gy, grade, 7, 5);
    c.shareBar(MARGIN + 10, gy + 1.3, colW - 36, 2.6, assessed ? count / assessed : 0, GRADE_COLOURS[grade].solid);
    c.font(8.5, 'normal', INK);
    const pct = assessed ? Math.round((count / assessed) * 100) : 0;
    doc.text(`${count} (${pct}%)`, MARGIN + colW, gy + 2.5, { align: 'right', baseline: 'middle' });
    gy += 7;
  }
  let hy = blockTop + c.lh(11) + 5;
  const hx = MARGIN + colW + 8;
  if (hazards.length === 0) {
    c.font(9, 'normal', MUTED);
    doc.text('No site assessed yet.', hx, hy, { baseline: 'top' });
  }
  const maxHazard = Math.max(1, ...hazards.map((h) => h.count));
  for (const { hazard, count } of hazards) {
    c.font(8.5, 'normal', INK);
    const label = c.wrap(hazard, colW - 22)[0] ?? hazard;
    doc.text(label, hx, hy, { baseline: 'top' });
    doc.text(count === 1 ? '1 site' : `${count} sites`, hx + colW, hy, { align: 'right', baseline: 'top' });
    c.shareBar(hx, hy + 3.8, colW, 1.6, count / maxHazard, BRAND);
    hy += 7;
  }
  c.y = Math.max(gy, hy) + 4;
  c.font(7.5, 'normal', MUTED);
  doc.text(c.wrap(`Grades: ${dist.map((d) => `${d.grade} ${gradeLabel(d.grade)}`).join('; ')}.`, WIDTH), MARGIN, c.y, { baseline: 'top' });
  c.y += 2 * c.lh(7.5) + 4;
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
}

/** Builds the summary as a jsPDF document. */
export async function buildPortfolioPdf(options: BuildPortfolioOptions): Promise<JsPdfDoc> {
  const { portfolio, productName } = options;
  const doc = options.createDoc();
  const fontFamily = await chooseFont(doc, portfolioTexts(portfolio), options.loadFonts);
  doc.setProperties({ title: `Portfolio Risk Summary - ${portfolio.name}`, author: productName, creator: productName });
  layoutPortfolio(doc, { portfolio, productName, now: options.now ?? new Date(), fontFamily, outline: options.outline });
  return doc;
}
