import { createHash } from 'node:crypto';
import type { ListName, SanctionsEntry, SanctionsIdentifier, SanctionsList, SanctionsName } from '../entry.js';
import { countryCode } from './countries.js';
import { XmlRefused, XmlStream } from './xml-stream.js';

/**
 * The three published list formats read as a stream: the file goes through the tokenizer chunk
 * by chunk, and only one entry's elements (a `sanctionEntity`, an `INDIVIDUAL`, a `Designation`)
 * are held as a small tree while that entry is read. A list is returned only when the whole
 * file parsed: any refusal throws `XmlRefused` with the reason the refresh answer shows.
 */

export { XmlRefused };

export interface ParseLimits {
  /** Largest file read, in bytes. */
  maxBytes: number;
  /** Most entries accepted. */
  maxEntries: number;
}

export const defaultParseLimits: ParseLimits = { maxBytes: 200 * 1024 * 1024, maxEntries: 100_000 };

/** One element of an entry, with its children in order and its own text. */
export interface Node {
  name: string;
  attrs: Record<string, string>;
  children: Node[];
  text: string;
}

/** Largest text held for one entry: a real entry is a few KB. */
const MAX_ENTRY_CHARS = 2_000_000;

interface Format {
  list: ListName;
  root: string;
  /** Elements that are one entry each, wherever they sit under the root. */
  records: ReadonlySet<string>;
  /** The generation date from the root's attributes, when the format puts it there. */
  dateFromRoot?(attrs: Record<string, string>): string | null;
  /** A top-level element (not an entry) read whole, for formats that put the date in one. */
  dateFromElement?(node: Node): string | null;
  toEntry(node: Node): Omit<SanctionsEntry, 'list' | 'contentHash'> | null;
}

// ---- helpers over the small tree -------------------------------------------------------------

const children = (n: Node, name: string) => n.children.filter((c) => c.name === name);
const child = (n: Node, name: string) => n.children.find((c) => c.name === name);
const textOf = (n: Node | undefined) => (n ? n.text.replace(/\s+/g, ' ').trim() : '');
/** Every element called `name` below `n`, at any depth. */
function descendants(n: Node, name: string, out: Node[] = []): Node[] {
  for (const c of n.children) {
    if (c.name === name) out.push(c);
    descendants(c, name, out);
  }
  return out;
}
const clean = (s: string | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();
const orNull = (s: string) => (s === '' ? null : s);

/** An ISO timestamp from the list's own date (ISO with or without offset, or dd/mm/yyyy). */
export function isoTimestamp(value: string | null | undefined): string | null {
  const v = clean(value ?? '');
  if (!v) return null;
  const dmy = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(v);
  const d = dmy ? new Date(Date.UTC(+dmy[3]!, +dmy[2]! - 1, +dmy[1]!)) : new Date(v);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** YYYY-MM-DD from an ISO date or dd/mm/yyyy; null when the list gives no full date. */
export function isoDate(value: string | null | undefined): string | null {
  const v = clean(value ?? '');
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(v);
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  const dmy = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(v);
  return dmy ? `${dmy[3]}-${dmy[2]}-${dmy[1]}` : null;
}

function uniqueNames(names: SanctionsName[]): SanctionsName[] {
  const seen = new Map<string, SanctionsName>();
  for (const n of names) {
    const key = `${n.name.toLowerCase()}|${n.language ?? ''}`;
    const had = seen.get(key);
    if (!had) seen.set(key, n);
    else if (n.strong && !had.strong) had.strong = true;
  }
  return [...seen.values()];
}

function countriesOf(values: (string | null | undefined)[]): string[] {
  const out = new Set<string>();
  for (const v of values) {
    const code = countryCode(v);
    if (code) out.add(code);
  }
  return [...out].sort();
}

function identifier(type: string, number: string, country: string | null): SanctionsIdentifier | null {
  const n = clean(number);
  const t = clean(type).toLowerCase();
  return n && t ? { type: t, number: n, country } : null;
}

/** The EU's `countryIso2Code`, without its "00" for unknown. */
const isoCountry = (code: string | undefined) => {
  const c = clean(code).toUpperCase();
  return /^[A-Z]{2}$/.test(c) ? c : null;
};

// ---- EU Financial Sanctions Files (xmlFullSanctionsList_1_1) --------------------------------

const eu: Format = {
  list: 'EU',
  root: 'export',
  records: new Set(['sanctionEntity']),
  dateFromRoot: (a) => isoTimestamp(a['generationDate']),
  toEntry(n) {
    const a = n.attrs;
    const entryId = clean(a['euReferenceNumber']) || clean(a['logicalId']);
    if (!entryId) return null;
    const code = clean(child(n, 'subjectType')?.attrs['code']).toLowerCase();
    const names = children(n, 'nameAlias').flatMap((alias): SanctionsName[] => {
      const x = alias.attrs;
      const name = clean(x['wholeName']) || [x['firstName'], x['middleName'], x['lastName']].map(clean).filter(Boolean).join(' ');
      return name ? [{ name, strong: clean(x['strong']).toLowerCase() === 'true', language: orNull(clean(x['nameLanguage']).toLowerCase()) }] : [];
    });
    const regulations = children(n, 'regulation');
    const identifiers = children(n, 'identification').flatMap((id) => {
      const x = id.attrs;
      const one = identifier(x['identificationTypeCode'] ?? '', x['number'] || x['latinNumber'] || '', isoCountry(x['countryIso2Code']));
      return one ? [one] : [];
    });
    const countryAttrs = [...children(n, 'address'), ...children(n, 'citizenship')].map((c) => isoCountry(c.attrs['countryIso2Code']));
    return {
      entryId,
      subject: code === 'person' ? 'person' : code === 'enterprise' ? 'enterprise' : 'other',
      names: uniqueNames(names),
      programme: orNull(clean(regulations[0]?.attrs['programme'])),
      designationDate:
        isoDate(a['designationDate']) ?? isoDate(regulations[0]?.attrs['entryIntoForceDate']) ?? isoDate(regulations[0]?.attrs['publicationDate']),
      identifiers,
      countries: countriesOf(countryAttrs),
    };
  },
};

// ---- UN Security Council consolidated list ----------------------------------------------------

const un: Format = {
  list: 'UN',
  root: 'CONSOLIDATED_LIST',
  records: new Set(['INDIVIDUAL', 'ENTITY']),
  dateFromRoot: (a) => isoTimestamp(a['dateGenerated']),
  toEntry(n) {
    const entryId = textOf(child(n, 'REFERENCE_NUMBER'));
    if (!entryId) return null;
    const person = n.name === 'INDIVIDUAL';
    const main = ['FIRST_NAME', 'SECOND_NAME', 'THIRD_NAME', 'FOURTH_NAME'].map((f) => textOf(child(n, f))).filter(Boolean).join(' ');
    const names: SanctionsName[] = [];
    if (main) names.push({ name: main, strong: true, language: null });
    const original = textOf(child(n, 'NAME_ORIGINAL_SCRIPT'));
    if (original) names.push({ name: original, strong: true, language: null });
    for (const alias of children(n, person ? 'INDIVIDUAL_ALIAS' : 'ENTITY_ALIAS')) {
      const name = textOf(child(alias, 'ALIAS_NAME'));
      // "Good" aliases (and an entity's a.k.a./f.k.a.) are strong; "Low" ones and those the list leaves unrated are weak.
      const quality = textOf(child(alias, 'QUALITY')).toLowerCase();
      if (name) names.push({ name, strong: quality !== '' && quality !== 'low', language: null });
    }
    const identifiers = children(n, 'INDIVIDUAL_DOCUMENT').flatMap((doc) => {
      const country = countryCode(textOf(child(doc, 'ISSUING_COUNTRY')) || textOf(child(doc, 'COUNTRY_OF_ISSUE')));
      const one = identifier(textOf(child(doc, 'TYPE_OF_DOCUMENT')), textOf(child(doc, 'NUMBER')), country);
      return one ? [one] : [];
    });
    const addresses = children(n, person ? 'INDIVIDUAL_ADDRESS' : 'ENTITY_ADDRESS').map((ad) => textOf(child(ad, 'COUNTRY')));
    const nationality = children(n, 'NATIONALITY').flatMap((x) => children(x, 'VALUE').map(textOf));
    return {
      entryId,
      subject: person ? 'person' : 'enterprise',
      names: uniqueNames(names),
      programme: orNull(textOf(child(n, 'UN_LIST_TYPE'))),
      designationDate: isoDate(textOf(child(n, 'LISTED_ON'))),
      identifiers,
      countries: countriesOf([...addresses, ...nationality]),
    };
  },
};

// ---- UK Sanctions List (FCDO) -------------------------------------------------------------------

/** UK identifier elements, wherever the designation's details put them, and the kind each is. */
const UK_IDENTIFIERS: Record<string, string> = {
  BusinessRegistrationNumber: 'regnumber',
  RegistrationNumber: 'regnumber',
  PassportNumber: 'passport',
  NationalIdentifierNumber: 'id',
  NationalIdNumber: 'id',
  IMONumber: 'imo',
  CurrentOwnerOperatorIMONumber: 'imo',
};

const uk: Format = {
  list: 'UK',
  root: 'Designations',
  records: new Set(['Designation']),
  dateFromElement: (node) => (node.name === 'DateGenerated' ? isoTimestamp(node.text) : null),
  toEntry(n) {
    const entryId = textOf(child(n, 'UniqueID'));
    if (!entryId) return null;
    const kind = textOf(child(n, 'IndividualEntityShip')).toLowerCase();
    const names: SanctionsName[] = [];
    for (const nm of descendants(n, 'Name')) {
      const name = ['Name1', 'Name2', 'Name3', 'Name4', 'Name5', 'Name6'].map((f) => textOf(child(nm, f))).filter(Boolean).join(' ');
      if (!name) continue;
      const type = textOf(child(nm, 'NameType')).toLowerCase();
      const strength = textOf(child(nm, 'AliasStrength')).toLowerCase();
      // Primary names and their variations are the list's own; an alias is strong when the list says so.
      names.push({ name, strong: type.startsWith('primary') || /good|strong|high/.test(strength), language: null });
    }
    for (const nl of descendants(n, 'NonLatinName')) {
      const name = textOf(child(nl, 'NameNonLatinScript'));
      const language = textOf(child(nl, 'NonLatinScriptLanguage'));
      if (name) names.push({ name, strong: true, language: /^[a-z]{2}$/i.test(language) ? language.toLowerCase() : null });
    }
    const identifiers: SanctionsIdentifier[] = [];
    for (const [element, type] of Object.entries(UK_IDENTIFIERS)) {
      for (const found of descendants(n, element)) {
        const one = identifier(type, found.text, null);
        if (one) identifiers.push(one);
      }
    }
    const countries = countriesOf([
      ...descendants(n, 'AddressCountry').map(textOf),
      ...descendants(n, 'Nationality').map(textOf),
      ...descendants(n, 'Citizenship').map(textOf),
    ]);
    return {
      entryId,
      subject: kind === 'individual' ? 'person' : kind === 'entity' ? 'enterprise' : 'other',
      names: uniqueNames(names),
      programme: orNull(textOf(child(n, 'RegimeName'))),
      designationDate: isoDate(textOf(child(n, 'DateDesignated'))),
      identifiers,
      countries,
    };
  },
};

export const formats: Record<ListName, Format> = { EU: eu, UN: un, UK: uk };

/** A stable hash of an entry's content (its fields in a fixed order). */
export function entryHash(e: Omit<SanctionsEntry, 'contentHash'>): string {
  const canonical = JSON.stringify([e.list, e.entryId, e.subject, e.names, e.programme, e.designationDate, e.identifiers, e.countries]);
  return createHash('sha256').update(canonical).digest('hex').slice(0, 16);
}

/**
 * Reads one list from a stream of bytes. Throws XmlRefused (with the reason) for a file that is
 * not the list: HTML, another root, a DOCTYPE or entity, a cut-off file, too large, too many
 * entries, no generation date, or no entry at all.
 */
export async function parseList(list: ListName, source: AsyncIterable<Uint8Array | string>, limits: ParseLimits = defaultParseLimits): Promise<SanctionsList> {
  const format = formats[list];
  const entries: SanctionsEntry[] = [];
  const ids = new Set<string>();
  let generatedAt: string | null = null;
  let depth = 0;
  /** The entry (or top-level element) being read, innermost last. */
  let path: Node[] = [];
  let held = 0;
  let collecting: 'record' | 'top' | null = null;

  const stream = new XmlStream({
    open(name, attrs) {
      depth++;
      if (depth === 1) {
        if (name.toLowerCase() === 'html') throw new XmlRefused('the answer is an HTML page, not the list');
        if (name !== format.root) throw new XmlRefused(`the root element is <${name}>, not <${format.root}>`);
        generatedAt = format.dateFromRoot?.(attrs) ?? null;
        return;
      }
      if (collecting === null) {
        if (format.records.has(name)) collecting = 'record';
        else if (depth === 2 && format.dateFromElement) collecting = 'top';
        else return;
        held = 0;
      }
      const node: Node = { name, attrs, children: [], text: '' };
      path.at(-1)?.children.push(node);
      path.push(node);
    },
    text(t) {
      const top = path.at(-1);
      if (!top) return;
      held += t.length;
      if (held > MAX_ENTRY_CHARS) throw new XmlRefused('one entry is larger than 2,000,000 characters');
      top.text += t;
    },
    close() {
      depth--;
      if (path.length === 0) return;
      const node = path.pop()!;
      if (path.length > 0) return;
      if (collecting === 'top') generatedAt ??= format.dateFromElement?.(node) ?? null;
      else {
        const entry = format.toEntry(node);
        if (entry && !ids.has(entry.entryId)) {
          if (entries.length >= limits.maxEntries) throw new XmlRefused(`more than ${limits.maxEntries} entries`);
          ids.add(entry.entryId);
          const full = { list, ...entry };
          entries.push({ ...full, contentHash: entryHash(full) });
        }
      }
      collecting = null;
      path = [];
    },
  });

  const decoder = new TextDecoder('utf-8', { fatal: true });
  let bytes = 0;
  try {
    for await (const chunk of source) {
      if (typeof chunk === 'string') {
        bytes += Buffer.byteLength(chunk);
        if (bytes > limits.maxBytes) throw new XmlRefused(`the file is larger than ${limits.maxBytes} bytes`);
        stream.write(chunk);
      } else {
        bytes += chunk.byteLength;
        if (bytes > limits.maxBytes) throw new XmlRefused(`the file is larger than ${limits.maxBytes} bytes`);
        stream.write(decoder.decode(chunk, { stream: true }));
      }
    }
    stream.write(decoder.decode());
  } catch (err) {
    if (err instanceof TypeError && (err as { code?: string }).code === "ERR_ENCODING_INVALID_ENCODED_DATA") throw new XmlRefused('the file is not valid UTF-8');
    throw err;
  }
  stream.end();
  if (!generatedAt) throw new XmlRefused('the file gives no generation date');
  if (entries.length === 0) throw new XmlRefused('the file holds no entry');
  entries.sort((a, b) => (a.entryId < b.entryId ? -1 : a.entryId > b.entryId ? 1 : 0));
  return { list, generatedAt, entries };
}
