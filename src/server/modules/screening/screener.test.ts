import { describe, expect, it } from 'vitest';
import type { SanctionsEntry } from './entry.js';
import type { CurrentList } from './lists.service.js';
import { Screener, statusOf } from './screener.js';

/** The screener over lists held in memory: the company, its officers and owners, and what a stale list may say. */

const entry = (over: Partial<SanctionsEntry> & Pick<SanctionsEntry, 'entryId' | 'names'>): SanctionsEntry => ({
  list: 'EU',
  subject: 'enterprise',
  programme: 'RUS',
  designationDate: '2022-03-15',
  identifiers: [],
  countries: [],
  contentHash: `hash-${over.entryId}`,
  ...over,
});

const ENTRIES: SanctionsEntry[] = [
  entry({ entryId: 'EU.1.1', subject: 'person', names: [{ name: 'Ivan Petrovich SIDOROV', strong: true, language: null }], countries: ['RU'] }),
  entry({ entryId: 'EU.2.2', names: [{ name: 'ООО Роснефтегаз Трейдинг', strong: true, language: 'RU' }], countries: ['RU'] }),
];

function screener(lists: Partial<CurrentList>[] = [{}]): Screener {
  const current: CurrentList[] = lists.map((l) => ({ list: 'EU', generatedAt: '2026-11-20T00:00:00Z', entries: ENTRIES, fetchedAt: null, stale: false, ...l }));
  return new Screener({ lists: { load: async () => {}, getCurrent: () => current }, log: { warn() {} }, now: () => new Date('2026-11-27T10:00:00Z') });
}

const company = {
  name: 'Acme Logistics s.r.o.',
  fiscal_number: 'CZ12345678',
  country: 'Czechia',
  officers: [] as { name: string; role: string | null; kind: 'person' | 'enterprise' }[],
  owners: [] as { name: string; role: string | null; kind: 'person' | 'enterprise' }[],
};

describe('Screener', () => {
  it('a company on no list, against current lists, is clear', async () => {
    const s = await screener().screenCompany(company);
    expect(s).toEqual({ status: 'clear', screened_at: '2026-11-27T10:00:00.000Z', lists: [{ list: 'EU', generated_at: '2026-11-20T00:00:00Z', stale: false }], hits: [] });
  });

  it('a listed officer makes the company a possible match; a listed owner says the ownership and control rule', async () => {
    const officer = await screener().screenCompany({ ...company, officers: [{ name: 'SIDOROV Ivan', role: 'jednatel', kind: 'person' }] });
    expect(officer.status).toBe('possible_match');
    expect(officer.hits[0]).toMatchObject({ entry_id: 'EU.1.1', subject: 'officer', matched_name: 'SIDOROV Ivan', content_hash: 'hash-EU.1.1' });

    const owner = await screener().screenCompany({ ...company, owners: [{ name: 'Rosneftegaz Trading LLC', role: '100 %', kind: 'enterprise' }] });
    expect(owner.status).toBe('possible_match');
    expect(owner.hits[0]!.subject).toBe('owner');
    expect(owner.hits[0]!.reasons.join(' | ')).toMatch(/owner Rosneftegaz Trading LLC is listed \(EU ownership and control rule\)/);
  });

  it('a stale, empty or missing list never gives "clear"; hits still count', async () => {
    const stale = await screener([{ stale: true }]).screenCompany(company);
    expect(stale.status).toBe('not_screened');
    expect(stale.lists).toEqual([{ list: 'EU', generated_at: '2026-11-20T00:00:00Z', stale: true }]);
    expect((await screener([]).screenCompany(company)).status).toBe('not_screened');
    const hit = await screener([{ stale: true }]).screenCompany({ ...company, name: 'Rosneftegaz Trading LLC', country: 'Czechia' });
    expect(hit.status).not.toBe('clear');
    expect(hit.hits).toHaveLength(1);
  });

  it('screens a name alone, with its country and fiscal number', async () => {
    const s = await screener().screenName({ name: 'Роснефтегаз Трейдинг', countryIso2: 'RU' });
    expect(s.hits[0]).toMatchObject({ entry_id: 'EU.2.2', subject: 'company' });
  });
});

describe('statusOf', () => {
  const lists = [{ list: 'EU' as const, generated_at: '2026-11-20', stale: false }];
  it('false positives count for nothing, a confirmed hit is a match', () => {
    expect(statusOf([{ subject: 'company', score: 0.95 }], lists)).toBe('match');
    expect(statusOf([{ subject: 'company', score: 0.95, decision: { decision: 'false_positive' } }], lists)).toBe('clear');
    expect(statusOf([{ subject: 'officer', score: 0.75, decision: { decision: 'confirmed' } }], lists)).toBe('match');
    expect(statusOf([{ subject: 'company', score: 0.75 }], lists)).toBe('possible_match');
  });
});
