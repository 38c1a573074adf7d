import type * as Resvg from '@resvg/resvg-js';
import { countryByIso2 } from '../../../shared/countries.js';
import { BASE_LOCALE, isLocale } from '../../../shared/i18n/locales.js';
import { warmGazetteer } from '../../geo/gazetteer.js';
import { warmCoastline } from '../../geo/coastline.js';
import { warmHazardLayers } from '../../geo/warm.js';
import type { MapFrame, MapRenderer, MapRequest } from './map-renderer.js';
import { GlyphText, warmGlyphFonts } from './glyph-text.js';
import { drawTextRuns } from './raster-text.js';
import { naturalEarth, type Position } from '../../geo/natural-earth.js';
import { encodePng } from './png-encode.js';
import { lazyModule } from '../../lib/lazy-module.js';
import { buildMapSvg } from './svg-map.js';
import { MercatorView } from './map-geometry.js';
import { onCpuPool } from '../../lib/cpu-pool.js';

const resvg = lazyModule<typeof Resvg>('@resvg/resvg-js');

export interface OfflineMapOptions {
  width?: number;
  height?: number;
  spanKm?: number;
  /** Draw the hazard features that set the ratings, with a legend (default true). */
  hazards?: boolean;
}

/** Even-odd ray casting in lon/lat: Natural Earth 1:10m edges are short enough to treat as straight. */
function inRings(rings: readonly Position[][], lon: number, lat: number): boolean {
  let inside = false;
  for (const ring of rings) {
    let prev = ring[ring.length - 1]!;
    for (let i = 0; i < ring.length; i++) {
      const cur = ring[i]!;
      // Indexed reads, no destructuring: this loop runs over every vertex of a country.
      const yi = cur[1];
      const yj = prev[1];
      if (yi > lat !== yj > lat) {
        const xi = cur[0];
        if (lon < ((prev[0] - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
      }
      prev = cur;
    }
  }
  return inside;
}

/** The ISO numeric id of the country whose outline contains the point, if any. */
export function countryIdAt(lat: number, lon: number): string | undefined {
  for (const poly of naturalEarth().polygons) {
    const b = poly.bbox;
    if (lon < b.minLon || lon > b.maxLon || lat < b.minLat || lat > b.maxLat) continue;
    if (inRings(poly.rings, lon, lat)) return poly.id;
  }
  return undefined;
}

/**
 * The offline map renderer: Natural Earth outlines and GeoNames towns drawn as SVG, with the
 * hazard features that set the site's ratings (hazard-layer.ts), text as outlines of the
 * bundled DejaVu Sans composited from cached glyph masks (raster-text.ts), shapes rasterised by
 * resvg (no system fonts, no network). 640×400 by default.
 */
export class OfflineMapRenderer implements MapRenderer {
  readonly name = 'offline';
  private readonly width: number;
  private readonly height: number;
  private readonly spanKm: number;
  private readonly hazards: boolean;

  constructor(private readonly options: OfflineMapOptions = {}) {
    this.width = options.width ?? 640;
    this.height = options.height ?? 400;
    this.spanKm = options.spanKm ?? 100;
    this.hazards = options.hazards ?? true;
  }

  /**
   * Loads the outlines, the coastline index, the gazetteer, the hazard layers and the fonts now
   * rather than on the first map (a few seconds on a busy 2-core machine; call it once at start-up).
   */
  warm(): void {
    naturalEarth();
    warmCoastline();
    warmGazetteer();
    warmHazardLayers();
    warmGlyphFonts();
  }

  /** The map as SVG; with a raster-mode `text` the labels are kept there rather than drawn. */
  svg(request: MapRequest, text?: GlyphText): string {
    const { latitude: lat, longitude: lon } = request;
    if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 85 || Math.abs(lon) > 180) {
      throw new RangeError('latitude must be within ±85 and longitude within ±180');
    }
    const countryId = (request.countryIso2 && countryByIso2(request.countryIso2)?.numeric) || countryIdAt(lat, lon);
    return buildMapSvg(lat, lon, {
      width: this.width,
      height: this.height,
      spanKm: this.spanKm,
      countryId,
      hazards: this.hazards,
      // A language we do not speak (a payload from elsewhere) draws the English map.
      locale: isLocale(request.locale) ? request.locale : BASE_LOCALE,
      ...(text ? { text } : {}),
    });
  }

  /** The picture's lon/lat box: the same Mercator view the SVG is drawn in. */
  frame(request: MapRequest): MapFrame {
    const view = new MercatorView(request.latitude, request.longitude, { width: this.width, height: this.height, spanKm: this.spanKm });
    const b = view.bbox(0);
    return { west: b.minLon, south: b.minLat, east: b.maxLon, north: b.maxLat, width: this.width, height: this.height };
  }

  /**
   * On a CPU worker (lib/cpu-pool.ts) when the process has them: requests go on meanwhile. The
   * language travels with the point: the worker draws the map's words in it.
   */
  async render(request: MapRequest): Promise<Buffer> {
    const { latitude, longitude, countryIso2, locale } = request;
    return onCpuPool(
      'map',
      { options: this.options, request: { latitude, longitude, countryIso2, ...(locale ? { locale } : {}) } },
      () => this.renderHere(request),
    ).then((png) => (Buffer.isBuffer(png) ? png : Buffer.from(png.buffer, png.byteOffset, png.byteLength)));
  }

  private async renderHere(request: MapRequest): Promise<Buffer | Uint8Array> {
    const text = new GlyphText('raster');
    const svg = this.svg(request, text);
    // The text is composited afterwards (raster-text.ts): resvg needs no font at all. The shapes
    // are rasterised on a libuv worker thread (the heaviest step of a map); a new glyph's mask is
    // rasterised in this thread, which is a CPU worker whenever the process has them.
    const image = await resvg().renderAsync(svg, { font: { loadSystemFonts: false }, shapeRendering: 2 });
    const pixels = image.pixels;
    drawTextRuns(pixels, image.width, image.height, text.runs);
    return encodePng(pixels, image.width, image.height);
  }
}
