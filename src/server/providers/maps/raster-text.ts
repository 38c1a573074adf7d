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

interface MaskRequest {
  key: string;
  glyph: PlacedGlyph;
  phase: number;
  stroke: number;
}

/** Where a glyph's mask sits in a strip: its box and the outline drawn into it. */
function layoutMask(r: MaskRequest): { ox: number; oy: number; w: number; h: number; svg: (left: number) => string } | null {
  const { glyph: g, phase, stroke } = r;
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
  return { ox, oy, w, h, svg: (left) => `<path transform="translate(${left + phase - ox} ${-oy}) scale(${k})" d="${outline}" fill="#000"${strokeAttrs}/>` };
}

/**
 * Rasterises the missing masks of a text in one resvg call, side by side in a strip a pixel apart
 * (a call's own cost outweighs a small glyph's), and keeps them.
 */
function rasteriseMissing(missing: MaskRequest[]): Map<string, Mask | null> {
  const made = new Map<string, Mask | null>();
  const laid = missing.map((r) => ({ r, l: layoutMask(r) }));
  let width = 0;
  let height = 1;
  const lefts: number[] = [];
  for (const { l } of laid) {
    lefts.push(width);
    if (!l) continue;
    width += l.w + 1;
    height = Math.max(height, l.h);
  }
  let pixels: Buffer | undefined;
  if (width > 0) {
    const paths = laid.map(({ l }, i) => l?.svg(lefts[i]!) ?? '').join('');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${paths}</svg>`;
    pixels = new (resvg().Resvg)(svg, { font: { loadSystemFonts: false }, shapeRendering: 2 }).render().pixels;
  }
  laid.forEach(({ r, l }, i) => {
    if (!l || !pixels) {
      made.set(r.key, null);
      return;
    }
    const alpha = new Uint8Array(l.w * l.h);
    for (let y = 0; y < l.h; y++) for (let x = 0; x < l.w; x++) alpha[y * l.w + x] = pixels[(y * width + lefts[i]! + x) * 4 + 3]!;
    made.set(r.key, { ox: l.ox, oy: l.oy, w: l.w, h: l.h, alpha });
  });
  if (masks.size + made.size > MAX_MASKS) masks.clear();
  for (const [key, mask] of made) masks.set(key, mask);
  return made;
}

const maskKey = (g: PlacedGlyph, phase: number, stroke: number) => `${g.weight[0]}${g.glyph}|${g.scale}|${phase}|${stroke}`;

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
  const spots = run.glyphs.map((g) => {
    let x = Math.floor(g.x);
    let phase = Math.round((g.x - x) * PHASES) / PHASES;
    if (phase === 1) {
      x++;
      phase = 0;
    }
    return { g, x, phase, key: maskKey(g, phase, stroke) };
  });
  // Held here, not re-read from the cache, which may be emptied when it is full.
  const found = new Map<string, Mask | null>();
  const missing = new Map<string, MaskRequest>();
  for (const s of spots) {
    const mask = masks.get(s.key);
    if (mask !== undefined) found.set(s.key, mask);
    else missing.set(s.key, { key: s.key, glyph: s.g, phase: s.phase, stroke });
  }
  if (missing.size) for (const [key, mask] of rasteriseMissing([...missing.values()])) found.set(key, mask);
  const out: Placed[] = [];
  for (const s of spots) {
    const mask = found.get(s.key);
    if (mask) out.push({ mask, x: s.x + mask.ox, y: Math.round(s.g.y) + mask.oy });
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

/**
 * Draws the texts, in order, each halo under its own glyphs, onto an opaque RGBA raster: above
 * every shape of the map (labels are placed clear of the pin and the panels, so only a ring's
 * dashes crossing a ring label are now under it).
 */
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
