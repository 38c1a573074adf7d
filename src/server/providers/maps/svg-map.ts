import type { HazardRules } from '../../../shared/hazards/index.js';
import { formatNumber } from '../../../shared/i18n/format.js';
import { BASE_LOCALE, type Locale } from '../../../shared/i18n/locales.js';
import { nearbyTowns, nearestTown, type NearbyTown } from '../../geo/gazetteer.js';
import { GlyphText } from './glyph-text.js';
import { hazardLayer, legendPanel, mapDistance, mapTranslator, type MapTranslate } from './hazard-layer.js';
import { intersects, naturalEarth, polygonsInBox, type Position } from '../../geo/natural-earth.js';
import { destination, EARTH_RADIUS_KM, f1, MercatorView, overlaps, RAD, TENTHS, type Label } from './map-geometry.js';

/**
 * The location map as SVG: a Mercator view centred on the site, about `spanKm` across, with
 * sea and land, the site's country lighter than its neighbours, borders, the coastline, rings
 * at 10 and 25 km, the hazard features that set the ratings with their legend, the biggest
 * nearby towns named, the site pinned, a scale bar, a north arrow, the coordinates and the
 * attribution. Its words and numbers are in `locale` (the `map` catalogue; default English).
 */

export interface MapOptions {
  width: number;
  height: number;
  /** Width of the view in km (default 100). */
  spanKm: number;
  /** ISO numeric id of the site's country (Natural Earth id) to highlight, if known. */
  countryId?: string;
  /** Draw the hazard features that set the ratings (river, volcanoes, epicentres) and their legend (default true). */
  hazards?: boolean;
  /** The hazard rule table the drawn features follow (default: the shipped one). */
  rules?: HazardRules;
  /** Where the text goes: outlines in the SVG (default), or runs kept for raster-text.ts. */
  text?: GlyphText;
  /** The language of the legend, the attribution and the numbers (default English). */
  locale?: Locale;
}

/** At most this many towns are named, so the map stays legible. */
const MAX_TOWN_LABELS = 14;

const COLORS = {
  // One flat colour: a gradient under the whole picture cost a fifth of its rasterising.
  sea: '#bfd9ee',
  land: '#f6f3ec',
  neighbour: '#e8e3d8',
  coast: '#7fa6c6',
  border: '#8b7fa8',
  ring: '#1e3a5f',
  town: '#1f2937',
  halo: '#ffffff',
  pin: '#d23a2f',
  pinDark: '#8f2019',
  panel: 'rgba(255,255,255,0.86)',
  muted: '#4b5563',
};

/** A "nice" scale-bar length (1, 2, 5 × 10^k km) near a fifth of the width. */
function scaleBarKm(spanKm: number): number {
  const target = spanKm / 5;
  const pow = 10 ** Math.floor(Math.log10(target));
  for (const m of [5, 2, 1]) if (m * pow <= target) return m * pow;
  return pow;
}

/** '48.1370° N  11.5750° E' in English, '48,1370° N  11,5750° O' in German. */
function formatCoord(lat: number, lon: number, locale: Locale, t: MapTranslate): string {
  const degrees = (x: number) => formatNumber(Math.abs(x), locale, { min: 4, max: 4 });
  const ns = t(lat >= 0 ? 'map.latitude.north' : 'map.latitude.south', { degrees: degrees(lat) });
  const ew = t(lon >= 0 ? 'map.longitude.east' : 'map.longitude.west', { degrees: degrees(lon) });
  return `${ns}  ${ew}`;
}

function townLayer(
  towns: NearbyTown[],
  nearest: NearbyTown | undefined,
  site: { x: number; y: number },
  v: MercatorView,
  o: MapOptions,
  reserved: Label[],
  text: GlyphText,
): string {
  const placed: Label[] = [...reserved];
  const out: string[] = [];
  const maxPop = Math.max(1, ...towns.map((t) => t.population));
  const halo = { color: COLORS.halo, width: 3.2 };
  // The town the site is in (the nearest within 3 km, however small) is named first, beside the pin.
  const siteTown = nearest;
  if (siteTown) towns = [siteTown, ...towns.filter((t) => t.name !== siteTown.name || t.country !== siteTown.country)];
  let named = 0;
  for (const town of towns) {
    if (named >= MAX_TOWN_LABELS) break;
    const x = v.x(town.lon);
    const y = v.y(town.lat);
    if (x < 8 || x > o.width - 8 || y < 8 || y > o.height - 8) continue;
    const atSite = town === siteTown;
    const big = atSite || town.population >= Math.max(100_000, maxPop * 0.25) || town.kind === 'capital';
    const size = big ? 14 : 12;
    const w = text.measure(town.name, size, big) + 4;
    const h = size + 4;
    // The town the site is in is named beside the pin; others right of their dot, else left, above, below.
    const spots: Label[] = atSite
      ? [
          { x: site.x + 15, y: site.y - 32, w, h },
          { x: site.x - 15 - w, y: site.y - 32, w, h },
          { x: site.x - w / 2, y: site.y + 4, w, h },
        ]
      : [
          { x: x + 6, y: y - h / 2, w, h },
          { x: x - 6 - w, y: y - h / 2, w, h },
          { x: x - w / 2, y: y - 6 - h, w, h },
          { x: x - w / 2, y: y + 6, w, h },
        ];
    const dot: Label = { x: x - 4, y: y - 4, w: 8, h: 8 };
    if (!atSite && placed.some((l) => overlaps(l, dot))) continue;
    const fits = (s: Label) =>
      s.x >= 2 && s.x + s.w <= o.width - 2 && s.y >= 2 && s.y + s.h <= o.height - 2 && !placed.some((l) => overlaps(l, s));
    const spot = spots.find(fits);
    if (!spot) continue;
    placed.push(spot);
    named++;
    if (!atSite) {
      placed.push(dot);
      const r = big ? 3.6 : 2.8;
      out.push(`<circle cx="${f1(x)}" cy="${f1(y)}" r="${r}" fill="${COLORS.town}" stroke="${COLORS.halo}" stroke-width="1.4"/>`);
    }
    out.push(text.text(town.name, spot.x + 2, spot.y + h - 5, { size, bold: big, fill: COLORS.town, halo }));
  }
  return out.join('');
}

function ringLayer(lat: number, lon: number, v: MercatorView, text: GlyphText, labels: Label[], locale: Locale, t: MapTranslate): string {
  const out: string[] = [];
  for (const km of [10, 25]) {
    // Every 2° of bearing, as fine as d3's geoCircle drew it.
    const ring: Position[] = [];
    for (let b = 0; b < 360; b += 2) ring.push(destination(lat, lon, km, b));
    out.push(`<path transform="${TENTHS}" d="${v.line(ring, true)}" fill="none" stroke="${COLORS.ring}" stroke-opacity="0.55" stroke-width="12" stroke-dasharray="60 40"/>`);
    const topY = v.y(lat + (km / EARTH_RADIUS_KM) / RAD);
    const topX = v.x(lon);
    if (topY > 14) {
      const label = mapDistance(km, locale, t);
      const w = text.measure(label, 11) + 6;
      labels.push({ x: topX - w / 2, y: topY - 17, w, h: 16 });
      out.push(
        text.text(label, topX, topY - 4, {
          size: 11,
          fill: COLORS.ring,
          anchor: 'middle',
          halo: { color: COLORS.halo, width: 3 },
        }),
      );
    }
  }
  return out.join('');
}

function pin(x: number, y: number): string {
  // A teardrop whose tip is the site, with a soft shadow.
  const d = `M ${x} ${y} C ${x - 4} ${y - 9} ${x - 12} ${y - 15} ${x - 12} ${y - 23} A 12 12 0 1 1 ${x + 12} ${y - 23} C ${x + 12} ${y - 15} ${x + 4} ${y - 9} ${x} ${y} Z`;
  return (
    `<ellipse cx="${x}" cy="${y}" rx="7" ry="2.6" fill="#000" fill-opacity="0.28"/>` +
    `<path d="${d}" fill="${COLORS.pin}" stroke="${COLORS.pinDark}" stroke-width="1.5"/>` +
    `<circle cx="${x}" cy="${y - 23}" r="4.6" fill="#fff"/>`
  );
}

export function buildMapSvg(lat: number, lon: number, o: MapOptions): string {
  const { width: W, height: H } = o;
  const v = new MercatorView(lat, lon, o);
  const view = v.bbox(20);
  const ne = naturalEarth();

  const land: string[] = [];
  const own: string[] = [];
  // Cut to a box well outside the picture: the cut's zero-width edges stay out of sight.
  for (const poly of polygonsInBox(v.bbox(60))) {
    const d = v.rings(poly.rings);
    if (!d) continue;
    (poly.id === o.countryId ? own : land).push(d);
  }
  const lines = (pieces: typeof ne.borders) =>
    pieces
      .filter((x) => intersects(x.bbox, view))
      .map((x) => v.line(x.coordinates))
      .join('');

  const borders = lines(ne.borders);
  const site = { x: Math.round(v.x(lon) * 10) / 10, y: Math.round(v.y(lat) * 10) / 10 };
  const towns = nearbyTowns(lat, lon, 60, o.spanKm * 0.75);
  const text = o.text ?? new GlyphText();
  const locale = o.locale ?? BASE_LOCALE;
  const t = mapTranslator(locale);
  const coord = formatCoord(lat, lon, locale, t);
  const coordW = text.measure(coord, 12.5, true) + 20;
  const hazards = o.hazards === false ? undefined : hazardLayer(lat, lon, v, site, o.rules, locale);
  const extraSources = (hazards?.sources ?? []).filter((x) => x !== 'Natural Earth');
  const attribution = t('map.attribution', { sources: ['Natural Earth', 'GeoNames', ...extraSources].join(' · ') });
  const barKm = scaleBarKm(o.spanKm);
  const barPx = (barKm / o.spanKm) * W;
  // Smaller type when the attribution would run into the scale bar's panel (a long language, every
  // layer credited), down to 8.5 px; the panel ends at 8 + barPx + 60, with 4 px between them.
  const attrRoom = W - 6 - (8 + barPx + 60) - 4;
  const attrSize = Math.max(8.5, Math.min(10.5, (10.5 * (attrRoom - 12)) / text.measure(attribution, 10.5)));
  const attrW = text.measure(attribution, attrSize) + 12;
  const half = barPx / 2;
  const pinBox: Label = { x: site.x - 14, y: site.y - 38, w: 28, h: 42 };
  const ringLabels: Label[] = [];
  const rings = ringLayer(lat, lon, v, text, ringLabels, locale, t);
  // Bottom-left above the scale bar, top-left under the coordinates, bottom-right above the
  // attribution, top-right beside the north arrow: the first that hides the fewest hazard symbols.
  const legend = hazards
    ? legendPanel(
        hazards.legend,
        text,
        (w, h) => [
          { x: 8, y: H - 46 - h },
          { x: 8, y: 40 },
          { x: W - 8 - w, y: H - 30 - h },
          { x: W - 52 - w, y: 8 },
        ],
        [...hazards.occupied, pinBox, ...ringLabels],
        hazards.avoidSoft,
      )
    : undefined;
  const reserved: Label[] = [
    ...ringLabels,
    ...(hazards?.occupied ?? []),
    ...(legend ? [legend.box] : []),
    pinBox,
    { x: 4, y: 4, w: coordW + 8, h: 34 }, // coordinates
    { x: W - 48, y: 4, w: 44, h: 52 }, // north arrow
    { x: 4, y: H - 44, w: barPx + 72, h: 40 }, // scale bar
    { x: W - attrW - 10, y: H - 26, w: attrW + 8, h: 24 }, // attribution
  ];
  const panel = (x: number, y: number, w: number, h: number, r = 6) =>
    `<rect x="${f1(x)}" y="${f1(y)}" width="${f1(w)}" height="${f1(h)}" rx="${r}" fill="${COLORS.panel}" stroke="#d1d5db"/>`;
  const small = (s: string, x: number, y: number, anchor: 'start' | 'middle' | 'end' = 'start', bold = false) =>
    text.text(s, x, y, { size: 11, fill: COLORS.town, anchor, bold });

  const body = [
    `<rect width="${W}" height="${H}" fill="${COLORS.sea}"/>`,
    // Outlines in tenths of a px (MercatorView.line), stroke widths and dashes ×10 to match.
    `<g transform="${TENTHS}">`,
    `<path d="${land.join('')}" fill="${COLORS.neighbour}" fill-rule="nonzero"/>`,
    `<path d="${own.join('')}" fill="${COLORS.land}" fill-rule="nonzero"/>`,
    `<path d="${lines(ne.coastline)}" fill="none" stroke="${COLORS.coast}" stroke-width="11" stroke-linejoin="round"/>`,
    `<path d="${borders}" fill="none" stroke="#ffffff" stroke-width="40" stroke-opacity="0.7" stroke-linejoin="round"/>`,
    `<path d="${borders}" fill="none" stroke="${COLORS.border}" stroke-width="15" stroke-dasharray="70 30 20 30" stroke-linejoin="round"/>`,
    `</g>`,
    hazards?.svg ?? '',
    rings,
    townLayer(towns, nearestTown(lat, lon, 3), site, v, o, reserved, text),
    pin(site.x, site.y),
    legend?.svg ?? '',
    // coordinates
    panel(8, 8, coordW, 26),
    text.text(coord, 18, 26, { size: 12.5, bold: true, fill: COLORS.town }),
    // north arrow
    panel(W - 44, 8, 36, 44),
    `<path d="M${W - 26} 16 L${W - 19} 36 L${W - 26} 31 L${W - 33} 36 Z" fill="${COLORS.ring}"/>`,
    text.text('N', W - 26, 48, { size: 11, bold: true, fill: COLORS.ring, anchor: 'middle' }),
    // scale bar
    panel(8, H - 40, barPx + 60, 32),
    `<rect x="16" y="${H - 22}" width="${f1(half)}" height="6" fill="${COLORS.town}"/>`,
    `<rect x="${f1(16 + half)}" y="${H - 22}" width="${f1(half)}" height="6" fill="#fff"/>`,
    `<rect x="16" y="${H - 22}" width="${f1(barPx)}" height="6" fill="none" stroke="${COLORS.town}" stroke-width="1"/>`,
    small('0', 16, H - 27, 'middle'),
    small(formatNumber(barKm / 2, locale), 16 + half, H - 27, 'middle'),
    small(formatNumber(barKm, locale), 16 + barPx, H - 27, 'middle'),
    small('km', 24 + barPx, H - 15),
    // attribution
    `<rect x="${f1(W - attrW - 6)}" y="${H - 22}" width="${f1(attrW)}" height="17" rx="4" fill="${COLORS.panel}"/>`,
    text.text(attribution, W - 12, H - 10, { size: attrSize, fill: COLORS.muted, anchor: 'end' }),
  ].join('');

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`,
    body,
    `</svg>`,
  ].join('');
}
