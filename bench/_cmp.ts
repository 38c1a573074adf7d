import { writeFileSync } from 'node:fs';
import { Resvg } from '@resvg/resvg-js';
import { OfflineMapRenderer } from '../src/server/providers/maps/offline.js';
import { GlyphText } from '../src/server/providers/maps/glyph-text.js';
import { drawTextRuns } from '../src/server/providers/maps/raster-text.js';
import { encodePng } from '../src/server/providers/maps/png-encode.js';
const r = new OfflineMapRenderer(); r.warm();
for (const [name, lat, lon, cc] of [['munich', 48.137, 11.575, 'DE'], ['naples', 40.85, 14.27, 'IT']] as const) {
  const vecImg = new Resvg(r.svg({ latitude: lat, longitude: lon, countryIso2: cc }), { font: { loadSystemFonts: false }, shapeRendering: 2 }).render(); const vec = { pixels: vecImg.pixels };
  const t = new GlyphText('raster');
  const ras = new Resvg(r.svg({ latitude: lat, longitude: lon, countryIso2: cc }, t), { font: { loadSystemFonts: false }, shapeRendering: 2 }).render();
  const px = ras.pixels; drawTextRuns(px, 640, 400, t.runs);
  let sum = 0, big = 0; for (let i = 0; i < px.length; i++) { if (i % 4 === 3) continue; const d = Math.abs(px[i]! - vec.pixels[i]!); sum += d; if (d > 64) big++; }
  console.log(name, 'mean diff', (sum / (px.length * 0.75)).toFixed(3), 'big', big);
  writeFileSync(`/tmp/prof/${name}-vec.png`, encodePng(vec.pixels, 640, 400));
  writeFileSync(`/tmp/prof/${name}-ras.png`, encodePng(px, 640, 400));
  const t2 = new GlyphText('raster');
  const blankImg = new Resvg(r.svg({ latitude: lat, longitude: lon, countryIso2: cc }, t2), { font: { loadSystemFonts: false }, shapeRendering: 2 }).render(); const blank = { pixels: blankImg.pixels };
  let s2 = 0; for (let i = 0; i < px.length; i++) { if (i % 4 === 3) continue; s2 += Math.abs(blank.pixels[i]! - vec.pixels[i]!); }
  console.log(name, 'no-text mean diff', (s2 / (px.length * 0.75)).toFixed(3));
}
