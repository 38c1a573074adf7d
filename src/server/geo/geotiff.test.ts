import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { encodeLzw, writeGeoTiff, writeSparseGeoTiff, type TiffSpec } from '../../../test/geotiff-writer.js';
import { GeoTiffError, openGeoTiff, readGeoTiff, sampleRaster } from './geotiff.js';
import { decodeLzw, LzwError } from './lzw.js';

const grid = (w: number, h: number, f: (x: number, y: number) => number) => Array.from({ length: w * h }, (_, i) => f(i % w, Math.floor(i / w)));
const base: TiffSpec = { width: 7, height: 5, values: grid(7, 5, (x, y) => x * 10 - y * 3), type: 'int16', originLon: 10, originLat: 46, pixel: 0.5 };
const dir = mkdtempSync(join(tmpdir(), 'corisk-geotiff-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('GeoTIFF reader', () => {
  const wide = { width: 300, height: 70, values: grid(300, 70, (x, y) => ((x * 7) ^ (y * 13)) % 500 - 200) };
  const variants: [string, Partial<TiffSpec>][] = [
    ['uncompressed Int16 strips', {}],
    ['Deflate Int16 strips of 2 rows with the predictor', { compression: 'deflate', predictor: true, rowsPerStrip: 2 }],
    ['Deflate Int16 tiles of 16 (edge tiles padded), big-endian', { compression: 'deflate', tile: 16, bigEndian: true }],
    ['Float32 strips', { type: 'float32', values: grid(7, 5, (x, y) => x * 0.05 + y * 0.01) }],
    ['Deflate Float32 tiles', { type: 'float32', compression: 'deflate', tile: 16, values: grid(7, 5, (x, y) => x * 0.05 + y * 0.01) }],
    ['LZW Int16 strips of 3 rows', { compression: 'lzw', rowsPerStrip: 3 }],
    ['LZW Int16 tiles with the predictor, big-endian', { compression: 'lzw', predictor: true, tile: 16, bigEndian: true }],
    ['LZW Float32 tiles', { type: 'float32', compression: 'lzw', tile: 16, values: grid(7, 5, (x, y) => x * 0.05 + y * 0.01) }],
    ['LZW Int16 tiles of 64 over 300 × 70 (table resets)', { ...wide, compression: 'lzw', tile: 64 }],
    ['BigTIFF LZW Int16 tiles', { ...wide, bigTiff: true, compression: 'lzw', tile: 32 }],
    ['BigTIFF uncompressed Float32 strips, big-endian', { bigTiff: true, bigEndian: true, type: 'float32', rowsPerStrip: 2, values: grid(7, 5, (x, y) => x - y / 4) }],
  ];
  variants.forEach(([name, over], n) => {
    it(`reads ${name}, whole and piecewise`, () => {
      const spec = { ...base, ...over };
      const buf = writeGeoTiff(spec);
      const r = readGeoTiff(buf);
      expect([r.width, r.height, r.originLon, r.originLat, r.pixelLon, r.pixelLat]).toEqual([spec.width, spec.height, 10, 46, 0.5, 0.5]);
      for (let i = 0; i < spec.values.length; i++) expect(r.values[i]).toBeCloseTo(spec.values[i]!, 5);

      const file = join(dir, `variant-${n}.tif`);
      writeFileSync(file, buf);
      const t = openGeoTiff(file, { cacheBytes: 4096 });
      try {
        expect([t.width, t.height, t.originLon, t.originLat]).toEqual([spec.width, spec.height, 10, 46]);
        for (let i = 0; i < spec.values.length; i += 7) expect(t.pixel(i % spec.width, Math.floor(i / spec.width))).toBeCloseTo(spec.values[i]!, 5);
        expect(t.cachedBytes).toBeLessThanOrEqual(Math.max(4096, spec.width * 8 * (spec.rowsPerStrip ?? spec.height), (spec.tile ?? 0) ** 2 * 8));
      } finally {
        t.close();
      }
    });
  });

  it('samples the pixel holding a point, and nothing outside or on nodata', () => {
    const spec = { ...base, nodata: -9999, values: grid(7, 5, (x, y) => (x === 6 && y === 4 ? -9999 : x * 10 - y * 3)) };
    const file = join(dir, 'nodata.tif');
    writeFileSync(file, writeGeoTiff({ ...spec, tile: 16, compression: 'lzw' }));
    const opened = openGeoTiff(file);
    for (const r of [readGeoTiff(writeGeoTiff(spec)), opened]) {
      expect(sampleRaster(r, 45.9, 10.1)).toBe(0); // top-left pixel
      expect(sampleRaster(r, 45.2, 11.3)).toBe(20 - 3 * 1); // x = 2, y = 1
      expect(sampleRaster(r, 43.6, 13.4)).toBeUndefined(); // nodata pixel (6, 4)
      expect(sampleRaster(r, 47, 10.1)).toBeUndefined();
      expect(sampleRaster(r, 45, 9.9)).toBeUndefined();
    }
    opened.close();
    expect(() => opened.pixel(0, 0)).toThrow(/closed/);
  });

  it('keeps the decoded-tile cache within its bound, dropping the least recently used tile', () => {
    const spec = { ...base, width: 64, height: 64, tile: 16, compression: 'lzw' as const, values: grid(64, 64, (x, y) => x + y * 64) };
    const file = join(dir, 'cache.tif');
    writeFileSync(file, writeGeoTiff(spec));
    const tileBytes = 16 * 16 * 8;
    const t = openGeoTiff(file, { cacheBytes: 3 * tileBytes });
    for (let k = 0; k < 16; k++) expect(t.pixel((k % 4) * 16 + 1, Math.floor(k / 4) * 16 + 2)).toBe((k % 4) * 16 + 1 + (Math.floor(k / 4) * 16 + 2) * 64);
    expect(t.cachedBytes).toBe(3 * tileBytes);
    t.close();
  });

  it('refuses what it cannot read, saying why', () => {
    expect(() => readGeoTiff(Buffer.from('not a tiff at all'))).toThrow(GeoTiffError);
    const jpeg = writeGeoTiff(base);
    const at = jpeg.indexOf(Buffer.from([0x03, 0x01, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x00])); // Compression = 1
    jpeg.writeUInt16LE(7, at + 8);
    expect(() => readGeoTiff(jpeg)).toThrow(/compression 7 is not supported/);
    expect(() => openGeoTiff(join(dir, 'missing.tif'))).toThrow(/ENOENT/);
  });
});

/** Packs (code, width) pairs most-significant bit first, as TIFF LZW stores them. */
function pack(codes: [number, number][]): Buffer {
  let acc = 0n;
  let n = 0;
  for (const [code, w] of codes) {
    acc = (acc << BigInt(w)) | BigInt(code);
    n += w;
  }
  const pad = (8 - (n % 8)) % 8;
  return Buffer.from((acc << BigInt(pad)).toString(16).padStart((n + pad) / 4, '0'), 'hex');
}

/** The image in test/fixtures/libtiff-lzw: patterned runs with noise on every 11th diagonal. */
function libtiffImage(): number[] {
  const w = 300;
  let seed = 7;
  const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % 65536 - 32768;
  return Array.from({ length: w * 120 }, (_, i) => (((i % w) + Math.floor(i / w)) % 11 === 0 ? rand() : ((((i % w) >> 3) * 37 + Math.floor(i / w) * 5) % 3000) - 1500));
}

describe('TIFF LZW', () => {
  it.each(['lzw.tif', 'lzwpred.tif'])('decodes tiles libtiff compressed (%s)', (name) => {
    const r = readGeoTiff(readFileSync(join(__dirname, '../../../test/fixtures/libtiff-lzw', name)), { georeferenced: false });
    expect([r.width, r.height]).toEqual([300, 120]);
    expect(Array.from(r.values)).toEqual(libtiffImage());
  });

  it('decodes what a libtiff-style encoder writes, across code-width changes and table resets', () => {
    let seed = 42;
    const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    // runs and noise: long enough to pass 511, 1023, 2047 codes and reset the table at 4094
    const data = Buffer.from(Array.from({ length: 60_000 }, (_, i) => (i % 1000 < 600 ? Math.floor(i / 50) & 0xff : Math.floor(rand() * 256))));
    const lzw = encodeLzw(data);
    expect(lzw.length).toBeLessThan(data.length);
    expect(decodeLzw(lzw, data.length).equals(data)).toBe(true);
    expect(decodeLzw(encodeLzw(Buffer.from('TOBEORNOTTOBEORTOBEORNOT')), 24).toString('latin1')).toBe('TOBEORNOTTOBEORTOBEORNOT');
  });

  it('decodes a hand-assembled stream with the early code-width change', () => {
    // Clear, then 'a' followed by codes 258, 259, … each one longer: after code 510 is defined
    // the next code is written 10 bits wide (libtiff's early change), not at 511.
    const bits: [number, number][] = [[256, 9], [97, 9]];
    let width = 9;
    let next = 258;
    let expected = 'a';
    let prev = 'a';
    for (let code = 258; code < 600; code++) {
      // the KwKwK case: each code is the one being defined, the previous string plus its first byte
      bits.push([code, width]);
      const s = prev + prev[0];
      expected += s;
      prev = s;
      next++;
      if (next + 1 >= 1 << width) width++;
    }
    bits.push([257, width]);
    const bytes = pack(bits);
    expect(decodeLzw(bytes, expected.length).toString('latin1')).toBe(expected);
  });

  it('refuses a code not yet in the table', () => {
    expect(() => decodeLzw(pack([[256, 9], [97, 9], [300, 9]]), 10)).toThrow(LzwError); // 258 is the next free code
    expect(decodeLzw(pack([[256, 9], [97, 9], [258, 9], [257, 9]]), 10).toString('latin1')).toBe('aaa');
  });
});

describe('a Europe-wide 100 m raster', () => {
  it('samples a ~20 GB sparse BigTIFF with RSS under 300 MB (measured in a child process)', () => {
    // 92 000 × 54 000 Float32 cells at 0.001°, 512-pixel LZW tiles, each given a 1 MB slot; six tiles are written
    const spec = { width: 92_000, height: 54_000, type: 'float32' as const, originLon: -25, originLat: 72, pixel: 0.001, tile: 512, compression: 'lzw' as const, bigTiff: true, nodata: -9999 };
    const across = Math.ceil(spec.width / spec.tile);
    const down = Math.ceil(spec.height / spec.tile);
    const corners = [0, across - 1, (down - 1) * across, across * down - 1, Math.floor(down / 2) * across + Math.floor(across / 2), 90 * across + 200];
    const value = (k: number) => (x: number, y: number) => k * 1000 + y + x / 1000;
    const file = join(dir, 'europe.tif');
    const size = writeSparseGeoTiff(file, { ...spec, stride: spec.tile * spec.tile * 4, tiles: new Map(corners.map((k) => [k, value(k)])) });
    expect(size).toBeGreaterThan(19e9);
    expect(statSync(file).blocks * 512).toBeLessThan(50e6); // the holes take no disk

    const points: [number, number][] = [];
    const expected: (number | null)[] = [];
    for (const k of corners) {
      const [tx, ty] = [k % across, Math.floor(k / across)];
      for (const [x, y] of [[3, 5], [500, 7], [511, 511]] as const) {
        const gx = tx * spec.tile + x;
        const gy = ty * spec.tile + y;
        if (gx >= spec.width || gy >= spec.height) continue;
        points.push([spec.originLat - (gy + 0.5) * spec.pixel, spec.originLon + (gx + 0.5) * spec.pixel]);
        expected.push(Math.fround(value(k)(x, y)));
      }
    }
    // a spread of points over the whole of Europe: holes read as nodata
    for (let i = 0; i < 400; i++) {
      points.push([72 - 54 * ((i * 0.618) % 1), -25 + 92 * ((i * 0.377) % 1)]);
      expected.push(null);
    }
    const out = JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', join(__dirname, '../../../test/geotiff-sample-child.ts'), file, JSON.stringify(points)], { encoding: 'utf8' })) as {
      values: (number | null)[];
      cachedBytes: number;
      width: number;
      height: number;
      maxRssBytes: number;
    };
    expect([out.width, out.height]).toEqual([92_000, 54_000]);
    expect(out.values.slice(0, expected.length - 400)).toEqual(expected.slice(0, -400));
    // any of the 400 spread points landing in a written tile would read a value: none is nodata by luck, check them
    out.values.slice(-400).forEach((v, i) => {
      const [lat, lon] = points[points.length - 400 + i]!;
      const k = Math.floor((72 - lat) / 0.001 / 512) * across + Math.floor((lon + 25) / 0.001 / 512);
      expect(v === null).toBe(!corners.includes(k));
    });
    expect(out.cachedBytes).toBeLessThanOrEqual(16 * 1024 * 1024);
    expect(out.maxRssBytes).toBeLessThan(300 * 1024 * 1024);
  }, 120_000);
});
