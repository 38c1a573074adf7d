/**
 * The subset of jsPDF our documents draw with, and A4 in millimetres. Layouts take anything of
 * this shape, so they are tested in Node; the caller (browser or server) brings jsPDF itself.
 */

export const PAGE_WIDTH = 210;
export const PAGE_HEIGHT = 297;

/** Millimetres per point. */
export const PT = 0.3528;

/** The height of a line of text of `size` points, in millimetres. */
export const lineHeight = (size: number, factor = 1.35) => size * PT * factor;

/** The subset of jsPDF the layouts use. */
export interface PdfDoc {
  setFont(fontName: string, fontStyle?: string): unknown;
  setFontSize(size: number): unknown;
  setTextColor(r: number, g: number, b: number): unknown;
  setFillColor(r: number, g: number, b: number): unknown;
  setDrawColor(r: number, g: number, b: number): unknown;
  setLineWidth(width: number): unknown;
  text(
    text: string | string[],
    x: number,
    y: number,
    options?: { align?: 'left' | 'center' | 'right'; baseline?: 'top' | 'middle' | 'alphabetic' | 'bottom' },
  ): unknown;
  rect(x: number, y: number, w: number, h: number, style?: string): unknown;
  roundedRect(x: number, y: number, w: number, h: number, rx: number, ry: number, style?: string): unknown;
  line(x1: number, y1: number, x2: number, y2: number): unknown;
  circle(x: number, y: number, r: number, style?: string): unknown;
  splitTextToSize(text: string, maxWidth: number): string[];
  getTextWidth(text: string): number;
  addImage(data: Uint8Array, format: string, x: number, y: number, w: number, h: number): unknown;
  addPage(): unknown;
  setPage(page: number): unknown;
  getNumberOfPages(): number;
}

/** What jsPDF adds to PdfDoc for embedding fonts and saving. */
export interface JsPdfDoc extends PdfDoc {
  addFileToVFS(name: string, data: string): unknown;
  addFont(file: string, family: string, style: string): unknown;
  setProperties(props: Record<string, string>): unknown;
  output(type: 'arraybuffer'): ArrayBuffer;
  save(fileName: string): unknown;
}
