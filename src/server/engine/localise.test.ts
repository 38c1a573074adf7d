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

describe('the register named in an activity evidence', () => {
  it("writes an imported file's date the reader's way, and Latvia's tax data in the language", () => {
    const kbo = { nace_code: '62.01', nace_label: 'Computer programming, consultancy and related activities', inferred_from: 'source' as const, evidence: 'NACE 62.01 from NACE-BEL 2008 code 62010 in the KBO open data of 2026-11-01' };
    expect(localiseActivity(kbo, 'en').evidence).toBe(kbo.evidence);
    expect(localiseActivity(kbo, 'de').evidence).toBe('NACE 62.01 aus NACE-BEL 2008-Code 62010 (KBO open data vom 01.11.2026)');
    const vid = { ...kbo, evidence: 'NACE 36.00 from NACE Rev. 2 code 3600 in the State Revenue Service (VID) tax data for 2023' };
    expect(localiseActivity(vid, 'pl').evidence).toBe('NACE 36.00 na podstawie kodu NACE Rev. 2 3600 (dane podatkowe łotewskiej Państwowej Służby Skarbowej (VID) za 2023)');
  });

  it('reads a NACE Rev. 2.1 code of an imported file back with its date too', () => {
    const ee = { nace_code: '62.01', nace_label: 'x', inferred_from: 'source' as const, evidence: '' };
    const english = 'NACE 62.01 from EMTAK 2025 code 62101 in the e-Business Register open data of 2026-11-01 (NACE Rev. 2.1 class 62.10, read as Rev. 2 class 62.01 by the Eurostat correspondence)';
    const german = localiseActivity({ ...ee, evidence: english }, 'de').evidence;
    expect(german).toContain('e-Business Register open data vom 01.11.2026');
    expect(german).not.toBe(english);
  });
});
