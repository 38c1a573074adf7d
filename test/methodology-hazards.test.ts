import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCATION_RISKS } from '../src/server/providers/analyst/analyst.js';

/** The hazard names the methodology page explains, read from its source (web code is not compiled for Node here). */
function pageHazards(): string[] {
  const source = readFileSync(new URL('../src/web/features/marketing/methodology-page.tsx', import.meta.url), 'utf8');
  const list = source.slice(source.indexOf('export const HAZARDS'), source.indexOf('interface Dataset'));
  return [...list.matchAll(/^ {4}name: '([^']+)',$/gm)].map((m) => m[1]!);
}

describe('the methodology page and the analysts', () => {
  it('explains each hazard under a name the analysts give reports (Volcanic Activity is being added)', () => {
    const hazards = pageHazards();
    expect(hazards).toHaveLength(9);
    const known = new Set<string>([...LOCATION_RISKS, 'Volcanic Activity']);
    for (const name of hazards) expect(known, name).toContain(name);
  });

  it('covers every natural-hazard location risk (the two country indicators are explained in its text)', () => {
    const explained = new Set(pageHazards());
    const natural = LOCATION_RISKS.filter((name) => name !== 'Crime / Theft' && name !== 'Political / Economic Stability');
    for (const name of natural) expect(explained, name).toContain(name);
  });
});
