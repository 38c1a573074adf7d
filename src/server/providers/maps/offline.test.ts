import { describe, expect, it } from 'vitest';
import { distanceToCoastKm } from '../../geo/coastline.js';
import { countryIdAt, OfflineMapRenderer } from './offline.js';

const renderer = new OfflineMapRenderer();

function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe('offline map renderer', () => {
  it('renders a 640×400 PNG of the site', async () => {
    const png = await renderer.render({ latitude: 38.7167, longitude: -9.1333, countryIso2: 'PT' });
    expect(pngSize(png)).toEqual({ width: 640, height: 400 });
    expect(png.length).toBeGreaterThan(20_000); // land, sea, towns: not a blank image
  });

  it('draws the pin, the nearby towns, the scale bar and the attribution', () => {
    const svg = renderer.svg({ latitude: 48.137, longitude: 11.575 });
    expect(svg).toContain('<svg');
    // Text is drawn as glyph outlines, one path per label: no font reaches the rasteriser.
    expect(svg).not.toContain('<text');
    expect((svg.match(/<path transform="translate\([\d.-]+ [\d.-]+\) scale\(/g) ?? []).length).toBeGreaterThan(10);
    expect(svg).toContain('stroke-dasharray="6 4"'); // the 10 and 25 km rings
  });

  it('renders the same picture for the same point', () => {
    const a = renderer.svg({ latitude: 35.8786, longitude: 14.4953 });
    const b = renderer.svg({ latitude: 35.8786, longitude: 14.4953 });
    expect(a).toBe(b);
  });

  it('renders any EU site, islands and the Arctic included', async () => {
    for (const [lat, lon] of [
      [35.1856, 33.3823], // Nicosia
      [32.65, -16.91], // Funchal, Madeira
      [68.97, 20.2], // Kiruna area
      [60.17, 24.94], // Helsinki, near Russia (antimeridian outline)
    ] as const) {
      expect(pngSize(await renderer.render({ latitude: lat, longitude: lon }))).toEqual({ width: 640, height: 400 });
    }
  });

  it('refuses impossible coordinates', () => {
    expect(() => renderer.svg({ latitude: 91, longitude: 0 })).toThrow(RangeError);
    expect(() => renderer.svg({ latitude: Number.NaN, longitude: 0 })).toThrow(RangeError);
  });

  it('finds the country a point lies in', () => {
    expect(countryIdAt(38.7167, -9.1333)).toBe('620');
    expect(countryIdAt(48.137, 11.575)).toBe('276');
    expect(countryIdAt(45, -20)).toBeUndefined(); // the Atlantic
  });
});

describe('distance to the coast', () => {
  it('is small on the coast and large inland', () => {
    expect(distanceToCoastKm(35.8997, 14.5147)).toBeLessThan(2); // Valletta
    expect(distanceToCoastKm(38.7167, -9.1333)).toBeLessThan(3); // Lisbon, on the Tagus estuary
    const munich = distanceToCoastKm(48.137, 11.575);
    expect(munich).toBeGreaterThan(200);
    expect(munich).toBeLessThan(400);
    expect(distanceToCoastKm(47.498, 19.04)).toBeGreaterThan(300); // Budapest
  });
});
