import { BRAND, BRAND_SOFT, INK, MUTED, NAVY, WHITE, ZEBRA, type PageCursor } from '../pdf/index.js';
import type { Grade } from '../scoring.js';
import { GRADE_COLOURS, type RiskRow, type RiskSectionModel } from './report-format.js';
import { CONTENT_BOTTOM, HEADING, MARGIN, PAGE_BODY, WRAP_WIDTH, gradeChip } from './report-pdf-frame.js';
import { levelText, type PdfLanguage } from './report-pdf-words.js';

/**
 * A risk table (location or industry): a row per risk with its score, grade, likelihood and
 * impact, its reasons and its evidence under it, and the average at the end. A risk stays on
 * one page when it fits on one; the table header is repeated after a break.
 */

const COLS = { name: MARGIN + 3, score: MARGIN + 66, grade: MARGIN + 86, likelihood: MARGIN + 100, impact: MARGIN + 131 };
/** How wide each column's text may be: to the next column, less a gap (the impact to the right edge). */
const COL_WIDTHS = { name: 60, score: 18.5, grade: 12.5, likelihood: 28.5, impact: WRAP_WIDTH + MARGIN - COLS.impact - 1.5 };
const NAME_WIDTH = 60;
const REASON_X = MARGIN + 7;
const REASON_WIDTH = WRAP_WIDTH - 10;
// Evidence: the dataset in a narrow column, the measured fact beside it.
const DATASET_WIDTH = 30;
const EVIDENCE_TEXT_X = REASON_X + DATASET_WIDTH + 3;
const EVIDENCE_TEXT_WIDTH = REASON_WIDTH - DATASET_WIDTH - 4;
const EVIDENCE_BG = [241, 245, 249] as const;
/** Height of the 'EVIDENCE' label line and the padding inside each evidence row (mm). */
const EVIDENCE_LABEL = 3.8;
const EVIDENCE_PAD = 1.1;
/** White space between two evidence rows. */
const EVIDENCE_GAP = 0.5;

export function riskSection(c: PageCursor, w: PdfLanguage, { title, rows, averageLabel, average, averageGrade }: RiskSectionModel): void {
  // The heading and table header stay with the first risk.
  c.heading(title, rows.length ? 9 + measureRisk(c, rows[0]!).needed : 26, HEADING);
  if (rows.length === 0) {
    c.paragraph(w.t('pdf.risks.none'), MARGIN, WRAP_WIDTH, 9.5, 'normal', MUTED);
  } else {
    tableHeader(c, w);
    rows.forEach((row, i) => riskBlock(c, w, row, i, title));
  }
  averageRow(c, averageLabel, average, averageGrade);
}

type Evidence = { dataset: string[]; text: string[]; height: number };

/** A risk's evidence lines, wrapped, with the height each takes. */
function evidenceRows(c: PageCursor, row: RiskRow): Evidence[] {
  return row.evidence.map((e) => {
    c.font(7.5, 'bold', BRAND);
    const dataset = c.wrap(e.dataset, DATASET_WIDTH - 1);
    c.font(8.5, 'normal', INK);
    const text = c.wrap(e.text, EVIDENCE_TEXT_WIDTH);
    const height = Math.max(dataset.length * c.lh(7.5), text.length * c.lh(8.5)) + 2 * EVIDENCE_PAD;
    return { dataset, text, height };
  });
}

function tableHeader(c: PageCursor, { t }: PdfLanguage): void {
  const h = 7.5;
  c.fill(NAVY);
  c.doc.rect(MARGIN, c.y, WRAP_WIDTH, h, 'F');
  const mid = c.y + h / 2;
  const titles = [
    { key: 'name', text: t('pdf.risks.risk') },
    { key: 'score', text: t('pdf.risks.score') },
    { key: 'grade', text: t('pdf.risks.grade') },
    { key: 'likelihood', text: t('pdf.risks.likelihood') },
    { key: 'impact', text: t('pdf.risks.impact') },
  ] as const;
  for (const { key, text } of titles) {
    // Each title on one line in its column: a longer language's is written smaller.
    c.fitSize(text, COL_WIDTHS[key], 8.5, 6, 'bold', WHITE);
    c.doc.text(text, COLS[key], mid, { baseline: 'middle' });
  }
  c.y += h;
}

/** A risk's wrapped texts and the height it needs to start on the current page. */
function measureRisk(c: PageCursor, row: RiskRow) {
  c.font(9.5, 'bold', INK);
  const nameLines = c.wrap(row.name, NAME_WIDTH);
  const rowHeight = Math.max(8, nameLines.length * c.lh(9.5) + 3.5);
  c.font(8.5, 'normal', INK);
  const reasons = row.reasons.map((r) => c.wrap(r, REASON_WIDTH));
  const reasonsHeight = reasons.reduce((h, lines) => h + lines.length * c.lh(8.5), 0) + (reasons.length ? 3 : 0);
  const evidence = evidenceRows(c, row);
  const evidenceHeight = evidence.length ? EVIDENCE_LABEL + evidence.reduce((h, e) => h + e.height + EVIDENCE_GAP, 0) + 3 : 0;
  const blockHeight = rowHeight + reasonsHeight + evidenceHeight + 1;
  const fitsOnAPage = blockHeight <= PAGE_BODY - 12;
  // Else at least its row and two reasons start on the page.
  const needed = fitsOnAPage ? blockHeight : rowHeight + c.lh(8.5) * 2;
  return { nameLines, rowHeight, reasons, evidence, needed };
}

function riskBlock(c: PageCursor, w: PdfLanguage, row: RiskRow, index: number, title: string): void {
  const { doc } = c;
  const { nameLines, rowHeight, reasons, evidence, needed } = measureRisk(c, row);
  if (c.y + needed > CONTENT_BOTTOM) {
    c.newPage();
    c.font(8.5, 'bold', MUTED);
    doc.text(w.t('pdf.risks.continued', { title }), MARGIN, c.y, { baseline: 'top' });
    c.y += c.lh(8.5) + 1;
    tableHeader(c, w);
  }
  if (index % 2 === 1) {
    c.fill(ZEBRA);
    doc.rect(MARGIN, c.y, WRAP_WIDTH, rowHeight, 'F');
  }
  const top = c.y + 2;
  c.font(9.5, 'bold', INK);
  doc.text(nameLines, COLS.name, top, { baseline: 'top' });
  const colour = GRADE_COLOURS[row.grade].solid;
  c.font(10, 'bold', colour);
  doc.text(String(row.score), COLS.score, top, { baseline: 'top' });
  c.scoreBar(COLS.score + 9.5, top + 1.3, 8, 1.8, row.score, colour);
  gradeChip(c, COLS.grade, top - 0.6, row.grade, 8, 5.4);
  // Likelihood and impact on one line each: 'Vernachlässigbar (0/5)' is written smaller.
  for (const [key, value] of [['likelihood', row.rawLikelihood], ['impact', row.impact]] as const) {
    const text = levelText(w, value);
    c.fitSize(text, COL_WIDTHS[key], 8.5, 6.5, 'normal', INK);
    doc.text(text, COLS[key], top + 0.3, { baseline: 'top' });
  }
  c.y += rowHeight;
  reasonList(c, reasons);
  evidenceList(c, w, evidence, reasons.length > 0);
  c.hairline(MARGIN, c.y, 0.2);
  c.y += 0.5;
}

/** The reasons, one bullet each, wrapped lines kept on a page each. */
function reasonList(c: PageCursor, reasons: string[][]): void {
  if (!reasons.length) return;
  c.y += 0.5;
  for (const lines of reasons) {
    lines.forEach((line, i) => {
      c.ensure(c.lh(8.5));
      if (i === 0) {
        c.fill(MUTED);
        c.doc.circle(REASON_X - 2.6, c.y + 1.55, 0.55, 'F');
      }
      c.font(8.5, 'normal', MUTED);
      c.doc.text(line, REASON_X, c.y, { baseline: 'top' });
      c.y += c.lh(8.5);
    });
  }
  c.y += 2.5;
}

/** 'EVIDENCE', then each dataset beside its fact on a tinted row with a brand edge. */
function evidenceList(c: PageCursor, w: PdfLanguage, evidence: Evidence[], afterReasons: boolean): void {
  if (!evidence.length) return;
  const { doc } = c;
  if (!afterReasons) c.y += 1.5;
  c.ensure(EVIDENCE_LABEL + evidence[0]!.height);
  c.font(7, 'bold', MUTED);
  doc.text(w.t('pdf.risks.evidence'), REASON_X, c.y, { baseline: 'top' });
  c.y += EVIDENCE_LABEL;
  for (const e of evidence) {
    c.ensure(e.height);
    c.fill(EVIDENCE_BG);
    doc.rect(REASON_X - 1.5, c.y, REASON_WIDTH + 1.5, e.height, 'F');
    c.fill(BRAND);
    doc.rect(REASON_X - 1.5, c.y, 0.6, e.height, 'F');
    c.font(7.5, 'bold', BRAND);
    doc.text(e.dataset, REASON_X + 0.5, c.y + EVIDENCE_PAD, { baseline: 'top' });
    c.font(8.5, 'normal', INK);
    doc.text(e.text, EVIDENCE_TEXT_X, c.y + EVIDENCE_PAD, { baseline: 'top' });
    c.y += e.height + EVIDENCE_GAP;
  }
  c.y += 3;
}

/** The section's average: label, score, grade and a bar on a soft band. */
function averageRow(c: PageCursor, label: string, score: number, grade: Grade): void {
  const { doc } = c;
  const h = 10;
  c.ensure(h + 2);
  c.y += 2;
  c.fill(BRAND_SOFT);
  doc.roundedRect(MARGIN, c.y, WRAP_WIDTH, h, 1.5, 1.5, 'F');
  c.fitSize(label, COLS.score - MARGIN - 5, 9, 7, 'bold', NAVY);
  doc.text(label, MARGIN + 3, c.y + h / 2, { baseline: 'middle' });
  const colour = GRADE_COLOURS[grade].solid;
  c.font(10, 'bold', colour);
  doc.text(`${score} / 100`, COLS.score, c.y + h / 2, { baseline: 'middle' });
  gradeChip(c, COLS.grade, c.y + 2.3, grade, 8, 5.4);
  c.scoreBar(COLS.likelihood, c.y + h / 2 - 1.1, WRAP_WIDTH - (COLS.likelihood - MARGIN) - 4, 2.2, score, colour);
  c.y += h + 4;
}
