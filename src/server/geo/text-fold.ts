/**
 * Folding of place names so that a registry's spelling ('KØBENHAVN', 'Μαρούσι', 'София',
 * 'Bucureşti') meets the gazetteer's ('Copenhagen', 'Maroúsi', 'Sofia', 'Bucharest').
 *
 * `foldName` lower-cases, transliterates Greek (ELOT 743) and Bulgarian Cyrillic (the 2009
 * Streamlined System), strips accents and folds letters that Unicode does not decompose
 * (ø, æ, ß, ł, đ, ħ…), and turns punctuation into single spaces. `looseKey` further erases the
 * differences between romanisation systems (kh/ch, ph/f, y/i, ei/i, double letters, a final n)
 * for a second, fuzzier lookup.
 */

export const GREEK_DIGRAPHS: [string, string][] = [
  ['ου', 'ou'], ['αι', 'ai'], ['ει', 'ei'], ['οι', 'oi'], ['υι', 'yi'],
  ['αυ', 'av'], ['ευ', 'ev'], ['ηυ', 'iv'],
  ['γγ', 'ng'], ['γκ', 'gk'], ['γξ', 'nx'], ['γχ', 'nch'],
  ['μπ', 'mp'], ['ντ', 'nt'], ['τσ', 'ts'], ['τζ', 'tz'],
];
export const GREEK: Record<string, string> = {
  α: 'a', β: 'v', γ: 'g', δ: 'd', ε: 'e', ζ: 'z', η: 'i', θ: 'th', ι: 'i', κ: 'k', λ: 'l', μ: 'm',
  ν: 'n', ξ: 'x', ο: 'o', π: 'p', ρ: 'r', σ: 's', ς: 's', τ: 't', υ: 'y', φ: 'f', χ: 'ch', ψ: 'ps',
  ω: 'o',
};
export const CYRILLIC: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ж: 'zh', з: 'z', и: 'i', й: 'y', к: 'k', л: 'l',
  м: 'm', н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'h', ц: 'ts', ч: 'ch',
  ш: 'sh', щ: 'sht', ъ: 'a', ь: 'y', ю: 'yu', я: 'ya',
  // other Cyrillic alphabets (Serbian, Macedonian, Ukrainian, Russian) for names near the borders
  ё: 'e', ы: 'y', э: 'e', є: 'ye', і: 'i', ї: 'yi', ґ: 'g', ђ: 'dj', ј: 'j', љ: 'lj', њ: 'nj',
  ћ: 'c', џ: 'dz', ѓ: 'gj', ќ: 'kj', ѕ: 'dz',
};
/** Latin letters that NFD does not split into a base letter and a mark. */
export const LATIN_EXTRA: Record<string, string> = {
  ø: 'o', æ: 'ae', œ: 'oe', ß: 'ss', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ħ: 'h', ı: 'i', ŀ: 'l',
  ĸ: 'k', ŉ: 'n', ſ: 's',
};

const hasGreek = /[\u0370-\u03ff\u1f00-\u1fff]/;
const hasCyrillic = /[\u0400-\u04ff]/;
const latinExtraRe = new RegExp(`[${Object.keys(LATIN_EXTRA).join('')}]`, 'g');
const plainAscii = /^[a-z0-9 ]*$/;

function transliterateGreek(s: string): string {
  // Strip the tonos/dialytika first so digraphs match ('ού' → 'ου').
  let t = s.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  for (const [from, to] of GREEK_DIGRAPHS) t = t.split(from).join(to);
  // A word-initial μπ/ντ/γκ is b/d/g in ELOT 743.
  t = t.replace(/(^|[^a-z\u0370-\u03ff])mp/g, '$1b').replace(/(^|[^a-z\u0370-\u03ff])nt/g, '$1d');
  t = t.replace(/(^|[^a-z\u0370-\u03ff])gk/g, '$1g');
  return [...t].map((ch) => GREEK[ch] ?? ch).join('');
}

function transliterateCyrillic(s: string): string {
  return [...s].map((ch) => CYRILLIC[ch] ?? ch).join('');
}

/** Lower-case, script-folded, accent-free, punctuation-free form of a name. */
export function foldName(input: string): string {
  let s = input.toLowerCase();
  if (plainAscii.test(s)) return s.trim().replace(/ +/g, ' ');
  if (hasGreek.test(s)) s = transliterateGreek(s);
  if (hasCyrillic.test(s)) s = transliterateCyrillic(s);
  s = s.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  s = s.replace(latinExtraRe, (ch) => LATIN_EXTRA[ch] ?? ch);
  return s
    .replace(/['’`´‘]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** A fuzzier key that forgives differences between romanisation systems. */
export function looseKey(folded: string): string {
  return folded
    .replace(/ /g, '')
    .replace(/kh/g, 'ch')
    .replace(/ph/g, 'f')
    .replace(/dh/g, 'd')
    .replace(/iy/g, 'i')
    .replace(/y/g, 'i')
    .replace(/ei|oi/g, 'i')
    .replace(/ai/g, 'e')
    .replace(/ou/g, 'u')
    .replace(/w/g, 'v')
    .replace(/(.)\1+/g, '$1')
    .replace(/([aeiou])n$/, '$1');
}
