import { crc32, deflateSync } from 'node:zlib';

/**
 * A minimal PNG encoder for an opaque RGBA raster (8 bits per channel, no filtering, zlib
 * level 2): faster than resvg's own encoder for our maps and about as small, since flat map
 * colours compress well without filters.
 */

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** The filtered scanlines of the last size encoded, reused: a map's megabyte is not allocated per map. */
let scratch: Buffer | undefined;

export function encodePng(rgba: Buffer, width: number, height: number): Buffer {
  if (rgba.length !== width * height * 4) throw new RangeError('pixel buffer does not match the size');
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // colour type RGBA
  // compression 0, filter method 0, no interlace: bytes 10–12 stay 0
  const stride = width * 4;
  const size = (stride + 1) * height;
  // Zero-filled once, so every scanline's filter byte stays 0 (none); deflateSync copies its
  // output, so the next map may overwrite it.
  if (scratch?.length !== size) scratch = Buffer.alloc(size);
  const raw = scratch;
  for (let y = 0; y < height; y++) rgba.copy(raw, y * (stride + 1) + 1, y * stride, (y + 1) * stride);
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 2 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
