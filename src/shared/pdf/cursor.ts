import { lineHeight, type PdfDoc } from './document.js';
import { ACCENT, INK, NAVY, RULE, TRACK, WHITE, type Rgb } from './palette.js';

/**
 * A page cursor: where the next thing goes (`y`), in a body frame that breaks onto a new page
 * before anything would cross its bottom. Each document draws its sections with it.
 */

export type FontStyle = 'normal' | 'bold';

/** A document's body: its left margin and width, where the body starts and ends on every page. */
export interface PageFrame {
  margin: number;
  width: number;
  top: number;
  bottom: number;
  /** Line height as a multiple of the font size. */
  lineFactor: number;
}

/** How a document's section headings look. */
export interface HeadingStyle {
  size: number;
  /** Space above the title. */
  space: number;
  /** Height the title and its rule take, kept on the page with `keepWith` more. */
  reserve: number;
}

/** How a document's grade chips look. */
export interface ChipStyle {
  w: number;
  h: number;
  radius: number;
  size: number;
}

export class PageCursor {
  y: number;

  constructor(
    readonly doc: PdfDoc,
    readonly fontFamily: string,
    readonly frame: PageFrame,
  ) {
    this.y = frame.top;
  }

  get left(): number {
    return this.frame.margin;
  }

  get right(): number {
    return this.frame.margin + this.frame.width;
  }

  /** Line height of `size` points in this document. */
  lh(size: number, factor = this.frame.lineFactor): number {
    return lineHeight(size, factor);
  }

  font(size: number, style: FontStyle = 'normal', colour: Rgb = INK): void {
    this.doc.setFont(this.fontFamily, style);
    this.doc.setFontSize(size);
    this.doc.setTextColor(...colour);
  }

  fill(c: Rgb): void {
    this.doc.setFillColor(...c);
  }

  draw(c: Rgb): void {
    this.doc.setDrawColor(...c);
  }

  /** `text` broken into lines of at most `width` in the current font. */
  wrap(text: string, width: number): string[] {
    return this.doc.splitTextToSize(text, width);
  }

  /**
   * The largest size from `size` down to `min` (by quarter points) at which `text` fits `width`
   * on one line in `style`; `min` when none does. The font is left set to the size answered.
   * For the one-line labels of fixed width (table headers, panel titles) a longer language needs.
   */
  fitSize(text: string, width: number, size: number, min: number, style: FontStyle = 'normal', colour: Rgb = INK): number {
    let s = size;
    this.font(s, style, colour);
    while (s > min && this.doc.getTextWidth(text) > width) {
      s = Math.max(min, s - 0.25);
      this.font(s, style, colour);
    }
    return s;
  }

  /**
   * `text` wrapped to `width`, written smaller (down to `min`) when one of its words would not fit
   * on a line of its own at `size`: a label in a narrow column never breaks inside a word. The
   * font is left set to the size answered.
   */
  fitWords(text: string, width: number, size: number, min: number, style: FontStyle = 'normal', colour: Rgb = INK): { size: number; lines: string[] } {
    const longest = text.split(/\s+/).reduce((a, b) => (b.length > a.length ? b : a), '');
    const fitted = this.fitSize(longest, width, size, min, style, colour);
    return { size: fitted, lines: this.wrap(text, width) };
  }

  newPage(): void {
    this.doc.addPage();
    this.y = this.frame.top;
  }

  /** Starts a new page unless `height` still fits above the bottom (a fresh page always takes it). */
  ensure(height: number): void {
    if (this.y + height > this.frame.bottom && this.y > this.frame.top) this.newPage();
  }

  /** Text wrapped to `width` in its own font, each line kept on a page (text may be longer than a page). */
  paragraph(text: string, x: number, width: number, size: number, style: FontStyle, colour: Rgb): void {
    this.font(size, style, colour);
    const lh = this.lh(size);
    for (const line of this.wrap(text, width)) {
      this.ensure(lh);
      this.font(size, style, colour);
      this.doc.text(line, x, this.y, { baseline: 'top' });
      this.y += lh;
    }
  }

  /** A section title with the green dash and a hairline to the right edge, kept with `keepWith` mm more. */
  heading(title: string, keepWith: number, style: HeadingStyle): void {
    this.ensure(style.reserve + keepWith);
    this.y += style.space;
    this.font(style.size, 'bold', NAVY);
    this.doc.text(title, this.left, this.y, { baseline: 'top' });
    this.y += this.lh(style.size) + 1;
    this.fill(ACCENT);
    this.doc.rect(this.left, this.y, 14, 0.9, 'F');
    this.hairline(this.left + 14, this.y + 0.45, 0.2);
    this.y += 5;
  }

  /** A rule across the frame (from `x`) at `y`. */
  hairline(x: number, y: number, width: number): void {
    this.draw(RULE);
    this.doc.setLineWidth(width);
    this.doc.line(x, y, this.right, y);
  }

  /** A coloured rounded chip with a centred white label (a grade). */
  chip(x: number, top: number, label: string, colour: Rgb, style: ChipStyle): void {
    this.fill(colour);
    this.doc.roundedRect(x, top, style.w, style.h, style.radius, style.radius, 'F');
    this.font(style.size, 'bold', WHITE);
    this.doc.text(label, x + style.w / 2, top + style.h / 2, { align: 'center', baseline: 'middle' });
  }

  /** A rounded bar filled to `score` of 100 (at least a dot). */
  scoreBar(x: number, top: number, width: number, height: number, score: number, colour: Rgb): void {
    this.fill(TRACK);
    this.doc.roundedRect(x, top, width, height, height / 2, height / 2, 'F');
    const w = Math.max(height, (width * Math.min(100, Math.max(0, score))) / 100);
    this.fill(colour);
    this.doc.roundedRect(x, top, w, height, height / 2, height / 2, 'F');
  }

  /** A flat bar filled to `share` of 1 (nothing when 0). */
  shareBar(x: number, top: number, width: number, height: number, share: number, colour: Rgb): void {
    this.fill(TRACK);
    this.doc.rect(x, top, width, height, 'F');
    if (share > 0) {
      this.fill(colour);
      this.doc.rect(x, top, Math.max(0.8, width * Math.min(1, share)), height, 'F');
    }
  }
}
