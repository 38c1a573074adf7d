import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * No import cycles among the files of src/: every relative import (type-only ones too, static,
 * dynamic and re-exports, as TypeScript's own pre-processor reads them) is an arrow, and the
 * graph must have no strongly connected part of two files or more. A cycle is a floor that
 * imports one above it somewhere along the loop: break it by moving the shared piece down.
 */

const root = resolve(new URL('..', import.meta.url).pathname);
const srcDir = join(root, 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'migrations' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The file an import specifier names: `./x.js` is `./x.ts` or `./x.tsx`, a folder its index. */
function resolveImport(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  const stem = base.replace(/\.(js|jsx|mjs)$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? null;
}

type Graph = Map<string, string[]>;

function importGraph(files: string[]): Graph {
  const graph: Graph = new Map();
  for (const file of files) {
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = info.importedFiles
      .map((f) => f.fileName)
      .filter((name) => name.startsWith('.'))
      .map((name) => resolveImport(file, name))
      .filter((t): t is string => t !== null);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The strongly connected parts of two files or more, and the files that import themselves (Tarjan). */
export function cyclesOf(graph: Graph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];

  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const part: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      part.push(w);
    } while (w !== v);
    if (part.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(part.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return cycles;
}

describe('import cycles', () => {
  it('finds a loop, however long, and only loops', () => {
    const graph: Graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['e']],
      ['f', ['d']],
    ]);
    expect(cyclesOf(graph)).toEqual([['a', 'b', 'c'], ['e']]);
    expect(cyclesOf(new Map([['a', ['b']], ['b', []]]))).toEqual([]);
  });

  it('reads type-only, re-exported and dynamic imports as arrows', () => {
    const info = ts.preProcessFile(
      "import type { A } from './a.js';\nexport * from './b.js';\nconst c = () => import('./c.js');\nimport {\n  d,\n} from './d.js';\n",
      true,
      true,
    );
    expect(info.importedFiles.map((f) => f.fileName)).toEqual(['./a.js', './b.js', './c.js', './d.js']);
  });

  it('src/ has none', () => {
    const graph = importGraph(sourceFiles(srcDir));
    expect(graph.size).toBeGreaterThan(300);
    // Each file's imports resolve: a file the graph cannot place would hide its arrows.
    expect([...graph.values()].flat().length).toBeGreaterThan(1000);
    const cycles = cyclesOf(graph).map((part) => part.map((f) => relative(root, f)));
    expect(cycles).toEqual([]);
  });
});
