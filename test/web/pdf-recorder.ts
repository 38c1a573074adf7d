import dejaVuSans from '../../src/shared/pdf/fonts/DejaVuSans-subset.ttf?inline';
import dejaVuSansBold from '../../src/shared/pdf/fonts/DejaVuSans-Bold-subset.ttf?inline';
import { jsPDF } from 'jspdf';
import type { PdfDoc } from '../../src/shared/pdf';

/** The PDF tests' tools: real jsPDF with the bundled fonts, and a document that records what is written. */

/** Bytes of base64 text or of a base64 data URL. */
export const bytes = (base64: string) => Uint8Array.from(atob(base64.replace(/^data:[^,]*,/, '')), (c) => c.charCodeAt(0));
export const loadFonts = async () => ({ regular: bytes(dejaVuSans), bold: bytes(dejaVuSansBold) });
export const newDoc = () => new jsPDF({ orientation: 'portrait', unit: 'mm', format: 'a4', compress: true });

export interface TextCall {
  page: number;
  text: string;
  x: number;
  y: number;
  size: number;
  style: string;
  baseline: string;
}

/** Real jsPDF underneath, every text call recorded with its page, font size and style, every image with its place. */
export function recordingDoc(doc: jsPDF = newDoc()) {
  const texts: TextCall[] = [];
  const images: { page: number; y: number; h: number }[] = [];
  let page = 1;
  let size = 16;
  let style = 'normal';
  const proxy: PdfDoc = {
    setFont: (f, s) => {
      style = s ?? 'normal';
      return doc.setFont(f, s);
    },
    setFontSize: (s) => {
      size = s;
      return doc.setFontSize(s);
    },
    setTextColor: (r, g, b) => doc.setTextColor(r, g, b),
    setFillColor: (r, g, b) => doc.setFillColor(r, g, b),
    setDrawColor: (r, g, b) => doc.setDrawColor(r, g, b),
    setLineWidth: (w) => doc.setLineWidth(w),
    text: (text, x, y, options) => {
      for (const [i, line] of (Array.isArray(text) ? text : [text]).entries()) {
        texts.push({ page, text: line, x, y: y + i * size * 0.3528 * 1.15, size, style, baseline: options?.baseline ?? 'alphabetic' });
      }
      return doc.text(text, x, y, options);
    },
    rect: (x, y, w, h, style) => doc.rect(x, y, w, h, style),
    roundedRect: (x, y, w, h, rx, ry, style) => doc.roundedRect(x, y, w, h, rx, ry, style),
    line: (a, b, c, d) => doc.line(a, b, c, d),
    circle: (x, y, r, style) => doc.circle(x, y, r, style),
    splitTextToSize: (t, w) => doc.splitTextToSize(t, w) as string[],
    getTextWidth: (t) => doc.getTextWidth(t),
    addImage: (data, format, x, y, w, h) => {
      images.push({ page, y, h });
      return doc.addImage(data, format, x, y, w, h);
    },
    addPage: () => {
      page = doc.getNumberOfPages() + 1;
      return doc.addPage();
    },
    setPage: (n) => {
      page = n;
      return doc.setPage(n);
    },
    getNumberOfPages: () => doc.getNumberOfPages(),
  };
  return { doc, proxy, texts, images };
}
