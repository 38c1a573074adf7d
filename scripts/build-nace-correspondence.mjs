#!/usr/bin/env node
/**
 * Builds src/server/engine/data/nace-rev2.1-rev2.json: each NACE Rev. 2.1 class with the NACE
 * Rev. 2 classes the Eurostat correspondence table links it to, from that table as Eurostat
 * publishes it (NACE2.1_NACE2_Table, CSV or tab-separated; columns NACE21_CODE, LEVEL, NACE2_CODE).
 *
 *   node scripts/build-nace-correspondence.mjs <NACE2.1_NACE2_Table.(csv|tsv)>
 *
 * Keeps the class rows (LEVEL 4) only; the Rev. 2 classes of a Rev. 2.1 class are sorted. A class
 * the table links to no Rev. 2 class (46.89, per its conceptual note) gets an empty list.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { csvRows } from './build-helpers.mjs';

const [file] = process.argv.slice(2);
if (!file) {
  console.error('usage: build-nace-correspondence.mjs <NACE2.1_NACE2_Table.(csv|tsv)>');
  process.exit(1);
}

const text = readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
// The tab-separated copy quotes every cell and has no tab, quote or line break inside one.
const rows = text.split(/\r?\n/, 1)[0].includes('\t')
  ? text
      .split(/\r?\n/)
      .filter((line) => line.trim())
      .map((line) => line.split('\t').map((cell) => cell.replace(/^"(.*)"$/, '$1').replace(/""/g, '"')))
  : csvRows(text);
const [header, ...body] = rows;
const column = (name) => {
  const i = header.findIndex((h) => h.trim() === name);
  if (i < 0) throw new Error(`correspondence table: no column "${name}"`);
  return i;
};
const col = { rev21: column('NACE21_CODE'), level: column('LEVEL'), rev2: column('NACE2_CODE') };

const CLASS = /^\d{2}\.\d{2}$/;
const map = {};
for (const row of body) {
  if (row[col.level]?.trim() !== '4') continue;
  const rev21 = row[col.rev21]?.trim();
  const rev2 = row[col.rev2]?.trim();
  if (!CLASS.test(rev21 ?? '') || !(rev2 === '' || CLASS.test(rev2 ?? ''))) throw new Error(`correspondence table: not a class row: ${row.join(' | ')}`);
  const list = (map[rev21] ??= []);
  if (rev2 && !list.includes(rev2)) list.push(rev2);
}
const classes = Object.keys(map).sort();
if (classes.length < 600) throw new Error(`correspondence table: only ${classes.length} NACE Rev. 2.1 classes`);
const out = Object.fromEntries(classes.map((c) => [c, map[c].sort()]));

const target = join(dirname(fileURLToPath(import.meta.url)), '../src/server/engine/data/nace-rev2.1-rev2.json');
writeFileSync(target, `${JSON.stringify(out, null, 0).replace(/\],"/g, '],\n"').replace(/^\{/, '{\n').replace(/\}$/, '\n}')}\n`);
const several = classes.filter((c) => out[c].length > 1).length;
console.log(`${target}: ${classes.length} NACE Rev. 2.1 classes, ${several} linked to several Rev. 2 classes`);
