import type { PortfolioDetail, PortfolioRow } from '../../../shared/contracts/portfolio';
import type { Grade } from '../../../shared/scoring';
import { formatDate, formatDateTime } from '../../lib/format';
import { GRADE_COLOURS, gradeLabel } from '../../entities/report/report-format';
import { safeFileName } from './portfolio-api';
import { averageScore, countryLabel, dominantHazards, gradeDistribution, isAssessed } from './portfolio-rows';

/**
 * The portfolio summary PDF: A4 portrait in millimetres, a brand header band and a footer with
 * the portfolio, the date and 'Page n of m' on every page; then the counts, the grade
 * distribution, the dominant hazards and every site in a table whose header repeats on each
 * page. `layoutPortfolio` draws onto anything shaped like jsPDF, so it is tested in Node;
 * `downloadPortfolioPdf` loads jsPDF only when the user asks for the file.
 */

type Rgb = readonly [number, number, number];

/** The subset of jsPDF the layout uses. */
export interface PortfolioPdfDoc {
  setFont(fontName: string, fontStyle?: string): unknown;
  setFontSize(size: number): unknown;
  setTextColor(r: number, g: number, b: number): unknown;
  setFillColor(r: number, g: number, b: number): unknown;
  setDrawColor(r: number, g: number, b: number): unknown;
  setLineWidth(width: number): unknown;
  text(
    text: string | string[],
    x: number,
    y: number,
    options?: { align?: 'left' | 'center' | 'right'; baseline?: 'top' | 'middle' | 'alphabetic' | 'bottom' },
  ): unknown;
  rect(x: number, y: number, w: number, h: number, style?: string): unknown;
  roundedRect(x: number, y: number, w: number, h: number, rx: number, ry: number, style?: string): unknown;
  line(x1: number, y1: number, x2: number, y2: number): unknown;
  splitTextToSize(text: string, maxWidth: number): string[];
  addPage(): unknown;
  setPage(page: number): unknown;
  getNumberOfPages(): number;
}

export const PAGE_WIDTH = 210;
export const PAGE_HEIGHT = 297;
export const MARGIN = 15;
export const WIDTH = PAGE_WIDTH - 2 * MARGIN;
export const CONTENT_TOP = 24;
export const CONTENT_BOTTOM = PAGE_HEIGHT - 20;
const FOOTER_Y = PAGE_HEIGHT - 10;

const NAVY: Rgb = [15, 42, 74];
const BRAND: Rgb = [23, 60, 108];
const BRAND_SOFT: Rgb = [238, 244, 251];
const ACCENT: Rgb = [34, 197, 94];
const INK: Rgb = [30, 41, 59];
const MUTED: Rgb = [100, 116, 139];
const RULE: Rgb = [226, 232, 240];
const ZEBRA: Rgb = [248, 250, 252];
const TRACK: Rgb = [226, 232, 240];
const RED_INK: Rgb = [153, 27, 27];
const WHITE: Rgb = [255, 255, 255];

const PT = 0.3528;
const lineHeight = (size: number, factor = 1.3) => size * PT * factor;

/** The table's columns: x offset from the margin and width, in mm (they add up to WIDTH). */
export const TABLE_COLUMNS = [
  { key: 'line', title: '#', width: 9 },
  { key: 'reference', title: 'Reference', width: 28 },
  { key: 'company', title: 'Company and site', width: 55 },
  { key: 'country', title: 'Country', width: 21 },
  { key: 'grade', title: 'Grade', width: 12 },
  { key: 'score', title: 'Score', width: 13 },
  { key: 'hazard', title: 'Worst hazard / problem', width: 42 },
] as const;

export interface PortfolioPdfModel {
  portfolio: PortfolioDetail;
  productName: string;
  now: Date;
  fontFamily: string;
}

/** What the row's last column says: its worst hazard, why it failed, or that it is still waiting. */
export function rowOutcome(row: PortfolioRow): string {
  if (row.status === 'failed') return `Failed: ${row.error ?? 'no reason given'}`;
  if (row.status === 'done') return row.worst_hazard ?? '-';
  return row.status === 'running' ? 'Being assessed' : 'Queued';
}

/** Draws the summary; returns the number of pages. */
export function layoutPortfolio(doc: PortfolioPdfDoc, model: PortfolioPdfModel): number {
  const { portfolio, fontFamily, now } = model;
  const rows = [...portfolio.rows].sort((a, b) => a.line - b.line);
  let y = CONTENT_TOP;

  const font = (size: number, style: 'normal' | 'bold' = 'normal', colour: Rgb = INK) => {
    doc.setFont(fontFamily, style);
    doc.setFontSize(size);
    doc.setTextColor(...colour);
  };
  const fill = (c: Rgb) => doc.setFillColor(...c);
  const draw = (c: Rgb) => doc.setDrawColor(...c);
  const wrap = (text: string, width: number) => doc.splitTextToSize(text, width);
  const newPage = () => {
    doc.addPage();
    y = CONTENT_TOP;
  };
  const ensure = (height: number) => {
    if (y + height > CONTENT_BOTTOM && y > CONTENT_TOP) newPage();
  };
  const sectionHeading = (title: string, keepWith: number) => {
    ensure(12 + keepWith);
    y += 2;
    font(12.5, 'bold', NAVY);
    doc.text(title, MARGIN, y, { baseline: 'top' });
    y += lineHeight(12.5) + 1;
    fill(ACCENT);
    doc.rect(MARGIN, y, 14, 0.9, 'F');
    draw(RULE);
    doc.setLineWidth(0.2);
    doc.line(MARGIN + 14, y + 0.45, MARGIN + WIDTH, y + 0.45);
    y += 5;
  };
  const chip = (x: number, top: number, grade: Grade, w = 8, h = 5.2) => {
    fill(GRADE_COLOURS[grade].solid);
    doc.roundedRect(x, top, w, h, 1, 1, 'F');
    font(8.5, 'bold', WHITE);
    doc.text(grade, x + w / 2, top + h / 2, { align: 'center', baseline: 'middle' });
  };
  const bar = (x: number, top: number, width: number, height: number, share: number, colour: Rgb) => {
    fill(TRACK);
    doc.rect(x, top, width, height, 'F');
    if (share > 0) {
      fill(colour);
      doc.rect(x, top, Math.max(0.8, width * Math.min(1, share)), height, 'F');
    }
  };

  // --- Title ---------------------------------------------------------------------------------
  font(9, 'bold', BRAND);
  doc.text('PORTFOLIO RISK SUMMARY', MARGIN, y, { baseline: 'top' });
  y += lineHeight(9) + 1.5;
  font(18, 'bold', NAVY);
  const title = wrap(portfolio.name || 'Portfolio', WIDTH).slice(0, 3);
  doc.text(title, MARGIN, y, { baseline: 'top' });
  y += title.length * lineHeight(18, 1.2) + 1;
  font(9.5, 'normal', MUTED);
  const when = portfolio.finished_at
    ? `Finished ${formatDateTime(portfolio.finished_at, now)}`
    : `Created ${formatDateTime(portfolio.created_at, now)}, still running`;
  doc.text(`${when}  |  Summary of ${formatDate(now, now)}`, MARGIN, y, { baseline: 'top' });
  y += lineHeight(9.5) + 5;

  // --- Counts --------------------------------------------------------------------------------
  const assessed = rows.filter(isAssessed).length;
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
  counts.forEach((c, i) => {
    const x = MARGIN + i * (boxW + gap);
    fill(BRAND_SOFT);
    doc.roundedRect(x, y, boxW, 17, 2, 2, 'F');
    font(7.5, 'bold', MUTED);
    doc.text(c.label.toUpperCase(), x + 3, y + 3, { baseline: 'top' });
    font(15, 'bold', c.label === 'Failed' && portfolio.failed > 0 ? RED_INK : NAVY);
    doc.text(c.value, x + 3, y + 8, { baseline: 'top' });
  });
  y += 17 + 6;

  // --- Grade distribution and dominant hazards, side by side --------------------------------
  const colW = (WIDTH - 8) / 2;
  const dist = gradeDistribution(rows);
  const hazards = dominantHazards(rows);
  const blockH = 8 + lineHeight(12.5) + 6 * 7;
  ensure(blockH);
  const blockTop = y;
  const heading = (text: string, x: number) => {
    font(11, 'bold', NAVY);
    doc.text(text, x, blockTop, { baseline: 'top' });
    fill(ACCENT);
    doc.rect(x, blockTop + lineHeight(11) + 1, 12, 0.8, 'F');
  };
  heading('Grade distribution', MARGIN);
  heading('Hazards that dominate the book', MARGIN + colW + 8);
  let gy = blockTop + lineHeight(11) + 5;
  for (const { grade, count } of dist) {
    chip(MARGIN, gy, grade, 7, 5);
    bar(MARGIN + 10, gy + 1.3, colW - 36, 2.6, assessed ? count / assessed : 0, GRADE_COLOURS[grade].solid);
    font(8.5, 'normal', INK);
    const pct = assessed ? Math.round((count / assessed) * 100) : 0;
    doc.text(`${count} (${pct}%)`, MARGIN + colW, gy + 2.5, { align: 'right', baseline: 'middle' });
    gy += 7;
  }
  let hy = blockTop + lineHeight(11) + 5;
  const hx = MARGIN + colW + 8;
  if (hazards.length === 0) {
    font(9, 'normal', MUTED);
    doc.text('No site assessed yet.', hx, hy, { baseline: 'top' });
  }
  const maxHazard = Math.max(1, ...hazards.map((h) => h.count));
  for (const { hazard, count } of hazards) {
    font(8.5, 'normal', INK);
    const label = wrap(hazard, colW - 22)[0] ?? hazard;
    doc.text(label, hx, hy, { baseline: 'top' });
    doc.text(count === 1 ? '1 site' : `${count} sites`, hx + colW, hy, { align: 'right', baseline: 'top' });
    bar(hx, hy + 3.8, colW, 1.6, count / maxHazard, BRAND);
    hy += 7;
  }
  y = Math.max(gy, hy) + 4;
  font(7.5, 'normal', MUTED);
  doc.text(
    wrap(`Grades: ${dist.map((d) => `${d.grade} ${gradeLabel(d.grade)}`).join('; ')}.`, WIDTH),
    MARGIN,
    y,
    { baseline: 'top' },
  );
  y += 2 * lineHeight(7.5) + 4;

  // --- The sites -----------------------------------------------------------------------------
  const size = 8;
  const lh = lineHeight(size, 1.25);
  const pad = 1.6;
  const headerH = 7;
  const tableHeader = () => {
    fill(NAVY);
    doc.rect(MARGIN, y, WIDTH, headerH, 'F');
    font(7.5, 'bold', WHITE);
    let x = MARGIN;
    for (const c of TABLE_COLUMNS) {
      doc.text(c.title, x + pad, y + headerH / 2, { baseline: 'middle' });
      x += c.width;
    }
    y += headerH;
  };
  sectionHeading('Sites', headerH + 10);
  tableHeader();
  rows.forEach((row, i) => {
    const company = [row.company_name ?? row.fiscal_number, row.site_address].filter(Boolean).join(' - ');
    const cells: Record<(typeof TABLE_COLUMNS)[number]['key'], string[]> = {
      line: [String(row.line)],
      reference: wrap(row.reference || '-', TABLE_COLUMNS[1].width - 2 * pad),
      company: wrap(company, TABLE_COLUMNS[2].width - 2 * pad),
      country: wrap(countryLabel(row.country), TABLE_COLUMNS[3].width - 2 * pad),
      grade: [],
      score: [row.overallScore !== undefined ? String(row.overallScore) : '-'],
      hazard: wrap(rowOutcome(row), TABLE_COLUMNS[6].width - 2 * pad),
    };
    font(size, 'normal', INK);
    const lines = Math.max(1, ...Object.values(cells).map((c) => c.length));
    const h = Math.max(lines * lh, 5.2) + 2 * pad;
    if (y + h > CONTENT_BOTTOM) {
      newPage();
      tableHeader();
    }
    if (i % 2 === 1) {
      fill(ZEBRA);
      doc.rect(MARGIN, y, WIDTH, h, 'F');
    }
    let x = MARGIN;
    for (const c of TABLE_COLUMNS) {
      if (c.key === 'grade') {
        if (row.overallScoreGrade) chip(x + pad, y + pad, row.overallScoreGrade);
        else {
          font(size, 'normal', MUTED);
          doc.text('-', x + pad, y + pad, { baseline: 'top' });
        }
      } else {
        const failed = c.key === 'hazard' && row.status === 'failed';
        font(size, c.key === 'company' ? 'bold' : 'normal', failed ? RED_INK : INK);
        doc.text(cells[c.key], x + pad, y + pad, { baseline: 'top' });
      }
      x += c.width;
    }
    draw(RULE);
    doc.setLineWidth(0.15);
    doc.line(MARGIN, y + h, MARGIN + WIDTH, y + h);
    y += h;
  });

  // --- Header and footer on every page ------------------------------------------------------
  const pages = doc.getNumberOfPages();
  for (let page = 1; page <= pages; page += 1) {
    doc.setPage(page);
    fill(NAVY);
    doc.rect(0, 0, PAGE_WIDTH, 13, 'F');
    font(12, 'bold', WHITE);
    doc.text(model.productName, MARGIN, 6.6, { baseline: 'middle' });
    font(8.5, 'normal', [203, 213, 225]);
    doc.text('Portfolio Risk Summary', MARGIN + WIDTH, 6.6, { align: 'right', baseline: 'middle' });
    draw(RULE);
    doc.setLineWidth(0.2);
    doc.line(MARGIN, FOOTER_Y - 4, MARGIN + WIDTH, FOOTER_Y - 4);
    font(7.5, 'normal', MUTED);
    const name = wrap(portfolio.name || 'Portfolio', 110)[0] ?? '';
    doc.text(`${name}  |  ${formatDate(now, now)}`, MARGIN, FOOTER_Y, { baseline: 'middle' });
    doc.text(`Page ${page} of ${pages}`, MARGIN + WIDTH, FOOTER_Y, { align: 'right', baseline: 'middle' });
  }
  return pages;
}

/** True when every character can be written with the PDF standard fonts (Latin-1). */
export function fitsLatin1(texts: readonly string[]): boolean {
  return texts.every((t) => [...t].every((ch) => ch.codePointAt(0)! <= 0xff));
}

/** The texts of the summary that come from the data. */
export function portfolioTexts(p: PortfolioDetail): string[] {
  return [p.name, ...p.rows.flatMap((r) => [r.reference, r.company_name ?? '', r.site_address, r.country, r.worst_hazard ?? '', r.error ?? ''])];
}

function binaryString(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 0x8000) out += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return out;
}

async function fetchBytes(url: string): Promise<Uint8Array> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`font ${url}: ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

export const pdfFileName = (name: string) => safeFileName(`${name || 'Portfolio'} summary`, 'pdf');

/** 'PDF summary': builds the PDF in the browser and saves it. Returns the file name. */
export async function downloadPortfolioPdf(portfolio: PortfolioDetail, productName: string, now = new Date()): Promise<string> {
  const { jsPDF } = await import('jspdf');
  const doc = new jsPDF({ orientation: 'portrait', unit: 'mm', format: 'a4', compress: true });
  let fontFamily = 'helvetica';
  // Greek, Cyrillic, ł, ő…: the standard fonts cannot write them, so DejaVu Sans is embedded.
  if (!fitsLatin1(portfolioTexts(portfolio))) {
    const { dejaVuSansUrl, dejaVuSansBoldUrl } = await import('../../entities/report/pdf-fonts');
    const [regular, bold] = await Promise.all([fetchBytes(dejaVuSansUrl), fetchBytes(dejaVuSansBoldUrl)]);
    doc.addFileToVFS('DejaVuSans.ttf', binaryString(regular));
    doc.addFont('DejaVuSans.ttf', 'DejaVuSans', 'normal');
    doc.addFileToVFS('DejaVuSans-Bold.ttf', binaryString(bold));
    doc.addFont('DejaVuSans-Bold.ttf', 'DejaVuSans', 'bold');
    fontFamily = 'DejaVuSans';
  }
  doc.setProperties({ title: `Portfolio Risk Summary - ${portfolio.name}`, author: productName, creator: productName });
  layoutPortfolio(doc as unknown as PortfolioPdfDoc, { portfolio, productName, now, fontFamily });
  const fileName = pdfFileName(portfolio.name);
  doc.save(fileName);
  return fileName;
}
