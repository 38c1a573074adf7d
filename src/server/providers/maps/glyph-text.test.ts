import { createRequire } from 'node:module';
import opentype from 'opentype.js';
import { describe, expect, it } from 'vitest';
import { GlyphText } from './glyph-text.js';

const require = createRequire(import.meta.url);

describe('map text as glyph outlines', () => {
  it('measures as opentype.js lays out, Latin ligatures and kerning included', () => {
    const text = new GlyphText();
    for (const [file, bold] of [
      ['dejavu-fonts-ttf/ttf/DejaVuSans.ttf', false],
      ['dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf', true],
    ] as const) {
      const font = opentype.loadSync(require.resolve(file));
      // ff, fl, ffl, fi ligatures; ö breaks a Latin run; Greek, Cyrillic, digits, kerning pairs (AV, To).
      for (const s of ['Pfaffstätten', 'Köflach', 'Scheffau am Wilden Kaiser', 'Göfis', 'Στρόβολος', 'София', 'AVATAR Tower', '38.0500° N  23.8000° E', 'Map data: Natural Earth · GeoNames']) {
        const glyphs = font.stringToGlyphs(s);
        let advance = 0;
        glyphs.forEach((g, i) => {
          if (i > 0) advance += font.getKerningValue(glyphs[i - 1]!, g);
          advance += g.advanceWidth ?? 0;
        });
        expect(text.measure(s, font.unitsPerEm, bold), `${s} (${file})`).toBeCloseTo(advance, 6);
      }
    }
  });

  it('writes each label as one path with its halo behind the glyphs', () => {
    const svg = new GlyphText().text('Catania', 10, 20, { size: 12, fill: '#111', halo: { color: '#fff', width: 3 } });
    expect(svg.match(/<path /g)).toHaveLength(1);
    expect(svg).toContain('paint-order="stroke"');
    // 7 glyphs, each placed by an absolute move; their contours follow in relative commands.
    expect(svg.match(/M-?\d/g)).toHaveLength(7);
  });

  it('draws nothing for blank text', () => {
    expect(new GlyphText().text('   ', 0, 0, { size: 12, fill: '#000' })).toBe('');
  });
});
