/** Images as the layouts take them: bytes with their format and pixel size. */

export interface PdfImage {
  data: Uint8Array;
  format: 'PNG' | 'JPEG';
  width: number;
  height: number;
}

/** Width and height of a PNG (from its IHDR chunk) or JPEG (from its SOF marker); null when unknown. */
export function imageSize(data: Uint8Array): { format: 'PNG' | 'JPEG'; width: number; height: number } | null {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  if (data.length >= 24 && data[0] === 0x89 && data[1] === 0x50 && data[2] === 0x4e && data[3] === 0x47) {
    return { format: 'PNG', width: view.getUint32(16), height: view.getUint32(20) };
  }
  if (data.length >= 4 && data[0] === 0xff && data[1] === 0xd8) {
    let i = 2;
    while (i + 9 < data.length) {
      if (data[i] !== 0xff) return null;
      const marker = data[i + 1]!;
      const length = view.getUint16(i + 2);
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { format: 'JPEG', height: view.getUint16(i + 5), width: view.getUint16(i + 7) };
      }
      i += 2 + length;
    }
  }
  return null;
}

/** An image as the layouts take it; null when there is none or it is not a PNG or JPEG. */
export function pdfImage(data: Uint8Array | null): PdfImage | null {
  if (!data) return null;
  const size = imageSize(data);
  return size ? { data, ...size } : null;
}
