import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every message id the web's code names in full (`t('…')`, `<T id="…">`) is in the English
 * catalogues the browser loads: a missing one would show its id on screen, which no type check
 * catches. (The other languages hold the same ids: i18n-catalogues.test.ts.)
 */

const root = join(import.meta.dirname, '..');
const en = (file: string) => JSON.parse(readFileSync(join(root, 'src/locales/en', file), 'utf8')) as Record<string, string>;

// The web's bundles: its own areas, and the server catalogues they take in (scripts/vite-messages.mjs).
const webIds = new Set([
  ...readdirSync(join(root, 'src/locales/en/web'))
    .filter((f) => f.endsWith('.json'))
    .flatMap((f) => Object.keys(en(`web/${f}`))),
  ...['pdf', 'risk-names', 'errors', 'engine-location'].flatMap((name) => Object.keys(en(`${name}.json`))),
]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

const CALLS = [/\bt\(\s*'([a-z][\w-]*(?:\.[\w-]+)+)'/g, /<T\s+id=(?:"|\{')([a-z][\w-]*(?:\.[\w-]+)+)/g];

describe('the web’s message ids', () => {
  it('names only ids the English catalogues hold', () => {
    const missing: string[] = [];
    let named = 0;
    for (const file of sourceFiles(join(root, 'src/web'))) {
      const code = readFileSync(file, 'utf8');
      for (const pattern of CALLS) {
        for (const [, id] of code.matchAll(pattern)) {
          named++;
          if (!webIds.has(id!)) missing.push(`${relative(root, file)}: ${id}`);
        }
      }
    }
    expect(named).toBeGreaterThan(1000);
    expect(missing).toEqual([]);
  });
});
