import { inflateSync } from 'node:zlib';

/**
 * A small GeoTIFF reader for single-band hazard rasters (also Cloud-Optimised GeoTIFFs, read
 * whole): classic TIFF, little- or big-endian; strips or tiles; no compression or Deflate, with
 * or without the horizontal predictor; 8/16/32-bit integers, 32/64-bit floats. Georeferencing
 * from ModelTiepoint + ModelPixelScale in degrees (EPSG:4326 rasters), nodata from GDAL_NODATA.
 * The first image is read (a COG's overviews come after it).
 */

export interface Raster {
  width: number;
  height: number;
  /** longitude and latitude of the upper-left corner of the upper-left pixel */
  originLon: number;
  originLat: number;
  /** pixel size in degrees (both positive) */
  pixelLon: number;
  pixelLat: number;
  nodata?: number;
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

const TYPE_SIZE: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8 };

type Field = number[] | string;

function readIfd(buf: Buffer, le: boolean, offset: number): Map<number, Field> {
  const u16 = (o: number) => (le ? buf.readUInt16LE(o) : buf.readUInt16BE(o));
  const u32 = (o: number) => (le ? buf.readUInt32LE(o) : buf.readUInt32BE(o));
  const fields = new Map<number, Field>();
  const n = u16(offset);
  for (let k = 0; k < n; k++) {
    const e = offset + 2 + k * 12;
    const tag = u16(e);
    const type = u16(e + 2);
    const count = u32(e + 4);
    const size = TYPE_SIZE[type];
    if (!size) continue;
    const at = size * count <= 4 ? e + 8 : u32(e + 8);
    if (at + size * count > buf.length) throw new GeoTiffError(`tag ${tag} points outside the file`);
    if (type === 2) {
      fields.set(tag, buf.toString('latin1', at, at + count).replace(/\0+$/, ''));
      continue;
    }
    const values: number[] = [];
    for (let i = 0; i < count; i++) {
      const o = at + i * size;
      switch (type) {
        case 1: case 7: values.push(buf[o]!); break;
        case 6: values.push(buf.readInt8(o)); break;
        case 3: values.push(u16(o)); break;
        case 8: values.push(le ? buf.readInt16LE(o) : buf.readInt16BE(o)); break;
        case 4: values.push(u32(o)); break;
        case 9: values.push(le ? buf.readInt32LE(o) : buf.readInt32BE(o)); break;
        case 5: values.push(u32(o) / u32(o + 4)); break;
        case 10: values.push((le ? buf.readInt32LE(o) : buf.readInt32BE(o)) / (le ? buf.readInt32LE(o + 4) : buf.readInt32BE(o + 4))); break;
        case 11: values.push(le ? buf.readFloatLE(o) : buf.readFloatBE(o)); break;
        case 12: values.push(le ? buf.readDoubleLE(o) : buf.readDoubleBE(o)); break;
      }
    }
    fields.set(tag, values);
  }
  return fields;
}

export function readGeoTiff(buf: Buffer): Raster {
  if (buf.length < 8) throw new GeoTiffError('not a TIFF file');
  const order = buf.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM') throw new GeoTiffError('not a TIFF file');
  const le = order === 'II';
  const magic = le ? buf.readUInt16LE(2) : buf.readUInt16BE(2);
  if (magic === 43) throw new GeoTiffError('BigTIFF is not supported: write a classic GeoTIFF (gdal_translate -co BIGTIFF=NO)');
  if (magic !== 42) throw new GeoTiffError('not a TIFF file');
  const f = readIfd(buf, le, le ? buf.readUInt32LE(4) : buf.readUInt32BE(4));
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
  if (compression !== 1 && compression !== 8 && compression !== 32946) throw new GeoTiffError(`compression ${compression} is not supported (use none or DEFLATE)`);
  if (predictor !== 1 && predictor !== 2) throw new GeoTiffError(`predictor ${predictor} is not supported (use 1 or 2)`);
  const bytes = bits / 8;
  const read = sampleReader(buf, le, bits, format);

  const tiled = f.has(TAG.tileWidth);
  const blockW = tiled ? num(TAG.tileWidth) : width;
  const blockH = tiled ? num(TAG.tileLength) : num(TAG.rowsPerStrip, height);
  const offsets = list(tiled ? TAG.tileOffsets : TAG.stripOffsets);
  const counts = list(tiled ? TAG.tileByteCounts : TAG.stripByteCounts);
  const across = Math.ceil(width / blockW);
  const values = new Float64Array(width * height);

  offsets.forEach((start, b) => {
    const raw = buf.subarray(start, start + counts[b]!);
    let block = compression === 1 ? raw : inflateSync(raw);
    const rowBytes = blockW * bytes;
    if (predictor === 2) block = undoPredictor(Buffer.from(block), le, bits, blockW, rowBytes);
    const bx = (b % across) * blockW;
    const by = Math.floor(b / across) * blockH;
    for (let y = 0; y < blockH && by + y < height; y++) {
      for (let x = 0; x < blockW && bx + x < width; x++) {
        const o = y * rowBytes + x * bytes;
        if (o + bytes > block.length) throw new GeoTiffError('a strip or tile is shorter than its size');
        values[(by + y) * width + bx + x] = read(block, o);
      }
    }
  });

  const scale = f.get(TAG.pixelScale);
  const tie = f.get(TAG.tiepoint);
  if (!Array.isArray(scale) || !Array.isArray(tie) || tie.length < 6) throw new GeoTiffError('no ModelTiepoint/ModelPixelScale georeferencing');
  const [pi, pj, , lon0, lat0] = tie as [number, number, number, number, number];
  const pixelLon = scale[0]!;
  const pixelLat = scale[1]!;
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
    values,
  };
}

function sampleReader(buf: Buffer, le: boolean, bits: number, format: number): (b: Buffer, o: number) => number {
  void buf;
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
export function sampleRaster(r: Raster, lat: number, lon: number): number | undefined {
  const x = Math.floor((lon - r.originLon) / r.pixelLon);
  const y = Math.floor((r.originLat - lat) / r.pixelLat);
  if (x < 0 || y < 0 || x >= r.width || y >= r.height) return undefined;
  const v = r.values[y * r.width + x]!;
  if (!Number.isFinite(v) || (r.nodata !== undefined && v === r.nodata)) return undefined;
  return v;
}
