import type { PageCursor } from '../pdf/index.js';
import {
  AMBER_INK,
  AMBER_RULE,
  AMBER_SOFT,
  ACCENT,
  BRAND,
  BRAND_SOFT,
  INK,
  MUTED,
  NAVY,
  RED_INK,
  RED_RULE,
  RED_SOFT,
  RULE,
  WHITE,
  ZEBRA,
  type Rgb,
} from '../pdf/index.js';
import { GRADE_BANDS, type Grade } from '../scoring.js';
import { GRADE_COLOURS, dataSources, formatCoordinate } from './report-format.js';
import { CONTENT_BOTTOM, CONTENT_TOP, HEADING, MARGIN, PAGE_BODY, WRAP_WIDTH, gradeChip } from './report-pdf-frame.js';
import type { ReportModel } from './report-model.js';
import { companyFacts, countryName, gradeWord, partyFacts, sampleNotice, siteFacts, statusWarning, versionsLine, type Fact, type PdfLanguage } from './report-pdf-words.js';

/** The report's sections other than the risk tables, each drawn at the cursor and moving it on, in the model's language. */

export { PDF_PARTIES_MAX } from './report-pdf-words.js';

/** The company's name and place, the report id and date, and the overall grade in a big badge. */
export function titleBlock(c: PageCursor, model: ReportModel, date: string): void {
  const { doc } = c;
  const { company, result, t } = model;
  const badge = 30;
  const titleWidth = WRAP_WIDTH - badge - 6;
  const kicker = t('pdf.report.kicker');
  c.fitSize(kicker, titleWidth, 9, 7, 'bold', BRAND);
  doc.text(kicker, MARGIN, c.y, { baseline: 'top' });
  const titleTop = c.y;
  c.y += c.lh(9) + 1.5;
  c.font(19, 'bold', NAVY);
  const titleLines = c.wrap(company.name, titleWidth).slice(0, 4);
  doc.text(titleLines, MARGIN, c.y, { baseline: 'top' });
  c.y += titleLines.length * c.lh(19, 1.2) + 1;
  c.font(10, 'normal', MUTED);
  const place = [company.city, countryName(model, company.country)].filter(Boolean).join(', ');
  const subtitle = c.wrap(t('pdf.report.subtitle', { place, fiscalNumber: company.fiscal_number }), titleWidth);
  doc.text(subtitle, MARGIN, c.y, { baseline: 'top' });
  c.y += subtitle.length * c.lh(10) + 2;
  c.font(8.5, 'normal', MUTED);
  const idLines = c.wrap(t('pdf.report.idAndDate', { id: result.id, date }), titleWidth);
  doc.text(idLines, MARGIN, c.y, { baseline: 'top' });
  c.y += idLines.length * c.lh(8.5);
  const versions = versionsLine(model, result);
  if (versions) {
    const lines = c.wrap(versions, titleWidth);
    doc.text(lines, MARGIN, c.y, { baseline: 'top' });
    c.y += lines.length * c.lh(8.5);
  }

  const overall = GRADE_COLOURS[result.overallScoreGrade];
  const bx = MARGIN + WRAP_WIDTH - badge;
  c.fill(overall.solid);
  doc.roundedRect(bx, titleTop, badge, badge, 3, 3, 'F');
  c.font(30, 'bold', WHITE);
  doc.text(result.overallScoreGrade, bx + badge / 2, titleTop + 12, { align: 'center', baseline: 'middle' });
  c.font(9, 'bold', WHITE);
  doc.text(`${result.overallScore} / 100`, bx + badge / 2, titleTop + 23.5, { align: 'center', baseline: 'middle' });
  c.y = Math.max(c.y, titleTop + badge) + 6;
}

/** A full-width boxed notice in the given colours. */
function notice(c: PageCursor, text: string, weight: 'normal' | 'bold', ink: Rgb, soft: Rgb, rule: Rgb): void {
  c.font(9, weight, ink);
  const lines = c.wrap(text, WRAP_WIDTH - 10);
  const h = lines.length * c.lh(9) + 6;
  c.ensure(h);
  c.fill(soft);
  c.draw(rule);
  c.doc.setLineWidth(0.3);
  c.doc.roundedRect(MARGIN, c.y, WRAP_WIDTH, h, 2, 2, 'FD');
  c.font(9, weight, ink);
  c.doc.text(lines, MARGIN + 5, c.y + 3, { baseline: 'top' });
  c.y += h + 6;
}

/** The sample-data notice and the closing-status warning, when they apply. */
export function notices(c: PageCursor, model: ReportModel): void {
  if (model.company.sample) notice(c, sampleNotice(model), 'normal', AMBER_INK, AMBER_SOFT, AMBER_RULE);
  const warning = statusWarning(model, model.company);
  if (warning) notice(c, warning, 'bold', RED_INK, RED_SOFT, RED_RULE);
}

/** Three panels: the overall score and the two averages, each with its grade and bar. */
export function summarySection(c: PageCursor, model: ReportModel): void {
  const { doc } = c;
  const { result, t } = model;
  c.heading(t('pdf.summary.heading'), 40, HEADING);
  const panels: { title: string; score: number; grade: Grade }[] = [
    { title: t('pdf.summary.overall'), score: result.overallScore, grade: result.overallScoreGrade },
    { title: t('pdf.summary.location'), score: result.avgLocationRisk, grade: result.avgLocationRiskGrade },
    { title: t('pdf.summary.industry'), score: result.avgIndustryRisk, grade: result.avgIndustryRiskGrade },
  ];
  const gap = 5;
  const panelWidth = (WRAP_WIDTH - 2 * gap) / 3;
  const panelHeight = 38;
  c.ensure(panelHeight);
  panels.forEach((p, i) => {
    const x = MARGIN + i * (panelWidth + gap);
    const colours = GRADE_COLOURS[p.grade];
    c.fill(i === 0 ? colours.soft : BRAND_SOFT);
    doc.roundedRect(x, c.y, panelWidth, panelHeight, 2.5, 2.5, 'F');
    // One line: a longer language's title is written smaller.
    c.fitSize(p.title, panelWidth - 8, 8.5, 6.5, 'bold', MUTED);
    doc.text(p.title, x + 4, c.y + 4, { baseline: 'top' });
    c.font(22, 'bold', colours.solid);
    doc.text(String(p.score), x + 4, c.y + 10, { baseline: 'top' });
    const scoreWidth = doc.getTextWidth(String(p.score));
    c.font(9, 'normal', MUTED);
    doc.text('/ 100', x + 5 + scoreWidth, c.y + 15.2, { baseline: 'top' });
    gradeChip(c, x + panelWidth - 13, c.y + 11, p.grade);
    c.font(8, 'normal', INK);
    doc.text(c.wrap(gradeWord(model, p.grade), panelWidth - 8).slice(0, 2), x + 4, c.y + 22, { baseline: 'top' });
    c.scoreBar(x + 4, c.y + panelHeight - 6, panelWidth - 8, 2.2, p.score, colours.solid);
  });
  c.y += panelHeight + 4;
}

/** The company's facts as a zebra list of label and value. */
export function companySection(c: PageCursor, model: ReportModel): void {
  const { t } = model;
  factList(c, t('pdf.company.heading'), [...companyFacts(model, model.company), ...partyFacts(model, model.company)]);
  // The assessed site beside the registered office, when the report has one.
  if (model.site) factList(c, t('pdf.site.heading'), siteFacts(model, model.site));
}

function factList(c: PageCursor, heading: string, facts: Fact[]): void {
  const labelWidth = 40;
  const valueWidth = WRAP_WIDTH - labelWidth - 8;
  c.heading(heading, 14, HEADING);
  facts.forEach((fact, i) => {
    // A label longer than its column (German, Polish) takes a second line.
    const label = c.fitWords(fact.label, labelWidth, 8.5, 7, 'bold', MUTED);
    c.font(9, 'normal', INK);
    const lines = c.wrap(fact.value, valueWidth);
    const h = Math.max(Math.max(1, lines.length) * c.lh(9), label.lines.length * c.lh(label.size)) + 2.6;
    c.ensure(h);
    if (i % 2 === 0) {
      c.fill(ZEBRA);
      c.doc.rect(MARGIN, c.y, WRAP_WIDTH, h, 'F');
    }
    c.font(label.size, 'bold', MUTED);
    c.doc.text(label.lines, MARGIN + 3, c.y + 1.4, { baseline: 'top' });
    c.font(9, 'normal', INK);
    c.doc.text(lines, MARGIN + labelWidth + 4, c.y + 1.4, { baseline: 'top' });
    c.y += h;
  });
  c.hairline(MARGIN, c.y, 0.2);
  c.y += 4;
}

/** The insurers' takeaways, numbered. */
export function takeawaysSection(c: PageCursor, model: ReportModel): void {
  const takeaways = model.result.key_takeaways_for_insurers;
  c.heading(model.t('pdf.takeaways.heading'), 12, HEADING);
  if (takeaways.length === 0) {
    c.paragraph(model.t('pdf.takeaways.none'), MARGIN, WRAP_WIDTH, 9.5, 'normal', MUTED);
    c.y += 3;
    return;
  }
  takeaways.forEach((takeaway, i) => {
    c.font(9.5, 'normal', INK);
    const h = c.wrap(takeaway, WRAP_WIDTH - 9).length * c.lh(9.5) + 2.5;
    if (h <= PAGE_BODY) c.ensure(h);
    else c.ensure(c.lh(9.5) * 2);
    c.fill(BRAND);
    c.doc.circle(MARGIN + 2.8, c.y + 2.1, 2.6, 'F');
    c.font(8, 'bold', WHITE);
    c.doc.text(String(i + 1), MARGIN + 2.8, c.y + 2.2, { align: 'center', baseline: 'middle' });
    c.paragraph(takeaway, MARGIN + 9, WRAP_WIDTH - 9, 9.5, 'normal', INK);
    c.y += 2.5;
  });
  c.y += 2;
}

/** The map image with the site's coordinates under it, when there is a map. */
export function mapSection(c: PageCursor, model: ReportModel): void {
  const { map, company } = model;
  if (!map) return;
  const width = WRAP_WIDTH;
  const height = Math.min(110, (width * map.height) / Math.max(1, map.width));
  c.heading(model.t('pdf.map.heading'), height + 8, HEADING);
  c.draw(RULE);
  c.doc.setLineWidth(0.3);
  c.doc.addImage(map.data, map.format, MARGIN, c.y, width, height);
  c.doc.rect(MARGIN, c.y, width, height, 'S');
  c.y += height + 2;
  c.font(8, 'normal', MUTED);
  const caption = c.wrap(
    model.t('pdf.map.caption', {
      latitude: formatCoordinate(company.latitude),
      longitude: formatCoordinate(company.longitude),
      place: company.city || countryName(model, company.country),
    }),
    WRAP_WIDTH,
  );
  c.doc.text(caption, MARGIN, c.y, { baseline: 'top' });
  c.y += caption.length * c.lh(8) + 3;
}

/** How the scores are computed and what each grade means. */
export function readingSection(c: PageCursor, model: ReportModel): void {
  const { t } = model;
  c.heading(t('pdf.reading.heading'), 30, HEADING);
  c.paragraph(
    t('pdf.reading.method'),
    MARGIN,
    WRAP_WIDTH,
    8.5,
    'normal',
    MUTED,
  );
  c.y += 2;
  for (const band of GRADE_BANDS) {
    c.ensure(6.5);
    gradeChip(c, MARGIN, c.y, band.grade, 8, 5.4);
    c.font(8.5, 'bold', INK);
    c.doc.text(`${band.min}-${band.max}`, MARGIN + 11, c.y + 2.7, { baseline: 'middle' });
    c.font(8.5, 'normal', MUTED);
    c.doc.text(gradeWord(model, band.grade), MARGIN + 26, c.y + 2.7, { baseline: 'middle' });
    c.y += 6.5;
  }
  c.y += 2;
  c.paragraph(
    t('pdf.reading.disclaimer', { product: model.productName }),
    MARGIN,
    WRAP_WIDTH,
    8,
    'normal',
    MUTED,
  );
}

/** The last page: every dataset the ratings rest on (reports that name them). */
export function sourcesSection(c: PageCursor, model: ReportModel): void {
  const sources = dataSources(model.result);
  if (sources.length === 0) return;
  const { t } = model;
  c.newPage();
  c.heading(t('pdf.sources.heading'), 20, HEADING);
  c.paragraph(
    t('pdf.sources.intro'),
    MARGIN,
    WRAP_WIDTH,
    8.5,
    'normal',
    MUTED,
  );
  c.y += 3;
  for (const source of sources) sourceCard(c, model, source);
  if (model.methodologyUrl) {
    c.y += 1;
    c.paragraph(
      t('pdf.sources.methodology', { url: model.methodologyUrl }),
      MARGIN,
      WRAP_WIDTH,
      8.5,
      'normal',
      MUTED,
    );
  }
}

type Source = ReturnType<typeof dataSources>[number];

/** One dataset: its name, then version, licence, address and use beside their labels. */
function sourceCard(c: PageCursor, w: PdfLanguage, source: Source): void {
  const { doc } = c;
  const { t } = w;
  const labelWidth = 22;
  const valueX = MARGIN + 5 + labelWidth;
  const valueWidth = WRAP_WIDTH - 5 - labelWidth - 3;
  c.font(10, 'bold', NAVY);
  const title = c.wrap(source.name, WRAP_WIDTH - 8);
  const fields = [
    { label: t('pdf.sources.version'), value: source.version },
    { label: t('pdf.sources.licence'), value: source.licence },
    { label: t('pdf.sources.address'), value: source.url },
    { label: t('pdf.sources.usedFor'), value: source.used_for },
  ].map((f) => {
    // A label longer than its column takes a second line, or is written smaller.
    const label = c.fitWords(f.label, labelWidth - 1.5, 8, 6.5, 'bold', MUTED);
    c.font(8.5, 'normal', INK);
    const lines = c.wrap(f.value || '-', valueWidth);
    return { label, lines, height: Math.max(lines.length, label.lines.length) * c.lh(8.5) };
  });
  const titleHeight = title.length * c.lh(10) + 1.5;
  const height = titleHeight + fields.reduce((h, f) => h + f.height + 0.8, 0) + 4.5;
  c.ensure(Math.min(height, CONTENT_BOTTOM - CONTENT_TOP));
  const top = c.y;
  c.fill(ZEBRA);
  doc.rect(MARGIN, top, WRAP_WIDTH, height, 'F');
  c.fill(ACCENT);
  doc.rect(MARGIN, top, 0.9, height, 'F');
  c.y += 3;
  c.font(10, 'bold', NAVY);
  doc.text(title, MARGIN + 5, c.y, { baseline: 'top' });
  c.y += titleHeight;
  for (const f of fields) {
    c.font(f.label.size, 'bold', MUTED);
    doc.text(f.label.lines, MARGIN + 5, c.y, { baseline: 'top' });
    c.font(8.5, 'normal', INK);
    doc.text(f.lines, valueX, c.y, { baseline: 'top' });
    c.y += f.height + 0.8;
  }
  c.y = top + height + 3;
}
