import { HAZARD_RULES, mapReach, type HazardRules } from '../../../shared/hazards/index.js';
import { formatNumber } from '../../../shared/i18n/format.js';
import { BASE_LOCALE, type Locale } from '../../../shared/i18n/locales.js';
import { renderMessage } from '../../../shared/i18n/message.js';
import { describeQuakeMessage, strongestEpicentres, type Epicentre } from '../../geo/earthquakes.js';
import { elevationCovers } from '../../geo/elevation.js';
import { lakeShoresInBox, lakesNear } from '../../geo/lakes.js';
import { nearestRiverCourse } from '../../geo/rivers.js';
import { eruptionMessage, nearestVolcano, volcanoesInBox } from '../../geo/volcanoes.js';
import { translator } from '../../lib/messages.js';
import { f1, overlaps, TENTHS, type Label, type MercatorView } from './map-geometry.js';
import type { GlyphText } from './glyph-text.js';

/**
 * What set the site's hazard ratings, drawn on its map from the same bundled layers the analyst
 * measures: the river or canal the flood rating counted, the shores of the lakes it reports, the
 * Holocene volcanoes in the frame, and the epicentres of the earthquakes estimated to have shaken
 * the site hardest (intermediate-depth ones, which shake from far off, included). A small legend names
 * the feature that mattered most for each, with its distance; one outside the frame gets an
 * arrow on the frame's edge pointing to it.
 *
 * Like the analyst, only where the bundled layers cover the site (the elevation grid's box). What
 * counts comes from the hazard rule table (`rules`, default the shipped one): a river within the
 * flood rules' widest reach multiple, epicentres from the lowest intensity the earthquake rules
 * count, volcanoes within the volcano rules' farthest band.
 *
 * The legend is written in `locale` (the `map` catalogue; the earthquake and the eruption date
 * in the report's own words, `engine-location`), numbers in its way: '1.6 km', '1,6 km'.
 */

export const HAZARD_COLORS = {
  river: '#1d6fc4',
  lake: '#93c5fd',
  volcano: '#7c2d12',
  quake: '#ea580c',
  quakeFill: '#fb923c',
  halo: '#ffffff',
};

const MAX_EPICENTRES = 5;

export interface LegendRow {
  kind: 'river' | 'lake' | 'volcano' | 'quake';
  text: string;
}

export interface HazardLayer {
  /** drawn above the land, below the rings, towns and pin */
  svg: string;
  legend: LegendRow[];
  /** boxes town labels must keep clear of */
  occupied: Label[];
  /** what the legend had better not hide either: points along the river */
  avoidSoft: Label[];
  /** datasets drawn, for the attribution */
  sources: string[];
}

/** The map's messages in one language: the `map` catalogue, with the report's location words under it. */
export type MapTranslate = ReturnType<typeof mapTranslator>;
export const mapTranslator = (locale: Locale) => translator(['map', 'engine-location'], locale);

/** A distance as the legend gives it: a tenth of a km under 10 km ('1.6 km', '1,6 km'), else whole km. */
export function mapDistance(d: number, locale: Locale, t: MapTranslate = mapTranslator(locale)): string {
  const km = d < 10 ? formatNumber(d, locale, { min: 1, max: 1 }) : formatNumber(Math.round(d), locale, { max: 0 });
  return t('map.distance', { km });
}

/** A volcano's triangle, its apex up, centred on (x, y). */
export function volcanoSymbol(x: number, y: number, size: number, strokeWidth = 1.4): string {
  const h = size * 0.9;
  return `<path d="M${f1(x)} ${f1(y - h / 2)}L${f1(x + size / 2)} ${f1(y + h / 2)}L${f1(x - size / 2)} ${f1(y + h / 2)}Z" fill="${HAZARD_COLORS.volcano}" stroke="${HAZARD_COLORS.halo}" stroke-width="${strokeWidth}" stroke-linejoin="round"/>`;
}

export function epicentreSymbol(x: number, y: number, r: number, strong: boolean): string {
  return `<circle cx="${f1(x)}" cy="${f1(y)}" r="${f1(r)}" fill="${HAZARD_COLORS.quakeFill}" fill-opacity="0.35" stroke="${HAZARD_COLORS.quake}" stroke-width="${strong ? 2 : 1.3}"/>`;
}

export function riverSymbol(x: number, y: number, w: number): string {
  return `<path d="M${f1(x)} ${f1(y + 2)}C${f1(x + w / 3)} ${f1(y - 4)} ${f1(x + (2 * w) / 3)} ${f1(y + 4)} ${f1(x + w)} ${f1(y - 2)}" fill="none" stroke="${HAZARD_COLORS.river}" stroke-width="2.6" stroke-linecap="round"/>`;
}

export function lakeSymbol(x: number, y: number): string {
  return `<ellipse cx="${f1(x)}" cy="${f1(y)}" rx="8" ry="5" fill="${HAZARD_COLORS.lake}" stroke="${HAZARD_COLORS.river}" stroke-width="1.6"/>`;
}

/** Radius by magnitude (or by the observed intensity when no magnitude is known). */
function epicentreRadius(q: Epicentre): number {
  const r = q.magnitude !== undefined ? 3 + (q.magnitude - 5) * 2.2 : 3 + ((q.maxIntensity ?? 6) - 6) * 1.6;
  return Math.min(11, Math.max(3, r));
}

/** An arrow just inside the frame's edge, pointing from the site towards a feature beyond it. */
function edgeArrow(v: MercatorView, site: { x: number; y: number }, tx: number, ty: number, color: string): { svg: string; box: Label } {
  const { width: W, height: H } = v.o;
  const dx = tx - site.x;
  const dy = ty - site.y;
  // Inside the frame, clear of the panels along the top and bottom edges.
  const [left, right, top, bottom] = [22, W - 22, 60, H - 54];
  const t = Math.min(dx > 0 ? (right - site.x) / dx : dx < 0 ? (left - site.x) / dx : Infinity, dy > 0 ? (bottom - site.y) / dy : dy < 0 ? (top - site.y) / dy : Infinity);
  const x = site.x + dx * t;
  const y = site.y + dy * t;
  const a = Math.atan2(dy, dx);
  const p = (r: number, da: number) => `${f1(x + r * Math.cos(a + da))} ${f1(y + r * Math.sin(a + da))}`;
  const d = `M${p(13, 0)}L${p(11, 2.4)}L${p(4, Math.PI)}L${p(11, -2.4)}Z`;
  return {
    svg: `<path d="${d}" fill="${color}" stroke="${HAZARD_COLORS.halo}" stroke-width="2" stroke-linejoin="round"/>`,
    box: { x: x - 12, y: y - 12, w: 24, h: 24 },
  };
}

export function hazardLayer(
  lat: number,
  lon: number,
  v: MercatorView,
  site: { x: number; y: number },
  rules: HazardRules = HAZARD_RULES,
  locale: Locale = BASE_LOCALE,
): HazardLayer {
  const layer: HazardLayer = { svg: '', legend: [], occupied: [], avoidSoft: [], sources: [] };
  if (!elevationCovers(lat, lon)) return layer;
  const t = mapTranslator(locale);
  const km = (d: number) => mapDistance(d, locale, t);
  const reach = mapReach(rules);
  const { width: W, height: H } = v.o;
  const inFrame = (x: number, y: number, m: number) => x >= m && x <= W - m && y >= m && y <= H - m;
  const parts: string[] = [];

  const river = nearestRiverCourse(lat, lon, v.bbox(12), rules.riverFlood.searchKm);
  if (river && river.river.proximity <= reach.riverReaches && river.course.length) {
    const d = river.course.map((run) => v.line(run)).join('');
    for (const run of river.course) for (const [rLon, rLat] of run) layer.avoidSoft.push({ x: v.x(rLon) - 3, y: v.y(rLat) - 3, w: 6, h: 6 });
    parts.push(
      `<g id="hazard-river" transform="${TENTHS}">`,
      `<path d="${d}" fill="none" stroke="${HAZARD_COLORS.halo}" stroke-opacity="0.85" stroke-width="50" stroke-linejoin="round" stroke-linecap="round"/>`,
      `<path d="${d}" fill="none" stroke="${HAZARD_COLORS.river}" stroke-width="26" stroke-linejoin="round" stroke-linecap="round"/>`,
      `</g>`,
    );
    const r = river.river;
    // A line no map names is called by its kind: 'Canal (unnamed in the map data), 1.6 km'.
    const distance = km(r.distanceKm);
    const text = r.named
      ? t(r.kind === 'canal' ? 'map.legend.canal' : 'map.legend.river', { name: r.name, distance })
      : t(r.kind === 'canal' ? 'map.legend.canalUnnamed' : r.kind === 'intermittent river' ? 'map.legend.intermittentRiverUnnamed' : 'map.legend.riverUnnamed', { distance });
    layer.legend.push({ kind: 'river', text });
    layer.sources.push(r.dataset === 'gshhg' ? 'GSHHG/WDBII' : 'Natural Earth');
  }

  // The lakes the flood rating reports (within its search radius): their shores in the frame.
  const lakes = lakesNear(lat, lon, rules.riverFlood.searchKm);
  const nearestLake = lakes[0];
  if (nearestLake) {
    const counted = new Set(lakes.filter((l) => l.named).map((l) => l.name));
    const shores = lakeShoresInBox(v.bbox(12)).filter((s) => (s.name === 'lake' ? !nearestLake.named : counted.has(s.name)));
    if (shores.length) {
      const d = shores.map((s) => v.line(s.run)).join('');
      parts.push(
        `<g id="hazard-lakes" transform="${TENTHS}">`,
        `<path d="${d}" fill="none" stroke="${HAZARD_COLORS.river}" stroke-opacity="0.9" stroke-width="18" stroke-linejoin="round" stroke-linecap="round"/>`,
        `</g>`,
      );
      for (const s of shores) for (const [sLon, sLat] of s.run) layer.avoidSoft.push({ x: v.x(sLon) - 3, y: v.y(sLat) - 3, w: 6, h: 6 });
      const [first, second] = lakes.filter((l) => l.named);
      const text = !first
        ? t('map.legend.lakeUnnamed', { distance: km(nearestLake.distanceKm) })
        : second
          ? t('map.legend.lakes', { name: first.name, distance: km(first.distanceKm), name2: second.name, distance2: km(second.distanceKm) })
          : t('map.legend.lake', { name: first.name, distance: km(first.distanceKm) });
      layer.legend.push({ kind: 'lake', text });
      if (!layer.sources.includes('GSHHG/WDBII')) layer.sources.push('GSHHG/WDBII');
    }
  }

  const quakes = strongestEpicentres(lat, lon).filter((q) => q.siteIntensity >= reach.minSiteIntensity);
  const strongest = quakes[0];
  if (strongest) {
    // Smallest last, so a small circle is never hidden under a big one.
    const shown = quakes.filter((q) => inFrame(v.x(q.lon), v.y(q.lat), 4)).slice(0, MAX_EPICENTRES);
    parts.push('<g id="hazard-epicentres">');
    for (const q of [...shown].sort((a, b) => epicentreRadius(b) - epicentreRadius(a))) {
      const x = v.x(q.lon);
      const y = v.y(q.lat);
      parts.push(epicentreSymbol(x, y, epicentreRadius(q), q === strongest));
      layer.occupied.push({ x: x - 4, y: y - 4, w: 8, h: 8 });
    }
    parts.push('</g>');
    if (!shown.includes(strongest)) {
      const arrow = edgeArrow(v, site, v.x(strongest.lon), v.y(strongest.lat), HAZARD_COLORS.quake);
      parts.push(arrow.svg);
      layer.occupied.push(arrow.box);
    }
    layer.legend.push({ kind: 'quake', text: t('map.legend.earthquake', { quake: renderMessage(describeQuakeMessage(strongest), locale, t) }) });
    layer.sources.push('NOAA NCEI');
  }

  const nearest = nearestVolcano(lat, lon, reach.volcanoKm);
  if (nearest) {
    let nearestShown = false;
    parts.push('<g id="hazard-volcanoes">');
    for (const volcano of volcanoesInBox(v.bbox(-8))) {
      const x = v.x(volcano.lon);
      const y = v.y(volcano.lat);
      parts.push(volcanoSymbol(x, y, 16));
      layer.occupied.push({ x: x - 9, y: y - 9, w: 18, h: 18 });
      if (volcano.name === nearest.name) nearestShown = true;
    }
    parts.push('</g>');
    if (!nearestShown) {
      const arrow = edgeArrow(v, site, v.x(nearest.lon), v.y(nearest.lat), HAZARD_COLORS.volcano);
      parts.push(arrow.svg);
      layer.occupied.push(arrow.box);
    }
    const eruption = renderMessage(eruptionMessage(nearest.lastEruption), locale, t);
    layer.legend.push({ kind: 'volcano', text: t('map.legend.volcano', { name: nearest.name, distance: km(nearest.distanceKm), eruption }) });
    layer.sources.push('Smithsonian GVP');
  }

  layer.svg = parts.join('');
  return layer;
}

/**
 * The legend panel: a symbol and a line of text per row, in the first of the candidate places
 * (each given the panel's size) that hides the least: a symbol counts ten, a point of a line one.
 */
export function legendPanel(
  rows: LegendRow[],
  text: GlyphText,
  places: (w: number, h: number) => { x: number; y: number }[],
  avoid: Label[],
  avoidSoft: Label[] = [],
): { svg: string; box: Label } | undefined {
  if (!rows.length) return undefined;
  const size = 11;
  const rowH = 17;
  const w = Math.max(...rows.map((r) => text.measure(r.text, size))) + 38;
  const h = rows.length * rowH + 10;
  const hidden = (boxes: Label[], p: { x: number; y: number }) => boxes.filter((a) => overlaps(a, { x: p.x, y: p.y, w, h })).length;
  const covered = (p: { x: number; y: number }) => 10 * hidden(avoid, p) + hidden(avoidSoft, p);
  let best = places(w, h)[0]!;
  for (const p of places(w, h)) if (covered(p) < covered(best)) best = p;
  const { x, y } = best;
  // The rows as text too: the drawn text is outlines, which no reader of the SVG can search.
  const desc = rows.map((r) => r.text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')).join('; ');
  const out: string[] = [`<g id="map-legend"><desc>${desc}</desc><rect x="${f1(x)}" y="${f1(y)}" width="${f1(w)}" height="${h}" rx="6" fill="rgba(255,255,255,0.9)" stroke="#d1d5db"/>`];
  rows.forEach((l, i) => {
    const cy = y + 5 + rowH * i + rowH / 2;
    if (l.kind === 'river') out.push(riverSymbol(x + 9, cy, 16));
    else if (l.kind === 'lake') out.push(lakeSymbol(x + 17, cy));
    else if (l.kind === 'volcano') out.push(volcanoSymbol(x + 17, cy, 12, 1));
    else out.push(epicentreSymbol(x + 17, cy, 5.5, true));
    out.push(text.text(l.text, x + 31, cy + 4, { size, fill: '#1f2937' }));
  });
  out.push('</g>');
  return { svg: out.join(''), box: { x: x - 4, y: y - 4, w: w + 8, h: h + 8 } };
}
