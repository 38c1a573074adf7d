import { PAGE_HEIGHT, PAGE_WIDTH, type ChipStyle, type HeadingStyle, type PageCursor, type PageFrame } from '../pdf/index.js';
import type { Grade } from '../scoring.js';
import { GRADE_COLOURS } from './report-format.js';

/** The portfolio summary's page (A4, margin 15) and the look its sections share. */

export const MARGIN = 15;
export const WIDTH = PAGE_WIDTH - 2 * MARGIN;
export const CONTENT_TOP = 24;
export const CONTENT_BOTTOM = PAGE_HEIGHT - 20;
export { PAGE_HEIGHT, PAGE_WIDTH };
export const FOOTER_Y = PAGE_HEIGHT - 10;

export const PORTFOLIO_FRAME: PageFrame = { margin: MARGIN, width: WIDTH, top: CONTENT_TOP, bottom: CONTENT_BOTTOM, lineFactor: 1.3 };
export const PORTFOLIO_HEADING: HeadingStyle = { size: 12.5, space: 2, reserve: 12 };
const CHIP: Omit<ChipStyle, 'w' | 'h'> = { radius: 1, size: 8.5 };

/** A grade in its colour (8 × 5.2 mm unless told). */
export function portfolioChip(c: PageCursor, x: number, top: number, grade: Grade, w = 8, h = 5.2): void {
  c.chip(x, top, grade, GRADE_COLOURS[grade].solid, { ...CHIP, w, h });
}
