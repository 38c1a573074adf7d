/**
 * Name normalisation for sanctions screening: Unicode folding, Cyrillic and Greek transliteration,
 * tokenising, legal forms and weighed-down common words. Both sides of a comparison (the register's
 * name and the list's) go through the same steps, so a spelling difference that survives is real.
 */

import { CYRILLIC as CYRILLIC_BASE, GREEK, GREEK_DIGRAPHS, LATIN_EXTRA } from '../../../geo/text-fold.js';

/**
 * The place-name tables (Bulgarian-flavoured Cyrillic, ELOT Greek) with Russian as the default
 * Cyrillic: most listed names in Cyrillic are Russian. A list's language hint switches a few letters.
 */
const CYRILLIC: Record<string, string> = {
  ...CYRILLIC_BASE,
  й: 'i', х: 'kh', щ: 'shch', ъ: '', ь: '',
};
const CYRILLIC_BY_LANGUAGE: Record<string, Record<string, string>> = {
  bg: { щ: 'sht', ъ: 'a', ь: 'y', х: 'h' },
  uk: { г: 'h', и: 'y', х: 'kh' },
  sr: { ц: 'c', ч: 'c', ш: 's', ж: 'z', х: 'h' },
};
const LATIN_SPECIAL: Record<string, string> = { ...LATIN_EXTRA, ŋ: 'n', ə: 'e' };

const MARK_ON_KNOWN_SCRIPT = /([\p{sc=Latin}\p{sc=Greek}\p{sc=Cyrillic}])\p{M}+/gu;
const GREEK_DIGRAPH_RE = new RegExp(GREEK_DIGRAPHS.map(([g]) => g).join('|'), 'g');
const GREEK_DIGRAPH_MAP = new Map(GREEK_DIGRAPHS);
// anything beyond printable ASCII may need a table
const NEEDS_TABLE = /[^ -~]/;

/**
 * Lower-cased, marks stripped (Latin, Greek, Cyrillic only: other scripts keep theirs), Cyrillic
 * and Greek written in Latin letters. Letters of other scripts and symbols stay as they are.
 */
export function foldText(text: string, language: string | null = null): string {
  let s = text.normalize('NFKC').toLowerCase();
  if (!NEEDS_TABLE.test(s)) return s;
  s = s.normalize('NFD').replace(MARK_ON_KNOWN_SCRIPT, '$1').normalize('NFC');
  s = s.replace(GREEK_DIGRAPH_RE, (g) => GREEK_DIGRAPH_MAP.get(g) ?? g);
  const override = (language && CYRILLIC_BY_LANGUAGE[language]) || undefined;
  let out = '';
  for (const ch of s) {
    out += override?.[ch] ?? CYRILLIC[ch] ?? GREEK[ch] ?? LATIN_SPECIAL[ch] ?? ch;
  }
  return out;
}

/** A word of a name after folding. */
export interface NameToken {
  /** Folded text: 'rosneftegaz'. */
  text: string;
  /** The word as written, for reasons: 'Роснефтегаз'. */
  raw: string;
}

// Characters deleted inside a word ('S.p.A.' → 'spa', "O'Neil" → 'oneil'); other punctuation separates words.
const JOINERS = /[.'’ʼ`´]/g;
const SEPARATORS = /[\s\p{Z}\p{Cc}]+/u;
const PUNCTUATION = /[^\p{L}\p{N}\p{M}\p{S}&.'’ʼ`´/]+/u;
// 'A/S' keeps its slash-joined letters together; any other slash separates
const SLASH_BETWEEN_LETTERS = /(?<!\p{L})(\p{L})\/(\p{L})(?!\p{L})/gu;
// Runs of letters and digits, or one symbol at a time: a name made of symbols is compared as it is.
const TOKEN_RUN = /[\p{L}\p{N}\p{M}]+|[\p{S}&]/gu;

/** The words of a name, folded; nothing is dropped but punctuation. */
export function tokenise(name: string, language: string | null = null): NameToken[] {
  const tokens: NameToken[] = [];
  const text = name.normalize('NFKC').replace(SLASH_BETWEEN_LETTERS, '$1$2');
  for (const word of text.split(SEPARATORS)) {
    for (const piece of word.split(PUNCTUATION)) {
      if (!piece) continue;
      const folded = foldText(piece, language).replace(JOINERS, '');
      for (const part of folded.split('/')) {
        for (const m of part.matchAll(TOKEN_RUN)) {
          const t = m[0] === '&' ? 'and' : m[0] === '+' ? 'plus' : m[0];
          tokens.push({ text: t, raw: piece.replace(/^[.'’ʼ`´/]+|[’ʼ`´/]+$/g, '') });
        }
      }
    }
  }
  return tokens;
}

const foldPhrase = (phrase: string) =>
  tokenise(phrase)
    .map((t) => t.text)
    .join(' ');

/**
 * Legal forms as the registers and lists write them (in any script: each is folded like a name),
 * by family. Only the family matters to a reason; the form itself never counts toward a match.
 */
const LEGAL_FORMS: Record<string, string[]> = {
  'limited company': [
    'LLC', 'L.L.C.', 'Ltd', 'Limited', 'Co Ltd', 'Co., Ltd', 'Co.Ltd', 'Company Limited', 'Pvt Ltd',
    'Private Limited', 'Pty Ltd', 'Limited Liability Company', 'GmbH', 'mbH', 'UG', 'UG (haftungsbeschränkt)',
    'Gesellschaft mit beschränkter Haftung', 's.r.o.', 'spol. s r.o.', 'spol. s.r.o.', 'sp. z o.o.', 'sp.z o.o.',
    'spółka z ograniczoną odpowiedzialnością', 'S.R.L.', 'SRL', 'S.r.l.', 'SARL', 'S.à r.l.', 'EURL', 'S.L.',
    'S.L.U.', 'SLU', 'Sociedad Limitada', 'B.V.', 'BV', 'BVBA', 'SPRL', 'd.o.o.', 'DOOEL', 'Kft', 'Kft.', 'EOOD',
    'OOD', 'ЕООД', 'ООД', 'OÜ', 'SIA', 'UAB', 'ApS', 'IVS', 'Oy', 'Lda', 'Unipessoal Lda', 'Ltda', 'ehf',
    'ООО', 'OOO', 'Общество с ограниченной ответственностью', 'ТОВ', 'TOV',
    'Товариство з обмеженою відповідальністю', 'ДОО', 'ΕΠΕ', 'ΙΚΕ', 'EPE', 'IKE', 'd.o.o', 'Sdn Bhd', 'FZE',
    'FZCO', 'FZ-LLC', 'DMCC', 'Ltd. Şti.', 'Limited Şirketi',
  ],
  'joint-stock company': [
    'JSC', 'OJSC', 'CJSC', 'PJSC', 'AO', 'OAO', 'ZAO', 'PAO', 'АО', 'ОАО', 'ЗАО', 'ПАО', 'АТ', 'ПАТ', 'ПрАТ',
    'Акционерное общество', 'Публичное акционерное общество', 'Открытое акционерное общество',
    'Закрытое акционерное общество', 'Акціонерне товариство', 'Joint Stock Company', 'Public Joint Stock Company',
    'Open Joint Stock Company', 'Closed Joint Stock Company', 'AG', 'Aktiengesellschaft', 'S.A.', 'SA',
    'Sociedad Anónima', 'Société Anonyme', 'S.p.A.', 'SpA', 'Società per Azioni', 'S.A.S.', 'SAS', 'SASU',
    'N.V.', 'NV', 'a.s.', 'A/S', 'ASA', 'AB', 'AB (publ)', 'Oyj', 'PLC', 'P.L.C.', 'Public Limited Company',
    'ΑΕ', 'Α.Ε.', 'AE', 'АД', 'ЕАД', 'AD', 'EAD', 'd.d.', 'Zrt', 'Zrt.', 'Nyrt', 'Rt', 'SE', 'S.A. de C.V.',
    'AS', 'Inc', 'Incorporated', 'Corp', 'Corporation', 'A.Ş.', 'Anonim Şirketi',
  ],
  partnership: [
    'KG', 'OHG', 'GmbH & Co. KG', 'GmbH & Co KG', 'AG & Co. KG', 'S.N.C.', 'SNC', 'S.a.s.', 'LP', 'LLP',
    'v.o.s.', 'k.s.', 'sp.j.', 'sp.k.', 'OE', 'EE', 'ΟΕ', 'ΕΕ', 'KD', 'KDA', 'Ky', 'CV', 'VOF',
  ],
};

const legalForms = new Map<string, string>();
for (const [family, forms] of Object.entries(LEGAL_FORMS)) {
  for (const form of forms) legalForms.set(foldPhrase(form), family);
}
const LONGEST_FORM = Math.max(...[...legalForms.keys()].map((k) => k.split(' ').length));

/** Words common to company names everywhere ("Trading", "Holding"…): they weigh little. */
const STOPWORDS = [
  'and', 'the', 'of', 'for', 'und', 'et', 'y', 'e', 'i', 'de', 'del', 'della', 'delle', 'dei', 'di', 'da', 'do',
  'dos', 'das', 'du', 'des', 'la', 'le', 'les', 'el', 'los', 'las', 'il', 'lo', 'al', 'van', 'von', 'der', 'den',
  'ten', 'ter', 'bin', 'ibn', 'ben', 'bint', 'mr', 'mrs', 'ms', 'dr', 'prof', 'co', 'company', 'companies',
  'trading', 'trade', 'traders', 'holding', 'holdings', 'invest', 'investment', 'investments', 'group', 'groupe',
  'gruppe', 'grupo', 'grupa', 'gruppo', 'international', 'internacional', 'internationale', 'intl', 'corporation',
  'enterprise', 'enterprises', 'industries', 'industry', 'services', 'service', 'solutions', 'management',
  'capital', 'partners', 'global', 'worldwide', 'general', 'universal', 'commerce', 'commercial', 'import',
  'export', 'impex', 'consulting', 'development', 'handel', 'handels', 'compania', 'compagnie', 'societe',
  'societa', 'firma', 'ventures', 'venture', 'associates', 'agency', 'unlimited',
  'Трейдинг', 'Холдинг', 'Инвест', 'Группа', 'Компания', 'Торговый', 'Дом', 'Интернешнл', 'Групп', 'Інвест',
  'Компанія', 'Група', 'Торговий',
];
/** Words of an industry: they weigh more than a stopword and less than a name. */
const GENERIC = [
  'bank', 'banka', 'banca', 'banco', 'oil', 'gas', 'energy', 'energia', 'shipping', 'petroleum', 'construction',
  'engineering', 'logistics', 'technology', 'technologies', 'tech', 'systems', 'industrial', 'finance',
  'financial', 'insurance', 'resources', 'metals', 'metal', 'mining', 'chemical', 'chemicals', 'transport',
  'marine', 'maritime', 'airlines', 'aviation', 'electronics', 'pharma', 'motors', 'steel', 'foods', 'food',
  'agro', 'telecom', 'media', 'realty', 'properties', 'estate', 'real', 'security', 'defence', 'defense',
  'research', 'institute', 'production', 'plant', 'factory', 'national', 'united', 'union', 'new', 'east',
  'west', 'north', 'south', 'europe', 'euro', 'asia', 'star', 'line', 'lines', 'sea', 'air', 'concern',
  'Концерн', 'Завод', 'Банк', 'Нефть', 'Газ', 'Строй', 'Транс', 'Энерго',
];
/** Abbreviations read as the word they stand for. */
const ABBREVIATIONS: Record<string, string> = {
  corp: 'corporation', intl: 'international', bros: 'brothers', mfg: 'manufacturing', natl: 'national',
  grp: 'group', hldg: 'holding', hldgs: 'holdings', inv: 'investment', mgmt: 'management', svcs: 'services',
  ind: 'industries', inds: 'industries', eng: 'engineering', assn: 'association', st: 'saint', mt: 'mount',
  techn: 'technologies', sys: 'systems', cie: 'compagnie', cia: 'compania',
};

const stopwords = new Set(STOPWORDS.map(foldPhrase));
const generic = new Set(GENERIC.map(foldPhrase));

export const WEIGHT_STOPWORD = 0.25;
export const WEIGHT_GENERIC = 0.5;

export type TokenKind = 'name' | 'generic' | 'stopword' | 'number' | 'symbol';

export interface WeightedToken extends NameToken {
  kind: TokenKind;
  weight: number;
}

export interface ParsedName {
  /** The name as written. */
  original: string;
  /** All tokens, legal forms included, joined: the literal comparison. */
  folded: string;
  /** Tokens that count: legal forms removed (companies), weights set. */
  core: WeightedToken[];
  /** Legal forms found at either end, as written, with their family. */
  legalForms: { raw: string; family: string }[];
}

function kindOf(text: string): TokenKind {
  if (/^\p{N}+$/u.test(text)) return 'number';
  if (/^\p{S}$/u.test(text)) return 'symbol';
  if (stopwords.has(text)) return 'stopword';
  if (generic.has(text)) return 'generic';
  return 'name';
}

const weightOf = (kind: TokenKind) =>
  kind === 'stopword' || kind === 'symbol' ? WEIGHT_STOPWORD : kind === 'generic' ? WEIGHT_GENERIC : 1;

/** The longest legal form starting at `from` going forward (or ending at `from` going back). */
function legalFormAt(tokens: NameToken[], from: number, backwards: boolean): number {
  for (let len = Math.min(LONGEST_FORM, tokens.length); len > 0; len--) {
    const start = backwards ? from - len + 1 : from;
    if (start < 0 || start + len > tokens.length) continue;
    const key = tokens
      .slice(start, start + len)
      .map((t) => t.text)
      .join(' ');
    if (legalForms.has(key)) return len;
  }
  return 0;
}

/**
 * A name ready to compare. Legal forms are taken off either end of a company's name (never its
 * middle, where "AB" or "SA" may be a word of the name), and never when nothing would remain.
 */
export function parseName(
  name: string,
  kind: 'person' | 'enterprise' | 'other',
  language: string | null = null,
): ParsedName {
  const tokens = tokenise(name, language).map((t) => ({ ...t, text: ABBREVIATIONS[t.text] ?? t.text }));
  const folded = tokens.map((t) => t.text).join(' ');
  let start = 0;
  let end = tokens.length;
  const forms: { raw: string; family: string }[] = [];
  if (kind !== 'person') {
    for (let changed = true; changed && end - start > 1; ) {
      changed = false;
      const tail = legalFormAt(tokens.slice(start, end), end - start - 1, true);
      if (tail && tail < end - start) {
        const words = tokens.slice(end - tail, end);
        forms.push({ raw: words.map((t) => t.raw).join(' '), family: legalForms.get(words.map((t) => t.text).join(' '))! });
        end -= tail;
        changed = true;
      }
      const head = end - start > 1 ? legalFormAt(tokens.slice(start, end), 0, false) : 0;
      if (head && head < end - start) {
        const words = tokens.slice(start, start + head);
        forms.push({ raw: words.map((t) => t.raw).join(' '), family: legalForms.get(words.map((t) => t.text).join(' '))! });
        start += head;
        changed = true;
      }
    }
  }
  const core = tokens.slice(start, end).map((t) => {
    // a single letter of a person's name is an initial, not a conjunction
    const k = kind === 'person' && t.text.length === 1 && /\p{L}/u.test(t.text) ? 'name' : kindOf(t.text);
    return { ...t, kind: k, weight: weightOf(k) };
  });
  return { original: name, folded, core, legalForms: forms };
}
