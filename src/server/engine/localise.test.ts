import { describe, expect, it } from 'vitest';
import { inferActivityFromName, resolveActivity } from './activity.js';
import { localiseActivity } from './localise.js';

/** A company's activity line in the reader's language: what the engine wrote, not what a register wrote. */
describe('localiseActivity', () => {
  it('writes an activity inferred from the name with its division name and evidence in the language', () => {
    const activity = inferActivityFromName('Banco Exemplo SA')!;
    expect(localiseActivity(activity, 'en')).toEqual(activity);
    const german = localiseActivity(activity, 'de');
    expect(german.nace_code).toBe(activity.nace_code);
    expect(german.nace_label).not.toBe(activity.nace_label);
    expect(german.evidence).toMatch(/^Firmenname enthält „Banco“/);
  });

  it('says "not determined" in the language', () => {
    const none = resolveActivity('Xyzzy Holdings');
    expect(none.inferred_from).toBe('none');
    expect(localiseActivity(none, 'fr').nace_label).toBe('Activité non déterminée');
    expect(localiseActivity(none, 'pl').nace_label).toBe('Działalność nieustalona');
  });

  it("keeps a register's own words for its activity, and names a code it gave without words by its division", () => {
    const czech = { nace_code: '62.01', nace_label: 'Programování', inferred_from: 'source' as const, evidence: 'NACE 62.01 from CZ-NACE code 62010 in the ARES register' };
    expect(localiseActivity(czech, 'de').nace_label).toBe('Programování');
    const bare = { ...czech, nace_label: 'Computer programming, consultancy and related activities' };
    expect(localiseActivity(bare, 'de').nace_label).toBe('IT-Dienstleistungen und Softwareentwicklung');
  });
});
