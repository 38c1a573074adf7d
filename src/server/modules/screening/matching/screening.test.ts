import { describe, expect, it } from 'vitest';
import type { SanctionsEntry, SanctionsList } from '../entry.js';
import { buildScreeningIndex, screenSubject, screeningStatus, type ScreeningHit } from './index.js';

let n = 0;
const entry = (over: Partial<SanctionsEntry> & { name?: string }): SanctionsEntry => {
  const { name, ...rest } = over;
  n++;
  return {
    list: 'EU',
    entryId: `EU.${n}`,
    subject: 'enterprise',
    names: [{ name: name ?? `Entry ${n}`, strong: true, language: null }],
    programme: 'RUS',
    designationDate: '2022-03-15',
    identifiers: [],
    countries: [],
    contentHash: `hash${n}`,
    ...rest,
  };
};
const list = (entries: SanctionsEntry[], name: SanctionsList['list'] = 'EU'): SanctionsList => ({
  list: name,
  generatedAt: '2026-11-20T08:00:00Z',
  entries: entries.map((e) => ({ ...e, list: name })),
});

const rosneftegaz = entry({
  entryId: 'EU.7001.12',
  name: 'ООО Роснефтегаз Трейдинг',
  countries: ['RU'],
  identifiers: [{ type: 'regnumber', number: '1027700070518', country: 'RU' }],
});
const italian = entry({
  entryId: 'EU.8800.1',
  name: 'Nomi Diversi Uno S.r.l.',
  countries: ['IT'],
  identifiers: [
    { type: 'fiscalcode', number: '01234567890', country: 'IT' },
    { type: 'lei', number: '5493001KJTIIGC8Y1R12', country: null },
  ],
});
const french = entry({
  entryId: 'EU.8800.2',
  name: 'Autre Nom SAS',
  countries: ['FR'],
  identifiers: [{ type: 'regnumber', number: '552 100 554', country: null }],
});
const vatPrefixed = entry({
  entryId: 'EU.8800.3',
  name: 'Greek Shipping Entry',
  countries: ['GR'],
  identifiers: [{ type: 'vat', number: 'EL094019245', country: 'GR' }],
});
const person = entry({ entryId: 'EU.9000.1', subject: 'person', name: 'Ivan Ivanovich Petrov', countries: ['RU'] });
const personAsCompany = entry({ entryId: 'EU.9000.2', subject: 'enterprise', name: 'Ivan Petrov' });
const weak = entry({
  entryId: 'UN.QDe.1',
  names: [
    { name: 'Al-Furqan Foundation for Relief', strong: true, language: null },
    { name: 'Velmont', strong: false, language: null },
  ],
});
const chinese = entry({ entryId: 'UK.CHN.1', name: '北京华夏科技有限公司', countries: ['CN'] });
const georgian = entry({ entryId: 'UK.GEO.1', name: 'საქართველოს ბანკი' });
const symbols = entry({ entryId: 'UK.SYM.1', name: '★☆★' });
const greek = entry({ entryId: 'EU.GR.1', name: 'Παπαδόπουλος Ναυτιλιακή ΑΕ' });

const index = buildScreeningIndex([
  list([rosneftegaz, italian, french, vatPrefixed, person, personAsCompany, greek]),
  list([weak], 'UN'),
  list([chinese, georgian, symbols], 'UK'),
]);

const company = (name: string, more: Partial<Parameters<typeof screenSubject>[1]> = {}) =>
  screenSubject(index, { name, subject: 'company', kind: 'enterprise', ...more });

describe('buildScreeningIndex', () => {
  it('records each list with its generation date and size', () => {
    expect(index.lists).toEqual([
      { list: 'EU', generatedAt: '2026-11-20T08:00:00Z', entries: 7 },
      { list: 'UN', generatedAt: '2026-11-20T08:00:00Z', entries: 1 },
      { list: 'UK', generatedAt: '2026-11-20T08:00:00Z', entries: 3 },
    ]);
  });
});

describe('identifiers come first', () => {
  it('matches a national ID of the same state at 1 whatever the names say, and names the identifier', () => {
    const hits = company('Completely Different Name SpA', { country: 'IT', identifiers: { nationalId: '01234567890' } });
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({ list: 'EU', entryId: 'EU.8800.1', score: 1, listedName: 'Nomi Diversi Uno S.r.l.' });
    expect(hits[0]!.reasons[0]).toBe('identifier: fiscalcode 01234567890 (IT) = national ID of the screened company');
  });

  it('matches a VAT number with or without its country prefix', () => {
    for (const vatNumber of ['IT01234567890', 'it 012 345 678 90', '01234567890']) {
      const hits = company('Other', { country: 'IT', identifiers: { vatNumber } });
      expect(hits.map((h) => [h.entryId, h.score])).toEqual([['EU.8800.1', 1]]);
      expect(hits[0]!.reasons[0]).toContain('= VAT number');
    }
    // the list files the number with its prefix (Greece writes EL)
    expect(company('Other', { country: 'GR', identifiers: { vatNumber: '094019245' } })[0]?.entryId).toBe('EU.8800.3');
  });

  it('names a national ID that is also the VAT number once', () => {
    const hits = company('Other', { country: 'IT', identifiers: { nationalId: '01234567890', vatNumber: 'IT01234567890' } });
    expect(hits.map((h) => h.reasons.filter((r) => r.startsWith('identifier:')))).toEqual([
      ['identifier: fiscalcode 01234567890 (IT) = national ID and VAT number of the screened company'],
    ]);
  });

  it('matches a LEI in any state, and reads a French VAT number as its SIREN', () => {
    expect(company('Other', { identifiers: { lei: '5493001kjtiigc8y1r12' } })[0]?.reasons[0]).toBe(
      'identifier: lei 5493001KJTIIGC8Y1R12 = LEI of the screened company',
    );
    // the identifier has no state, the entry's address is in France
    const fr = company('Other', { country: 'FR', identifiers: { vatNumber: 'FR40552100554' } });
    expect(fr.map((h) => h.entryId)).toEqual(['EU.8800.2']);
    expect(fr[0]!.reasons[0]).toContain('VAT number (SIREN)');
  });

  it('ignores the same number issued by another state, or with no state to compare', () => {
    expect(company('Other', { country: 'ES', identifiers: { nationalId: '01234567890' } })).toEqual([]);
    expect(company('Other', { identifiers: { nationalId: '01234567890' } })).toEqual([]);
    expect(company('Other', { country: 'DE', identifiers: { nationalId: '552100554' } })).toEqual([]);
  });

  it('adds the name evidence to an identifier hit rather than a second hit', () => {
    const hits = company('Rosneftegaz Trading LLC', { country: 'RU', identifiers: { nationalId: '1027700070518' } });
    expect(hits).toHaveLength(1);
    expect(hits[0]!.score).toBe(1);
    expect(hits[0]!.reasons[0]).toMatch(/^identifier: regnumber 1027700070518 \(RU\)/);
    expect(hits[0]!.reasons.some((r) => r.startsWith("name: 'rosneftegaz trading' ≈ 'rosneftegaz treiding'"))).toBe(true);
  });
});

describe('names', () => {
  it('finds the Cyrillic entry from the Latin name with readable reasons', () => {
    const [hit] = company('Rosneftegaz Trading LLC');
    expect(hit).toMatchObject({
      list: 'EU',
      entryId: 'EU.7001.12',
      listedName: 'ООО Роснефтегаз Трейдинг',
      matchedName: 'Rosneftegaz Trading LLC',
      subject: 'company',
      programme: 'RUS',
      designationDate: '2022-03-15',
      contentHash: rosneftegaz.contentHash,
    });
    expect(hit!.score).toBeGreaterThanOrEqual(0.9);
    expect(hit!.reasons).toContain("name: 'rosneftegaz trading' ≈ 'rosneftegaz treiding' (0.95)");
    expect(hit!.reasons).toContain('legal form ignored: LLC/ООО');
  });

  it('never reports a name that shares only a legal form or a common word', () => {
    expect(company('Orion Trading LLC')).toEqual([]);
    expect(company('ООО Ромашка')).toEqual([]);
  });

  it('matches persons against person entries only, and companies against the rest', () => {
    const officer = screenSubject(index, { name: 'Petrov Ivan', subject: 'officer', kind: 'person' });
    expect(officer.map((h) => h.entryId)).toEqual(['EU.9000.1']);
    expect(company('Ivan Petrov').map((h) => h.entryId)).toEqual(['EU.9000.2']);
  });

  it('relieves one extra middle name only when the shorter name is wholly contained', () => {
    const idx = buildScreeningIndex([
      list([
        entry({ entryId: 'K1', subject: 'person', name: 'KIM JUNG JONG' }),
        entry({ entryId: 'K2', subject: 'person', name: 'Oleg Vladimirovich Deripaska' }),
        entry({ entryId: 'K3', subject: 'person', name: 'Hamza Usama Muhammad bin Laden' }),
      ]),
    ]);
    const screen = (name: string) => screenSubject(idx, { name, subject: 'officer', kind: 'person' });
    expect(screen('Kim Jong Un')).toEqual([]);
    expect(screen('Oleg Deripaska')[0]!.score).toBeGreaterThanOrEqual(0.9);
    const two = screen('Usama bin Laden')[0]!;
    expect(two.score).toBeGreaterThanOrEqual(0.7);
    expect(two.score).toBeLessThan(0.9);
  });

  it('matches each of several names a list writes in one field, and a name without its bracketed acronym', () => {
    const idx = buildScreeningIndex([
      list([entry({ entryId: 'CD.1', name: 'COMPAGNIE AERIENNE DES GRANDS LACS (CAGL) ; GREAT LAKES BUSINESS COMPANY (GLBC)' })]),
    ]);
    const [hit] = screenSubject(idx, { name: 'Great Lakes Business Company', subject: 'company', kind: 'enterprise' });
    expect(hit).toMatchObject({ entryId: 'CD.1', score: 1, listedName: 'GREAT LAKES BUSINESS COMPANY' });
    expect(screenSubject(idx, { name: 'GLBC', subject: 'company', kind: 'enterprise' })[0]?.entryId).toBe('CD.1');
  });

  it('weighs a weak alias down and says so', () => {
    const [hit] = company('Velmont');
    expect(hit).toMatchObject({ list: 'UN', entryId: 'UN.QDe.1', listedName: 'Velmont', score: 0.85 });
    expect(hit!.reasons).toContain('weak alias on the list (×0.85)');
  });

  it('sorts hits best first and drops those under 0.7', () => {
    const idx = buildScreeningIndex([
      list([
        entry({ entryId: 'A', name: 'Marlowe Atlantic Bunkering' }),
        entry({ entryId: 'B', name: 'Marlowe Atlantic Bunkering Services Limited' }),
        entry({ entryId: 'C', name: 'Marlowe Atlantik' }),
        entry({ entryId: 'D', name: 'Marlowe' }),
      ]),
    ]);
    const hits = screenSubject(idx, { name: 'Marlowe Atlantic Bunkering', subject: 'company', kind: 'enterprise' });
    expect(hits.map((h) => h.entryId)).toEqual(['A', 'B', 'C']);
    expect(hits.map((h) => h.score)).toEqual([...hits.map((h) => h.score)].sort((a, b) => b - a));
    expect(hits.every((h) => h.score >= 0.7)).toBe(true);
  });
});

describe('countries', () => {
  it('lowers a company hit by 0.2 when the entry knows other countries only, and says which', () => {
    const plain = company('Rosneftegaz Trading')[0]!;
    const it_ = company('Rosneftegaz Trading', { country: 'IT' })[0]!;
    expect(it_.score).toBeCloseTo(plain.score - 0.2, 5);
    expect(it_.reasons).toContain('country differs: entry RU, company IT (−0.2)');
  });

  it('lowers a person hit by 0.1 only, and leaves agreeing or unknown countries alone', () => {
    const q = { name: 'Ivan Petrov', subject: 'officer', kind: 'person' } as const;
    const plain = screenSubject(index, q)[0]!;
    const cz = screenSubject(index, { ...q, country: 'CZ' })[0]!;
    expect(cz.score).toBeCloseTo(plain.score - 0.1, 5);
    expect(cz.reasons).toContain('country differs: entry RU, officer CZ (−0.1)');
    const ru = screenSubject(index, { ...q, country: 'ru' })[0]!;
    expect(ru.score).toBe(plain.score);
    expect(ru.reasons).toContain('country agrees: RU');
    // the entry gives no country: nothing to contradict
    expect(company('Ivan Petrov', { country: 'CZ' })[0]!.score).toBe(company('Ivan Petrov')[0]!.score);
  });

  it('drops a hit the country penalty takes under 0.7', () => {
    expect(company('Rosneftegaz', { country: 'IT' })).toEqual([]);
    expect(company('Rosneftegaz')[0]?.entryId).toBe('EU.7001.12');
  });
});

describe('scripts', () => {
  it('compares names in scripts without a rule as they are', () => {
    expect(company('北京华夏科技有限公司')[0]).toMatchObject({ entryId: 'UK.CHN.1', score: 1 });
    expect(company('საქართველოს ბანკი')[0]).toMatchObject({ entryId: 'UK.GEO.1', score: 1 });
    expect(company('北京华夏')).toEqual([]);
  });

  it('compares a name made of symbols rather than dropping it', () => {
    expect(company('★☆★')[0]).toMatchObject({ entryId: 'UK.SYM.1', score: 1 });
    expect(company('★★★').find((h) => h.entryId === 'UK.SYM.1')).toBeUndefined();
  });

  it('transliterates Greek on both sides', () => {
    expect(company('Papadopoulos Naftiliaki AE')[0]?.entryId).toBe('EU.GR.1');
    expect(company('ΠΑΠΑΔΟΠΟΥΛΟΣ ΝΑΥΤΙΛΙΑΚΗ Α.Ε.')[0]).toMatchObject({ entryId: 'EU.GR.1', score: 1 });
  });
});

describe('input', () => {
  it('refuses a malformed query', () => {
    expect(() => company('')).toThrow();
    expect(() => company('X', { country: 'ITA' })).toThrow();
    expect(() => screenSubject(index, { name: 'X', subject: 'director' as 'officer', kind: 'person' })).toThrow();
  });
});

describe('owner hits and screeningStatus', () => {
  it('says an owner is listed under the EU ownership and control rule', () => {
    const [hit] = screenSubject(index, { name: 'Ivan Petrov', subject: 'owner', kind: 'person' });
    expect(hit!.subject).toBe('owner');
    expect(hit!.reasons.at(-1)).toBe('owner Ivan Petrov is listed (EU ownership and control rule)');
  });

  const h = (subject: ScreeningHit['subject'], score: number) => ({ subject, score });
  it('is clear without hits', () => {
    expect(screeningStatus([])).toBe('clear');
  });
  it('is a match for a company hit at 0.9 or more (identifiers score 1)', () => {
    expect(screeningStatus([h('company', 0.9)])).toBe('match');
    expect(screeningStatus([h('officer', 0.75), h('company', 1)])).toBe('match');
  });
  it('is a possible match for a company hit under 0.9', () => {
    expect(screeningStatus([h('company', 0.89)])).toBe('possible_match');
  });
  it('makes the company at least a possible match for an officer hit, even a certain one', () => {
    expect(screeningStatus([h('officer', 0.72)])).toBe('possible_match');
    expect(screeningStatus([h('officer', 1)])).toBe('possible_match');
  });
  it('marks an owner hit as a possible match', () => {
    expect(screeningStatus([h('owner', 0.95)])).toBe('possible_match');
  });
});
