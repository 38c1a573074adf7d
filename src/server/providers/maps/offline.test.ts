import { inflateSync } from 'node:zlib';
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
    expect(svg.match(/stroke-dasharray="60 40"/g)).toHaveLength(2); // the 10 and 25 km rings (in tenths of a px)
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

/** The RGB of each pixel of one of our PNGs (RGBA, unfiltered scanlines). */
function pixels(png: Buffer): { width: number; at: (x: number, y: number) => [number, number, number] } {
  const { width, height } = pngSize(png);
  const idat: Buffer[] = [];
  for (let off = 8; off < png.length; ) {
    const len = png.readUInt32BE(off);
    if (png.toString('ascii', off + 4, off + 8) === 'IDAT') idat.push(png.subarray(off + 8, off + 8 + len));
    off += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(idat));
  expect(raw.length).toBe((width * 4 + 1) * height);
  return {
    width,
    at: (x, y) => {
      const i = y * (width * 4 + 1) + 1 + x * 4;
      return [raw[i]!, raw[i + 1]!, raw[i + 2]!];
    },
  };
}

const CATANIA = { latitude: 37.5079, longitude: 15.083, countryIso2: 'IT' };
const HAMBURG = { latitude: 53.5511, longitude: 9.9937, countryIso2: 'DE' };

describe('hazard features on the map', () => {
  it('draws the volcanoes near Catania (Etna) and names the nearest in the legend', () => {
    const svg = renderer.svg(CATANIA);
    const volcanoes = svg.match(/<g id="hazard-volcanoes">(.*?)<\/g>/)?.[1] ?? '';
    expect(volcanoes.match(/<path /g)?.length).toBeGreaterThanOrEqual(1);
    expect(svg).toMatch(/<g id="map-legend"><desc>[^<]*Volcano: Etna, 2\d km, last eruption 20\d\d CE/);
  });

  it('draws no volcano near Hamburg, but the Elbe beside it', () => {
    const svg = renderer.svg(HAMBURG);
    expect(svg).not.toContain('hazard-volcanoes');
    expect(svg).not.toContain('hazard-epicentres');
    expect(svg).toContain('<g id="hazard-river"');
    expect(svg).toMatch(/<desc>River: Elbe, [\d.]+ km<\/desc>/);
  });

  it('puts the volcano colour on the pixels at Etna, and nowhere on the Hamburg map', async () => {
    const isVolcano = ([r, g, b]: [number, number, number]) => Math.abs(r - 0x7c) < 6 && Math.abs(g - 0x2d) < 6 && Math.abs(b - 0x12) < 6;
    const count = (png: Buffer, x0: number, y0: number, x1: number, y1: number) => {
      const p = pixels(png);
      let n = 0;
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if (isVolcano(p.at(x, y))) n++;
      return n;
    };
    // Etna (37.748 N, 14.999 E): 26 km north-north-west of Catania, near the top of the frame.
    const catania = await renderer.render(CATANIA);
    const svg = renderer.svg(CATANIA);
    const [, x, y] = svg.match(/<g id="hazard-volcanoes"><path d="M([\d.]+) ([\d.]+)/)!.map(Number);
    expect(count(catania, Math.round(x! - 8), Math.round(y!), Math.round(x! + 8), Math.round(y! + 14))).toBeGreaterThan(30);
    expect(count(await renderer.render(HAMBURG), 0, 0, 640, 400)).toBe(0);
  });

  it('draws the epicentres of the strongest earthquakes near Messina', () => {
    const svg = renderer.svg({ latitude: 38.1938, longitude: 15.554 });
    const epicentres = svg.match(/<g id="hazard-epicentres">(.*?)<\/g>/)?.[1] ?? '';
    expect(epicentres.match(/<circle /g)?.length).toBeGreaterThanOrEqual(2);
  });

  it('is deterministic, hazards included, and can be left out', async () => {
    expect(renderer.svg(CATANIA)).toBe(renderer.svg(CATANIA));
    expect((await renderer.render(CATANIA)).equals(await renderer.render(CATANIA))).toBe(true);
    const plain = new OfflineMapRenderer({ hazards: false }).svg(CATANIA);
    expect(plain).not.toContain('hazard-');
    expect(plain).not.toContain('map-legend');
  });
});
