import type { JsPdfDoc } from './document.js';

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
