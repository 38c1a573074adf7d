import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SanctionsEntry } from '../entry.js';
import { buildScreeningIndex, POSSIBLE_MATCH_THRESHOLD, screenSubject } from './index.js';

interface Pair {
  category: string;
  kind: 'enterprise' | 'person';
  same: boolean;
  query: string;
  listed: string;
  language?: string;
}

const { pairs } = JSON.parse(readFileSync(new URL('./corpus/name-pairs.json', import.meta.url), 'utf8')) as { pairs: Pair[] };

const entry = (p: Pair, i: number): SanctionsEntry => ({
  list: 'EU',
  entryId: `C${i}`,
  subject: p.kind,
  names: [{ name: p.listed, strong: true, language: p.language ?? null }],
  programme: 'TEST',
  designationDate: null,
  identifiers: [],
  countries: [],
  contentHash: `h${i}`,
});

describe('name corpus (name-pairs.json)', () => {
  // All listed names in one index, as a real list holds them: each query must find its own entry
  // through the index (recall of the blocking keys included) and never a wrong one above 0.7.
  const index = buildScreeningIndex([{ list: 'EU', generatedAt: '2026-11-01T00:00:00Z', entries: pairs.map(entry) }]);

  it('has at least 60 pairs, true variants and near-misses', () => {
    expect(pairs.length).toBeGreaterThanOrEqual(60);
    expect(pairs.filter((p) => p.same).length).toBeGreaterThanOrEqual(30);
    expect(pairs.filter((p) => !p.same).length).toBeGreaterThanOrEqual(30);
  });

  it('keeps precision and recall at 0.95 or more', () => {
    let truePositives = 0;
    let falseNegatives = 0;
    let falsePositives = 0;
    const lines: string[] = [];
    pairs.forEach((p, i) => {
      const hits = screenSubject(index, { name: p.query, subject: p.kind === 'person' ? 'officer' : 'company', kind: p.kind });
      const own = hits.find((h) => h.entryId === `C${i}`);
      const score = own?.score ?? 0;
      const found = score >= POSSIBLE_MATCH_THRESHOLD;
      if (p.same && found) truePositives++;
      if (p.same && !found) falseNegatives++;
      if (!p.same && found) falsePositives++;
      const wrong = (p.same ? '' : 'FP ') + (p.same && !found ? 'FN ' : '');
      if (wrong.trim() && (found || p.same)) lines.push(`  ${wrong}[${p.category}] '${p.query}' / '${p.listed}': ${score.toFixed(2)} ${own?.reasons.join('; ') ?? ''}`);
    });
    const precision = truePositives / (truePositives + falsePositives);
    const recall = truePositives / (truePositives + falseNegatives);
    console.log(
      `name corpus: ${pairs.length} pairs, precision ${precision.toFixed(3)}, recall ${recall.toFixed(3)} ` +
        `(TP ${truePositives}, FP ${falsePositives}, FN ${falseNegatives})\n${lines.join('\n')}`,
    );
    expect(precision).toBeGreaterThanOrEqual(0.95);
    expect(recall).toBeGreaterThanOrEqual(0.95);
  });
});
