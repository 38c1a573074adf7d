import { createReadStream, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createGunzip } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { ListName } from '../entry.js';
import { defaultParseLimits, parseList, XmlRefused } from './parse.js';

const fixtures = join(import.meta.dirname, 'fixtures');
const fixture = (name: string) => readFileSync(join(fixtures, name));

/** The bytes in chunks of `size`, as a download delivers them (chunk edges fall anywhere, even inside a character). */
async function* chunks(bytes: Buffer, size: number): AsyncIterable<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

const parse = (list: ListName, text: string | Buffer, limits = defaultParseLimits) =>
  parseList(list, chunks(Buffer.isBuffer(text) ? text : Buffer.from(text), 4096), limits);

describe('EU Financial Sanctions Files (xmlFullSanctionsList_1_1)', () => {
  it('reads each sanctionEntity: reference, subject, names with language and strength, programme, dates, identifiers, countries', async () => {
    const eu = await parse('EU', fixture('eu-fsf.xml'));
    expect(eu.list).toBe('EU');
    expect(eu.generatedAt).toBe('2026-08-05T14:47:04.449Z');
    expect(eu.entries.map((e) => e.entryId)).toEqual(['EU.3092.36', 'EU.3579.2', 'EU.3953.70', 'EU.502.12']);

    const parchin = eu.entries.find((e) => e.entryId === 'EU.3953.70')!;
    expect(parchin.subject).toBe('enterprise');
    expect(parchin.programme).toBe('IRN');
    expect(parchin.designationDate).toBe('2008-06-23');
    expect(parchin.names).toContainEqual({ name: 'Parchin Chemical Industries (PCI)', strong: true, language: 'en' });
    expect(parchin.names).toContainEqual({ name: 'صنایع شیمیایی پارچین', strong: true, language: 'fa' });
    // Two spaces in the published name are one.
    expect(parchin.names).toContainEqual({ name: 'Tionscail Ceimiceán Parchin', strong: true, language: 'ga' });

    const asiri = eu.entries.find((e) => e.entryId === 'EU.3092.36')!;
    expect(asiri.subject).toBe('person');
    expect(asiri.identifiers).toEqual([
      { type: 'id', number: '1028745097', country: 'SA' },
      { type: 'passport', number: 'F654645', country: 'SA' },
    ]);
    expect(asiri.countries).toEqual(['SA', 'YE']);

    // No designationDate attribute: the regulation's entry into force; "00" (unknown) is no country.
    const first = eu.entries.find((e) => e.entryId === 'EU.3579.2')!;
    expect(first.designationDate).toBe('2025-02-01');
    expect(first.identifiers).toEqual([{ type: 'passport', number: '488555', country: null }]);
    expect(first.names).toHaveLength(7);
    for (const e of eu.entries) expect(e.contentHash).toMatch(/^[0-9a-f]{16}$/);
  });
});

describe('UN Security Council consolidated list', () => {
  it('reads INDIVIDUALS and ENTITIES: reference number, names and aliases by quality, original script, list type, nationality', async () => {
    const un = await parse('UN', fixture('un-consolidated.xml'));
    expect(un.generatedAt).toBe('2025-04-19T23:00:04.625Z');
    expect(un.entries).toHaveLength(32);
    expect(un.entries.filter((e) => e.subject === 'person')).toHaveLength(20);
    expect(un.entries.filter((e) => e.subject === 'enterprise')).toHaveLength(12);

    const anwari = un.entries.find((e) => e.entryId === 'TAi.005')!;
    expect(anwari.names[0]).toEqual({ name: 'MUHAMMAD TAHER ANWARI', strong: true, language: null });
    expect(anwari.names).toContainEqual({ name: 'محمد طاهر أنوري', strong: true, language: null });
    expect(anwari.programme).toBe('Taliban');
    expect(anwari.countries).toEqual(['AF']);
    expect(anwari.designationDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const asc = un.entries.find((e) => e.entryId === 'QDe.069')!;
    expect(asc.subject).toBe('enterprise');
    expect(asc.names[0]).toEqual({ name: 'AFGHAN SUPPORT COMMITTEE (ASC)', strong: true, language: null });
    expect(asc.names).toContainEqual({ name: 'Jamiat Ihya ul Turath al Islamia', strong: true, language: null });
    expect(asc.countries).toEqual(['AF', 'PK']);
    expect(asc.designationDate).toBe('2002-01-11');
    // A "Low" alias is weak.
    const low = un.entries.flatMap((e) => e.names).filter((n) => !n.strong);
    expect(low.length).toBeGreaterThan(0);
  });

  it('reads the whole bundled snapshot', async () => {
    const file = join(import.meta.dirname, 'data', 'UN.xml.gz');
    const un = await parseList('UN', createReadStream(file).pipe(createGunzip()));
    expect(un.generatedAt).toBe('2025-04-19T23:00:04.625Z');
    expect(un.entries.length).toBeGreaterThan(850);
    expect(new Set(un.entries.map((e) => e.entryId)).size).toBe(un.entries.length);
  });
});

describe('UK Sanctions List (FCDO)', () => {
  it('reads each Designation: unique ID, individual/entity/ship, name parts, alias strength, regime, identifiers, countries', async () => {
    const uk = await parse('UK', fixture('uk-sanctions-list.xml'));
    expect(uk.generatedAt).toBe('2026-09-10T00:00:00.000Z');
    expect(uk.entries.map((e) => e.entryId)).toEqual(['AFG0001', 'AFG0006', 'AQD0195', 'BEL0107', 'DPR0075']);

    const bnk = uk.entries.find((e) => e.entryId === 'BEL0107')!;
    expect(bnk.subject).toBe('enterprise');
    expect(bnk.names).toEqual([
      { name: 'BNK (UK) Ltd', strong: true, language: null },
      { name: 'BNK UK Limited', strong: true, language: null },
      { name: 'BNK', strong: false, language: null },
    ]);
    expect(bnk.identifiers).toEqual([{ type: 'regnumber', number: 'UK Company no. 06527449', country: null }]);
    expect(bnk.countries).toEqual(['GB']);
    expect(bnk.designationDate).toBe('2021-06-21');
    expect(bnk.programme).toBe('The Republic of Belarus (Sanctions) (EU Exit) Regulations 2019');

    const akhund = uk.entries.find((e) => e.entryId === 'AFG0006')!;
    expect(akhund.subject).toBe('person');
    expect(akhund.names.map((n) => n.name)).toEqual(['MOHAMMAD HASSAN AKHUND', 'Mohammad Akhwand', 'محمد حسن آخوند']);
    expect(akhund.identifiers).toEqual([
      { type: 'passport', number: 'P04581926', country: null },
      { type: 'id', number: '2132370', country: null },
    ]);
    expect(akhund.countries).toEqual(['AF']);

    const ship = uk.entries.find((e) => e.entryId === 'DPR0075')!;
    expect(ship.subject).toBe('other');
    expect(ship.identifiers).toEqual([{ type: 'imo', number: 'IMO9562233', country: null }]);
  });
});

describe('streaming', () => {
  it('gives the same list whatever the chunk edges (one byte at a time, or across multi-byte characters)', async () => {
    const bytes = fixture('uk-sanctions-list.xml');
    const whole = await parseList('UK', chunks(bytes, bytes.length));
    const bytewise = await parseList('UK', chunks(bytes, 1));
    const odd = await parseList('UK', chunks(bytes, 7));
    expect(bytewise).toEqual(whole);
    expect(odd).toEqual(whole);
  });

  it('gives each entry a content hash that changes with its content only', async () => {
    const text = fixture('eu-fsf.xml').toString('utf8');
    const before = await parse('EU', text);
    const after = await parse('EU', text.replace('wholeName="Haji Ahmad Jan"', 'wholeName="Haji Ahmad Jaan"'));
    const hash = (l: typeof before, id: string) => l.entries.find((e) => e.entryId === id)!.contentHash;
    expect(hash(after, 'EU.502.12')).not.toBe(hash(before, 'EU.502.12'));
    expect(hash(after, 'EU.3953.70')).toBe(hash(before, 'EU.3953.70'));
  });
});

describe('refused files', () => {
  const refused = async (list: ListName, text: string | Buffer, reason: RegExp, limits = defaultParseLimits) => {
    const err = await parse(list, text, limits).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(XmlRefused);
    expect((err as Error).message).toMatch(reason);
  };

  it('refuses a DOCTYPE (billion laughs) before expanding anything', async () => {
    const laughs = `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
]>
<export generationDate="2026-08-05T16:47:04+02:00"><sanctionEntity euReferenceNumber="EU.1"><nameAlias wholeName="&lol3;"/></sanctionEntity></export>`;
    await refused('EU', laughs, /DOCTYPE/);
  });

  it('refuses an entity declaration and an undeclared entity reference', async () => {
    await refused('EU', '<!ENTITY x SYSTEM "file:///etc/passwd"><export/>', /entity/);
    await refused('EU', '<export generationDate="2026-08-05"><sanctionEntity euReferenceNumber="&x;"/></export>', /undeclared entity/);
  });

  it('refuses an HTML page, another root, and a file that is not XML', async () => {
    await refused('UN', '<!doctype html><html><body>Service unavailable</body></html>', /DOCTYPE/);
    await refused('UN', '<html><head><title>Maintenance</title></head><body></body></html>', /HTML page/);
    await refused('UN', fixture('eu-fsf.xml'), /root element is <export>, not <CONSOLIDATED_LIST>/);
    await refused('UK', '{"error":"not found"}', /not XML/);
  });

  it('refuses a truncated file', async () => {
    const text = fixture('un-consolidated.xml').toString('utf8');
    await refused('UN', text.slice(0, Math.floor(text.length / 2)), /truncated/);
    await refused('UN', text.slice(0, text.lastIndexOf('</CONSOLIDATED_LIST>')), /truncated/);
  });

  it('refuses a file over the size cap, over the entry cap, without a generation date, or without entries', async () => {
    await refused('UK', fixture('uk-sanctions-list.xml'), /larger than 5000 bytes/, { maxBytes: 5000, maxEntries: 100 });
    await refused('UK', fixture('uk-sanctions-list.xml'), /more than 3 entries/, { maxBytes: 1_000_000, maxEntries: 3 });
    await refused('UK', fixture('uk-sanctions-list.xml').toString('utf8').replace(/<DateGenerated>.*<\/DateGenerated>/, ''), /no generation date/);
    await refused('EU', '<export generationDate="2026-08-05T16:47:04+02:00"></export>', /no entry/);
  });

  it('refuses bytes that are not UTF-8', async () => {
    await refused('UK', Buffer.concat([Buffer.from('<Designations><DateGenerated>10/09/2026</DateGenerated><Designation><UniqueID>A'), Buffer.from([0xe9, 0x41]), Buffer.from('</UniqueID></Designation></Designations>')]), /not valid UTF-8/);
  });
});
