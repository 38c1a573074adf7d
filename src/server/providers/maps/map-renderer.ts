import type { Locale } from '../../../shared/i18n/locales.js';

/** Renders the location map of a site as an image (call 12). */
export interface MapRenderer {
  readonly name: string;
  /** A PNG of the map centred on the point; countryIso2 highlights the site's country. */
  render(request: MapRequest): Promise<Buffer>;
  /** The picture's frame for that point (what a click on it means), when the renderer knows it. */
  frame?(request: MapRequest): MapFrame;
}

/** A map picture's extent in degrees; the projection is Web Mercator (EPSG:3857). */
export interface MapFrame {
  west: number;
  south: number;
  east: number;
  north: number;
  width: number;
  height: number;
}

export interface MapRequest {
  latitude: number;
  longitude: number;
  countryIso2?: string;
  /** The language of the picture's words and numbers (legend, attribution, coordinates); English when left out. */
  locale?: Locale;
}
