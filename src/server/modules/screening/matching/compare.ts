import { parseName, type ParsedName, type WeightedToken } from './normalise.js';
import { levenshteinRatio, phoneticForm, skeleton } from './similarity.js';

/** Two tokens closer than this are paired; below it they count as unmatched. */
const PAIR_THRESHOLD = 0.7;
/** A lone letter against a word starting with it ('I.' and 'Ivan'). */
const INITIAL_SIMILARITY = 0.7;
/** The transliteration-tolerant form counts a little less than the spelling itself. */
const PHONETIC_FACTOR = 0.95;
/** A number that differs makes 'Alpha 1' and 'Alpha 2' different companies. */
const NUMBERS_MISMATCH_FACTOR = 0.7;
/** Names written as one word on one side and as two on the other ('Sber Bank', 'Sberbank'). */
const JOINED_THRESHOLD = 0.9;
/**
 * A person's one extra middle name or patronymic, once given and family names agree: lists write
 * full names, registers often not, so an extra word on the list's side weighs least.
 */
const PERSON_EXTRA_QUERY_TOKEN = 0.5;
const PERSON_EXTRA_LISTED_TOKEN = 0.25;
const ACRONYM_SCORE = 0.8;

export interface PreparedToken extends WeightedToken {
  phonetic: string;
  skeleton: string;
}

export interface PreparedName extends Omit<ParsedName, 'core'> {
  core: PreparedToken[];
  person: boolean;
  /** Core tokens joined without spaces. */
  joined: string;
  /** Initials of the core words (with and without stopwords), when there are two to eight: 'ibm'. */
  acronyms: string[];
  /** The name has a word of its own (not only common words). */
  hasNameWord: boolean;
  /** Its numbers, sorted, or null. */
  numbers: string | null;
}

const LETTERS = /^\p{L}+$/u;

export function prepareName(
  name: string,
  kind: 'person' | 'enterprise' | 'other',
  language: string | null = null,
): PreparedName {
  const parsed = parseName(name, kind, language);
  const core = parsed.core.map((t) => {
    const phonetic = phoneticForm(t.text);
    return { ...t, phonetic, skeleton: skeleton(phonetic) };
  });
  const words = core.filter((t) => LETTERS.test(t.text));
  const acronyms = new Set<string>();
  for (const list of [words, words.filter((t) => t.kind !== 'stopword')]) {
    if (list.length >= 2 && list.length <= 8) acronyms.add(list.map((t) => t.text[0]).join(''));
  }
  const numbers = core.filter((t) => t.kind === 'number').map((t) => t.text);
  return {
    ...parsed,
    core,
    person: kind === 'person',
    joined: core.map((t) => t.text).join(''),
    acronyms: [...acronyms],
    hasNameWord: core.some((t) => t.kind === 'name'),
    numbers: numbers.length ? numbers.sort().join(' ') : null,
  };
}

const withinReach = (x: string, y: string) =>
  1 - Math.abs(x.length - y.length) / Math.max(x.length, y.length) >= PAIR_THRESHOLD;

export function tokenSimilarity(a: PreparedToken, b: PreparedToken): number {
  if (a.text === b.text) return 1;
  if (a.kind === 'number' || b.kind === 'number' || a.kind === 'symbol' || b.kind === 'symbol') return 0;
  if (a.text.length === 1 || b.text.length === 1) {
    const [short, long] = a.text.length === 1 ? [a.text, b.text] : [b.text, a.text];
    return long.startsWith(short) ? INITIAL_SIMILARITY : 0;
  }
  if (a.phonetic === b.phonetic) return Math.max(PHONETIC_FACTOR, levenshteinRatio(a.text, b.text));
  // the ratio cannot beat 1 − (length difference / longer length): most pairs stop here
  if (!withinReach(a.text, b.text) && !withinReach(a.phonetic, b.phonetic)) return 0;
  return Math.max(levenshteinRatio(a.text, b.text), levenshteinRatio(a.phonetic, b.phonetic) * PHONETIC_FACTOR);
}

export interface NameComparison {
  score: number;
  reasons: string[];
}

const fmt = (n: number) => n.toFixed(2);
const coreText = (n: PreparedName) => n.core.map((t) => t.text).join(' ');

export interface Alignment {
  score: number;
  how: string;
  qUsed: boolean[];
  eUsed: boolean[];
  numbersDiffer: boolean;
}

/**
 * How well a query name and a listed name agree, 0-1. Tokens are aligned whatever their order,
 * best pairs first; each token counts by its weight (a name word 1, an industry word 0.5, a
 * stopword 0.25), so names sharing only common words stay far apart.
 */
export function scoreNames(q: PreparedName, e: PreparedName): Alignment {
  const qUsed = new Array<boolean>(q.core.length).fill(false);
  const eUsed = new Array<boolean>(e.core.length).fill(false);
  if (q.core.length === 0 || e.core.length === 0) return { score: 0, how: '≈', qUsed, eUsed, numbersDiffer: false };

  const pairs: { i: number; j: number; s: number }[] = [];
  for (let i = 0; i < q.core.length; i++) {
    for (let j = 0; j < e.core.length; j++) {
      const s = tokenSimilarity(q.core[i]!, e.core[j]!);
      if (s >= PAIR_THRESHOLD) pairs.push({ i, j, s });
    }
  }
  pairs.sort((a, b) => b.s - a.s || q.core[b.i]!.weight - q.core[a.i]!.weight);
  let matched = 0;
  let matchedNames = 0;
  for (const p of pairs) {
    if (qUsed[p.i] || eUsed[p.j]) continue;
    qUsed[p.i] = eUsed[p.j] = true;
    const a = q.core[p.i]!;
    const b = e.core[p.j]!;
    matched += p.s * (a.weight + b.weight);
    if (a.kind === 'name' && b.kind === 'name' && a.text.length > 1 && b.text.length > 1) matchedNames++;
  }
  // one extra word (a middle name, a patronymic) is relieved only when the other name is wholly
  // contained: 'Kim Jong Un' and 'Kim Jung Jong' differ, they do not extend each other
  const contained = (n: PreparedName, used: boolean[]) => n.core.every((t, i) => used[i] || t.kind !== 'name');
  const relief = q.person && matchedNames >= 2;
  const qRelief = relief && contained(e, eUsed);
  const eRelief = relief && contained(q, qUsed);
  const total =
    sideWeight(q, qUsed, qRelief, PERSON_EXTRA_QUERY_TOKEN) + sideWeight(e, eUsed, eRelief, PERSON_EXTRA_LISTED_TOKEN);
  let score = matched / total;
  let how = '≈';

  if (q.core.length !== e.core.length) {
    const joined = levenshteinRatio(q.joined, e.joined);
    if (joined >= JOINED_THRESHOLD && joined > score) {
      score = joined;
      how = '≈ (written as one word)';
      qUsed.fill(true);
      eUsed.fill(true);
    }
  }
  if (ACRONYM_SCORE > score && acronymMatch(q, e)) {
    score = ACRONYM_SCORE;
    how = '≈ (acronym)';
    qUsed.fill(true);
    eUsed.fill(true);
  }
  const numbersDiffer = q.numbers !== null && e.numbers !== null && q.numbers !== e.numbers;
  if (numbersDiffer) score *= NUMBERS_MISMATCH_FACTOR;
  return { score: Math.min(1, score), how, qUsed, eUsed, numbersDiffer };
}

/**
 * The weight of one side's words: matched ones as they weigh, the first unmatched name word
 * relieved when `relief`, the others in full; in a name made only of common words ('National
 * Bank of Commerce') an unmatched word is what tells the names apart, so it weighs 1.
 */
function sideWeight(n: PreparedName, used: boolean[], relief: boolean, factor: number): number {
  let total = 0;
  let relieved = !relief;
  n.core.forEach((t, i) => {
    if (used[i]) total += t.weight;
    else if (!relieved && t.kind === 'name') {
      total += t.weight * factor;
      relieved = true;
    } else total += n.hasNameWord ? t.weight : 1;
  });
  return total;
}

/** The alignment as an analyst reads it: the names compared, what differs, what was ignored. */
export function explainNames(q: PreparedName, e: PreparedName, a: Alignment): string[] {
  const reasons = [`name: '${coreText(q)}' ${a.how} '${coreText(e)}' (${fmt(a.score)})`];
  if (a.numbersDiffer) reasons.push(`numbers differ: ${q.numbers} / ${e.numbers} (×${NUMBERS_MISMATCH_FACTOR})`);
  const unmatchedQ = q.core.filter((_, i) => !a.qUsed[i]).map((t) => t.text);
  const unmatchedE = e.core.filter((_, j) => !a.eUsed[j]).map((t) => t.text);
  if (unmatchedQ.length) reasons.push(`not on the list's name: '${unmatchedQ.join(' ')}'`);
  if (unmatchedE.length) reasons.push(`not in the screened name: '${unmatchedE.join(' ')}'`);
  const forms = legalFormReason(q, e);
  if (forms) reasons.push(forms);
  return reasons;
}

export function compareNames(q: PreparedName, e: PreparedName): NameComparison {
  const alignment = scoreNames(q, e);
  return { score: alignment.score, reasons: explainNames(q, e, alignment) };
}

function acronymMatch(q: PreparedName, e: PreparedName): boolean {
  const single = (n: PreparedName) =>
    n.core.length === 1 && n.core[0]!.text.length >= 2 && n.core[0]!.text.length <= 8 && LETTERS.test(n.core[0]!.text);
  if (q.person || e.person) return false;
  if (single(q)) return e.acronyms.includes(q.core[0]!.text);
  if (single(e)) return q.acronyms.includes(e.core[0]!.text);
  return false;
}

function legalFormReason(q: PreparedName, e: PreparedName): string | null {
  const side = (n: PreparedName) => n.legalForms.map((f) => f.raw).join(' ');
  if (!q.legalForms.length && !e.legalForms.length) return null;
  const written = side(q) === side(e) ? side(q) : [side(q) || '—', side(e) || '—'].join('/');
  const families = new Set([...q.legalForms, ...e.legalForms].map((f) => f.family));
  return `legal form ignored: ${written}${families.size > 1 ? ` (${[...families].join(' / ')})` : ''}`;
}
