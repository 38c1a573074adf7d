import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { projectRoot } from '../../lib/paths.js';

/**
 * Postal-code centroids for the EU states from GeoNames' postal-code dump (CC BY 4.0), built by
 * scripts/build-postal-centroids.mjs (data/README.md). The file is read on the first lookup; a
 * state's lines are sorted by code, so a lookup is a binary search over them (a Map of Portugal's
 * 200,000 codes cost a second to build, on a request).
 * Greece is not in the dump.
 */

export const POSTAL_CENTROIDS_FILE = join(projectRoot, 'src/server/providers/geocoder/data/postal-centroids.txt.br');

/**
 * States whose dump holds only the start of the code: the Dutch 4 digits (not the letters), the
 * Irish Eircode routing key, the Maltese locality letters.
 */
const PREFIX_ONLY: Readonly<Record<string, number>> = { NL: 4, IE: 3, MT: 3 };

/** A state's `code lat lon` lines, sorted by code, and where each line starts. */
interface Section {
  text: string;
  starts: Uint32Array;
}

let sections: Map<string, string> | undefined;
const indexed = new Map<string, Section>();

function section(iso2: string): Section {
  let s = indexed.get(iso2);
  if (s) return s;
  if (!sections) {
    sections = new Map();
    const text = brotliDecompressSync(readFileSync(POSTAL_CENTROIDS_FILE)).toString('utf8');
    for (const part of text.split('#')) {
      if (part) sections.set(part.slice(0, 2), part.slice(3));
    }
  }
  const text = sections.get(iso2) ?? '';
  const starts: number[] = [];
  for (let at = 0; at < text.length; at = text.indexOf('\n', at) + 1 || text.length) {
    if (text.charCodeAt(at) !== 10) starts.push(at);
  }
  s = { text, starts: Uint32Array.from(starts) };
  indexed.set(iso2, s);
  return s;
}

/** The centroid on the line whose code is `key` (codes compare as the build script sorted them). */
function lookup({ text, starts }: Section, key: string): { lat: number; lon: number } | undefined {
  let lo = 0;
  let hi = starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const start = starts[mid]!;
    const code = text.slice(start, text.indexOf(' ', start));
    if (code === key) {
      const end = text.indexOf('\n', start);
      const [, lat, lon] = text.slice(start, end < 0 ? text.length : end).split(' ');
      return lat && lon ? { lat: Number(lat), lon: Number(lon) } : undefined;
    }
    if (code < key) lo = mid + 1;
    else hi = mid;
  }
  return undefined;
}

/** The lookup key: letters and digits only, a state prefix dropped ('LV-1230' → '1230', '110 00' → '11000'). */
export function postalKey(postalCode: string): string {
  return postalCode.toUpperCase().replace(/^(LV|LT|L)-/, '').replace(/[^0-9A-Z]/g, '');
}

/** The centroid of the places GeoNames lists under this postal code, if it knows the code. */
export function postalCentroid(iso2: string, postalCode: string): { lat: number; lon: number } | undefined {
  const codes = section(iso2);
  let key = postalKey(postalCode);
  if (!key) return undefined;
  // a Dublin postal district is the Eircode routing key D01 … D24, D6W
  const dublin = iso2 === 'IE' ? /^DUBLIN(\d{1,2}W?)$/.exec(key) : null;
  if (dublin) key = `D${dublin[1]!.padStart(2, '0')}`;
  const hit = lookup(codes, key);
  if (hit) return hit;
  const prefix = PREFIX_ONLY[iso2];
  return prefix && key.length > prefix ? lookup(codes, key.slice(0, prefix)) : undefined;
}
