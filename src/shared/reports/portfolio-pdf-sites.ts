import type { PortfolioRow } from '../contracts/portfolio.js';
import type { ScreeningStatus } from '../contracts/screening.js';
import { AMBER_INK, INK, MUTED, NAVY, RED_INK, WHITE, ZEBRA, type FontStyle, type PageCursor, type Rgb } from '../pdf/index.js';
import { PORTFOLIO_HEADING, portfolioChip } from './portfolio-pdf-frame.js';
import { countryWord, rowOutcome } from './portfolio-pdf-words.js';
import { screeningStatusWord, type PdfLanguage } from './report-pdf-words.js';

/**
 * The portfolio summary's table of sites: a row per site, the header repeated on each page.
 * Every cell is wrapped to its column in the very font it is drawn in, so nothing runs into the
 * next column; the company cell says the name, the fiscal number and the site's address, and
 * the sanctions cell the screening of the site's report in a word (red for a match, amber for a
 * possible match).
 */

/** The table's columns, in mm (they add up to the page's width inside the margins), each with its title's message. */
export const TABLE_COLUMNS = [
  // Each English title on one line, and an 11-letter reference ('BAD-COUNTRY') or 'Netherlands'
  // too, in DejaVu Sans as well (the wider font of a book with Greek or Cyrillic names); 'Possible
  // match' takes two lines, as the company cell does. A longer language's title is written
  // smaller, on two lines if need be (tableHeader).
  { key: 'row', title: 'pdf.portfolio.column.row', width: 9 },
  { key: 'reference', title: 'pdf.portfolio.column.reference', width: 25 },
  { key: 'company', title: 'pdf.portfolio.column.company', width: 46 },
  { key: 'country', title: 'pdf.portfolio.column.country', width: 21 },
  { key: 'grade', title: 'pdf.portfolio.column.grade', width: 11 },
  { key: 'score', title: 'pdf.portfolio.column.score', width: 11 },
  { key: 'sanctions', title: 'pdf.portfolio.column.sanctions', width: 20 },
  { key: 'hazard', title: 'pdf.portfolio.column.hazard', width: 37 },
] as const;

type ColumnKey = (typeof TABLE_COLUMNS)[number]['key'];

/** Where each column starts. */
export const COLUMN_X: Record<ColumnKey, number> = (() => {
  let x = 0;
  const out = {} as Record<ColumnKey, number>;
  for (const col of TABLE_COLUMNS) {
    out[col.key] = x;
    x += col.width;
  }
  return out;
})();

const SIZE = 8;
const PAD = 1.6;
const HEADER_H = 7;

/** Lines of one font and colour inside a cell. */
interface Run {
  lines: string[];
  style: FontStyle;
  colour: Rgb;
  /** Smaller than SIZE when a word of it would not fit its column (a longer language's status word). */
  size?: number;
}

const inner = (key: ColumnKey) => TABLE_COLUMNS.find((col) => col.key === key)!.width - 2 * PAD;

function run(c: PageCursor, text: string, key: ColumnKey, style: FontStyle, colour: Rgb): Run {
  c.font(SIZE, style, colour);
  return { lines: c.wrap(text, inner(key)), style, colour };
}

/** A run of our own words (never broken inside a word: written smaller instead, down to 6 points). */
function wordsRun(c: PageCursor, text: string, key: ColumnKey, style: FontStyle, colour: Rgb): Run {
  const { size, lines } = c.fitWords(text, inner(key), SIZE, 6, style, colour);
  return size === SIZE ? { lines, style, colour } : { lines, style, colour, size };
}

/** The fiscal number as the company cell writes it. */
export const fiscalLine = (w: PdfLanguage, fiscalNumber: string) => w.t('pdf.portfolio.fiscalNumber', { number: fiscalNumber });

/** The sanctions cell's look per status: the hits in colour and bold, a clear screening quiet. */
const SANCTIONS_LOOK: Record<ScreeningStatus, { style: FontStyle; colour: Rgb }> = {
  match: { style: 'bold', colour: RED_INK },
  possible_match: { style: 'bold', colour: AMBER_INK },
  clear: { style: 'normal', colour: INK },
  not_screened: { style: 'normal', colour: MUTED },
};

/** The sanctions cell: the screening's status in words, '-' while the row has no report. */
export function sanctionsCell(w: PdfLanguage, row: PortfolioRow): { text: string; style: FontStyle; colour: Rgb } {
  if (!row.screening_status) return { text: '-', style: 'normal', colour: MUTED };
  return { text: screeningStatusWord(w, row.screening_status), ...SANCTIONS_LOOK[row.screening_status] };
}

/** Each text cell's runs (the grade is a chip). */
function rowCells(c: PageCursor, w: PdfLanguage, row: PortfolioRow, riskNames?: Record<string, string>): Record<Exclude<ColumnKey, 'grade'>, Run[]> {
  const company: Run[] = [];
  if (row.company_name) company.push(run(c, row.company_name, 'company', 'bold', INK));
  if (row.fiscal_number) company.push(run(c, fiscalLine(w, row.fiscal_number), 'company', 'normal', MUTED));
  if (row.site_address) company.push(run(c, row.site_address, 'company', 'normal', INK));
  const sanctions = sanctionsCell(w, row);
  return {
    row: [run(c, String(row.row), 'row', 'normal', INK)],
    reference: [run(c, row.reference || '-', 'reference', 'normal', INK)],
    company,
    country: [run(c, countryWord(w, row.country), 'country', 'normal', INK)],
    score: [run(c, row.overallScore !== undefined ? String(row.overallScore) : '-', 'score', 'normal', INK)],
    sanctions: [wordsRun(c, sanctions.text, 'sanctions', sanctions.style, sanctions.colour)],
    hazard: [run(c, rowOutcome(w, row, riskNames), 'hazard', 'normal', row.status === 'failed' ? RED_INK : INK)],
  };
}

/** The smallest size a header title is written in, on two lines when one will not do. */
const HEADER_MIN = 6;

function tableHeader(c: PageCursor, w: PdfLanguage): void {
  c.fill(NAVY);
  c.doc.rect(c.left, c.y, c.frame.width, HEADER_H, 'F');
  for (const col of TABLE_COLUMNS) {
    const title = w.t(col.title);
    const x = c.left + COLUMN_X[col.key] + PAD;
    const size = c.fitSize(title, inner(col.key) + PAD - 0.4, 7.5, HEADER_MIN, 'bold', WHITE);
    const lines = size === HEADER_MIN ? c.wrap(title, inner(col.key) + PAD - 0.4).slice(0, 2) : [title];
    const lh = c.lh(size, 1.1);
    lines.forEach((line, i) => c.doc.text(line, x, c.y + HEADER_H / 2 + (i - (lines.length - 1) / 2) * lh, { baseline: 'middle' }));
  }
  c.y += HEADER_H;
}

export function sitesTable(c: PageCursor, rows: PortfolioRow[], w: PdfLanguage, riskNames?: Record<string, string>): void {
  c.heading(w.t('pdf.portfolio.sitesHeading'), HEADER_H + 10, PORTFOLIO_HEADING);
  tableHeader(c, w);
  rows.forEach((row, i) => siteRow(c, w, row, i, riskNames));
}

function siteRow(c: PageCursor, w: PdfLanguage, row: PortfolioRow, index: number, riskNames?: Record<string, string>): void {
  const { doc } = c;
  const lh = c.lh(SIZE, 1.25);
  const cells = rowCells(c, w, row, riskNames);
  const lines = Math.max(1, ...Object.values(cells).map((runs) => runs.reduce((n, r) => n + r.lines.length, 0)));
  const h = Math.max(lines * lh, 5.2) + 2 * PAD;
  if (c.y + h > c.frame.bottom) {
    c.newPage();
    tableHeader(c, w);
  }
  if (index % 2 === 1) {
    c.fill(ZEBRA);
    doc.rect(c.left, c.y, c.frame.width, h, 'F');
  }
  for (const col of TABLE_COLUMNS) {
    const x = c.left + COLUMN_X[col.key] + PAD;
    if (col.key === 'grade') {
      if (row.overallScoreGrade) portfolioChip(c, x, c.y + PAD, row.overallScoreGrade);
      else {
        c.font(SIZE, 'normal', MUTED);
        doc.text('-', x, c.y + PAD, { baseline: 'top' });
      }
      continue;
    }
    let top = c.y + PAD;
    for (const r of cells[col.key]) {
      c.font(r.size ?? SIZE, r.style, r.colour);
      r.lines.forEach((line, i) => doc.text(line, x, top + i * lh, { baseline: 'top' }));
      top += r.lines.length * lh;
    }
  }
  c.hairline(c.left, c.y + h, 0.15);
  c.y += h;
}
