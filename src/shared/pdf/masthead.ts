import { PAGE_WIDTH } from './document.js';
import type { PageCursor } from './cursor.js';
import { ACCENT, HEADER_SUBTITLE, MUTED, NAVY, WHITE } from './palette.js';

/** The pass after the body: the brand band on top and the footer on every page. */

export const HEADER_HEIGHT = 13;

export interface Masthead {
  productName: string;
  /** The document's kind, right-aligned in the band. */
  title: string;
  /** The green line under the band and the tick mark before the name (the report has them). */
  mark: boolean;
  /** The footer's left text (the right says `pageLabel`). */
  footer: string;
  /** The footer's right text on each page: 'Page 2 of 5' in the document's language. */
  pageLabel: (page: number, pages: number) => string;
  /** The footer's text line. */
  footerY: number;
}

/** Stamps the header band and the footer on every page; returns the number of pages. */
export function stampPages(c: PageCursor, m: Masthead): number {
  const { doc } = c;
  const pages = doc.getNumberOfPages();
  for (let page = 1; page <= pages; page += 1) {
    doc.setPage(page);
    headerBand(c, m);
    c.hairline(c.left, m.footerY - 4, 0.2);
    c.font(7.5, 'normal', MUTED);
    doc.text(m.footer, c.left, m.footerY, { baseline: 'middle' });
    doc.text(m.pageLabel(page, pages), c.right, m.footerY, { align: 'right', baseline: 'middle' });
  }
  return pages;
}

function headerBand(c: PageCursor, m: Masthead): void {
  const { doc } = c;
  c.fill(NAVY);
  doc.rect(0, 0, PAGE_WIDTH, HEADER_HEIGHT, 'F');
  let nameX = c.left;
  if (m.mark) {
    c.fill(ACCENT);
    doc.rect(0, HEADER_HEIGHT, PAGE_WIDTH, 0.8, 'F');
    // A green rounded square with a white tick.
    c.fill(ACCENT);
    doc.roundedRect(c.left, 3.5, 6, 6, 1.3, 1.3, 'F');
    c.draw(WHITE);
    doc.setLineWidth(0.6);
    doc.line(c.left + 1.6, 6.6, c.left + 2.7, 7.7);
    doc.line(c.left + 2.7, 7.7, c.left + 4.6, 5.1);
    nameX = c.left + 8.5;
  }
  c.font(12, 'bold', WHITE);
  doc.text(m.productName, nameX, 6.6, { baseline: 'middle' });
  c.font(8.5, 'normal', HEADER_SUBTITLE);
  doc.text(m.title, c.right, 6.6, { align: 'right', baseline: 'middle' });
}
