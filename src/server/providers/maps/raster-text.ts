import type * as Resvg from '@resvg/resvg-js';
import { lazyModule } from '../../lib/lazy-module.js';
import { glyphBox, glyphOutline, type PlacedGlyph, type TextRun } from './glyph-text.js';

const resvg = lazyModule<typeof Resvg>('@resvg/resvg-js');

/**
 * Map text composited onto the rasterised map from glyph masks. Each glyph is rasterised once
 * per size, weight, halo width and quarter-pixel position (resvg, the same rasteriser as the
 * map) and kept; a map then only blends a few hundred small masks, instead of having resvg
 * stroke the outline of every label's halo anew.
 */

/** Horizontal positions are kept to a quarter pixel; baselines to the whole pixel. */
const PHASES = 4;

interface Mask {
  /** offset of the mask's top-left from the glyph's whole-pixel pen position */
  ox: number;
  oy: number;
  w: number;
  h: number;
  /** coverage 0–255, row by row */
  alpha: Uint8Array;
}

/** Bounded: a few thousand masks of a few hundred bytes each. */
const MAX_MASKS = 8192;
const masks = new Map<string, Mask | null>();

function rasterise(g: PlacedGlyph, phase: number, stroke: number): Mask | null {
  const outline = glyphOutline(g.weight, g.glyph);
  if (!outline) return null;
  const k = g.scale;
  const b = glyphBox(g.weight, g.glyph);
  const margin = stroke / 2 + 1;
  const ox = Math.floor(phase + b.x1 * k - margin);
  const oy = Math.floor(b.y1 * k - margin);
  const w = Math.ceil(phase + b.x2 * k + margin) - ox;
  const h = Math.ceil(b.y2 * k + margin) - oy;
  // With paint-order stroke a halo covers the stroke and the glyph itself: both go in its mask.
  const strokeAttrs = stroke ? ` stroke="#000" stroke-width="${(stroke / k).toFixed(2)}" stroke-linejoin="bevel"` : '';
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">` +
    `<path transform="translate(${phase - ox} ${-oy}) scale(${k})" d="${outline}" fill="#000"${strokeAttrs}/></svg>`;
  const pixels = new (resvg().Resvg)(svg, { font: { loadSystemFonts: false }, shapeRendering: 2 }).render().pixels;
  const alpha = new Uint8Array(w * h);
  for (let i = 0; i < alpha.length; i++) alpha[i] = pixels[i * 4 + 3]!;
  return { ox, oy, w, h, alpha };
}

function maskOf(g: PlacedGlyph, phase: number, stroke: number): Mask | null {
  const key = `${g.weight[0]}${g.glyph}|${g.scale}|${phase}|${stroke}`;
  let m = masks.get(key);
  if (m === undefined) {
    m = rasterise(g, phase, stroke);
    if (masks.size >= MAX_MASKS) masks.clear();
    masks.set(key, m);
  }
  return m;
}

function rgb(color: string): [number, number, number] {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color)?.[1];
  if (!hex) throw new RangeError(`map text colours are #rgb or #rrggbb, not ${color}`);
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  return [parseInt(full.slice(0, 2), 16), parseInt(full.slice(2, 4), 16), parseInt(full.slice(4, 6), 16)];
}

interface Placed {
  mask: Mask;
  x: number;
  y: number;
}

/** Blends one colour through a coverage layer onto the opaque RGBA image. */
function blend(pixels: Buffer, width: number, height: number, layer: Uint8Array, box: { x: number; y: number; w: number; h: number }, color: string): void {
  const [r, g, b] = rgb(color);
  for (let row = 0; row < box.h; row++) {
    const y = box.y + row;
    if (y < 0 || y >= height) continue;
    for (let col = 0; col < box.w; col++) {
      const a = layer[row * box.w + col]!;
      const x = box.x + col;
      if (!a || x < 0 || x >= width) continue;
      const i = (y * width + x) * 4;
      const keep = 255 - a;
      pixels[i] = (r * a + pixels[i]! * keep + 127) / 255;
      pixels[i + 1] = (g * a + pixels[i + 1]! * keep + 127) / 255;
      pixels[i + 2] = (b * a + pixels[i + 2]! * keep + 127) / 255;
    }
  }
}

/** One coverage layer for a whole text: a halo's glyphs merge (max), a fill's glyphs add up. */
function layerOf(placed: Placed[], box: { x: number; y: number; w: number; h: number }, add: boolean): Uint8Array {
  const layer = new Uint8Array(box.w * box.h);
  for (const { mask, x, y } of placed) {
    for (let row = 0; row < mask.h; row++) {
      const base = (y - box.y + row) * box.w + (x - box.x);
      for (let col = 0; col < mask.w; col++) {
        const a = mask.alpha[row * mask.w + col]!;
        if (!a) continue;
        const j = base + col;
        layer[j] = add ? Math.min(255, layer[j]! + a) : Math.max(layer[j]!, a);
      }
    }
  }
  return layer;
}

function place(run: TextRun, stroke: number): Placed[] {
  const out: Placed[] = [];
  for (const g of run.glyphs) {
    let x = Math.floor(g.x);
    let phase = Math.round((g.x - x) * PHASES) / PHASES;
    if (phase === 1) {
      x++;
      phase = 0;
    }
    const mask = maskOf(g, phase, stroke);
    if (mask) out.push({ mask, x: x + mask.ox, y: Math.round(g.y) + mask.oy });
  }
  return out;
}

function boxOf(placed: Placed[]): { x: number; y: number; w: number; h: number } {
  let x1 = Infinity;
  let y1 = Infinity;
  let x2 = -Infinity;
  let y2 = -Infinity;
  for (const p of placed) {
    x1 = Math.min(x1, p.x);
    y1 = Math.min(y1, p.y);
    x2 = Math.max(x2, p.x + p.mask.w);
    y2 = Math.max(y2, p.y + p.mask.h);
  }
  return { x: x1, y: y1, w: x2 - x1, h: y2 - y1 };
}

/** Draws the texts, in order, each halo under its own glyphs, onto an opaque RGBA raster. */
export function drawTextRuns(pixels: Buffer, width: number, height: number, runs: readonly TextRun[]): void {
  for (const run of runs) {
    const fill = place(run, 0);
    if (!fill.length) continue;
    if (run.style.halo) {
      const halo = place(run, run.style.halo.width);
      const box = boxOf(halo);
      blend(pixels, width, height, layerOf(halo, box, false), box, run.style.halo.color);
    }
    const box = boxOf(fill);
    blend(pixels, width, height, layerOf(fill, box, true), box, run.style.fill);
  }
}
