import { closeSync, ftruncateSync, openSync, writeSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

/**
 * Writes single-band GeoTIFFs for tests: strips or tiles, none, LZW or Deflate (with or without
 * the horizontal predictor), Int16 or Float32, little- or big-endian, classic TIFF or BigTIFF,
 * EPSG:4326 georeferencing by ModelTiepoint + ModelPixelScale, optional GDAL_NODATA. Enough to
 * exercise the reader the way GDAL's output does. writeSparseGeoTiff lays out a huge tiled file
 * with only a few tiles written (the rest left as holes), for bounded-memory tests.
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
  compression?: 'none' | 'deflate' | 'lzw';
  predictor?: boolean;
  tile?: number;
  rowsPerStrip?: number;
  bigEndian?: boolean;
  bigTiff?: boolean;
  nodata?: number;
}

type Layout = Omit<TiffSpec, 'values'>;

/** Encodes one block's bytes (predictor already applied). */
function compress(spec: Layout, b: Buffer): Buffer {
  if (spec.compression === 'deflate') return deflateSync(b);
  if (spec.compression === 'lzw') return encodeLzw(b);
  return b;
}

/** One block's samples (blockW × rows, row-major) as stored bytes, before compression. */
function blockBytes(spec: Layout, values: (x: number, y: number) => number, blockW: number, rows: number): Buffer {
  const le = !spec.bigEndian;
  const bytes = spec.type === 'int16' ? 2 : 4;
  const b = Buffer.alloc(blockW * rows * bytes);
  for (let y = 0; y < rows; y++) {
    let prev = 0;
    for (let x = 0; x < blockW; x++) {
      const v = values(x, y);
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
  return b;
}

export function writeGeoTiff(spec: TiffSpec): Buffer {
  const blockW = spec.tile ?? spec.width;
  const blockH = spec.tile ?? spec.rowsPerStrip ?? spec.height;
  const across = Math.ceil(spec.width / blockW);
  const down = Math.ceil(spec.height / blockH);
  const blocks: Buffer[] = [];
  for (let by = 0; by < down; by++) {
    for (let bx = 0; bx < across; bx++) {
      const rows = spec.tile ? blockH : Math.min(blockH, spec.height - by * blockH);
      const at = (x: number, y: number) => {
        const gx = bx * blockW + x;
        const gy = by * blockH + y;
        return gx < spec.width && gy < spec.height ? spec.values[gy * spec.width + gx]! : 0;
      };
      blocks.push(compress(spec, blockBytes(spec, at, blockW, rows)));
    }
  }
  const counts = blocks.map((b) => b.length);
  const start = tiffHeader(spec, counts.map(() => 0), counts).length;
  let dataAt = start;
  const offsets = blocks.map((b) => {
    const o = dataAt;
    dataAt += b.length;
    return o;
  });
  return Buffer.concat([tiffHeader(spec, offsets, counts), ...blocks]);
}

export interface SparseSpec extends Layout {
  tile: number;
  /** tile index (row-major) → its values (tile × tile, row-major); all other tiles are holes */
  tiles: Map<number, (x: number, y: number) => number>;
  /** bytes reserved per tile; holes of this size make the file as large as the uncompressed raster */
  stride: number;
}

/**
 * Writes a tiled GeoTIFF to a file as a sparse file: header and offset tables, the given tiles at
 * their slots, the file's size set by ftruncate. Tiles not given get offset and byte count 0
 * (GDAL's sparse-file convention: nodata).
 */
export function writeSparseGeoTiff(path: string, spec: SparseSpec): number {
  const across = Math.ceil(spec.width / spec.tile);
  const n = across * Math.ceil(spec.height / spec.tile);
  const encoded = new Map<number, Buffer>();
  for (const [k, f] of spec.tiles) encoded.set(k, compress(spec, blockBytes(spec, f, spec.tile, spec.tile)));
  const counts = Array.from({ length: n }, (_, k) => encoded.get(k)?.length ?? 0);
  const start = Math.ceil(tiffHeader(spec, counts.map(() => 0), counts).length / 4096) * 4096;
  const offsets = counts.map((c, k) => (c === 0 ? 0 : start + k * spec.stride));
  const fd = openSync(path, 'w');
  try {
    writeSync(fd, tiffHeader(spec, offsets, counts), 0, undefined, 0);
    for (const [k, b] of encoded) {
      if (b.length > spec.stride) throw new Error('tile larger than its stride');
      writeSync(fd, b, 0, b.length, offsets[k]!);
    }
    const size = start + n * spec.stride;
    ftruncateSync(fd, size);
    return size;
  } finally {
    closeSync(fd);
  }
}

/** The header and image directory (with out-of-line values) for the given block layout. */
function tiffHeader(spec: Layout, offsets: number[], counts: number[]): Buffer {
  const le = !spec.bigEndian;
  const big = !!spec.bigTiff;
  const bytes = spec.type === 'int16' ? 2 : 4;
  const blockW = spec.tile ?? spec.width;
  const blockH = spec.tile ?? spec.rowsPerStrip ?? spec.height;
  const longType = big ? 16 : 4;
  type Entry = [tag: number, type: number, values: number[] | string];
  const entries: Entry[] = [
    [256, 4, [spec.width]],
    [257, 4, [spec.height]],
    [258, 3, [bytes * 8]],
    [259, 3, [spec.compression === 'deflate' ? 8 : spec.compression === 'lzw' ? 5 : 1]],
    [262, 3, [1]],
    [277, 3, [1]],
    [284, 3, [1]],
    [317, 3, [spec.predictor ? 2 : 1]],
    [339, 3, [spec.type === 'int16' ? 2 : 3]],
    [33550, 12, [spec.pixel, spec.pixel, 0]],
    [33922, 12, [0, 0, 0, spec.originLon, spec.originLat, 0]],
  ];
  if (spec.nodata !== undefined) entries.push([42113, 2, `${spec.nodata}\0`]);
  if (spec.tile) entries.push([322, 3, [blockW]], [323, 3, [blockH]], [324, longType, offsets], [325, longType, counts]);
  else entries.push([278, 3, [blockH]], [273, longType, offsets], [279, longType, counts]);
  entries.sort((a, b) => a[0] - b[0]);

  const typeSize: Record<number, number> = { 3: 2, 4: 4, 12: 8, 16: 8 };
  const size = (e: Entry) => (typeof e[2] === 'string' ? e[2].length : e[2].length * typeSize[e[1]]!);
  const headSize = big ? 16 : 8;
  const entrySize = big ? 20 : 12;
  const inline = big ? 8 : 4;
  const ifdSize = (big ? 8 : 2) + entries.length * entrySize + (big ? 8 : 4);
  let extra = headSize + ifdSize;
  const extraAt = new Map<Entry, number>();
  for (const e of entries) {
    if (size(e) > inline) {
      extraAt.set(e, extra);
      extra += size(e) + (size(e) % 2);
    }
  }

  const out = Buffer.alloc(extra);
  const w16 = (v: number, o: number) => (le ? out.writeUInt16LE(v, o) : out.writeUInt16BE(v, o));
  const w32 = (v: number, o: number) => (le ? out.writeUInt32LE(v, o) : out.writeUInt32BE(v, o));
  const w64 = (v: number, o: number) => (le ? out.writeBigUInt64LE(BigInt(v), o) : out.writeBigUInt64BE(BigInt(v), o));
  const wOff = big ? w64 : w32;
  out.write(le ? 'II' : 'MM', 0, 'latin1');
  if (big) {
    w16(43, 2);
    w16(8, 4);
    w16(0, 6);
    w64(headSize, 8);
    w64(entries.length, headSize);
  } else {
    w16(42, 2);
    w32(headSize, 4);
    w16(entries.length, headSize);
  }
  const dirAt = headSize + (big ? 8 : 2);
  entries.forEach((e, i) => {
    const at = dirAt + i * entrySize;
    const [tag, type, values] = e;
    w16(tag, at);
    w16(type, at + 2);
    wOff(values.length, at + 4);
    const valueAt = at + (big ? 12 : 8);
    const target = extraAt.get(e) ?? valueAt;
    if (extraAt.has(e)) wOff(target, valueAt);
    if (typeof values === 'string') out.write(values, target, 'latin1');
    else {
      values.forEach((v, k) => {
        if (type === 3) w16(v, target + k * 2);
        else if (type === 4) w32(v, target + k * 4);
        else if (type === 16) w64(v, target + k * 8);
        else if (le) out.writeDoubleLE(v, target + k * 8);
        else out.writeDoubleBE(v, target + k * 8);
      });
    }
  });
  wOff(0, dirAt + entries.length * entrySize);
  return out;
}

/** TIFF LZW as libtiff writes it: MSB-first codes, width growing one code early, clear at 4094. */
export function encodeLzw(data: Uint8Array): Buffer {
  const out: number[] = [];
  let acc = 0;
  let accBits = 0;
  let width = 9;
  const put = (code: number) => {
    acc = (acc << width) | code;
    accBits += width;
    while (accBits >= 8) {
      out.push((acc >>> (accBits - 8)) & 0xff);
      accBits -= 8;
    }
    acc &= (1 << accBits) - 1;
  };
  let table = new Map<number, number>();
  let next = 258;
  const grow = () => {
    next++;
    if (next === 4094) {
      put(256);
      table = new Map();
      next = 258;
      width = 9;
    } else if (next > (1 << width) - 1) width++;
  };
  put(256);
  if (data.length === 0) {
    put(257);
  } else {
    let w = data[0]!;
    for (let i = 1; i < data.length; i++) {
      const c = data[i]!;
      const key = w * 256 + c;
      const hit = table.get(key);
      if (hit !== undefined) {
        w = hit;
        continue;
      }
      put(w);
      table.set(key, next);
      grow();
      w = c;
    }
    put(w);
    grow();
    put(257);
  }
  if (accBits > 0) out.push((acc << (8 - accBits)) & 0xff);
  return Buffer.from(out);
}
