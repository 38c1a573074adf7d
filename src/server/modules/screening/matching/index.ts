import { z } from 'zod';
import { countryByIso2, normalizeFiscalNumber } from '../../../../shared/countries.js';
import type { ListName, SanctionsEntry, SanctionsIdentifier, SanctionsList } from '../entry.js';
import { explainNames, prepareName, scoreNames, type PreparedName, type PreparedToken } from './compare.js';
import { phoneticForm, skeleton } from './similarity.js';

/** A hit at or above this is a `match`; an identifier is always one. */
export const MATCH_THRESHOLD = 0.9;
/** Hits below this are not reported. */
export const POSSIBLE_MATCH_THRESHOLD = 0.7;
/** A weak alias (EU not strong, UN quality Low) is a lead, not a finding. */
const WEAK_ALIAS_FACTOR = 0.85;
/** Country facts that contradict: a company's country is a firmer fact than a person's. */
const COUNTRY_PENALTY = { enterprise: 0.2, person: 0.1 } as const;

export const screeningQuerySchema = z.object({
  name: z.string().trim().min(1).max(1000),
  subject: z.enum(['company', 'officer', 'owner']),
  kind: z.enum(['enterprise', 'person']),
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .transform((c) => (c.toUpperCase() === 'EL' ? 'GR' : c.toUpperCase()))
    .optional(),
  identifiers: z
    .object({
      nationalId: z.string().max(64).optional(),
      vatNumber: z.string().max(64).optional(),
      lei: z.string().max(64).optional(),
    })
    .optional(),
});
export type ScreeningQuery = z.input<typeof screeningQuerySchema>;

export interface ScreeningHit {
  list: ListName;
  entryId: string;
  /** The list's name (the alias as written) that matched best. */
  listedName: string;
  /** The screened name, as given. */
  matchedName: string;
  subject: 'company' | 'officer' | 'owner';
  /** 0-1, two decimals. */
  score: number;
  programme: string | null;
  designationDate: string | null;
  reasons: string[];
  /** The entry's content hash: a decision on this hit reopens when it changes. */
  contentHash: string;
}

export type ScreeningStatus = 'clear' | 'possible_match' | 'match';

interface IndexedName {
  entry: number;
  name: PreparedName;
  strong: boolean;
}

interface IndexedIdentifier {
  entry: number;
  identifier: SanctionsIdentifier;
}

export interface ScreeningIndex {
  readonly lists: readonly { list: ListName; generatedAt: string; entries: number }[];
  readonly entries: readonly SanctionsEntry[];
  readonly names: readonly IndexedName[];
  /** Name blocking keys → indices in `names`. */
  readonly byKey: ReadonlyMap<string, readonly number[]>;
  /** Bare identifier (upper case, letters and digits only) → entries carrying it. */
  readonly byIdentifier: ReadonlyMap<string, readonly IndexedIdentifier[]>;
}

/** Identifier kinds that name a company in its state's register or tax roll. */
const COMPANY_ID_TYPES = /^(regnumber|fiscalcode|vat|vatnumber|tax|taxid|taxnumber|registration|registrationnumber|companynumber|ogrn|inn|lei)$/;
const MIN_IDENTIFIER_LENGTH = 5;
/** A name key filed under more names than this share of the index (or this many) is too common to look up. */
const COMMON_KEY_SHARE = 0.002;
const COMMON_KEY_MIN = 100;
const bare = (s: string) => s.toUpperCase().replace(/[^\p{L}\p{N}]/gu, '');

/**
 * Keys a word is filed under: the first and last four letters of its transliteration-tolerant form
 * (or all of a short one), and its consonant skeleton when that is long enough to be selective
 * ('mohammed' and 'muhamad' share only 'mhmd').
 */
function tokenKeys(phonetic: string, sk: string): string[] {
  const keys = phonetic.length > 4 ? [`p:${phonetic.slice(0, 4)}`, `s:${phonetic.slice(-4)}`] : [`w:${phonetic}`];
  if (sk.length >= 4) keys.push(`k:${sk}`);
  return keys;
}

/** The words that file a name: its own words (not initials), or all words when it has none. */
function keyTokens(name: PreparedName): PreparedToken[] {
  const own = name.core.filter((t) => t.kind === 'name' && t.text.length > 1);
  return own.length ? own : name.core;
}

/** Keys of a word of several (a joined name, an acronym) as the index files a one-word name. */
const keysOfText = (text: string) => {
  const phonetic = phoneticForm(text);
  return tokenKeys(phonetic, skeleton(phonetic));
};

/**
 * A listed name and the names it holds: lists put several in one field ('CAGL ; GREAT LAKES
 * BUSINESS COMPANY (GLBC)') and acronyms in brackets; each part is matched on its own too.
 */
function nameVariants(name: string): string[] {
  const parts = name.split(';').map((p) => p.trim()).filter(Boolean);
  const variants = new Set([name, ...(parts.length > 1 ? parts : [])]);
  for (const p of [...variants]) {
    const bare = p.replace(/\s*\([^()]*\)\s*/g, ' ').trim();
    if (bare && bare !== p) variants.add(bare);
  }
  return [...variants];
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

interface IndexState {
  entries: SanctionsEntry[];
  names: IndexedName[];
  byKey: Map<string, number[]>;
  byIdentifier: Map<string, IndexedIdentifier[]>;
}

function addEntry(state: IndexState, entry: SanctionsEntry): void {
  const { entries, names, byKey, byIdentifier } = state;
  const e = entries.push(entry) - 1;
  const seen = new Set<string>();
  for (const n of entry.names) {
    for (const variant of nameVariants(n.name)) {
      if (!variant.trim() || seen.has(variant)) continue;
      seen.add(variant);
      const prepared = prepareName(variant, entry.subject, n.language);
      const at = names.push({ entry: e, name: prepared, strong: n.strong }) - 1;
      const keys = new Set(keyTokens(prepared).flatMap((t) => tokenKeys(t.phonetic, t.skeleton)));
      // 'Sber Bank' is found by 'Sberbank' too
      if (prepared.core.length >= 2) for (const key of keysOfText(prepared.joined)) keys.add(key);
      if (!prepared.person) for (const acronym of prepared.acronyms) keys.add(`a:${acronym}`);
      for (const key of keys) push(byKey, key, at);
    }
  }
  for (const identifier of entry.identifiers) {
    if (!COMPANY_ID_TYPES.test(identifier.type.toLowerCase())) continue;
    const number = bare(identifier.number);
    if (number.length < MIN_IDENTIFIER_LENGTH) continue;
    push(byIdentifier, number, { entry: e, identifier });
    // a VAT number filed with its prefix ('IT01234567890') is also found by its national part
    const prefix = identifier.country && countryByIso2(identifier.country)?.vatPrefix;
    if (prefix && number.startsWith(prefix) && number.length - 2 >= MIN_IDENTIFIER_LENGTH) {
      push(byIdentifier, number.slice(prefix.length), { entry: e, identifier });
    }
  }
}

const emptyState = (): IndexState => ({ entries: [], names: [], byKey: new Map(), byIdentifier: new Map() });
const indexOf = (lists: SanctionsList[], state: IndexState): ScreeningIndex => ({
  lists: lists.map((l) => ({ list: l.list, generatedAt: l.generatedAt, entries: l.entries.length })),
  ...state,
});

/** The in-memory index of the lists: built once per list version, then only read. */
export function buildScreeningIndex(lists: SanctionsList[]): ScreeningIndex {
  const state = emptyState();
  for (const list of lists) for (const entry of list.entries) addEntry(state, entry);
  return indexOf(lists, state);
}

/**
 * The same index built in slices of `sliceMs`, yielding to the event loop between them: the full
 * lists take seconds of CPU, and requests keep being answered meanwhile.
 */
export async function buildScreeningIndexInSlices(lists: SanctionsList[], sliceMs = 15): Promise<ScreeningIndex> {
  const state = emptyState();
  let sliceStart = performance.now();
  for (const list of lists) {
    for (const entry of list.entries) {
      addEntry(state, entry);
      if (performance.now() - sliceStart > sliceMs) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        sliceStart = performance.now();
      }
    }
  }
  return indexOf(lists, state);
}

/** The query's identifiers as the values to look up, each with how a reason names it. */
function queryIdentifiers(q: z.output<typeof screeningQuerySchema>): { value: string; label: string; lei: boolean }[] {
  const out: { value: string; label: string; lei: boolean }[] = [];
  const ids = q.identifiers ?? {};
  const country = q.country ? countryByIso2(q.country) : undefined;
  if (ids.lei) out.push({ value: bare(ids.lei), label: 'LEI', lei: true });
  if (!q.country) return out;
  if (ids.nationalId) out.push({ value: bare(ids.nationalId), label: 'national ID', lei: false });
  if (ids.vatNumber) {
    let national = bare(ids.vatNumber);
    if (country) national = bare(normalizeFiscalNumber(ids.vatNumber, country));
    else if (national.startsWith(q.country)) national = national.slice(2);
    // most states' VAT number is the national ID with a prefix: one number, one reason
    const same = out.find((x) => !x.lei && x.value === national);
    if (same) same.label = `${same.label} and VAT number`;
    else out.push({ value: national, label: 'VAT number', lei: false });
    // a French VAT number is its key and the SIREN, which the lists file as the registration number
    if (q.country === 'FR' && /^[0-9A-Z]{2}\d{9}$/.test(national)) {
      out.push({ value: national.slice(2), label: 'VAT number (SIREN)', lei: false });
    }
  }
  return out.filter((x) => x.value.length >= MIN_IDENTIFIER_LENGTH);
}

/**
 * The listed names worth scoring: those filed under the keys of enough of the query's own words
 * (two of two, half of more: a name sharing one word of several cannot reach 0.7), or found as a
 * whole (the query written as one word, or as an acronym). A key shared by more than one name in
 * fifty ('s:enko', 'w:ivan') is skipped while the word has a rarer one; a word with none counts
 * for nothing, and the other words must find the name.
 */
function candidateNames(index: ScreeningIndex, name: PreparedName, kind: 'enterprise' | 'person'): Set<number> {
  const limit = Math.max(COMMON_KEY_MIN, index.names.length * COMMON_KEY_SHARE);
  const postings = (keys: string[]) =>
    keys.map((key) => index.byKey.get(key) ?? []).filter((list) => list.length <= limit);
  const words = keyTokens(name)
    .slice(0, 30)
    .map((t) => ({ t, lists: postings(tokenKeys(t.phonetic, t.skeleton)) }));
  let selective = words.filter((w) => w.lists.length);
  // only common words ('Ivan Ivanov' in a list of Ivans): take them all rather than find nothing
  if (!selective.length) {
    selective = words.map((w) => ({ t: w.t, lists: tokenKeys(w.t.phonetic, w.t.skeleton).map((k) => index.byKey.get(k) ?? []) }));
  }
  const own = selective.filter((w) => w.t.kind === 'name').length;
  const needed = own >= 2 ? Math.max(2, Math.ceil(own / 2)) : 1;
  const seen = new Map<number, number>(); // listed name → one bit per query word that found it
  selective.forEach(({ lists }, bit) => {
    for (const list of lists) for (const at of list) seen.set(at, (seen.get(at) ?? 0) | (1 << bit));
  });
  const found = new Set<number>();
  for (const [at, bits] of seen) if (needed === 1 || popcount(bits) >= needed) found.add(at);

  const wholeKeys: string[] = [];
  if (name.core.length >= 2) wholeKeys.push(...keysOfText(name.joined));
  if (kind === 'enterprise') {
    if (name.core.length === 1) wholeKeys.push(`a:${name.core[0]!.text}`);
    for (const acronym of name.acronyms) wholeKeys.push(...keysOfText(acronym));
  }
  for (const list of postings(wholeKeys)) for (const at of list) found.add(at);
  return found;
}

function popcount(n: number): number {
  let count = 0;
  for (let x = n; x; x &= x - 1) count++;
  return count;
}

const kindAccepts = (kind: 'enterprise' | 'person', entry: SanctionsEntry) =>
  kind === 'person' ? entry.subject === 'person' : entry.subject !== 'person';
const round2 = (n: number) => Math.round(n * 100) / 100;
const normCountry = (c: string) => (c.toUpperCase() === 'EL' ? 'GR' : c.toUpperCase());

/**
 * Screens one name (and the company's identifiers) against the index. Hits at or above 0.7,
 * best first, at most one per entry.
 */
export function screenSubject(index: ScreeningIndex, query: ScreeningQuery): ScreeningHit[] {
  const q = screeningQuerySchema.parse(query);
  const found = new Map<number, { score: number; reasons: string[]; listedName: string; identifier: boolean }>();

  for (const id of queryIdentifiers(q)) {
    for (const { entry: e, identifier } of index.byIdentifier.get(id.value) ?? []) {
      const entry = index.entries[e]!;
      if (!kindAccepts(q.kind, entry)) continue;
      const type = identifier.type.toLowerCase();
      if (id.lei !== (type === 'lei')) continue;
      const issuer = identifier.country ? normCountry(identifier.country) : null;
      const sameState = id.lei || issuer === q.country || (issuer === null && entry.countries.map(normCountry).includes(q.country!));
      if (!sameState) continue;
      const reason = `identifier: ${type} ${identifier.number}${issuer ? ` (${issuer})` : ''} = ${id.label} of the screened ${q.subject}`;
      const prior = found.get(e);
      if (prior) prior.reasons.push(reason);
      else found.set(e, { score: 1, reasons: [reason], listedName: entry.names[0]?.name ?? '', identifier: true });
    }
  }

  const name = prepareName(q.name, q.kind);
  const best = new Map<number, { score: number; reasons: string[]; listedName: string }>();
  for (const at of candidateNames(index, name, q.kind)) {
    const listed = index.names[at]!;
    const entry = index.entries[listed.entry]!;
    if (!kindAccepts(q.kind, entry)) continue;
    const alignment = scoreNames(name, listed.name);
    const score = alignment.score * (listed.strong ? 1 : WEAK_ALIAS_FACTOR);
    // no country fact raises a score: what stays under the threshold here is never a hit
    if (round2(score) < POSSIBLE_MATCH_THRESHOLD) continue;
    const prior = best.get(listed.entry);
    if (prior && score <= prior.score) continue;
    const reasons = explainNames(name, listed.name, alignment);
    if (!listed.strong) reasons.push(`weak alias on the list (×${WEAK_ALIAS_FACTOR})`);
    best.set(listed.entry, { score, reasons, listedName: listed.name.original });
  }

  for (const [e, hit] of best) {
    const entry = index.entries[e]!;
    let score = hit.score;
    if (q.country && entry.countries.length) {
      const countries = [...new Set(entry.countries.map(normCountry))];
      if (countries.includes(q.country)) {
        hit.reasons.push(`country agrees: ${q.country}`);
      } else {
        const penalty = COUNTRY_PENALTY[q.kind];
        score -= penalty;
        hit.reasons.push(`country differs: entry ${countries.join(', ')}, ${q.subject} ${q.country} (−${penalty})`);
      }
    }
    if (round2(score) < POSSIBLE_MATCH_THRESHOLD) continue;
    const prior = found.get(e);
    if (prior) prior.reasons.push(...hit.reasons);
    else found.set(e, { score, reasons: hit.reasons, listedName: hit.listedName, identifier: false });
  }

  const hits: (ScreeningHit & { identifier: boolean })[] = [];
  for (const [e, hit] of found) {
    const entry = index.entries[e]!;
    const reasons = [...hit.reasons];
    if (q.subject === 'owner') reasons.push(`owner ${q.name} is listed (EU ownership and control rule)`);
    hits.push({
      list: entry.list,
      entryId: entry.entryId,
      listedName: hit.listedName,
      matchedName: q.name,
      subject: q.subject,
      score: round2(Math.min(1, hit.score)),
      programme: entry.programme,
      designationDate: entry.designationDate,
      reasons,
      contentHash: entry.contentHash,
      identifier: hit.identifier,
    });
  }
  hits.sort(
    (a, b) =>
      b.score - a.score ||
      Number(b.identifier) - Number(a.identifier) ||
      a.list.localeCompare(b.list) ||
      a.entryId.localeCompare(b.entryId),
  );
  return hits.map(({ identifier: _identifier, ...hit }) => hit);
}

/**
 * The status of a screened company from the hits on it, its officers and its owners: a company
 * hit at 0.9 or more (or on an identifier) is a `match`; any other hit, an officer's or an
 * owner's whatever its score, calls for review.
 */
export function screeningStatus(hits: readonly Pick<ScreeningHit, 'subject' | 'score'>[]): ScreeningStatus {
  if (hits.some((h) => h.subject === 'company' && h.score >= MATCH_THRESHOLD)) return 'match';
  if (hits.some((h) => h.score >= POSSIBLE_MATCH_THRESHOLD)) return 'possible_match';
  return 'clear';
}
