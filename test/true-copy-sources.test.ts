import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../src/server/lib/paths.js';

/** The rendered pages are checked in src/web/true-copy.test.tsx; this catches the same words in any other text. */
describe('true copy in the sources', () => {
  it('no source file of the web app or shared code says "AI-powered" or "not part of any plan"', () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (/\.(tsx?|html)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
          if (/AI[- ]powered|not part of any plan/i.test(readFileSync(path, 'utf8'))) offenders.push(path);
        }
      }
    };
    walk(join(projectRoot, 'src/web'));
    walk(join(projectRoot, 'src/shared'));
    expect(offenders).toEqual([]);
  });
});
