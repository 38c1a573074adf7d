/**
 * The location map's frame, from the map call's headers (X-Map-Bounds: west,south,east,north;
 * X-Map-Projection: EPSG:3857): a point of the picture to coordinates and back. Web Mercator: x is
 * linear in longitude, y linear in mercator latitude.
 */

export interface MapFrame {
  west: number;
  south: number;
  east: number;
  north: number;
}

export interface LatLon {
  latitude: number;
  longitude: number;
}

const RAD = Math.PI / 180;
const mercY = (lat: number) => Math.log(Math.tan(Math.PI / 4 + (lat * RAD) / 2));
const fromMercY = (y: number) => (2 * Math.atan(Math.exp(y)) - Math.PI / 2) / RAD;

/** The frame the headers give, or null when they are absent or not Web Mercator. */
export function parseMapFrame(bounds: string | null, projection: string | null): MapFrame | null {
  if (!bounds || projection !== 'EPSG:3857') return null;
  const n = bounds.split(',').map(Number);
  if (n.length !== 4 || n.some((v) => !Number.isFinite(v))) return null;
  const [west, south, east, north] = n as [number, number, number, number];
  if (!(east > west && north > south) || Math.abs(south) > 85 || Math.abs(north) > 85) return null;
  return { west, south, east, north };
}

/** Coordinates of a point of the picture, given as fractions of its width and height (0..1 from the top left). */
export function pointToLatLon(frame: MapFrame, fx: number, fy: number): LatLon {
  const longitude = frame.west + fx * (frame.east - frame.west);
  const top = mercY(frame.north);
  const latitude = fromMercY(top - fy * (top - mercY(frame.south)));
  return { latitude, longitude };
}

/** Where coordinates lie on the picture, as fractions of its width and height. */
export function latLonToPoint(frame: MapFrame, p: LatLon): { fx: number; fy: number } {
  const top = mercY(frame.north);
  return {
    fx: (p.longitude - frame.west) / (frame.east - frame.west),
    fy: (top - mercY(p.latitude)) / (top - mercY(frame.south)),
  };
}

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

/** The pin moved by (dx, dy) fractions of the picture, kept on it (the arrow keys' step). */
export function movePin(frame: MapFrame, p: LatLon, dx: number, dy: number): LatLon {
  const { fx, fy } = latLonToPoint(frame, p);
  return pointToLatLon(frame, clamp01(fx + dx), clamp01(fy + dy));
}

/** The arrow keys' direction, or null for another key. */
export function arrowStep(key: string): { dx: number; dy: number } | null {
  switch (key) {
    case 'ArrowLeft':
      return { dx: -1, dy: 0 };
    case 'ArrowRight':
      return { dx: 1, dy: 0 };
    case 'ArrowUp':
      return { dx: 0, dy: -1 };
    case 'ArrowDown':
      return { dx: 0, dy: 1 };
    default:
      return null;
  }
}
