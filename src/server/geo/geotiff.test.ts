import { describe, expect, it } from 'vitest';
import { writeGeoTiff, type TiffSpec } from '../../../test/geotiff-writer.js';
import { GeoTiffError, readGeoTiff, sampleRaster } from './geotiff.js';

const grid = (w: number, h: number, f: (x: number, y: number) => number) => Array.from({ length: w * h }, (_, i) => f(i % w, Math.floor(i / w)));
const base: TiffSpec = { width: 7, height: 5, values: grid(7, 5, (x, y) => x * 10 - y * 3), type: 'int16', originLon: 10, originLat: 46, pixel: 0.5 };

describe('GeoTIFF reader', () => {
  const variants: [string, Partial<TiffSpec>][] = [
    ['uncompressed Int16 strips', {}],
    ['Deflate Int16 strips of 2 rows with the predictor', { compression: 'deflate', predictor: true, rowsPerStrip: 2 }],
    ['Deflate Int16 tiles of 16 (edge tiles padded), big-endian', { compression: 'deflate', tile: 16, bigEndian: true }],
    ['Float32 strips', { type: 'float32', values: grid(7, 5, (x, y) => x * 0.05 + y * 0.01) }],
    ['Deflate Float32 tiles', { type: 'float32', compression: 'deflate', tile: 16, values: grid(7, 5, (x, y) => x * 0.05 + y * 0.01) }],
  ];
  for (const [name, over] of variants) {
    it(`reads ${name}`, () => {
      const spec = { ...base, ...over };
      const r = readGeoTiff(writeGeoTiff(spec));
      expect([r.width, r.height, r.originLon, r.originLat, r.pixelLon, r.pixelLat]).toEqual([7, 5, 10, 46, 0.5, 0.5]);
      for (let i = 0; i < spec.values.length; i++) expect(r.values[i]).toBeCloseTo(spec.values[i]!, 5);
    });
  }

  it('samples the pixel holding a point, and nothing outside or on nodata', () => {
    const r = readGeoTiff(writeGeoTiff({ ...base, nodata: -9999, values: grid(7, 5, (x, y) => (x === 6 && y === 4 ? -9999 : x * 10 - y * 3)) }));
    expect(sampleRaster(r, 45.9, 10.1)).toBe(0); // top-left pixel
    expect(sampleRaster(r, 45.2, 11.3)).toBe(20 - 3 * 1); // x = 2, y = 1
    expect(sampleRaster(r, 43.6, 13.4)).toBeUndefined(); // nodata pixel (6, 4)
    expect(sampleRaster(r, 47, 10.1)).toBeUndefined();
    expect(sampleRaster(r, 45, 9.9)).toBeUndefined();
  });

  it('refuses what it cannot read, saying why', () => {
    expect(() => readGeoTiff(Buffer.from('not a tiff at all'))).toThrow(GeoTiffError);
    const big = writeGeoTiff(base);
    big.writeUInt16LE(43, 2);
    expect(() => readGeoTiff(big)).toThrow(/BigTIFF/);
  });
});
