import { createRequire } from 'node:module';
import type * as opentype from 'opentype.js';
import { lazyModule } from '../../lib/lazy-module.js';

const opentypeModule = lazyModule<typeof opentype>('opentype.js');

/**
 * Map text drawn as glyph outlines: DejaVu Sans (bundled by dejavu-fonts-ttf) is parsed once
 * and each glyph's outline is defined once per map and placed with <use>, kerning applied.
 * The rasteriser then only fills paths — no font loading or text shaping per map — and label
 * widths are exact, which the label placement needs.
 */

const require = createRequire(import.meta.url);
const FILES = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
};

type Weight = keyof typeof FILES;

interface LoadedFont {
  font: opentype.Font;
  /** glyph index → outline path in font units (y down) */
  outlines: Map<number, string>;
}

const fonts = new Map<Weight, LoadedFont>();

function load(weight: Weight): LoadedFont {
  let f = fonts.get(weight);
  if (!f) {
    f = { font: opentypeModule().loadSync(FILES[weight]), outlines: new Map() };
    fonts.set(weight, f);
  }
  return f;
}

/** Parses both fonts now (they load on first use otherwise). */
export function warmGlyphFonts(): void {
  load('regular');
  load('bold');
}

export interface TextStyle {
  size: number;
  bold?: boolean;
  fill: string;
  /** A halo of this colour and width (px) behind the glyphs, for legibility over the map. */
  halo?: { color: string; width: number };
  anchor?: 'start' | 'middle' | 'end';
}

interface Glyphed {
  glyphs: { index: number; x: number }[];
  advance: number; // font units
}

function layout(text: string, weight: Weight): Glyphed {
  const { font } = load(weight);
  const glyphs: { index: number; x: number }[] = [];
  let x = 0;
  let prev: opentype.Glyph | undefined;
  for (const g of font.stringToGlyphs(text)) {
    if (prev) x += font.getKerningValue(prev, g);
    glyphs.push({ index: g.index, x });
    x += g.advanceWidth ?? 0;
    prev = g;
  }
  return { glyphs, advance: x };
}

/** Collects the glyphs a map uses and writes them as <defs> once. */
export class GlyphText {
  private readonly used = new Map<string, string>();

  /** Width of the text in px. */
  measure(text: string, size: number, bold = false): number {
    const weight: Weight = bold ? 'bold' : 'regular';
    return (layout(text, weight).advance * size) / load(weight).font.unitsPerEm;
  }

  /** SVG for the text with its baseline starting (or centred, or ending) at (x, y). */
  text(text: string, x: number, y: number, style: TextStyle): string {
    const weight: Weight = style.bold ? 'bold' : 'regular';
    const loaded = load(weight);
    const { glyphs, advance } = layout(text, weight);
    const k = style.size / loaded.font.unitsPerEm;
    const dx = style.anchor === 'middle' ? -advance / 2 : style.anchor === 'end' ? -advance : 0;
    const uses: string[] = [];
    for (const g of glyphs) {
      const id = `${weight[0]}${g.index}`;
      if (!this.used.has(id)) {
        let d = loaded.outlines.get(g.index);
        if (d === undefined) {
          d = loaded.font.glyphs.get(g.index).getPath(0, 0, loaded.font.unitsPerEm).toPathData(0);
          loaded.outlines.set(g.index, d);
        }
        this.used.set(id, d);
      }
      if (this.used.get(id)) uses.push(`<use href="#${id}" x="${Math.round(g.x + dx)}"/>`);
    }
    const halo = style.halo
      ? ` stroke="${style.halo.color}" stroke-width="${Math.round(style.halo.width / k)}" stroke-linejoin="bevel" paint-order="stroke"`
      : '';
    const t = `translate(${x.toFixed(1)} ${y.toFixed(1)}) scale(${k.toFixed(5)})`;
    return `<g transform="${t}" fill="${style.fill}"${halo}>${uses.join('')}</g>`;
  }

  defs(): string {
    const paths = [...this.used].filter(([, d]) => d).map(([id, d]) => `<path id="${id}" d="${d}"/>`);
    return `<defs>${paths.join('')}</defs>`;
  }
}
