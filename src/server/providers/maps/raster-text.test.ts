import { Resvg } from '@resvg/resvg-js';
import { describe, expect, it } from 'vitest';
import { GlyphText } from './glyph-text.js';
import { OfflineMapRenderer } from './offline.js';
import { drawTextRuns } from './raster-text.js';

const renderer = new OfflineMapRenderer();
const raster = (svg: string) => new Resvg(svg, { font: { loadSystemFonts: false }, shapeRendering: 2 }).render().pixels;

/** Mean absolute difference per colour channel of two RGBA rasters. */
function meanDiff(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) if (i % 4 !== 3) sum += Math.abs(a[i]! - b[i]!);
  return sum / (a.length * 0.75);
}

describe('map text composited from glyph masks', () => {
  it('draws the labels as the outlines would, halo under the glyphs', () => {
    for (const [lat, lon, cc] of [
      [48.137, 11.575, 'DE'],
      [40.85, 14.27, 'IT'],
    ] as const) {
      const site = { latitude: lat, longitude: lon, countryIso2: cc };
      const outlined = raster(renderer.svg(site));
      const text = new GlyphText('raster');
      const withoutText = raster(renderer.svg(site, text));
      expect(text.runs.length).toBeGreaterThan(10);
      const composited = Buffer.from(withoutText);
      drawTextRuns(composited, 640, 400, text.runs);
      // The labels are there (without them the picture is far off) and where the outlines put
      // them: a glyph is placed to a quarter pixel across and its baseline to the whole pixel
      // (0.74 and 1.07 here; a label one pixel off gives about 2.5, labels without halos 1.0–1.3).
      expect(meanDiff(withoutText, outlined)).toBeGreaterThan(2.5);
      expect(meanDiff(composited, outlined)).toBeLessThan(1.2);
    }
  });

  it('paints the halo colour around the glyphs and the fill colour inside', () => {
    const text = new GlyphText('raster');
    text.text('IIII', 10, 30, { size: 20, fill: '#000000', halo: { color: '#ff0000', width: 4 } });
    const w = 80;
    const h = 40;
    const pixels = Buffer.alloc(w * h * 4, 255); // opaque white
    drawTextRuns(pixels, w, h, text.runs);
    const at = (x: number, y: number) => [...pixels.subarray((y * w + x) * 4, (y * w + x) * 4 + 3)];
    const colours = new Set<string>();
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) colours.add(at(x, y).join(','));
    expect(colours).toContain('0,0,0'); // the stems
    expect(colours).toContain('255,0,0'); // the halo between and around them
    expect(at(2, 2)).toEqual([255, 255, 255]); // away from the text: untouched
  });

  it('refuses a colour it cannot blend', () => {
    const text = new GlyphText('raster');
    text.text('A', 5, 15, { size: 12, fill: 'rgba(0,0,0,0.5)' });
    expect(() => drawTextRuns(Buffer.alloc(40 * 20 * 4, 255), 40, 20, text.runs)).toThrow(RangeError);
  });
});
