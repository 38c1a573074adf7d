import { notScreened, type ReportScreening, type ScreeningHitDto } from '../contracts/screening.js';
import { AMBER_INK, AMBER_RULE, AMBER_SOFT, INK, MUTED, RED_INK, RED_RULE, RED_SOFT, RULE, ZEBRA, type FontStyle, type PageCursor, type Rgb } from '../pdf/index.js';
import { MARGIN, WRAP_WIDTH } from './report-pdf-frame.js';
import type { ReportModel } from './report-model.js';
import {
  decidedHits,
  decisionLine,
  hitFacts,
  listedNameLabel,
  matchedNameLabel,
  noHitNotClearText,
  noteLine,
  screenedOnText,
  screeningTitle,
  screeningView,
  type BannerStatus,
  type PdfLanguage,
} from './report-pdf-words.js';

/**
 * The sanctions screening near the top of page 1, as the screen shows it: a red (match) or amber
 * (possible match) box with each hit, its reasons and decision; otherwise one quiet line, and
 * under it, in grey, the hits marked false positive. A box is drawn a part at a time (its head,
 * then each hit), so a long one breaks between hits.
 */

const BOX: Record<BannerStatus, { ink: Rgb; soft: Rgb; rule: Rgb }> = {
  match: { ink: RED_INK, soft: RED_SOFT, rule: RED_RULE },
  possible_match: { ink: AMBER_INK, soft: AMBER_SOFT, rule: AMBER_RULE },
};
/** The hits marked false positive under the quiet line. */
const QUIET_BOX = { ink: MUTED, soft: ZEBRA, rule: RULE };

/** The coloured bar on the box's left edge, and the padding inside. */
const BAR = 1.4;
const PAD = 5;
const TEXT_X = MARGIN + BAR + PAD - 1;
const TEXT_WIDTH = MARGIN + WRAP_WIDTH - PAD - TEXT_X;

/** The PDF writes the filed dates (report-pdf-words.ts): always the year, and the time in UTC. */
export function screeningSection(c: PageCursor, model: ReportModel): void {
  const screening = model.screening ?? notScreened;
  const { banner: status, line } = screeningView(model, screening);
  if (status === null) {
    c.paragraph(line, MARGIN, WRAP_WIDTH, 9, 'normal', MUTED);
    // Hits marked false positive: a grey box under the line, each with who decided and why.
    const decided = decidedHits(screening);
    if (decided.length) {
      c.y += 2;
      for (const hit of decided) part(c, QUIET_BOX, (top, draw) => hitPart(c, model, hit, QUIET_BOX, top, draw));
      c.y += 1;
    }
    c.y += 5;
    return;
  }
  const box = BOX[status];
  part(c, box, (top, draw) => head(c, model, screening, status, box.ink, top, draw));
  for (const hit of screening.hits) part(c, box, (top, draw) => hitPart(c, model, hit, box, top, draw));
  c.y += 6;
}

/** Lays out one part of the box from `top` (drawing only when `draw`); answers its height. */
type Layout = (top: number, draw: boolean) => number;

/** One part of the box: measured, kept on one page, filled, then written. */
function part(c: PageCursor, box: { ink: Rgb; soft: Rgb }, layout: Layout): void {
  const height = layout(0, false);
  c.ensure(height);
  c.fill(box.soft);
  c.doc.rect(MARGIN, c.y, WRAP_WIDTH, height, 'F');
  c.fill(box.ink);
  c.doc.rect(MARGIN, c.y, BAR, height, 'F');
  layout(c.y, true);
  c.y += height;
}

/** Writes wrapped text at (x, y) when drawing; answers its height. */
function text(c: PageCursor, value: string, x: number, y: number, width: number, size: number, style: FontStyle, colour: Rgb, draw: boolean): number {
  c.font(size, style, colour);
  const lines = c.wrap(value, width);
  if (draw) c.doc.text(lines, x, y, { baseline: 'top' });
  return lines.length * c.lh(size);
}

function head(c: PageCursor, w: PdfLanguage, screening: ReportScreening, status: BannerStatus, ink: Rgb, top: number, draw: boolean): number {
  let y = top + 4;
  y += text(c, screeningTitle(w, status), TEXT_X, y, TEXT_WIDTH, 11, 'bold', ink, draw) + 1;
  y += text(c, screenedOnText(w, screening), TEXT_X, y, TEXT_WIDTH, 8, 'normal', ink, draw);
  if (screening.hits.length === 0) y += 1.5 + text(c, noHitNotClearText(w), TEXT_X, y + 1.5, TEXT_WIDTH, 9, 'normal', INK, draw);
  return y - top + 3;
}

/** A hit: its facts, the listed name beside the screened one, the reasons and any decision. */
function hitPart(c: PageCursor, w: PdfLanguage, hit: ScreeningHitDto, box: { ink: Rgb; rule: Rgb }, top: number, draw: boolean): number {
  if (draw) {
    c.draw(box.rule);
    c.doc.setLineWidth(0.3);
    c.doc.line(TEXT_X, top, TEXT_X + TEXT_WIDTH, top);
  }
  let y = top + 3;
  const facts = hitFacts(w, hit)
    .map((f) => `${f.label} ${f.value}`)
    .join('  |  ');
  y += text(c, facts, TEXT_X, y, TEXT_WIDTH, 8.5, 'bold', box.ink, draw) + 1.5;

  // The listed name beside the name screened, each under its label.
  const gap = 6;
  const column = (TEXT_WIDTH - gap) / 2;
  const names = [
    { label: listedNameLabel(w), value: hit.listed_name, x: TEXT_X },
    { label: matchedNameLabel(w, hit.subject), value: hit.matched_name, x: TEXT_X + column + gap },
  ];
  const heights = names.map((n) => {
    const labelHeight = text(c, n.label, n.x, y, column, 7.5, 'normal', MUTED, draw);
    return labelHeight + text(c, n.value, n.x, y + labelHeight, column, 9.5, 'bold', INK, draw);
  });
  y += Math.max(...heights) + 1.5;

  for (const reason of hit.reasons) {
    if (draw) {
      c.font(8.5, 'normal', INK);
      c.doc.text('-', TEXT_X, y, { baseline: 'top' });
    }
    y += text(c, reason, TEXT_X + 3, y, TEXT_WIDTH - 3, 8.5, 'normal', INK, draw) + 0.4;
  }
  if (hit.decision) {
    y += 1;
    y += text(c, decisionLine(w, hit.decision), TEXT_X, y, TEXT_WIDTH, 8.5, 'bold', box.ink, draw);
    if (hit.decision.note.trim()) y += text(c, noteLine(w, hit.decision.note.trim()), TEXT_X, y, TEXT_WIDTH, 8.5, 'normal', INK, draw);
  }
  return y - top + 3;
}
