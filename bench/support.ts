import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { projectRoot } from '../src/server/lib/paths.js';

/** Shared by the bench/*.bench.ts scripts: sizes, statistics and a plain table printer. */

export const distWeb = join(projectRoot, 'dist/web');
export const builtServer = join(projectRoot, 'dist/node/server/main.js');

export function requireBuild(): void {
  if (!existsSync(join(distWeb, 'index.html')) || !existsSync(builtServer)) {
    throw new Error('No build found: run `npm run build` (npm run bench builds when needed).');
  }
}

const sizeCache = new Map<string, { raw: number; gzip: number; brotli: number }>();

/** Sizes of a file under dist/web: as stored, gzip -9 (what the server sends as .gz), brotli. */
export function fileSizes(relPath: string): { raw: number; gzip: number; brotli: number } {
  const cached = sizeCache.get(relPath);
  if (cached) return cached;
  const data = readFileSync(join(distWeb, relPath));
  const sizes = { raw: data.length, gzip: gzipSync(data, { level: 9 }).length, brotli: brotliCompressSync(data).length };
  sizeCache.set(relPath, sizes);
  return sizes;
}

export function sumSizes(files: Iterable<string>): { raw: number; gzip: number; brotli: number; count: number } {
  const total = { raw: 0, gzip: 0, brotli: 0, count: 0 };
  for (const f of files) {
    const s = fileSizes(f);
    total.raw += s.raw;
    total.gzip += s.gzip;
    total.brotli += s.brotli;
    total.count++;
  }
  return total;
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const ms = (n: number) => `${Math.round(n)} ms`;

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
}

/** The 95th percentile (nearest rank). */
export const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1] ?? 0;

/** Prints rows as aligned columns; numbers-looking cells are right-aligned. */
export function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const right = (cell: string) => /^[\d.,]+( (KB|ms|s))?$/.test(cell);
  const line = (cells: string[]) =>
    cells.map((c, i) => (right(c) ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0))).join('  ').trimEnd();
  console.log(`  ${line(header)}`);
  console.log(`  ${widths.map((w) => '─'.repeat(w)).join('  ')}`);
  for (const r of rows) console.log(`  ${line(r)}`);
}

export function printFigure(label: string, value: string, target?: string): void {
  console.log(`  ${label.padEnd(48)} ${value.padStart(10)}${target ? `   (target ${target})` : ''}`.trimEnd());
}
