import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The repository reads on its own: no comment or doc points at product documents that live
 * outside it (the spec, architecture, style and security notes the team worked from). A comment
 * states its rule itself, or points to README.md or docs/.
 */

const root = fileURLToPath(new URL('..', import.meta.url));
const self = relative(root, fileURLToPath(import.meta.url)).split(sep).join('/');

const sourceFolders = ['src', 'test', 'e2e', 'bench', 'scripts', 'docs'];
const rootFiles = [
  'eslint.config.js',
  'vite.config.ts',
  'vitest.config.ts',
  'playwright.config.ts',
  'drizzle.config.ts',
  'README.md',
];
const textExtensions = new Set(['.ts', '.tsx', '.js', '.mjs', '.cjs', '.css', '.html', '.md', '.json', '.sql']);

// A plain `../shared` is not in the list: relative imports of src/shared (`../../shared/plans`)
// are code, not citations. The documents themselves are caught by name.
const forbidden: { name: string; pattern: RegExp }[] = [
  { name: 'SPEC.md', pattern: /\bSPEC\.md\b/ },
  { name: 'ARCHITECTURE.md', pattern: /\bARCHITECTURE\.md\b/ },
  { name: 'STYLE.md', pattern: /\bSTYLE\.md\b/ },
  { name: 'SECURITY.md', pattern: /\bSECURITY\.md\b/ },
  { name: 'a SPEC citation', pattern: /\bSPEC\b/ },
  { name: 'a § citation', pattern: /§/ },
  { name: 'a ../shared document', pattern: /\.\.\/shared\/[A-Z][A-Z_-]*\.md\b/ },
  { name: 'the outside shared folder', pattern: /\/work\/shared\b/ },
];

/** Names of the rules `text` breaks, with the line number of each offence. */
function citations(text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, i) => {
    for (const { name, pattern } of forbidden) if (pattern.test(line)) found.push(`${i + 1}: ${name}`);
  });
  return found;
}

function walk(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : walk(path);
    return textExtensions.has(extname(entry.name)) ? [path] : [];
  });
}

const files = [...sourceFolders.flatMap(walk), ...rootFiles.filter((f) => statSync(join(root, f), { throwIfNoEntry: false }))].filter(
  (f) => f !== self,
);

describe('repository hygiene', () => {
  it('scans the whole code base (and not this file)', () => {
    expect(files.length).toBeGreaterThan(200);
    expect(files).toContain('src/shared/scoring.ts');
    expect(files).toContain('eslint.config.js');
    expect(files).toContain('docs/architecture.md');
    expect(files).not.toContain(self);
  });

  it('flags citations of the outside documents, and leaves code alone', () => {
    expect(citations('/** SPEC section 4 "Grades". */')).toEqual(['1: a SPEC citation']);
    expect(citations('ok\n// see ../shared/ARCHITECTURE.md')).toEqual([
      '2: ARCHITECTURE.md',
      '2: a ../shared document',
    ]);
    expect(citations(' * callers decide (STYLE.md §8).')).toEqual(['1: STYLE.md', '1: a § citation']);
    expect(citations('(SECURITY.md 12.6)')).toEqual(['1: SECURITY.md']);
    expect(citations("import { planTiers } from '../../shared/plans';")).toEqual([]);
    expect(citations("const NOT_SPECIFIED = 'Not specified';")).toEqual([]);
    expect(citations('OWASP ASVS 12.6; see docs/security.md and e2e/a11y.spec.ts')).toEqual([]);
  });

  it('has no comment or doc that cites SPEC, ARCHITECTURE, STYLE or SECURITY documents', () => {
    const offences = files.flatMap((file) =>
      citations(readFileSync(join(root, file), 'utf8')).map((hit) => `${file}:${hit}`),
    );
    expect(offences).toEqual([]);
  });
});
