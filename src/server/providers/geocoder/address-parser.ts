/**
 * Postal code and city from an address written the local way, per country:
 * '1249-300 LISBOA' (PT), '80331 MÜNCHEN' (DE), '1050 KØBENHAVN K' (DK), '151 24 Μαρούσι' (GR),
 * 'Rīga, LV-1230' (LV), 'L-1855 Luxembourg' (LU), '00-001 WARSZAWA' (PL), 'Dublin 2' or an
 * Eircode (IE), 'Marsa MRS 1501' (MT), '1011 DL Amsterdam' (NL)…
 */

export interface ParsedAddress {
  postalCode: string | null;
  /** The city as written, district suffixes still on ('KØBENHAVN K'). */
  city: string | null;
  /** Other parts of the address that may name the place, best first (no house numbers). */
  otherParts: string[];
}

interface PostalRule {
  /** Global regex; the match is the postal code (group 1 if present, else the whole match). */
  re: RegExp;
  normalize?: (m: RegExpExecArray) => string;
}

/** n digits, optionally after a country prefix ('L-1855'), not inside a longer number or a range. */
const digits = (n: number, prefix: string) =>
  new RegExp(`(?:\\b(?:${prefix})|(?<![\\d-]))(\\d{${n}})(?![\\d-])`, 'gi');
const split32 = (prefix: string) =>
  new RegExp(`(?:\\b(?:${prefix})|(?<![\\d-]))(\\d{3}) ?(\\d{2})(?![\\d-])`, 'gi');
const join32 = (m: RegExpExecArray) => `${m[1]} ${m[2]}`;

const RULES: Record<string, PostalRule> = {
  AT: { re: digits(4, 'A-|AT-') },
  BE: { re: digits(4, 'B-|BE-') },
  BG: { re: digits(4, 'BG-') },
  HR: { re: digits(5, 'HR-') },
  CY: { re: digits(4, 'CY-') },
  CZ: { re: split32('CZ-'), normalize: join32 },
  DK: { re: digits(4, 'DK-') },
  EE: { re: digits(5, 'EE-') },
  FI: { re: digits(5, 'FI-|FIN-') },
  FR: { re: digits(5, 'F-|FR-') },
  DE: { re: digits(5, 'D-|DE-') },
  GR: { re: split32('GR-|EL-|GR |EL '), normalize: join32 },
  HU: { re: digits(4, 'H-|HU-') },
  IT: { re: digits(5, 'I-|IT-') },
  LV: { re: /\bLV[- ]?(\d{4})\b/gi, normalize: (m) => `LV-${m[1]}` },
  LT: { re: /(?:\bLT[- ]?|(?<![\d-]))(\d{5})(?![\d-])/gi, normalize: (m) => `LT-${m[1]}` },
  LU: { re: digits(4, 'L-|LU-'), normalize: (m) => `L-${m[1]}` },
  MT: { re: /\b([A-Z]{3}) ?(\d{4})\b/g, normalize: (m) => `${m[1]} ${m[2]}` },
  NL: { re: /(?<!\d)(\d{4}) ?((?!SA|SD|SS)[A-Z]{2})\b/g, normalize: (m) => `${m[1]} ${m[2]}` },
  PL: { re: /(?<![\d-])(\d{2})-(\d{3})(?![\d-])/g, normalize: (m) => `${m[1]}-${m[2]}` },
  PT: { re: /(?<![\d-])(\d{4})-(\d{3})(?![\d-])/g, normalize: (m) => `${m[1]}-${m[2]}` },
  RO: { re: digits(6, 'RO-') },
  SK: { re: split32('SK-'), normalize: join32 },
  SI: { re: digits(4, 'SI-') },
  ES: { re: digits(5, 'E-|ES-') },
  SE: { re: split32('SE-|S-'), normalize: join32 },
  // Ireland: an Eircode ('D04 E5W5'), or a Dublin postal district ('Dublin 4', 'Dublin 6W').
  IE: {
    re: /\b([AC-FHKNPRTV-Y]\d{2}|D6W) ?([0-9AC-FHKNPRTV-Y]{4})\b|\bDublin (\d{1,2}W?)\b/gi,
    normalize: (m) => (m[3] ? `Dublin ${m[3].toUpperCase()}` : `${m[1]!.toUpperCase()} ${m[2]!.toUpperCase()}`),
  },
};

/** Country names as registries append them; a part equal to one of these is not a city. */
const COUNTRY_WORDS = new Set(
  [
    'austria', 'osterreich', 'belgium', 'belgique', 'belgie', 'belgien', 'bulgaria', 'balgariya', 'croatia',
    'hrvatska', 'cyprus', 'kypros', 'kibris', 'czech republic', 'czechia', 'cesko', 'ceska republika',
    'denmark', 'danmark', 'estonia', 'eesti', 'finland', 'suomi', 'france', 'germany', 'deutschland',
    'greece', 'ellas', 'ellada', 'hellas', 'hungary', 'magyarorszag', 'ireland', 'eire', 'italy', 'italia',
    'latvia', 'latvija', 'lithuania', 'lietuva', 'malta', 'netherlands',
    'nederland', 'the netherlands', 'poland', 'polska', 'portugal', 'romania', 'slovakia', 'slovensko',
    'slovenia', 'slovenija', 'spain', 'espana', 'sweden', 'sverige',
  ],
);

function fold(s: string): string {
  return s
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

function lastMatch(re: RegExp, text: string): RegExpExecArray | null {
  re.lastIndex = 0;
  let last: RegExpExecArray | null = null;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    last = m;
    if (m[0].length === 0) re.lastIndex++;
  }
  return last;
}

const isCountryWord = (part: string) => COUNTRY_WORDS.has(fold(part));
const hasDigits = (s: string) => /\d/.test(s);

/** Parses the postal code and city out of an address, per the country's format. */
export function parseAddress(address: string, iso2: string): ParsedAddress {
  const parts = address
    .split(/[\n,;]+/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter((p) => p && !isCountryWord(p));
  const rule = RULES[iso2];
  let postalCode: string | null = null;
  let city: string | null = null;
  let cityPart = -1;

  if (rule) {
    for (let i = parts.length - 1; i >= 0 && postalCode === null; i--) {
      const part = parts[i]!;
      const m = lastMatch(rule.re, part);
      if (!m) continue;
      postalCode = rule.normalize ? rule.normalize(m) : (m[1] ?? m[0]);
      const after = part.slice(m.index + m[0].length).replace(/^[\s\-–]+/, '').trim();
      const before = part.slice(0, m.index).replace(/[\s\-–]+$/, '').trim();
      if (iso2 === 'IE' && m[3]) city = 'Dublin';
      else if (after && !isCountryWord(after)) city = after;
      else if (before && !hasDigits(before)) city = before;
      else if (i > 0 && !hasDigits(parts[i - 1]!)) {
        city = parts[i - 1]!;
        cityPart = i - 1;
      }
      if (cityPart < 0 && city) cityPart = i;
    }
  }
  if (city === null && iso2 === 'IE' && /\bDublin ?\d{1,2}W?\b/i.test(address)) city = 'Dublin';
  if (city === null) {
    // No postal code: the last part without a house number is most often the city.
    for (let i = parts.length - 1; i >= 0; i--) {
      const part = parts[i]!.replace(/\d+/g, '').trim();
      if (part && !hasDigits(parts[i]!)) {
        city = part;
        cityPart = i;
        break;
      }
    }
  }
  const otherParts = parts
    .filter((p, i) => i !== cityPart && !hasDigits(p))
    .reverse();
  return { postalCode, city, otherParts };
}

const LOCALITY_PREFIX =
  /^(?:гр\.|град|с\.|село|mun\.|municipiul|municipio de|ora[sș]ul|ora[sș]|comuna|sat(?:ul)?|jud\.|m\.|mesto|obec|gmina|city of|ville de|stadt|gemeente|kommune|concelho de|freguesia de|δήμος|δ\.)\s*/iu;

/**
 * The spellings under which a city may be listed, best first: as written, without a
 * parenthesis, without a CEDEX, without a district suffix ('KØBENHAVN K', 'PARIS 08',
 * 'Dublin 2', 'Praha 1', 'Mladá Boleslav II'), before a district hyphen ('Berlin-Mitte'),
 * and each side of a slash ('Gasteiz / Vitoria').
 */
export function cityVariants(city: string): string[] {
  const out: string[] = [];
  const push = (s: string) => {
    const t = s.replace(/\s+/g, ' ').replace(/^[\s\-–.,]+|[\s\-–.,]+$/g, '');
    if (t && !out.includes(t)) out.push(t);
  };
  const base = city.replace(/\bcedex\b.*$/i, '').trim();
  push(base);
  // Locality words registries put before the name: 'гр. София', 'MUNICIPIUL BUCUREŞTI', 'MUN. MEDIAŞ'.
  const unprefixed = base.replace(LOCALITY_PREFIX, '').trim();
  if (unprefixed && unprefixed !== base) push(unprefixed);
  const inParens = /\(([^)]+)\)/.exec(base)?.[1];
  const noParens = (unprefixed || base).replace(/\([^)]*\)/g, ' ').trim();
  push(noParens);
  const stripDistrict = (s: string) =>
    s
      .replace(/\s+(\d{1,2}(?:e|er|ème|\.)?|[IVX]{1,5}\.?|[A-ZÆØÅ]{1,2}|\d{1,2}\s?W)$/u, '')
      .replace(/\s+(arr\.?|arrondissement|bezirk|kerület|ker\.|sector|sektor|district)$/iu, '')
      .trim();
  let s = noParens;
  for (let k = 0; k < 3; k++) {
    const next = stripDistrict(s);
    if (!next || next === s) break;
    push(next);
    s = next;
  }
  for (const variant of [...out]) {
    if (variant.includes('/')) for (const side of variant.split('/')) push(side);
    const dash = /^(.+?)\s?[-–]\s?(.+)$/.exec(variant);
    if (dash) push(dash[1]!);
  }
  if (inParens) push(inParens);
  return out;
}
