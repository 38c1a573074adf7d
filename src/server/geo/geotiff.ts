import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { decodeLzw } from './lzw.js';

/**
 * A small GeoTIFF reader for single-band hazard rasters (also Cloud-Optimised GeoTIFFs):
 * classic TIFF or BigTIFF, little- or big-endian; strips or tiles; no compression, LZW or
 * Deflate, with or without the horizontal predictor; 8/16/32-bit integers, 32/64-bit floats.
 * Georeferencing from ModelTiepoint + ModelPixelScale in degrees (EPSG:4326 rasters), nodata
 * from GDAL_NODATA. The first image is read (a COG's overviews come after it).
 *
 * openGeoTiff reads a file lazily: the header and offset tables once, then only the tile or strip
 * holding a sampled point, by positional reads, with a bounded cache of decoded blocks — so a
 * Europe-wide 100 m layer samples in a few MB. readGeoTiff decodes a whole (small) buffer.
 */

export interface RasterGrid {
  width: number;
  height: number;
  /** longitude and latitude of the upper-left corner of the upper-left pixel */
  originLon: number;
  originLat: number;
  /** pixel size in degrees (both positive) */
  pixelLon: number;
  pixelLat: number;
  nodata?: number;
}

export interface Raster extends RasterGrid {
  values: Float64Array;
}

export class GeoTiffError extends Error {}

const TAG = {
  width: 256,
  height: 257,
  bitsPerSample: 258,
  compression: 259,
  stripOffsets: 273,
  samplesPerPixel: 277,
  rowsPerStrip: 278,
  stripByteCounts: 279,
  planarConfig: 284,
  predictor: 317,
  tileWidth: 322,
  tileLength: 323,
  tileOffsets: 324,
  tileByteCounts: 325,
  sampleFormat: 339,
  pixelScale: 33550,
  tiepoint: 33922,
  gdalNodata: 42113,
} as const;

const COMPRESSION = { none: 1, lzw: 5, deflate: 8, deflateOld: 32946 } as const;
const TYPE_SIZE: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8, 16: 8, 17: 8, 18: 8 };
/** A single decoded strip larger than this means the file needs tiling, not more memory. */
const MAX_BLOCK_BYTES = 256 * 1024 * 1024;

/** Where the bytes come from: a buffer in memory or positional reads on an open file. */
interface ByteSource {
  size: number;
  read(offset: number, length: number): Buffer;
}

function bufferSource(buf: Buffer): ByteSource {
  return { size: buf.length, read: (offset, length) => buf.subarray(offset, offset + length) };
}

function fileSource(fd: number): ByteSource {
  return {
    size: fstatSync(fd).size,
    read(offset, length) {
      const out = Buffer.allocUnsafe(length);
      let done = 0;
      while (done < length) {
        const n = readSync(fd, out, done, length - done, offset + done);
        if (n === 0) break;
        done += n;
      }
      return done === length ? out : out.subarray(0, done);
    },
  };
}

type Field = number[] | string;

interface Layout extends RasterGrid {
  le: boolean;
  bits: number;
  compression: number;
  predictor: number;
  blockW: number;
  blockH: number;
  across: number;
  offsets: number[];
  counts: number[];
  sample: (b: Buffer, o: number) => number;
}

function readLayout(src: ByteSource, georeferenced = true): Layout {
  if (src.size < 8) throw new GeoTiffError('not a TIFF file');
  const head = src.read(0, Math.min(16, src.size));
  const order = head.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM') throw new GeoTiffError('not a TIFF file');
  const le = order === 'II';
  const magic = le ? head.readUInt16LE(2) : head.readUInt16BE(2);
  if (magic !== 42 && magic !== 43) throw new GeoTiffError('not a TIFF file');
  const big = magic === 43;
  if (big && (head.length < 16 || (le ? head.readUInt16LE(4) : head.readUInt16BE(4)) !== 8)) throw new GeoTiffError('not a BigTIFF file');
  const u64 = (b: Buffer, o: number) => Number(le ? b.readBigUInt64LE(o) : b.readBigUInt64BE(o));
  const first = big ? u64(head, 8) : le ? head.readUInt32LE(4) : head.readUInt32BE(4);
  const f = readIfd(src, le, big, first);

  const num = (tag: number, fallback?: number): number => {
    const v = f.get(tag);
    if (Array.isArray(v) && v.length > 0) return v[0]!;
    if (fallback === undefined) throw new GeoTiffError(`missing TIFF tag ${tag}`);
    return fallback;
  };
  const list = (tag: number): number[] => {
    const v = f.get(tag);
    if (!Array.isArray(v)) throw new GeoTiffError(`missing TIFF tag ${tag}`);
    return v;
  };

  const width = num(TAG.width);
  const height = num(TAG.height);
  const bits = num(TAG.bitsPerSample, 1);
  const format = num(TAG.sampleFormat, 1);
  const compression = num(TAG.compression, 1);
  const predictor = num(TAG.predictor, 1);
  if (num(TAG.samplesPerPixel, 1) !== 1) throw new GeoTiffError('only single-band rasters are supported');
  if (!(Object.values(COMPRESSION) as number[]).includes(compression)) throw new GeoTiffError(`compression ${compression} is not supported (use none, LZW or DEFLATE)`);
  if (predictor !== 1 && predictor !== 2) throw new GeoTiffError(`predictor ${predictor} is not supported (use 1 or 2)`);

  const tiled = f.has(TAG.tileWidth);
  const blockW = tiled ? num(TAG.tileWidth) : width;
  const blockH = tiled ? num(TAG.tileLength) : Math.min(num(TAG.rowsPerStrip, height), height);
  const offsets = list(tiled ? TAG.tileOffsets : TAG.stripOffsets);
  const counts = list(tiled ? TAG.tileByteCounts : TAG.stripByteCounts);
  const across = Math.ceil(width / blockW);
  if (offsets.length < across * Math.ceil(height / blockH) || counts.length < offsets.length) throw new GeoTiffError('fewer strips or tiles than the image needs');
  if (blockW * blockH * (bits / 8) > MAX_BLOCK_BYTES) throw new GeoTiffError('strips too large to read piecewise: write the raster tiled (gdal_translate -co TILED=YES)');

  const scale = f.get(TAG.pixelScale);
  const tie = f.get(TAG.tiepoint);
  const bare = !georeferenced && (!Array.isArray(scale) || !Array.isArray(tie));
  if (!bare && (!Array.isArray(scale) || !Array.isArray(tie) || tie.length < 6)) throw new GeoTiffError('no ModelTiepoint/ModelPixelScale georeferencing');
  const [pi, pj, , lon0, lat0] = (bare ? [0, 0, 0, 0, 0] : tie) as [number, number, number, number, number];
  const pixelLon = bare ? 1 : (scale as number[])[0]!;
  const pixelLat = bare ? 1 : (scale as number[])[1]!;
  const nodataText = f.get(TAG.gdalNodata);
  const nodata = typeof nodataText === 'string' && nodataText.trim() !== '' ? Number(nodataText) : undefined;
  return {
    width,
    height,
    originLon: lon0 - pi * pixelLon,
    originLat: lat0 + pj * pixelLat,
    pixelLon,
    pixelLat,
    ...(nodata !== undefined && Number.isFinite(nodata) ? { nodata } : {}),
    le,
    bits,
    compression,
    predictor,
    blockW,
    blockH,
    across,
    offsets,
    counts,
    sample: sampleReader(le, bits, format),
  };
}

function readIfd(src: ByteSource, le: boolean, big: boolean, offset: number): Map<number, Field> {
  const entrySize = big ? 20 : 12;
  const countBuf = src.read(offset, big ? 8 : 2);
  if (countBuf.length < (big ? 8 : 2)) throw new GeoTiffError('the image directory lies outside the file');
  const n = big ? Number(le ? countBuf.readBigUInt64LE(0) : countBuf.readBigUInt64BE(0)) : le ? countBuf.readUInt16LE(0) : countBuf.readUInt16BE(0);
  const start = offset + (big ? 8 : 2);
  const dir = src.read(start, n * entrySize);
  if (dir.length < n * entrySize) throw new GeoTiffError('the image directory lies outside the file');
  const u16 = (b: Buffer, o: number) => (le ? b.readUInt16LE(o) : b.readUInt16BE(o));
  const u32 = (b: Buffer, o: number) => (le ? b.readUInt32LE(o) : b.readUInt32BE(o));
  const i32 = (b: Buffer, o: number) => (le ? b.readInt32LE(o) : b.readInt32BE(o));
  const u64 = (b: Buffer, o: number) => Number(le ? b.readBigUInt64LE(o) : b.readBigUInt64BE(o));
  const fields = new Map<number, Field>();
  for (let k = 0; k < n; k++) {
    const e = k * entrySize;
    const tag = u16(dir, e);
    const type = u16(dir, e + 2);
    const count = big ? u64(dir, e + 4) : u32(dir, e + 4);
    const size = TYPE_SIZE[type];
    if (!size) continue;
    const inline = big ? 8 : 4;
    const length = size * count;
    const valueAt = e + (big ? 12 : 8);
    let data: Buffer;
    if (length <= inline) data = dir.subarray(valueAt, valueAt + length);
    else {
      const at = big ? u64(dir, valueAt) : u32(dir, valueAt);
      if (at + length > src.size) throw new GeoTiffError(`tag ${tag} points outside the file`);
      data = src.read(at, length);
    }
    if (type === 2) {
      fields.set(tag, data.toString('latin1').replace(/\0+$/, ''));
      continue;
    }
    const values: number[] = new Array<number>(count);
    for (let i = 0; i < count; i++) {
      const o = i * size;
      switch (type) {
        case 1: case 7: values[i] = data[o]!; break;
        case 6: values[i] = data.readInt8(o); break;
        case 3: values[i] = u16(data, o); break;
        case 8: values[i] = le ? data.readInt16LE(o) : data.readInt16BE(o); break;
        case 4: values[i] = u32(data, o); break;
        case 9: values[i] = i32(data, o); break;
        case 5: values[i] = u32(data, o) / u32(data, o + 4); break;
        case 10: values[i] = i32(data, o) / i32(data, o + 4); break;
        case 11: values[i] = le ? data.readFloatLE(o) : data.readFloatBE(o); break;
        case 12: values[i] = le ? data.readDoubleLE(o) : data.readDoubleBE(o); break;
        case 16: case 18: values[i] = u64(data, o); break;
        case 17: values[i] = Number(le ? data.readBigInt64LE(o) : data.readBigInt64BE(o)); break;
      }
    }
    fields.set(tag, values);
  }
  return fields;
}

/** Rows in block b: tiles are always whole; the last strip may be shorter. */
function blockRows(l: Layout, b: number): number {
  if (l.blockW !== l.width || l.across !== 1) return l.blockH;
  return Math.min(l.blockH, l.height - Math.floor(b / l.across) * l.blockH);
}

/** Decodes one strip or tile to its samples (blockW × rows, row-major). */
function decodeBlock(l: Layout, src: ByteSource, b: number): Float64Array {
  const rows = blockRows(l, b);
  const bytes = l.bits / 8;
  const rowBytes = l.blockW * bytes;
  const size = rowBytes * rows;
  const out = new Float64Array(l.blockW * rows);
  const count = l.counts[b]!;
  // GDAL's sparse files leave empty blocks out (offset and size 0): they read as nodata
  if (count === 0) return out.fill(l.nodata ?? 0);
  const raw = src.read(l.offsets[b]!, count);
  let block: Buffer;
  if (l.compression === COMPRESSION.none) block = raw;
  else if (l.compression === COMPRESSION.lzw) block = decodeLzw(raw, size);
  else block = inflateSync(raw);
  if (block.length < size) throw new GeoTiffError('a strip or tile is shorter than its size');
  if (l.predictor === 2) block = undoPredictor(Buffer.from(block.subarray(0, size)), l.le, l.bits, l.blockW, rowBytes);
  for (let i = 0; i < out.length; i++) out[i] = l.sample(block, i * bytes);
  return out;
}

/**
 * Decodes a whole GeoTIFF held in memory (small rasters and tests). With `georeferenced: false`
 * a plain TIFF is read too (origin 0, pixel 1), e.g. one written by libtiff's tools.
 */
export function readGeoTiff(buf: Buffer, opts: { georeferenced?: boolean } = {}): Raster {
  const src = bufferSource(buf);
  const l = readLayout(src, opts.georeferenced ?? true);
  const values = new Float64Array(l.width * l.height);
  for (let b = 0; b < l.offsets.length && b < l.across * Math.ceil(l.height / l.blockH); b++) {
    const block = decodeBlock(l, src, b);
    const bx = (b % l.across) * l.blockW;
    const by = Math.floor(b / l.across) * l.blockH;
    const rows = block.length / l.blockW;
    for (let y = 0; y < rows && by + y < l.height; y++) {
      for (let x = 0; x < l.blockW && bx + x < l.width; x++) values[(by + y) * l.width + bx + x] = block[y * l.blockW + x]!;
    }
  }
  return { ...grid(l), values };
}

function grid(l: Layout): RasterGrid {
  const { width, height, originLon, originLat, pixelLon, pixelLat, nodata } = l;
  return { width, height, originLon, originLat, pixelLon, pixelLat, ...(nodata !== undefined ? { nodata } : {}) };
}

export interface GeoTiffFile extends RasterGrid {
  /** The value of pixel (x, y), reading and decoding its block if it is not cached. */
  pixel(x: number, y: number): number;
  /** Decoded bytes held in the block cache (for tests and monitoring). */
  readonly cachedBytes: number;
  close(): void;
}

export interface OpenOptions {
  /** Upper bound on decoded blocks kept in memory; default 64 MB. */
  cacheBytes?: number;
}

/** Opens a GeoTIFF for sampling without reading it whole; close() releases the file. */
export function openGeoTiff(path: string, opts: OpenOptions = {}): GeoTiffFile {
  const fd = openSync(path, 'r');
  let l: Layout;
  let src: ByteSource;
  try {
    src = fileSource(fd);
    l = readLayout(src);
  } catch (err) {
    closeSync(fd);
    throw err;
  }
  const limit = opts.cacheBytes ?? 64 * 1024 * 1024;
  // a Map keeps insertion order: re-inserting on use makes the first key the least recently used
  const cache = new Map<number, Float64Array>();
  let cachedBytes = 0;
  let open = true;
  const block = (b: number): Float64Array => {
    const hit = cache.get(b);
    if (hit) {
      cache.delete(b);
      cache.set(b, hit);
      return hit;
    }
    if (!open) throw new GeoTiffError('the GeoTIFF is closed');
    const decoded = decodeBlock(l, src, b);
    cache.set(b, decoded);
    cachedBytes += decoded.byteLength;
    for (const [key, v] of cache) {
      if (cachedBytes <= limit || key === b) break;
      cache.delete(key);
      cachedBytes -= v.byteLength;
    }
    return decoded;
  };
  return {
    ...grid(l),
    pixel(x, y) {
      const b = Math.floor(y / l.blockH) * l.across + Math.floor(x / l.blockW);
      return block(b)[(y % l.blockH) * l.blockW + (x % l.blockW)]!;
    },
    get cachedBytes() {
      return cachedBytes;
    },
    close() {
      if (!open) return;
      open = false;
      cache.clear();
      cachedBytes = 0;
      closeSync(fd);
    },
  };
}

function sampleReader(le: boolean, bits: number, format: number): (b: Buffer, o: number) => number {
  const key = `${format}:${bits}`;
  switch (key) {
    case '1:8': return (b, o) => b[o]!;
    case '2:8': return (b, o) => b.readInt8(o);
    case '1:16': return le ? (b, o) => b.readUInt16LE(o) : (b, o) => b.readUInt16BE(o);
    case '2:16': return le ? (b, o) => b.readInt16LE(o) : (b, o) => b.readInt16BE(o);
    case '1:32': return le ? (b, o) => b.readUInt32LE(o) : (b, o) => b.readUInt32BE(o);
    case '2:32': return le ? (b, o) => b.readInt32LE(o) : (b, o) => b.readInt32BE(o);
    case '3:32': return le ? (b, o) => b.readFloatLE(o) : (b, o) => b.readFloatBE(o);
    case '3:64': return le ? (b, o) => b.readDoubleLE(o) : (b, o) => b.readDoubleBE(o);
    default: throw new GeoTiffError(`sample format ${format} with ${bits} bits is not supported`);
  }
}

/** Horizontal differencing (predictor 2) on integer samples: each sample was stored minus its left neighbour. */
function undoPredictor(block: Buffer, le: boolean, bits: number, blockW: number, rowBytes: number): Buffer {
  const bytes = bits / 8;
  for (let row = 0; row * rowBytes < block.length; row++) {
    for (let x = 1; x < blockW; x++) {
      const o = row * rowBytes + x * bytes;
      const p = o - bytes;
      if (o + bytes > block.length) break;
      if (bytes === 1) block[o] = (block[o]! + block[p]!) & 0xff;
      else if (bytes === 2) {
        const v = ((le ? block.readUInt16LE(o) : block.readUInt16BE(o)) + (le ? block.readUInt16LE(p) : block.readUInt16BE(p))) & 0xffff;
        if (le) block.writeUInt16LE(v, o);
        else block.writeUInt16BE(v, o);
      } else if (bytes === 4) {
        const v = ((le ? block.readUInt32LE(o) : block.readUInt32BE(o)) + (le ? block.readUInt32LE(p) : block.readUInt32BE(p))) >>> 0;
        if (le) block.writeUInt32LE(v, o);
        else block.writeUInt32BE(v, o);
      } else throw new GeoTiffError('the horizontal predictor needs integer samples');
    }
  }
  return block;
}

/** The value of the pixel holding the point; undefined outside the raster or on nodata. */
export function sampleRaster(r: Raster | GeoTiffFile, lat: number, lon: number): number | undefined {
  const x = Math.floor((lon - r.originLon) / r.pixelLon);
  const y = Math.floor((r.originLat - lat) / r.pixelLat);
  if (x < 0 || y < 0 || x >= r.width || y >= r.height) return undefined;
  const v = 'values' in r ? r.values[y * r.width + x]! : r.pixel(x, y);
  if (!Number.isFinite(v) || (r.nodata !== undefined && v === r.nodata)) return undefined;
  return v;
}
