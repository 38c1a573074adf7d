import type { PortfolioRow } from '../contracts/portfolio.js';
import { MUTED, RULE, WHITE, type PageCursor } from '../pdf/index.js';
import { PORTFOLIO_HEADING } from './portfolio-pdf-frame.js';
import { isAssessed, type AssessedRow } from './portfolio-summary.js';
import { GRADE_COLOURS } from './report-format.js';
import type { PdfLanguage } from './report-pdf-words.js';

/**
 * The map of the sites: land outlines (rings of [longitude, latitude], brought by the caller as
 * the fonts are) as hairlines, and each assessed site as a dot in its grade's colour. An
 * equirectangular projection scaled by the cosine of the middle latitude is plenty at this size.
 */

/** Closed rings of [longitude, latitude]. */
export type Outline = readonly (readonly (readonly [number, number])[])[];

/** Continental Europe with the Canaries, Cyprus and the north of Scandinavia; wider when a site lies outside. */
const EUROPE = { west: -18, east: 34, south: 34, north: 70 };
const MAP_HEIGHT = 95;

type Located = AssessedRow & { latitude: number; longitude: number };
const located = (r: AssessedRow): r is Located => r.latitude !== undefined && r.longitude !== undefined;

/** The area shown: Europe, grown to every site with a margin of two degrees. */
export function mapBounds(sites: readonly { latitude: number; longitude: number }[]) {
  const b = { ...EUROPE };
  for (const s of sites) {
    b.west = Math.min(b.west, s.longitude - 2);
    b.east = Math.max(b.east, s.longitude + 2);
    b.south = Math.min(b.south, s.latitude - 2);
    b.north = Math.max(b.north, s.latitude + 2);
  }
  return b;
}

/** Draws the map section; nothing when there is no outline or no assessed site with coordinates. */
export function sitesMap(c: PageCursor, rows: readonly PortfolioRow[], outline: Outline | undefined, language: PdfLanguage): void {
  const sites = rows.filter(isAssessed).filter(located);
  if (!outline || sites.length === 0) return;
  const b = mapBounds(sites);
  const kx = Math.cos((((b.north + b.south) / 2) * Math.PI) / 180);
  const spanX = (b.east - b.west) * kx;
  const spanY = b.north - b.south;
  const scale = Math.min(c.frame.width / spanX, MAP_HEIGHT / spanY);
  const w = spanX * scale;
  const h = spanY * scale;
  c.heading(language.t('pdf.portfolio.map'), h + 4, PORTFOLIO_HEADING);
  const left = c.left + (c.frame.width - w) / 2;
  const top = c.y;
  const inside = (lon: number, lat: number) => lon >= b.west && lon <= b.east && lat >= b.south && lat <= b.north;
  const px = (lon: number) => left + (lon - b.west) * kx * scale;
  const py = (lat: number) => top + (b.north - lat) * scale;
  const { doc } = c;

  c.draw(RULE);
  doc.setLineWidth(0.3);
  doc.rect(left, top, w, h, 'S');
  c.draw(MUTED);
  doc.setLineWidth(0.15);
  for (const ring of outline) {
    for (let i = 1; i < ring.length; i += 1) {
      const [lon1, lat1] = ring[i - 1]!;
      const [lon2, lat2] = ring[i]!;
      // Segments leaving the frame are left out rather than clipped (the frame hides the gap).
      if (inside(lon1, lat1) && inside(lon2, lat2)) doc.line(px(lon1), py(lat1), px(lon2), py(lat2));
    }
  }
  c.draw(WHITE);
  doc.setLineWidth(0.25);
  // Worst grades last, so they stay visible where dots overlap.
  const order = [...sites].sort((a, b2) => a.overallScore - b2.overallScore).reverse();
  for (const s of order) {
    c.fill(GRADE_COLOURS[s.overallScoreGrade].solid);
    doc.circle(px(s.longitude), py(s.latitude), 1.3, 'FD');
  }
  c.y = top + h + 4;
}
