/**
 * Country names as the UN and UK lists write them, to ISO 3166-1 alpha-2. The English names
 * come from the runtime's ICU data (Intl.DisplayNames); the lists' formal names that ICU does not
 * use are added here. A name nobody knows is left out of `countries` (the entry keeps its names).
 */

const FORMAL: Record<string, string> = {
  "democratic people's republic of korea": 'KP',
  'republic of korea': 'KR',
  'iran (islamic republic of)': 'IR',
  'islamic republic of iran': 'IR',
  'syrian arab republic': 'SY',
  'russian federation': 'RU',
  'united republic of tanzania': 'TZ',
  'lao people\'s democratic republic': 'LA',
  'republic of moldova': 'MD',
  'bolivarian republic of venezuela': 'VE',
  'venezuela (bolivarian republic of)': 'VE',
  'bolivia (plurinational state of)': 'BO',
  'democratic republic of the congo': 'CD',
  'congo': 'CG',
  'republic of the congo': 'CG',
  "cote d'ivoire": 'CI',
  'viet nam': 'VN',
  'united kingdom of great britain and northern ireland': 'GB',
  'united kingdom': 'GB',
  'united states of america': 'US',
  'state of palestine': 'PS',
  'occupied palestinian territory': 'PS',
  'palestinian': 'PS',
  'turkiye': 'TR',
  'turkey': 'TR',
  'czechia': 'CZ',
  'czech republic': 'CZ',
  'burma': 'MM',
  'north macedonia': 'MK',
  'the former yugoslav republic of macedonia': 'MK',
  'libyan arab jamahiriya': 'LY',
  'gaza': 'PS',
  'west bank': 'PS',
};

const fold = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[’‘`]/g, "'")
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

let byName: Map<string, string> | undefined;

function table(): Map<string, string> {
  if (byName) return byName;
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  const map = new Map<string, string>();
  const A = 'A'.charCodeAt(0);
  for (let i = 0; i < 26; i++) {
    for (let j = 0; j < 26; j++) {
      const code = String.fromCharCode(A + i, A + j);
      const name = names.of(code);
      if (name && name !== code) map.set(fold(name), code);
    }
  }
  for (const [name, code] of Object.entries(FORMAL)) map.set(fold(name), code);
  byName = map;
  return map;
}

/** ISO alpha-2 for a country name (or a code the list already gives), or null. */
export function countryCode(value: string | null | undefined): string | null {
  if (!value) return null;
  const v = value.trim();
  if (/^[A-Z]{2}$/.test(v)) return v === 'UK' ? 'GB' : v;
  const f = fold(v);
  if (!f) return null;
  return table().get(f) ?? table().get(f.replace(/^the /, '')) ?? null;
}
