import type { CompanyData, RiskAssessmentResult } from '../contracts/assessment.js';
import { GRADE_BANDS, type Grade } from '../scoring.js';
import {
  GRADE_COLOURS,
  SAMPLE_NOTICE,
  companyFacts,
  dataSources,
  evidenceLines,
  statusWarning,
  formatCoordinate,
  gradeLabel,
  industryRows,
  levelText,
  locationRows,
  reportDate,
  type Rgb,
  type RiskRow,
} from './report-format.js';

/**
 * The PDF report: A4 portrait in millimetres, margin 20, text
 * wrapped at 160, a new page before anything would come closer than 20 mm to the bottom. A
 * brand header and a footer with the report id, date and page number on every page.
 *
 * `layoutReport` draws onto anything shaped like jsPDF (`PdfDoc`), so it is tested in Node.
 * The browser (web/lib/reports/report-pdf.ts, jsPDF loaded on click) and the server (the API's
 * PDF) both build the document with `buildReportPdf`, each bringing jsPDF and the fonts.
 */

export const PAGE_WIDTH = 210;
export const PAGE_HEIGHT = 297;
export const MARGIN = 20;
export const WRAP_WIDTH = 160;
export const BOTTOM_MARGIN = 20;
/** Nothing of the body is drawn below this line. */
export const CONTENT_BOTTOM = PAGE_HEIGHT - BOTTOM_MARGIN;
/** The body starts here on every page (below the header band). */
export const CONTENT_TOP = 24;
const HEADER_HEIGHT = 13;
const FOOTER_Y = PAGE_HEIGHT - 11;

/** The subset of jsPDF the layout uses. */
export interface PdfDoc {
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
  circle(x: number, y: number, r: number, style?: string): unknown;
  splitTextToSize(text: string, maxWidth: number): string[];
  getTextWidth(text: string): number;
  addImage(data: Uint8Array, format: string, x: number, y: number, w: number, h: number): unknown;
  addPage(): unknown;
  setPage(page: number): unknown;
  getNumberOfPages(): number;
}

export interface PdfImage {
  data: Uint8Array;
  format: 'PNG' | 'JPEG';
  width: number;
  height: number;
}

export interface ReportModel {
  company: CompanyData;
  result: RiskAssessmentResult;
  map: PdfImage | null;
  productName: string;
  /** For the date rule (the year is left out for dates of the current year). */
  now: Date;
  /** The font family to write with ('helvetica' or an embedded Unicode font). */
  fontFamily: string;
  /** The public methodology page, named on the data sources page when given. */
  methodologyUrl?: string;
}

// Brand colours (styles.css): navy and green.
const NAVY: Rgb = [15, 42, 74];
const BRAND: Rgb = [23, 60, 108];
const BRAND_SOFT: Rgb = [238, 244, 251];
const ACCENT: Rgb = [34, 197, 94];
const INK: Rgb = [30, 41, 59];
const MUTED: Rgb = [100, 116, 139];
const RULE: Rgb = [226, 232, 240];
const ZEBRA: Rgb = [248, 250, 252];
const TRACK: Rgb = [226, 232, 240];
const AMBER_SOFT: Rgb = [255, 251, 235];
const AMBER_RULE: Rgb = [252, 211, 77];
const AMBER_INK: Rgb = [146, 64, 14];
const RED_SOFT: Rgb = [254, 242, 242];
const RED_RULE: Rgb = [252, 165, 165];
const RED_INK: Rgb = [153, 27, 27];
const WHITE: Rgb = [255, 255, 255];
const EVIDENCE_BG: Rgb = [241, 245, 249];
/** Height of the 'EVIDENCE' label line and the padding inside each evidence row (mm). */
const EVIDENCE_LABEL = 3.8;
const EVIDENCE_PAD = 1.1;
/** White space between two evidence rows. */
const EVIDENCE_GAP = 0.5;

/** Millimetres per point. */
const PT = 0.3528;
const lineHeight = (size: number, factor = 1.35) => size * PT * factor;

/** Draws the report; returns the number of pages. */
export function layoutReport(doc: PdfDoc, model: ReportModel): number {
  const { company, result, fontFamily } = model;
  const date = reportDate(result, model.now);
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
  /** Starts a new page unless `height` still fits above the bottom margin. */
  const ensure = (height: number) => {
    if (y + height > CONTENT_BOTTOM && y > CONTENT_TOP) newPage();
  };

  /** Text wrapped to `width` in its own font, each line kept on a page (text may be longer than a page). */
  const paragraph = (text: string, x: number, width: number, size: number, style: 'normal' | 'bold', colour: Rgb) => {
    font(size, style, colour);
    const lh = lineHeight(size);
    for (const line of wrap(text, width)) {
      ensure(lh);
      font(size, style, colour);
      doc.text(line, x, y, { baseline: 'top' });
      y += lh;
    }
  };

  const bar = (x: number, top: number, width: number, height: number, score: number, colour: Rgb) => {
    fill(TRACK);
    doc.roundedRect(x, top, width, height, height / 2, height / 2, 'F');
    const w = Math.max(height, (width * Math.min(100, Math.max(0, score))) / 100);
    fill(colour);
    doc.roundedRect(x, top, w, height, height / 2, height / 2, 'F');
  };

  const gradeChip = (x: number, top: number, grade: Grade, w = 9, h = 6) => {
    fill(GRADE_COLOURS[grade].solid);
    doc.roundedRect(x, top, w, h, 1.2, 1.2, 'F');
    font(9.5, 'bold', WHITE);
    doc.text(grade, x + w / 2, top + h / 2, { align: 'center', baseline: 'middle' });
  };

  const sectionHeading = (title: string, keepWith: number) => {
    ensure(14 + keepWith);
    y += 3;
    font(13, 'bold', NAVY);
    doc.text(title, MARGIN, y, { baseline: 'top' });
    y += lineHeight(13) + 1;
    fill(ACCENT);
    doc.rect(MARGIN, y, 14, 0.9, 'F');
    draw(RULE);
    doc.setLineWidth(0.2);
    doc.line(MARGIN + 14, y + 0.45, MARGIN + WRAP_WIDTH, y + 0.45);
    y += 5;
  };

  // --- Title block with the overall grade ---------------------------------------------------
  const badge = 30;
  const titleWidth = WRAP_WIDTH - badge - 6;
  font(9, 'bold', BRAND);
  doc.text('COMPANY RISK ASSESSMENT REPORT', MARGIN, y, { baseline: 'top' });
  const titleTop = y;
  y += lineHeight(9) + 1.5;
  font(19, 'bold', NAVY);
  const titleLines = wrap(company.name, titleWidth).slice(0, 4);
  doc.text(titleLines, MARGIN, y, { baseline: 'top' });
  y += titleLines.length * lineHeight(19, 1.2) + 1;
  font(10, 'normal', MUTED);
  const place = [company.city, company.country].filter(Boolean).join(', ');
  const subtitle = wrap(`${place}  |  Fiscal number ${company.fiscal_number}`, titleWidth);
  doc.text(subtitle, MARGIN, y, { baseline: 'top' });
  y += subtitle.length * lineHeight(10) + 2;
  font(8.5, 'normal', MUTED);
  doc.text(`Report ID: ${result.id}    Date: ${date}`, MARGIN, y, { baseline: 'top' });
  y += lineHeight(8.5);

  const overall = GRADE_COLOURS[result.overallScoreGrade];
  const bx = MARGIN + WRAP_WIDTH - badge;
  fill(overall.solid);
  doc.roundedRect(bx, titleTop, badge, badge, 3, 3, 'F');
  font(30, 'bold', WHITE);
  doc.text(result.overallScoreGrade, bx + badge / 2, titleTop + 12, { align: 'center', baseline: 'middle' });
  font(9, 'bold', WHITE);
  doc.text(`${result.overallScore} / 100`, bx + badge / 2, titleTop + 23.5, { align: 'center', baseline: 'middle' });
  y = Math.max(y, titleTop + badge) + 6;

  /** A full-width boxed notice (sample data, closing status) in the given colours. */
  const notice = (text: string, weight: 'normal' | 'bold', ink: Rgb, soft: Rgb, rule: Rgb) => {
    font(9, weight, ink);
    const lines = wrap(text, WRAP_WIDTH - 10);
    const h = lines.length * lineHeight(9) + 6;
    ensure(h);
    fill(soft);
    draw(rule);
    doc.setLineWidth(0.3);
    doc.roundedRect(MARGIN, y, WRAP_WIDTH, h, 2, 2, 'FD');
    font(9, weight, ink);
    doc.text(lines, MARGIN + 5, y + 3, { baseline: 'top' });
    y += h + 6;
  };

  // --- Sample-data notice --------------------------------------------------------------------
  if (company.sample) notice(SAMPLE_NOTICE, 'normal', AMBER_INK, AMBER_SOFT, AMBER_RULE);

  // --- Closing-status warning ----------------------------------------------------------------
  const warning = statusWarning(company);
  if (warning) notice(warning, 'bold', RED_INK, RED_SOFT, RED_RULE);

  // --- Sections ------------------------------------------------------------------------------
  const summarySection = () => {
    sectionHeading('Risk Score Summary', 40);
    const panels: { title: string; score: number; grade: Grade }[] = [
      { title: 'Overall score', score: result.overallScore, grade: result.overallScoreGrade },
      { title: 'Location risk (average)', score: result.avgLocationRisk, grade: result.avgLocationRiskGrade },
      { title: 'Industry risk (average)', score: result.avgIndustryRisk, grade: result.avgIndustryRiskGrade },
    ];
    const gap = 5;
    const panelWidth = (WRAP_WIDTH - 2 * gap) / 3;
    const panelHeight = 38;
    ensure(panelHeight);
    panels.forEach((p, i) => {
      const x = MARGIN + i * (panelWidth + gap);
      const colours = GRADE_COLOURS[p.grade];
      fill(i === 0 ? colours.soft : BRAND_SOFT);
      doc.roundedRect(x, y, panelWidth, panelHeight, 2.5, 2.5, 'F');
      font(8.5, 'bold', MUTED);
      doc.text(p.title, x + 4, y + 4, { baseline: 'top' });
      font(22, 'bold', colours.solid);
      doc.text(String(p.score), x + 4, y + 10, { baseline: 'top' });
      const scoreWidth = doc.getTextWidth(String(p.score));
      font(9, 'normal', MUTED);
      doc.text('/ 100', x + 5 + scoreWidth, y + 15.2, { baseline: 'top' });
      gradeChip(x + panelWidth - 13, y + 11, p.grade);
      font(8, 'normal', INK);
      doc.text(wrap(gradeLabel(p.grade), panelWidth - 8).slice(0, 2), x + 4, y + 22, { baseline: 'top' });
      bar(x + 4, y + panelHeight - 6, panelWidth - 8, 2.2, p.score, colours.solid);
    });
    y += panelHeight + 4;
  };

  const companySection = () => {
    const labelWidth = 40;
    const valueWidth = WRAP_WIDTH - labelWidth - 8;
    sectionHeading('Company Information', 14);
    companyFacts(company).forEach((fact, i) => {
      font(9, 'normal', INK);
      const lines = wrap(fact.value, valueWidth);
      const h = Math.max(1, lines.length) * lineHeight(9) + 2.6;
      ensure(h);
      if (i % 2 === 0) {
        fill(ZEBRA);
        doc.rect(MARGIN, y, WRAP_WIDTH, h, 'F');
      }
      font(8.5, 'bold', MUTED);
      doc.text(fact.label, MARGIN + 3, y + 1.4, { baseline: 'top' });
      font(9, 'normal', INK);
      doc.text(lines, MARGIN + labelWidth + 4, y + 1.4, { baseline: 'top' });
      y += h;
    });
    draw(RULE);
    doc.setLineWidth(0.2);
    doc.line(MARGIN, y, MARGIN + WRAP_WIDTH, y);
    y += 4;
  };

  const takeawaysSection = () => {
    sectionHeading('Key Takeaways for Insurers', 12);
    if (result.key_takeaways_for_insurers.length === 0) {
      paragraph('No insights available.', MARGIN, WRAP_WIDTH, 9.5, 'normal', MUTED);
      y += 3;
      return;
    }
    result.key_takeaways_for_insurers.forEach((takeaway, i) => {
      font(9.5, 'normal', INK);
      const h = wrap(takeaway, WRAP_WIDTH - 9).length * lineHeight(9.5) + 2.5;
      if (h <= CONTENT_BOTTOM - CONTENT_TOP) ensure(h);
      else ensure(lineHeight(9.5) * 2);
      fill(BRAND);
      doc.circle(MARGIN + 2.8, y + 2.1, 2.6, 'F');
      font(8, 'bold', WHITE);
      doc.text(String(i + 1), MARGIN + 2.8, y + 2.2, { align: 'center', baseline: 'middle' });
      paragraph(takeaway, MARGIN + 9, WRAP_WIDTH - 9, 9.5, 'normal', INK);
      y += 2.5;
    });
    y += 2;
  };

  const mapSection = () => {
    if (!model.map) return;
    const width = WRAP_WIDTH;
    const height = Math.min(110, (width * model.map.height) / Math.max(1, model.map.width));
    sectionHeading('Location Map', height + 8);
    draw(RULE);
    doc.setLineWidth(0.3);
    doc.addImage(model.map.data, model.map.format, MARGIN, y, width, height);
    doc.rect(MARGIN, y, width, height, 'S');
    y += height + 2;
    font(8, 'normal', MUTED);
    doc.text(
      `Company site at ${formatCoordinate(company.latitude)}, ${formatCoordinate(company.longitude)} (${company.city || company.country}).`,
      MARGIN,
      y,
      { baseline: 'top' },
    );
    y += lineHeight(8) + 3;
  };

  const cols = { name: MARGIN + 3, score: MARGIN + 66, grade: MARGIN + 86, likelihood: MARGIN + 100, impact: MARGIN + 131 };
  const nameWidth = 60;
  const reasonIndent = MARGIN + 7;
  const reasonWidth = WRAP_WIDTH - 10;
  // Evidence: the dataset in a narrow column, the measured fact beside it.
  const datasetWidth = 30;
  const evidenceTextX = reasonIndent + datasetWidth + 3;
  const evidenceTextWidth = reasonWidth - datasetWidth - 4;

  /** A risk's evidence lines, wrapped, with the height each takes. */
  const evidenceRows = (row: RiskRow) =>
    row.evidence.map((e) => {
      font(7.5, 'bold', BRAND);
      const dataset = wrap(e.dataset, datasetWidth - 1);
      font(8.5, 'normal', INK);
      const text = wrap(e.text, evidenceTextWidth);
      const height = Math.max(dataset.length * lineHeight(7.5), text.length * lineHeight(8.5)) + 2 * EVIDENCE_PAD;
      return { dataset, text, height };
    });

  const tableHeader = () => {
    const h = 7.5;
    fill(NAVY);
    doc.rect(MARGIN, y, WRAP_WIDTH, h, 'F');
    font(8.5, 'bold', WHITE);
    const mid = y + h / 2;
    doc.text('Risk', cols.name, mid, { baseline: 'middle' });
    doc.text('Score', cols.score, mid, { baseline: 'middle' });
    doc.text('Grade', cols.grade, mid, { baseline: 'middle' });
    doc.text('Likelihood', cols.likelihood, mid, { baseline: 'middle' });
    doc.text('Impact', cols.impact, mid, { baseline: 'middle' });
    y += h;
  };

  /** A risk's wrapped texts and the height it needs to start on the current page. */
  const measureRisk = (row: RiskRow) => {
    font(9.5, 'bold', INK);
    const nameLines = wrap(row.name, nameWidth);
    const rowHeight = Math.max(8, nameLines.length * lineHeight(9.5) + 3.5);
    font(8.5, 'normal', INK);
    const reasons = row.reasons.map((r) => wrap(r, reasonWidth));
    const reasonsHeight = reasons.reduce((h, lines) => h + lines.length * lineHeight(8.5), 0) + (reasons.length ? 3 : 0);
    const evidence = evidenceRows(row);
    const evidenceHeight = evidence.length ? EVIDENCE_LABEL + evidence.reduce((h, e) => h + e.height + EVIDENCE_GAP, 0) + 3 : 0;
    const blockHeight = rowHeight + reasonsHeight + evidenceHeight + 1;
    const fitsOnAPage = blockHeight <= CONTENT_BOTTOM - CONTENT_TOP - 12;
    // A risk stays on one page when it fits on one (else at least its row and two reasons do);
    // the table header is repeated after the break.
    const needed = fitsOnAPage ? blockHeight : rowHeight + lineHeight(8.5) * 2;
    return { nameLines, rowHeight, reasons, evidence, needed };
  };

  const riskBlock = (row: RiskRow, index: number, title: string) => {
    const { nameLines, rowHeight, reasons, evidence, needed } = measureRisk(row);
    if (y + needed > CONTENT_BOTTOM) {
      newPage();
      font(8.5, 'bold', MUTED);
      doc.text(`${title} (continued)`, MARGIN, y, { baseline: 'top' });
      y += lineHeight(8.5) + 1;
      tableHeader();
    }
    if (index % 2 === 1) {
      fill(ZEBRA);
      doc.rect(MARGIN, y, WRAP_WIDTH, rowHeight, 'F');
    }
    const top = y + 2;
    font(9.5, 'bold', INK);
    doc.text(nameLines, cols.name, top, { baseline: 'top' });
    const c = GRADE_COLOURS[row.grade];
    font(10, 'bold', c.solid);
    doc.text(String(row.score), cols.score, top, { baseline: 'top' });
    bar(cols.score + 9.5, top + 1.3, 8, 1.8, row.score, c.solid);
    gradeChip(cols.grade, top - 0.6, row.grade, 8, 5.4);
    font(8.5, 'normal', INK);
    doc.text(levelText(row.rawLikelihood), cols.likelihood, top + 0.3, { baseline: 'top' });
    doc.text(levelText(row.impact), cols.impact, top + 0.3, { baseline: 'top' });
    y += rowHeight;
    if (reasons.length) {
      y += 0.5;
      for (const lines of reasons) {
        lines.forEach((line, i) => {
          ensure(lineHeight(8.5));
          if (i === 0) {
            fill(MUTED);
            doc.circle(reasonIndent - 2.6, y + 1.55, 0.55, 'F');
          }
          font(8.5, 'normal', MUTED);
          doc.text(line, reasonIndent, y, { baseline: 'top' });
          y += lineHeight(8.5);
        });
      }
      y += 2.5;
    }
    if (evidence.length) {
      if (!reasons.length) y += 1.5;
      ensure(EVIDENCE_LABEL + evidence[0]!.height);
      font(7, 'bold', MUTED);
      doc.text('EVIDENCE', reasonIndent, y, { baseline: 'top' });
      y += EVIDENCE_LABEL;
      for (const e of evidence) {
        ensure(e.height);
        fill(EVIDENCE_BG);
        doc.rect(reasonIndent - 1.5, y, reasonWidth + 1.5, e.height, 'F');
        fill(BRAND);
        doc.rect(reasonIndent - 1.5, y, 0.6, e.height, 'F');
        font(7.5, 'bold', BRAND);
        doc.text(e.dataset, reasonIndent + 0.5, y + EVIDENCE_PAD, { baseline: 'top' });
        font(8.5, 'normal', INK);
        doc.text(e.text, evidenceTextX, y + EVIDENCE_PAD, { baseline: 'top' });
        y += e.height + EVIDENCE_GAP;
      }
      y += 3;
    }
    draw(RULE);
    doc.setLineWidth(0.2);
    doc.line(MARGIN, y, MARGIN + WRAP_WIDTH, y);
    y += 0.5;
  };

  const averageRow = (label: string, score: number, grade: Grade) => {
    const h = 10;
    ensure(h + 2);
    y += 2;
    fill(BRAND_SOFT);
    doc.roundedRect(MARGIN, y, WRAP_WIDTH, h, 1.5, 1.5, 'F');
    font(9, 'bold', NAVY);
    doc.text(label, MARGIN + 3, y + h / 2, { baseline: 'middle' });
    const c = GRADE_COLOURS[grade];
    font(10, 'bold', c.solid);
    doc.text(`${score} / 100`, cols.score, y + h / 2, { baseline: 'middle' });
    gradeChip(cols.grade, y + 2.3, grade, 8, 5.4);
    bar(cols.likelihood, y + h / 2 - 1.1, WRAP_WIDTH - (cols.likelihood - MARGIN) - 4, 2.2, score, c.solid);
    y += h + 4;
  };

  const riskSection = (title: string, rows: RiskRow[], avgLabel: string, avg: number, avgGrade: Grade) => {
    // The heading and table header stay with the first risk.
    sectionHeading(title, rows.length ? 9 + measureRisk(rows[0]!).needed : 26);
    if (rows.length === 0) {
      paragraph('No risks of this kind were identified.', MARGIN, WRAP_WIDTH, 9.5, 'normal', MUTED);
    } else {
      tableHeader();
      rows.forEach((row, i) => riskBlock(row, i, title));
    }
    averageRow(avgLabel, avg, avgGrade);
  };

  const readingSection = () => {
    sectionHeading('How to Read This Report', 30);
    paragraph(
      'Each risk is rated for likelihood and impact from 0 (Negligible) to 5 (Very High). Its score is ' +
        '100 x (1 - likelihood x impact / 25): higher scores mean lower risk. The averages are the means of ' +
        'their risk scores; the overall score weighs location and industry equally.',
      MARGIN,
      WRAP_WIDTH,
      8.5,
      'normal',
      MUTED,
    );
    y += 2;
    for (const band of GRADE_BANDS) {
      ensure(6.5);
      gradeChip(MARGIN, y, band.grade, 8, 5.4);
      font(8.5, 'bold', INK);
      doc.text(`${band.min}-${band.max}`, MARGIN + 11, y + 2.7, { baseline: 'middle' });
      font(8.5, 'normal', MUTED);
      doc.text(band.label, MARGIN + 26, y + 2.7, { baseline: 'middle' });
      y += 6.5;
    }
    y += 2;
    paragraph(
      `This AI-generated assessment supports, and does not replace, professional underwriting judgement. Generated by ${model.productName}.`,
      MARGIN,
      WRAP_WIDTH,
      8,
      'normal',
      MUTED,
    );
  };

  /** The last page: every dataset the ratings rest on (reports that name them). */
  const sourcesSection = () => {
    const sources = dataSources(result);
    if (sources.length === 0) return;
    newPage();
    sectionHeading('Data Sources', 20);
    paragraph(
      'The datasets behind the location ratings of this report: what each is, its version and licence, where it is ' +
        'published and what it was used for.',
      MARGIN,
      WRAP_WIDTH,
      8.5,
      'normal',
      MUTED,
    );
    y += 3;
    const labelWidth = 22;
    const valueX = MARGIN + 5 + labelWidth;
    const valueWidth = WRAP_WIDTH - 5 - labelWidth - 3;
    for (const source of sources) {
      font(10, 'bold', NAVY);
      const title = wrap(source.name, WRAP_WIDTH - 8);
      const fields = [
        { label: 'Version', value: source.version },
        { label: 'Licence', value: source.licence },
        { label: 'Address', value: source.url },
        { label: 'Used for', value: source.used_for },
      ].map((f) => {
        font(8.5, 'normal', INK);
        return { label: f.label, lines: wrap(f.value || '-', valueWidth) };
      });
      const titleHeight = title.length * lineHeight(10) + 1.5;
      const height = titleHeight + fields.reduce((h, f) => h + f.lines.length * lineHeight(8.5) + 0.8, 0) + 4.5;
      ensure(Math.min(height, CONTENT_BOTTOM - CONTENT_TOP));
      const top = y;
      fill(ZEBRA);
      doc.rect(MARGIN, top, WRAP_WIDTH, height, 'F');
      fill(ACCENT);
      doc.rect(MARGIN, top, 0.9, height, 'F');
      y += 3;
      font(10, 'bold', NAVY);
      doc.text(title, MARGIN + 5, y, { baseline: 'top' });
      y += titleHeight;
      for (const f of fields) {
        font(8, 'bold', MUTED);
        doc.text(f.label, MARGIN + 5, y, { baseline: 'top' });
        font(8.5, 'normal', INK);
        doc.text(f.lines, valueX, y, { baseline: 'top' });
        y += f.lines.length * lineHeight(8.5) + 0.8;
      }
      y = top + height + 3;
    }
    if (model.methodologyUrl) {
      y += 1;
      paragraph(
        `How each hazard is rated, and what these datasets cannot see: ${model.methodologyUrl}`,
        MARGIN,
        WRAP_WIDTH,
        8.5,
        'normal',
        MUTED,
      );
    }
  };

  // An executive summary first (verdict, facts, takeaways), then the map and the evidence.
  summarySection();
  companySection();
  takeawaysSection();
  mapSection();
  riskSection('Location-Based Risks', locationRows(result), 'Average location risk', result.avgLocationRisk, result.avgLocationRiskGrade);
  riskSection('Industry-Specific Risks', industryRows(result), 'Average industry risk', result.avgIndustryRisk, result.avgIndustryRiskGrade);
  readingSection();
  sourcesSection();

  // --- Header and footer on every page --------------------------------------------------------
  const pages = doc.getNumberOfPages();
  for (let page = 1; page <= pages; page += 1) {
    doc.setPage(page);
    fill(NAVY);
    doc.rect(0, 0, PAGE_WIDTH, HEADER_HEIGHT, 'F');
    fill(ACCENT);
    doc.rect(0, HEADER_HEIGHT, PAGE_WIDTH, 0.8, 'F');
    // The mark: a green rounded square with a white tick.
    fill(ACCENT);
    doc.roundedRect(MARGIN, 3.5, 6, 6, 1.3, 1.3, 'F');
    draw(WHITE);
    doc.setLineWidth(0.6);
    doc.line(MARGIN + 1.6, 6.6, MARGIN + 2.7, 7.7);
    doc.line(MARGIN + 2.7, 7.7, MARGIN + 4.6, 5.1);
    font(12, 'bold', WHITE);
    doc.text(model.productName, MARGIN + 8.5, 6.6, { baseline: 'middle' });
    font(8.5, 'normal', [203, 213, 225]);
    doc.text('Company Risk Assessment Report', MARGIN + WRAP_WIDTH, 6.6, { align: 'right', baseline: 'middle' });

    draw(RULE);
    doc.setLineWidth(0.2);
    doc.line(MARGIN, FOOTER_Y - 4, MARGIN + WRAP_WIDTH, FOOTER_Y - 4);
    font(7.5, 'normal', MUTED);
    doc.text(`Report ID: ${result.id}  |  Date: ${date}`, MARGIN, FOOTER_Y, { baseline: 'middle' });
    doc.text(`Page ${page} of ${pages}`, MARGIN + WRAP_WIDTH, FOOTER_Y, { align: 'right', baseline: 'middle' });
  }
  return pages;
}

// ---------------------------------------------------------------------------------------------
// Fonts and images.

/** True when every character can be written with the PDF standard fonts (Latin-1). */
export function fitsStandardFont(texts: readonly string[]): boolean {
  return texts.every((t) => [...t].every((ch) => ch.codePointAt(0)! <= 0xff));
}

/** Every text of the report that comes from the data (the fixed texts are Latin-1). */
export function reportTexts(company: CompanyData, result: RiskAssessmentResult): string[] {
  return [
    ...companyFacts(company).map((f) => f.value),
    result.id,
    ...Object.keys(result.locationScoresMap),
    ...Object.keys(result.industryScoresMap),
    ...Object.values(result.location_risk).flatMap((r) => r.reason),
    ...Object.values(result.sector_specific_risk).flatMap((r) => r.reason),
    ...[...Object.values(result.location_risk), ...Object.values(result.sector_specific_risk)].flatMap((r) =>
      evidenceLines(r.evidence).flatMap((e) => [e.dataset, e.text]),
    ),
    ...dataSources(result).flatMap((s) => [s.name, s.version, s.licence, s.url, s.used_for]),
    ...result.key_takeaways_for_insurers,
  ];
}

/** Width and height of a PNG (from its IHDR chunk) or JPEG (from its SOF marker); null when unknown. */
export function imageSize(data: Uint8Array): { format: 'PNG' | 'JPEG'; width: number; height: number } | null {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  if (data.length >= 24 && data[0] === 0x89 && data[1] === 0x50 && data[2] === 0x4e && data[3] === 0x47) {
    return { format: 'PNG', width: view.getUint32(16), height: view.getUint32(20) };
  }
  if (data.length >= 4 && data[0] === 0xff && data[1] === 0xd8) {
    let i = 2;
    while (i + 9 < data.length) {
      if (data[i] !== 0xff) return null;
      const marker = data[i + 1]!;
      const length = view.getUint16(i + 2);
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { format: 'JPEG', height: view.getUint16(i + 5), width: view.getUint16(i + 7) };
      }
      i += 2 + length;
    }
  }
  return null;
}

/** The map as the layout takes it; null when there is none or it is not a PNG or JPEG. */
export function pdfImage(data: Uint8Array | null): PdfImage | null {
  if (!data) return null;
  const size = imageSize(data);
  return size ? { data, ...size } : null;
}

/** The bytes of a TrueType font as jsPDF's virtual file system stores them (a binary string). */
export function binaryString(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    out += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return out;
}

export interface UnicodeFonts {
  regular: Uint8Array;
  bold: Uint8Array;
}

export const UNICODE_FONT_FAMILY = 'DejaVuSans';

/** What jsPDF adds to PdfDoc for creating, embedding fonts and saving. */
export interface JsPdfDoc extends PdfDoc {
  addFileToVFS(name: string, data: string): unknown;
  addFont(file: string, family: string, style: string): unknown;
  setProperties(props: Record<string, string>): unknown;
  output(type: 'arraybuffer'): ArrayBuffer;
  save(fileName: string): unknown;
}

export interface BuildOptions {
  company: CompanyData;
  result: RiskAssessmentResult;
  /** The map's PNG or JPEG bytes. */
  map: Uint8Array | null;
  productName: string;
  now?: Date;
  methodologyUrl?: string;
  /** Loads a Unicode TrueType font, used only when the report has text beyond Latin-1. */
  loadFonts: () => Promise<UnicodeFonts>;
  /** jsPDF's constructor (imported on demand). */
  createDoc: () => JsPdfDoc;
}

/** Builds the report as a jsPDF document. */
export async function buildReportPdf(options: BuildOptions): Promise<JsPdfDoc> {
  const { company, result } = options;
  const doc = options.createDoc();
  let fontFamily = 'helvetica';
  if (!fitsStandardFont(reportTexts(company, result))) {
    const fonts = await options.loadFonts();
    doc.addFileToVFS('DejaVuSans.ttf', binaryString(fonts.regular));
    doc.addFont('DejaVuSans.ttf', UNICODE_FONT_FAMILY, 'normal');
    doc.addFileToVFS('DejaVuSans-Bold.ttf', binaryString(fonts.bold));
    doc.addFont('DejaVuSans-Bold.ttf', UNICODE_FONT_FAMILY, 'bold');
    fontFamily = UNICODE_FONT_FAMILY;
  }
  doc.setProperties({
    title: `Risk Assessment Report - ${company.name}`,
    subject: `Company risk assessment ${result.id}`,
    author: options.productName,
    creator: options.productName,
  });
  layoutReport(doc, {
    company,
    result,
    map: pdfImage(options.map),
    productName: options.productName,
    now: options.now ?? new Date(),
    fontFamily,
    methodologyUrl: options.methodologyUrl,
  });
  return doc;
}
