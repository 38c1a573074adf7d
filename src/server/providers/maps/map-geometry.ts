import type { BBox, Position } from '../../geo/natural-earth.js';

/** The map's geometry: its Mercator view, distances on the sphere, label boxes. */

export const EARTH_RADIUS_KM = 6371.0088;
export const RAD = Math.PI / 180;

/** The transform for path data from MercatorView.line (tenths of a px). */
export const TENTHS = 'scale(0.1)';

/** A coordinate in px to 0.1 px, as SVG text. */
export const f1 = (n: number) => (Math.round(n * 10) / 10).toString();

export interface ViewOptions {
  width: number;
  height: number;
  /** Width of the view in km. */
  spanKm: number;
}

/**
 * The Mercator view of the map: the site at the centre, `spanKm` across at its latitude. Written
 * out rather than through d3-geo's geoPath: at this scale the outlines' vertices lie about a
 * kilometre apart, so d3's adaptive resampling and spherical clipping changed nothing visible
 * yet were the costliest part of building a map (and its garbage).
 */
export class MercatorView {
  readonly scale: number;
  private readonly x0: number;
  private readonly y0: number;
  private readonly lon0: number;
  private readonly my0: number;

  constructor(
    lat: number,
    lon: number,
    readonly o: ViewOptions,
  ) {
    this.scale = (o.width / o.spanKm) * EARTH_RADIUS_KM * Math.cos(lat * RAD);
    this.x0 = o.width / 2;
    this.y0 = o.height / 2;
    this.lon0 = lon;
    this.my0 = mercatorY(lat);
  }

  x(lon: number): number {
    return this.x0 + this.scale * (lon - this.lon0) * RAD;
  }

  y(lat: number): number {
    return this.y0 - this.scale * (mercatorY(lat) - this.my0);
  }

  /** [lon, lat] of a point of the picture. */
  invert(x: number, y: number): Position {
    const lon = this.lon0 + (x - this.x0) / this.scale / RAD;
    const lat = (2 * Math.atan(Math.exp(this.my0 - (y - this.y0) / this.scale)) - Math.PI / 2) / RAD;
    return [lon, lat];
  }

  /** The lon/lat box of the picture plus `margin` px on every side. */
  bbox(margin: number): BBox {
    const [w, n] = this.invert(-margin, -margin);
    const [e, s] = this.invert(this.o.width + margin, this.o.height + margin);
    return { minLon: w, maxLon: e, minLat: s, maxLat: n };
  }

  /**
   * SVG path data of a line in tenths of a px, as integers: draw it inside `TENTHS` (a 0.1
   * scale), with stroke widths ×10. Integers print several times faster than decimals, and a
   * map prints thousands of these.
   */
  line(coordinates: readonly Position[], closed = false, count = coordinates.length): string {
    let d = '';
    for (let i = 0; i < count; i++) {
      const p = coordinates[i]!;
      d += `${i === 0 ? 'M' : 'L'}${Math.round(this.x(p[0]) * 10)} ${Math.round(this.y(p[1]) * 10)}`;
    }
    return closed && d ? `${d}Z` : d;
  }

  /** SVG path data of a polygon's rings (each repeats its first point last, which Z stands for). */
  rings(rings: readonly Position[][]): string {
    let d = '';
    for (const ring of rings) d += this.line(ring, true, ring.length > 1 ? ring.length - 1 : ring.length);
    return d;
  }
}

const mercatorY = (lat: number) => Math.log(Math.tan(Math.PI / 4 + (lat * RAD) / 2));

/** The point `km` from (lat, lon) on a bearing, on the sphere: [lon, lat]. */
export function destination(lat: number, lon: number, km: number, bearingDeg: number): Position {
  const d = km / EARTH_RADIUS_KM;
  const b = bearingDeg * RAD;
  const p1 = lat * RAD;
  const p2 = Math.asin(Math.sin(p1) * Math.cos(d) + Math.cos(p1) * Math.sin(d) * Math.cos(b));
  const l2 = lon * RAD + Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(p1), Math.cos(d) - Math.sin(p1) * Math.sin(p2));
  return [l2 / RAD, p2 / RAD];
}

/** A box in px that a label or a symbol occupies. */
export interface Label {
  x: number;
  y: number;
  w: number;
  h: number;
}
export const overlaps = (a: Label, b: Label) => a.x < b.x + b.w && a.x + a.w > b.x && a.y < b.y + b.h && a.y + a.h > b.y;

