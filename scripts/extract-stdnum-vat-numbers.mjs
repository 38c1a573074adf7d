#!/usr/bin/env node
/**
 * Collects the EU VAT numbers in python-stdnum's test files and docstrings, with python-stdnum's
 * verdict on each, into test/fixtures/stdnum-vat/numbers.json (see the README beside it).
 *
 *   node scripts/extract-stdnum-vat-numbers.mjs <python-stdnum checkout> <commit> <version>
 *
 * Read: tests/test_eu_vat.doctest (numbers by prefix), tests/test_<cc>_<module>.doctest of each
 * state's VAT module, and the doctests in stdnum/<cc>/<module>.py.
 */
import { readFileSync, existsSync, writeFileSync, mkdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const [root, commit = '', version = ''] = process.argv.slice(2);
if (!root) {
  console.error('usage: extract-stdnum-vat-numbers.mjs <python-stdnum checkout> [commit] [version]');
  process.exit(1);
}

// the module eu.vat uses for each state (stdnum/<cc>/__init__.py: `from … import x as vat`)
const MODULES = {
  AT: 'at/uid', BE: 'be/vat', BG: 'bg/vat', CY: 'cy/vat', CZ: 'cz/dic', DE: 'de/vat', DK: 'dk/cvr', EE: 'ee/kmkr',
  ES: 'es/nif', FI: 'fi/alv', FR: 'fr/tva', GR: 'gr/vat', HR: 'hr/oib', HU: 'hu/anum', IE: 'ie/vat', IT: 'it/iva',
  LT: 'lt/pvm', LU: 'lu/tva', LV: 'lv/pvn', MT: 'mt/vat', NL: 'nl/btw', PL: 'pl/nip', PT: 'pt/nif', RO: 'ro/cf',
  SE: 'se/vat', SI: 'si/ddv', SK: 'sk/dph',
};
const PREFIX = { EL: 'GR' };

/** [number, valid, file] from the doctest lines of one file; country(n) picks the state or null. */
function doctests(file, country) {
  const text = readFileSync(join(root, file), 'utf8').split('\n');
  const out = [];
  const add = (raw, valid) => {
    const cc = country(raw);
    if (cc) out.push({ country: cc, number: raw, valid, source: file });
  };
  for (let i = 0; i < text.length; i++) {
    const line = text[i].trim();
    // a list of numbers, judged by the comprehension after it
    if (/^>>> numbers = '''$/.test(line)) {
      const list = [];
      for (i++; i < text.length && !/^\.\.\. '''$/.test(text[i].trim()); i++) {
        const n = text[i].trim().replace(/^\.\.\.\s?/, '').trim();
        if (n) list.push(n);
      }
      const test = text[i + 1]?.trim() ?? '';
      const valid = /if x and not \w+\.is_valid\(x\)/.test(test) ? true : /if x and (not caught\(x|\w+\.is_valid\(x\))/.test(test) ? false : undefined;
      if (valid === undefined) throw new Error(`${file}:${i + 2}: unknown list test: ${test}`);
      for (const n of list) add(n, valid);
      continue;
    }
    const call = /^>>> (?:(?:vat|nif|tva|uid|dic|cvr|kmkr|alv|oib|anum|iva|pvm|pvn|btw|nip|cf|ddv|dph)\.)?(validate|is_valid|check)\('([^']*)'\)/.exec(line);
    if (!call) continue;
    const result = text[i + 1]?.trim() ?? '';
    let valid;
    if (call[1] === 'check') valid = /'nif'/.test(result);
    else if (result.startsWith('Traceback') || result === 'False') valid = false;
    else if (result === 'True' || result.startsWith("'")) valid = true;
    else throw new Error(`${file}:${i + 1}: unknown result: ${result}`);
    add(call[2], valid);
  }
  return out;
}

const byPrefix = (raw) => {
  const p = raw.replace(/^\s+/, '').slice(0, 2).toUpperCase();
  const cc = PREFIX[p] ?? p;
  return cc in MODULES ? cc : null;
};

const all = [...doctests('tests/test_eu_vat.doctest', byPrefix)];
for (const [cc, mod] of Object.entries(MODULES)) {
  const own = () => cc;
  const test = `tests/test_${mod.replace('/', '_')}.doctest`;
  if (existsSync(join(root, test))) all.push(...doctests(test, own));
  all.push(...doctests(`stdnum/${mod}.py`, own));
}

const countries = {};
for (const cc of Object.keys(MODULES).sort()) countries[cc] = { valid: [], invalid: [] };
const seen = new Set();
for (const e of all) {
  const key = `${e.country}|${e.number}`;
  if (seen.has(key)) continue;
  seen.add(key);
  countries[e.country][e.valid ? 'valid' : 'invalid'].push(e.number);
}
const out = {
  source: 'python-stdnum (https://github.com/arthurdejong/python-stdnum)',
  version,
  commit,
  licence: 'python-stdnum is LGPL-2.1-or-later; these are the numbers and verdicts of its tests (facts)',
  files: [...new Set(all.map((e) => e.source))].sort(),
  countries,
};
const target = join(dirname(fileURLToPath(import.meta.url)), '../test/fixtures/stdnum-vat/numbers.json');
mkdirSync(dirname(target), { recursive: true });
writeFileSync(target, JSON.stringify(out, null, 1) + '\n');
console.log(Object.entries(countries).map(([cc, v]) => `${cc} ${v.valid.length}/${v.invalid.length}`).join(', '));
