#!/usr/bin/env node
/**
 * Builds src/server/providers/geocoder/data/postal-centroids.txt.br: one centroid per postal code
 * for the EU member states, from the GeoNames postal-code dump (CC BY 4.0) as the per-country
 * CSVs (<CC>.zip holding zipcodes.<cc>.csv) of a postal-codes-json-xml-csv archive.
 *
 *   node scripts/build-postal-centroids.mjs <directory with AT.zip, BE.zip, …> [version note]
 *
 * Needs `unzip` or python3 to read the zip files. A code's centroid is the mean of the places
 * GeoNames lists under it, rounded to 0.001° (about 100 m). Output format, after Brotli:
 *   #CC            a state's section (ISO 3166 alpha-2)
 *   KEY LAT LON    the code as letters and digits only ('LV-1001' → 1001, '100 00' → 10000)
 */
import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import { csvRows } from './build-helpers.mjs';

const EU = ['AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK'];
const [dir] = process.argv.slice(2);
if (!dir) {
  console.error('usage: build-postal-centroids.mjs <directory of <CC>.zip files>');
  process.exit(1);
}

/** The postal-code key the geocoder looks up (postal-centroids.ts does the same). */
const key = (code) => code.toUpperCase().replace(/^(LV|LT|L)-/, '').replace(/[^0-9A-Z]/g, '');

function readCsv(zip, cc) {
  const name = `zipcodes.${cc.toLowerCase()}.csv`;
  try {
    return execFileSync('unzip', ['-p', zip, name], { encoding: 'utf8', maxBuffer: 1 << 28 });
  } catch {
    const py = `import zipfile,sys; sys.stdout.write(zipfile.ZipFile(sys.argv[1]).read(sys.argv[2]).decode('utf-8'))`;
    return execFileSync('python3', ['-c', py, zip, name], { encoding: 'utf8', maxBuffer: 1 << 28 });
  }
}

let text = '';
const counts = [];
for (const cc of EU) {
  const zip = join(dir, `${cc}.zip`);
  if (!existsSync(zip)) {
    counts.push(`${cc} -`);
    continue;
  }
  const [head = [], ...rows] = csvRows(readCsv(zip, cc));
  const [iCode, iLat, iLon] = ['zipcode', 'latitude', 'longitude'].map((h) => head.indexOf(h));
  const sums = new Map();
  for (const f of rows) {
    const code = f[iCode] ?? '';
    // business-only codes (FR '75700 CEDEX') are not where sites are
    if (/CEDEX/i.test(code)) continue;
    const lat = Number(f[iLat]);
    const lon = Number(f[iLon]);
    if (!code || !Number.isFinite(lat) || !Number.isFinite(lon) || (lat === 0 && lon === 0)) continue;
    const k = key(code);
    const s = sums.get(k) ?? [0, 0, 0];
    s[0] += lat;
    s[1] += lon;
    s[2] += 1;
    sums.set(k, s);
  }
  text += `#${cc}\n`;
  for (const k of [...sums.keys()].sort()) {
    const [la, lo, n] = sums.get(k);
    text += `${k} ${+(la / n).toFixed(3)} ${+(lo / n).toFixed(3)}\n`;
  }
  counts.push(`${cc} ${sums.size}`);
}
const out = join(dirname(fileURLToPath(import.meta.url)), '../src/server/providers/geocoder/data/postal-centroids.txt.br');
const br = brotliCompressSync(Buffer.from(text), { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_LGWIN]: 24 } });
writeFileSync(out, br);
console.log(`${counts.join(', ')}\n${text.length} bytes, ${br.length} compressed → ${out}`);
