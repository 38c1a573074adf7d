/**
 * TIFF LZW decoding (TIFF 6.0 section 13): codes packed most-significant bit first, 9 to 12
 * bits wide, 256 = clear, 257 = end of information. The code width grows one code early (when
 * the next free code reaches 511, 1023, 2047), as libtiff writes it.
 */

const CLEAR = 256;
const EOI = 257;
const FIRST = 258;
const MAX_CODES = 4096;

export class LzwError extends Error {}

/** Decodes a TIFF LZW stream to at most `size` bytes (a strip or tile's uncompressed size). */
export function decodeLzw(input: Uint8Array, size: number): Buffer {
  const out = Buffer.alloc(size);
  // the string table as prefix chains: code → (prefix code, last byte, length, first byte)
  const prefix = new Int32Array(MAX_CODES);
  const suffix = new Uint8Array(MAX_CODES);
  const length = new Uint32Array(MAX_CODES);
  const first = new Uint8Array(MAX_CODES);
  for (let c = 0; c < 256; c++) {
    prefix[c] = -1;
    suffix[c] = c;
    length[c] = 1;
    first[c] = c;
  }
  let pos = 0;
  const emit = (code: number) => {
    const n = length[code]!;
    // write the chain backwards; bytes beyond the block's size are dropped
    let at = pos + n - 1;
    for (let c = code; c >= 0; c = prefix[c]!, at--) if (at < size) out[at] = suffix[c]!;
    pos += n;
  };

  const bits = input.length * 8;
  let bit = 0;
  let width = 9;
  let next = FIRST;
  let old = -1;
  while (bit + width <= bits && pos < size) {
    const byte = bit >>> 3;
    const window = (input[byte]! << 16) | ((input[byte + 1] ?? 0) << 8) | (input[byte + 2] ?? 0);
    const code = (window >>> (24 - (bit & 7) - width)) & ((1 << width) - 1);
    bit += width;
    if (code === EOI) break;
    if (code === CLEAR) {
      width = 9;
      next = FIRST;
      old = -1;
      continue;
    }
    if (old === -1) {
      if (code > 255) throw new LzwError(`LZW code ${code} before any string`);
      emit(code);
      old = code;
      continue;
    }
    if (code > next) throw new LzwError(`LZW code ${code} is not in the table`);
    if (next < MAX_CODES) {
      // the new string is the previous one plus the first byte of this one (of itself when code = next)
      prefix[next] = old;
      suffix[next] = code === next ? first[old]! : first[code]!;
      length[next] = length[old]! + 1;
      first[next] = first[old]!;
      next++;
    } else if (code === next) throw new LzwError('LZW table overflow');
    emit(code);
    old = code;
    if (next + 1 >= 1 << width && width < 12) width++;
  }
  return pos >= size ? out : out.subarray(0, pos);
}
