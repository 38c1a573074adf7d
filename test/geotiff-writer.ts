import { deflateSync } from 'node:zlib';

/**
 * Writes small single-band GeoTIFFs for tests: strips or tiles, none or Deflate (with or without
 * the horizontal predictor), Int16 or Float32, little- or big-endian, EPSG:4326 georeferencing
 * by ModelTiepoint + ModelPixelScale, optional GDAL_NODATA. Enough to exercise the reader the way
 * GDAL's output does.
 */
export interface TiffSpec {
  width: number;
  height: number;
  /** row-major, top row first */
  values: number[];
  type: 'int16' | 'float32';
  originLon: number;
  originLat: number;
  pixel: number;
  compression?: 'none' | 'deflate';
  predictor?: boolean;
  tile?: number;
  rowsPerStrip?: number;
  bigEndian?: boolean;
  nodata?: number;
}

export function writeGeoTiff(spec: TiffSpec): Buffer {
  const le = !spec.bigEndian;
  const bytes = spec.type === 'int16' ? 2 : 4;
  const blockW = spec.tile ?? spec.width;
  const blockH = spec.tile ?? spec.rowsPerStrip ?? spec.height;
  const across = Math.ceil(spec.width / blockW);
  const down = Math.ceil(spec.height / blockH);
  const blocks: Buffer[] = [];
  for (let by = 0; by < down; by++) {
    for (let bx = 0; bx < across; bx++) {
      const rows = spec.tile ? blockH : Math.min(blockH, spec.height - by * blockH);
      const b = Buffer.alloc(blockW * rows * bytes);
      for (let y = 0; y < rows; y++) {
        let prev = 0;
        for (let x = 0; x < blockW; x++) {
          const gx = bx * blockW + x;
          const gy = by * blockH + y;
          const v = gx < spec.width && gy < spec.height ? spec.values[gy * spec.width + gx]! : 0;
          const o = (y * blockW + x) * bytes;
          if (spec.type === 'int16') {
            const stored = spec.predictor ? (v - prev) & 0xffff : v & 0xffff;
            prev = v;
            if (le) b.writeUInt16LE(stored, o);
            else b.writeUInt16BE(stored, o);
          } else if (le) b.writeFloatLE(v, o);
          else b.writeFloatBE(v, o);
        }
      }
      blocks.push(spec.compression === 'deflate' ? deflateSync(b) : b);
    }
  }

  type Entry = [tag: number, type: number, values: number[] | string];
  const entries: Entry[] = [
    [256, 3, [spec.width]],
    [257, 3, [spec.height]],
    [258, 3, [bytes * 8]],
    [259, 3, [spec.compression === 'deflate' ? 8 : 1]],
    [262, 3, [1]],
    [277, 3, [1]],
    [284, 3, [1]],
    [317, 3, [spec.predictor ? 2 : 1]],
    [339, 3, [spec.type === 'int16' ? 2 : 3]],
    [33550, 12, [spec.pixel, spec.pixel, 0]],
    [33922, 12, [0, 0, 0, spec.originLon, spec.originLat, 0]],
  ];
  if (spec.nodata !== undefined) entries.push([42113, 2, `${spec.nodata}\0`]);
  // offsets are patched in once the layout is known
  const offsetsTag = spec.tile ? 324 : 273;
  const countsTag = spec.tile ? 325 : 279;
  if (spec.tile) entries.push([322, 3, [blockW]], [323, 3, [blockH]]);
  else entries.push([278, 3, [blockH]]);
  entries.push([offsetsTag, 4, blocks.map(() => 0)], [countsTag, 4, blocks.map((b) => b.length)]);
  entries.sort((a, b) => a[0] - b[0]);

  const size = (e: Entry) => (typeof e[2] === 'string' ? e[2].length : e[2].length * ({ 3: 2, 4: 4, 12: 8 } as Record<number, number>)[e[1]]!);
  const ifdSize = 2 + entries.length * 12 + 4;
  let extra = 8 + ifdSize;
  const extraAt = new Map<Entry, number>();
  for (const e of entries) {
    if (size(e) > 4) {
      extraAt.set(e, extra);
      extra += size(e) + (size(e) % 2);
    }
  }
  let dataAt = extra;
  const offsets = blocks.map((b) => {
    const o = dataAt;
    dataAt += b.length;
    return o;
  });
  entries.find((e) => e[0] === offsetsTag)![2] = offsets;

  const out = Buffer.alloc(dataAt);
  const w16 = (v: number, o: number) => (le ? out.writeUInt16LE(v, o) : out.writeUInt16BE(v, o));
  const w32 = (v: number, o: number) => (le ? out.writeUInt32LE(v, o) : out.writeUInt32BE(v, o));
  out.write(le ? 'II' : 'MM', 0, 'latin1');
  w16(42, 2);
  w32(8, 4);
  w16(entries.length, 8);
  entries.forEach((e, i) => {
    const at = 10 + i * 12;
    const [tag, type, values] = e;
    w16(tag, at);
    w16(type, at + 2);
    w32(typeof values === 'string' ? values.length : values.length, at + 4);
    const target = extraAt.get(e) ?? at + 8;
    if (extraAt.has(e)) w32(target, at + 8);
    if (typeof values === 'string') out.write(values, target, 'latin1');
    else {
      values.forEach((v, k) => {
        if (type === 3) w16(v, target + k * 2);
        else if (type === 4) w32(v, target + k * 4);
        else if (le) out.writeDoubleLE(v, target + k * 8);
        else out.writeDoubleBE(v, target + k * 8);
      });
    }
  });
  w32(0, 10 + entries.length * 12);
  blocks.forEach((b, k) => b.copy(out, offsets[k]!));
  return out;
}
