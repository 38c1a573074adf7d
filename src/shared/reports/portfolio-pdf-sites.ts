import type { PortfolioRow } from '../contracts/portfolio.js';
import { INK, MUTED, NAVY, RED_INK, WHITE, ZEBRA, type FontStyle, type PageCursor, type Rgb } from '../pdf/index.js';
import { PORTFOLIO_HEADING, portfolioChip, rowOutcome } from './portfolio-pdf-frame.js';
import { countryLabel } from './portfolio-summary.js';

/**
 * The portfolio summary's table of sites: a row per site, the header repeated on each page.
 * Every cell is wrapped to its column in the very font it is drawn in, so nothing runs into the
 * next column; the company cell says the name, the fiscal number and the site's address.
 */

/** The table's columns, in mm (they add up to the page's width inside the margins). */
export const TABLE_COLUMNS = [
  { key: 'row', title: 'Row', width: 10 },
  { key: 'reference', title: 'Reference', width: 27 },
  { key: 'company', title: 'Company and site', width: 55 },
  { key: 'country', title: 'Country', width: 21 },
  { key: 'grade', title: 'Grade', width: 12 },
  { key: 'score', title: 'Score', width: 13 },
  { key: 'hazard', title: 'Worst hazard / problem', width: 42 },
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
}

const inner = (key: ColumnKey) => TABLE_COLUMNS.find((col) => col.key === key)!.width - 2 * PAD;

function run(c: PageCursor, text: string, key: ColumnKey, style: FontStyle, colour: Rgb): Run {
  c.font(SIZE, style, colour);
  return { lines: c.wrap(text, inner(key)), style, colour };
}

/** The fiscal number as the company cell writes it. */
export const fiscalLine = (fiscalNumber: string) => `Fiscal number ${fiscalNumber}`;

/** Each text cell's runs (the grade is a chip). */
function rowCells(c: PageCursor, row: PortfolioRow): Record<Exclude<ColumnKey, 'grade'>, Run[]> {
  const company: Run[] = [];
  if (row.company_name) company.push(run(c, row.company_name, 'company', 'bold', INK));
  if (row.fiscal_number) company.push(run(c, fiscalLine(row.fiscal_number), 'company', 'normal', MUTED));
  if (row.site_address) company.push(run(c, row.site_address, 'company', 'normal', INK));
  return {
    row: [run(c, String(row.row), 'row', 'normal', INK)],
    reference: [run(c, row.reference || '-', 'reference', 'normal', INK)],
    company,
    country: [run(c, countryLabel(row.country), 'country', 'normal', INK)],
    score: [run(c, row.overallScore !== undefined ? String(row.overallScore) : '-', 'score', 'normal', INK)],
    hazard: [run(c, rowOutcome(row), 'hazard', 'normal', row.status === 'failed' ? RED_INK : INK)],
  };
}

function tableHeader(c: PageCursor): void {
  c.fill(NAVY);
  c.doc.rect(c.left, c.y, c.frame.width, HEADER_H, 'F');
  c.font(7.5, 'bold', WHITE);
  for (const col of TABLE_COLUMNS) c.doc.text(col.title, c.left + COLUMN_X[col.key] + PAD, c.y + HEADER_H / 2, { baseline: 'middle' });
  c.y += HEADER_H;
}

export function sitesTable(c: PageCursor, rows: PortfolioRow[]): void {
  c.heading('Sites', HEADER_H + 10, PORTFOLIO_HEADING);
  tableHeader(c);
  rows.forEach((row, i) => siteRow(c, row, i));
}

function siteRow(c: PageCursor, row: PortfolioRow, index: number): void {
  const { doc } = c;
  const lh = c.lh(SIZE, 1.25);
  const cells = rowCells(c, row);
  const lines = Math.max(1, ...Object.values(cells).map((runs) => runs.reduce((n, r) => n + r.lines.length, 0)));
  const h = Math.max(lines * lh, 5.2) + 2 * PAD;
  if (c.y + h > c.frame.bottom) {
    c.newPage();
    tableHeader(c);
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
      c.font(SIZE, r.style, r.colour);
      r.lines.forEach((line, i) => doc.text(line, x, top + i * lh, { baseline: 'top' }));
      top += r.lines.length * lh;
    }
  }
  c.hairline(c.left, c.y + h, 0.15);
  c.y += h;
}
