import { createRequire } from 'node:module';
import type * as opentype from 'opentype.js';
import { lazyModule } from '../../lib/lazy-module.js';

const opentypeModule = lazyModule<typeof opentype>('opentype.js');

/**
 * Map text as glyph outlines of DejaVu Sans (bundled by dejavu-fonts-ttf), so no font reaches the
 * rasteriser: in the SVG, one path per label (outline mode); for a rendered map, the placed
 * glyphs that raster-text.ts composites from cached masks (raster mode). Label widths are
 * exact, which the label placement needs.
 *
 * Layout is a cmap lookup, the font's Latin ligatures (ff, fi, fl, ffi, ffl) and its kerning,
 * each memoised: the same glyphs opentype.js's stringToGlyphs gives, without its per-call
 * tokenizer and feature machinery, which dominated a map's text while cold.
 */

const require = createRequire(import.meta.url);
const FILES = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
};

export type Weight = keyof typeof FILES;

interface Ligature {
  /** the glyphs after the first one */
  rest: number[];
  by: number;
}

interface LoadedFont {
  font: opentype.Font;
  unitsPerEm: number;
  /** code point → glyph index */
  cmap: Map<number, number>;
  /** first glyph → its ligatures, in the font's order of preference */
  ligatures: Map<number, Ligature[]>;
  /** left × 65536 + right → kerning, font units */
  kerning: Map<number, number>;
  /** glyph index → outline as relative path data (null: an empty glyph such as the space) */
  outlines: Map<number, Outline | null>;
  advances: Map<number, number>;
}

const fonts = new Map<Weight, LoadedFont>();

function load(weight: Weight): LoadedFont {
  let f = fonts.get(weight);
  if (!f) {
    // lowMemory: glyphs are parsed when first asked for, not all six thousand up front.
    const font = opentypeModule().loadSync(FILES[weight], { lowMemory: true });
    const ligatures = new Map<number, Ligature[]>();
    // Present in opentype.js 1.3, missing from its type definitions.
    const substitution = font.substitution as unknown as { getLigatures(feature: string, script: string, language: string): { sub: number[]; by: number }[] };
    for (const l of substitution.getLigatures('liga', 'latn', 'dflt')) {
      const [first, ...rest] = l.sub;
      if (first === undefined) continue;
      const list = ligatures.get(first);
      if (list) list.push({ rest, by: l.by });
      else ligatures.set(first, [{ rest, by: l.by }]);
    }
    f = { font, unitsPerEm: font.unitsPerEm, cmap: new Map(), ligatures, kerning: new Map(), outlines: new Map(), advances: new Map() };
    fonts.set(weight, f);
  }
  return f;
}

/** opentype.js applies Latin ligatures within runs of these characters only. */
const latinChar = (c: number) => c >= 0x41 && c <= 0x7a;

function glyphOf(f: LoadedFont, codePoint: number): number {
  let g = f.cmap.get(codePoint);
  if (g === undefined) {
    g = f.font.charToGlyphIndex(String.fromCodePoint(codePoint)) ?? 0;
    f.cmap.set(codePoint, g);
  }
  return g;
}

function advanceOf(f: LoadedFont, glyph: number): number {
  let a = f.advances.get(glyph);
  if (a === undefined) {
    a = f.font.glyphs.get(glyph).advanceWidth ?? 0;
    f.advances.set(glyph, a);
  }
  return a;
}

function kerningOf(f: LoadedFont, left: number, right: number): number {
  const key = left * 65536 + right;
  let k = f.kerning.get(key);
  if (k === undefined) {
    k = f.font.getKerningValue(left, right);
    f.kerning.set(key, k);
  }
  return k;
}

/** Glyph indices of the text: cmap, then the font's Latin ligatures inside Latin runs. */
function glyphsOf(f: LoadedFont, text: string): number[] {
  const codes: number[] = [];
  for (const ch of text) codes.push(ch.codePointAt(0)!);
  const glyphs = codes.map((c) => glyphOf(f, c));
  if (f.ligatures.size === 0) return glyphs;
  const out: number[] = [];
  for (let i = 0; i < glyphs.length; i++) {
    const g = glyphs[i]!;
    const candidates = latinChar(codes[i]!) ? f.ligatures.get(g) : undefined;
    const lig = candidates?.find((l) => l.rest.every((r, k) => glyphs[i + 1 + k] === r && latinChar(codes[i + 1 + k]!)));
    if (lig) {
      out.push(lig.by);
      i += lig.rest.length;
    } else out.push(g);
  }
  return out;
}

interface Glyphed {
  glyphs: number[];
  /** pen position of each glyph, font units */
  xs: number[];
  advance: number;
}

/** Bounded memo of laid-out strings: chrome labels and the towns of the sites seen lately. */
const MAX_LAYOUTS = 4096;
const layouts = new Map<string, Glyphed>();

function layout(text: string, weight: Weight): Glyphed {
  const key = `${weight[0]}${text}`;
  const hit = layouts.get(key);
  if (hit) return hit;
  const f = load(weight);
  const glyphs = glyphsOf(f, text);
  const xs: number[] = [];
  let x = 0;
  for (let i = 0; i < glyphs.length; i++) {
    if (i > 0) x += kerningOf(f, glyphs[i - 1]!, glyphs[i]!);
    xs.push(x);
    x += advanceOf(f, glyphs[i]!);
  }
  const out = { glyphs, xs, advance: x };
  if (layouts.size >= MAX_LAYOUTS) layouts.clear();
  layouts.set(key, out);
  return out;
}

/**
 * Parses both fonts and prepares the outlines of the ASCII characters now (the chrome's text);
 * other glyphs are prepared on first use, since each prepared outline stays in memory.
 */
export function warmGlyphFonts(): void {
  for (const weight of ['regular', 'bold'] as const) {
    const f = load(weight);
    for (let c = 0x20; c < 0x7f; c++) outlineOf(f, glyphOf(f, c));
  }
}

export interface TextStyle {
  size: number;
  bold?: boolean;
  fill: string;
  /** A halo of this colour and width (px) behind the glyphs, for legibility over the map. */
  halo?: { color: string; width: number };
  anchor?: 'start' | 'middle' | 'end';
}

interface Outline {
  /** the first point, font units, y down */
  x: number;
  y: number;
  /** the rest of the outline in relative commands, font units, y down: placed by its first point alone */
  rest: string;
}

function relativeOutline(commands: readonly opentype.PathCommand[]): Outline | null {
  const first = commands[0];
  if (!first || first.type !== 'M') return null;
  let cx = first.x;
  let cy = -first.y;
  let start = { x: cx, y: cy };
  let rest = '';
  const r = (v: number) => String(Math.round(v * 100) / 100);
  for (let i = 1; i < commands.length; i++) {
    const c = commands[i]!;
    switch (c.type) {
      case 'M':
        rest += `m${r(c.x - cx)} ${r(-c.y - cy)}`;
        cx = c.x;
        cy = -c.y;
        start = { x: cx, y: cy };
        break;
      case 'L':
        rest += `l${r(c.x - cx)} ${r(-c.y - cy)}`;
        cx = c.x;
        cy = -c.y;
        break;
      case 'Q':
        rest += `q${r(c.x1 - cx)} ${r(-c.y1 - cy)} ${r(c.x - cx)} ${r(-c.y - cy)}`;
        cx = c.x;
        cy = -c.y;
        break;
      case 'C':
        rest += `c${r(c.x1 - cx)} ${r(-c.y1 - cy)} ${r(c.x2 - cx)} ${r(-c.y2 - cy)} ${r(c.x - cx)} ${r(-c.y - cy)}`;
        cx = c.x;
        cy = -c.y;
        break;
      case 'Z':
        rest += 'z';
        // After a close the pen is back at the contour's start.
        cx = start.x;
        cy = start.y;
        break;
    }
  }
  return { x: first.x, y: -first.y, rest };
}

function outlineOf(f: LoadedFont, glyph: number): Outline | null {
  let o = f.outlines.get(glyph);
  if (o === undefined) {
    o = relativeOutline(f.font.glyphs.get(glyph).path.commands);
    f.outlines.set(glyph, o);
  }
  return o;
}

/** The text's outline as path data in font units (y down), pen starting at x = dx. */
function outlinePath(f: LoadedFont, g: Glyphed, dx: number): string {
  let d = '';
  for (let i = 0; i < g.glyphs.length; i++) {
    const o = outlineOf(f, g.glyphs[i]!);
    if (o) d += `M${Math.round(dx + g.xs[i]! + o.x)} ${o.y}${o.rest}`;
  }
  return d;
}

/** One glyph of a laid-out text: its weight, index and pen position in px. */
export interface PlacedGlyph {
  weight: Weight;
  glyph: number;
  /** pen position on the baseline, px */
  x: number;
  y: number;
  /** px per font unit */
  scale: number;
}

/** A text as the raster compositor draws it (raster-text.ts). */
export interface TextRun {
  glyphs: PlacedGlyph[];
  style: TextStyle;
}

/** The outline of one glyph with its pen at the origin, font units, y down (empty for a blank glyph). */
export function glyphOutline(weight: Weight, glyph: number): string {
  const o = outlineOf(load(weight), glyph);
  return o ? `M${o.x} ${o.y}${o.rest}` : '';
}

/** The glyph's ink box in font units, y down. */
export function glyphBox(weight: Weight, glyph: number): { x1: number; y1: number; x2: number; y2: number } {
  const b = load(weight).font.glyphs.get(glyph).getBoundingBox();
  return { x1: b.x1, y1: -b.y2, x2: b.x2, y2: -b.y1 };
}

/**
 * Map text as outlines. In `raster` mode `text()` draws nothing into the SVG: it keeps the runs,
 * which raster-text.ts composites onto the rasterised map from cached glyph masks, since
 * stroking every label's halo was most of a map's rasterising time.
 */
export class GlyphText {
  readonly runs: TextRun[] = [];

  constructor(private readonly mode: 'outline' | 'raster' = 'outline') {}

  /** Width of the text in px. */
  measure(text: string, size: number, bold = false): number {
    const weight: Weight = bold ? 'bold' : 'regular';
    return (layout(text, weight).advance * size) / load(weight).unitsPerEm;
  }

  /** SVG for the text with its baseline starting (or centred, or ending) at (x, y). */
  text(text: string, x: number, y: number, style: TextStyle): string {
    const weight: Weight = style.bold ? 'bold' : 'regular';
    const f = load(weight);
    const g = layout(text, weight);
    const k = style.size / f.unitsPerEm;
    const dx = style.anchor === 'middle' ? -g.advance / 2 : style.anchor === 'end' ? -g.advance : 0;
    if (this.mode === 'raster') {
      const glyphs = g.glyphs.map((glyph, i) => ({ weight, glyph, x: x + (dx + g.xs[i]!) * k, y, scale: k }));
      this.runs.push({ glyphs, style });
      return '';
    }
    const d = outlinePath(f, g, dx);
    if (!d) return '';
    const halo = style.halo
      ? ` stroke="${style.halo.color}" stroke-width="${Math.round(style.halo.width / k)}" stroke-linejoin="bevel" paint-order="stroke"`
      : '';
    return `<path transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) scale(${k.toFixed(5)})" d="${d}" fill="${style.fill}"${halo}/>`;
  }
}
