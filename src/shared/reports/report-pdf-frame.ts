import { PAGE_HEIGHT, type ChipStyle, type HeadingStyle, type PageCursor, type PageFrame } from '../pdf/index.js';
import type { Grade } from '../scoring.js';
import { GRADE_COLOURS } from './report-format.js';

/**
 * The report's page: A4 portrait in millimetres, margin 20, text wrapped at 160, a new page
 * before anything would come closer than 20 mm to the bottom; and the look its sections share.
 */

export const MARGIN = 20;
export const WRAP_WIDTH = 160;
export const BOTTOM_MARGIN = 20;
/** Nothing of the body is drawn below this line. */
export const CONTENT_BOTTOM = PAGE_HEIGHT - BOTTOM_MARGIN;
/** The body starts here on every page (below the header band). */
export const CONTENT_TOP = 24;
export const FOOTER_Y = PAGE_HEIGHT - 11;

export const REPORT_FRAME: PageFrame = { margin: MARGIN, width: WRAP_WIDTH, top: CONTENT_TOP, bottom: CONTENT_BOTTOM, lineFactor: 1.35 };

export const HEADING: HeadingStyle = { size: 13, space: 3, reserve: 14 };

/** The body height of a page. */
export const PAGE_BODY = CONTENT_BOTTOM - CONTENT_TOP;

const CHIP: Omit<ChipStyle, 'w' | 'h'> = { radius: 1.2, size: 9.5 };

/** A grade in its colour (9 × 6 mm unless told). */
export function gradeChip(c: PageCursor, x: number, top: number, grade: Grade, w = 9, h = 6): void {
  c.chip(x, top, grade, GRADE_COLOURS[grade].solid, { ...CHIP, w, h });
}
