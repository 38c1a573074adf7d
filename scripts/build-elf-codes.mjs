#!/usr/bin/env node
/**
 * Builds src/server/providers/companies/data/elf-codes.json: the ISO 20275 Entity Legal Form
 * (ELF) codes of the 27 EU member states, each with its legal form's local name(s) and
 * abbreviation, from GLEIF's ELF code list CSV (CC0, www.gleif.org → LEI data → code lists).
 *
 *   node scripts/build-elf-codes.mjs <elf-code-list.csv> <version date YYYY-MM-DD>
 *
 * Keeps every EU row, inactive codes included (an LEI record may still carry one). A code of a
 * state with several official languages has one name per language, in the list's order.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { csvRows } from './build-helpers.mjs';

const EU = ['AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK'];
const [csvFile, version] = process.argv.slice(2);
if (!csvFile || !/^\d{4}-\d{2}-\d{2}$/.test(version ?? '')) {
  console.error('usage: build-elf-codes.mjs <elf-code-list.csv> <version date YYYY-MM-DD>');
  process.exit(1);
}

const [header, ...rows] = csvRows(readFileSync(csvFile, 'utf8').replace(/^\uFEFF/, ''));
const column = (name) => {
  const i = header.findIndex((h) => h.trim() === name);
  if (i < 0) throw new Error(`ELF list: no column "${name}"`);
  return i;
};
const col = {
  code: column('ELF Code'),
  country: column('Country Code (ISO 3166-1)'),
  name: column('Entity Legal Form name Local name'),
  lang: column('Language Code (ISO 639-1)'),
  abbr: column('Abbreviations Local language'),
};

const codes = {};
for (const row of rows) {
  const code = row[col.code]?.trim();
  const country = row[col.country]?.trim();
  const name = row[col.name]?.trim().replace(/\s+/g, ' ');
  if (!code || !name || !EU.includes(country)) continue;
  // Several abbreviations are separated by ';': the first is the usual one.
  const abbr = row[col.abbr]?.split(';')[0]?.trim();
  const entry = (codes[code] ??= { country, names: [] });
  if (entry.country !== country) throw new Error(`ELF list: ${code} in ${entry.country} and ${country}`);
  entry.names.push({ lang: row[col.lang]?.trim() || undefined, name, abbr: abbr && abbr !== name ? abbr : undefined });
}

const sorted = Object.keys(codes).sort();
const states = new Set(sorted.map((c) => codes[c].country));
const missing = EU.filter((cc) => !states.has(cc));
if (missing.length) throw new Error(`ELF list: no codes for ${missing.join(', ')}`);

const out = join(dirname(fileURLToPath(import.meta.url)), '../src/server/providers/companies/data/elf-codes.json');
const lines = sorted.map((c) => `    ${JSON.stringify(c)}: ${JSON.stringify(codes[c])}`);
const head = {
  note: 'ISO 20275 Entity Legal Form codes of the EU member states: GLEIF ELF code list (CC0). Rebuild: scripts/build-elf-codes.mjs; see data/README.md.',
  version,
};
writeFileSync(out, `${JSON.stringify(head, null, 2).slice(0, -2)},\n  "codes": {\n${lines.join(',\n')}\n  }\n}\n`);
console.log(`${out}: ${sorted.length} codes, ${states.size} states`);
