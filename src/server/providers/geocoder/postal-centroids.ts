import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { projectRoot } from '../../lib/paths.js';

/**
 * Postal-code centroids for the EU states from GeoNames' postal-code dump (CC BY 4.0), built by
 * scripts/build-postal-centroids.mjs (data/README.md). The file is read on the first lookup and
 * a state's section parsed on the first lookup in that state. Greece is not in the dump.
 */

export const POSTAL_CENTROIDS_FILE = join(projectRoot, 'src/server/providers/geocoder/data/postal-centroids.txt.br');

/**
 * States whose dump holds only the start of the code: the Dutch 4 digits (not the letters), the
 * Irish Eircode routing key, the Maltese locality letters.
 */
const PREFIX_ONLY: Readonly<Record<string, number>> = { NL: 4, IE: 3, MT: 3 };

let sections: Map<string, string> | undefined;
const parsed = new Map<string, Map<string, { lat: number; lon: number }>>();

function section(iso2: string): Map<string, { lat: number; lon: number }> {
  let codes = parsed.get(iso2);
  if (codes) return codes;
  if (!sections) {
    sections = new Map();
    const text = brotliDecompressSync(readFileSync(POSTAL_CENTROIDS_FILE)).toString('utf8');
    for (const part of text.split('#')) {
      if (part) sections.set(part.slice(0, 2), part.slice(3));
    }
  }
  codes = new Map();
  for (const line of (sections.get(iso2) ?? '').split('\n')) {
    const [key, lat, lon] = line.split(' ');
    if (key && lat && lon) codes.set(key, { lat: Number(lat), lon: Number(lon) });
  }
  parsed.set(iso2, codes);
  return codes;
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
  const hit = codes.get(key);
  if (hit) return hit;
  const prefix = PREFIX_ONLY[iso2];
  return prefix && key.length > prefix ? codes.get(key.slice(0, prefix)) : undefined;
}
