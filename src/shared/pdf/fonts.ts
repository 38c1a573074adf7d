import type { JsPdfDoc, PdfDoc } from './document.js';

/**
 * The PDF standard fonts write Latin-1 only; Greek, Cyrillic, ł, ő… need DejaVu Sans embedded.
 * The caller loads the font files (the browser from the app's assets, the server from disk).
 */

export interface UnicodeFonts {
  regular: Uint8Array;
  bold: Uint8Array;
}

/** What every PDF builder takes: the product named on it, the time it is made, and how to make the document and its fonts. */
export interface PdfBuildOptions {
  productName: string;
  now?: Date;
  /** Loads a Unicode TrueType font, used only when the document has text beyond Latin-1. */
  loadFonts: () => Promise<UnicodeFonts>;
  /** jsPDF's constructor (imported on demand). */
  createDoc: () => JsPdfDoc;
}

export const STANDARD_FONT_FAMILY = 'helvetica';
export const UNICODE_FONT_FAMILY = 'DejaVuSans';

/** True when every character can be written with the PDF standard fonts (Latin-1). */
export function fitsStandardFont(texts: readonly string[]): boolean {
  return texts.every((t) => [...t].every((ch) => ch.codePointAt(0)! <= 0xff));
}

/** The bytes of a TrueType font as jsPDF's virtual file system stores them (a binary string). */
export function binaryString(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    out += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return out;
}

/**
 * The font family to write `texts` with: the standard one when it can, else DejaVu Sans,
 * loaded (only then) and embedded into `doc`.
 */
export async function chooseFont(doc: JsPdfDoc, texts: readonly string[], loadFonts: () => Promise<UnicodeFonts>): Promise<string> {
  if (fitsStandardFont(texts)) return STANDARD_FONT_FAMILY;
  const fonts = await loadFonts();
  doc.addFileToVFS('DejaVuSans.ttf', binaryString(fonts.regular));
  doc.addFont('DejaVuSans.ttf', UNICODE_FONT_FAMILY, 'normal');
  doc.addFileToVFS('DejaVuSans-Bold.ttf', binaryString(fonts.bold));
  doc.addFont('DejaVuSans-Bold.ttf', UNICODE_FONT_FAMILY, 'bold');
  return UNICODE_FONT_FAMILY;
}

/** `doc` with every text it writes also put into `into`. */
function recordingTexts(doc: PdfDoc, into: string[]): PdfDoc {
  return new Proxy(doc, {
    get(target, key) {
      if (key === 'text') {
        return (text: string | string[], x: number, y: number, options?: Parameters<PdfDoc['text']>[3]) => {
          into.push(...(Array.isArray(text) ? text : [text]));
          return target.text(text, x, y, options);
        };
      }
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * A new document drawn by `draw` in the font its texts need: `texts` (those of the data) choose
 * first; the labels are in the reader's language, known only once drawn, so a document drawn in
 * the standard font that wrote more than Latin-1 (Polish letters, a typographic apostrophe) is
 * drawn again, in a fresh document, with DejaVu Sans. An English document with Latin-1 data is
 * drawn once, in the standard font.
 */
export async function drawInFittingFont(
  options: Pick<PdfBuildOptions, 'createDoc' | 'loadFonts'>,
  texts: readonly string[],
  draw: (doc: PdfDoc, fontFamily: string) => void,
): Promise<JsPdfDoc> {
  const doc = options.createDoc();
  const fontFamily = await chooseFont(doc, texts, options.loadFonts);
  if (fontFamily !== STANDARD_FONT_FAMILY) {
    draw(doc, fontFamily);
    return doc;
  }
  const written: string[] = [];
  draw(recordingTexts(doc, written), fontFamily);
  if (fitsStandardFont(written)) return doc;
  const again = options.createDoc();
  draw(again, await chooseFont(again, [...texts, ...written], options.loadFonts));
  return again;
}
