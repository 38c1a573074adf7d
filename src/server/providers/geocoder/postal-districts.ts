/**
 * Postal codes that name a city district the gazetteer has coordinates for. Only these reach
 * 'postal_code' precision offline: the code itself fixes the district, and GeoNames gives the
 * district's centre. Elsewhere a postal code only confirms the city (precision 'city').
 *
 * - Vienna: 1XX0 → Bezirk XX (1010 Innere Stadt … 1230 Liesing).
 * - Budapest: 1XXY → kerület XX (1117 → XI. kerület).
 * - Marseille: 130XX → arrondissement XX (13008 → Marseille 08).
 * - Bucharest: 0N XXXX → Sector N (010000–069999).
 */

const VIENNA_DISTRICTS = [
  'Innere Stadt', 'Leopoldstadt', 'Landstraße', 'Wieden', 'Margareten', 'Mariahilf', 'Neubau',
  'Josefstadt', 'Alsergrund', 'Favoriten', 'Simmering', 'Meidling', 'Hietzing', 'Penzing',
  'Rudolfsheim-Fünfhaus', 'Ottakring', 'Hernals', 'Währing', 'Döbling', 'Brigittenau', 'Floridsdorf',
  'Donaustadt', 'Liesing',
];
const ROMAN = [
  '', 'I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI', 'XII', 'XIII', 'XIV', 'XV', 'XVI',
  'XVII', 'XVIII', 'XIX', 'XX', 'XXI', 'XXII', 'XXIII',
];

/** The gazetteer name of the district a postal code designates, if this is such a code. */
export function postalDistrict(iso2: string, postalCode: string): string | undefined {
  const code = postalCode.replace(/\D/g, '');
  switch (iso2) {
    case 'AT': {
      const m = /^1(\d\d)0$/.exec(code);
      const n = m ? Number(m[1]) : 0;
      return n >= 1 && n <= 23 ? VIENNA_DISTRICTS[n - 1] : undefined;
    }
    case 'HU': {
      const m = /^1(\d\d)\d$/.exec(code);
      const n = m ? Number(m[1]) : 0;
      return n >= 1 && n <= 23 ? `Budapest ${ROMAN[n]}. kerület` : undefined;
    }
    case 'FR': {
      const m = /^130(\d\d)$/.exec(code);
      const n = m ? Number(m[1]) : 0;
      return n >= 1 && n <= 16 ? `Marseille ${String(n).padStart(2, '0')}` : undefined;
    }
    case 'RO': {
      const m = /^0([1-6])\d{4}$/.exec(code);
      return m ? `Sector ${m[1]}` : undefined;
    }
    default:
      return undefined;
  }
}

/** Cities whose districts postalDistrict knows, so a district is only used for that city. */
export const DISTRICT_CITIES: Readonly<Record<string, string>> = {
  AT: 'Vienna',
  HU: 'Budapest',
  FR: 'Marseille',
  RO: 'Bucharest',
};

/**
 * Postal prefixes that name a town even when the address gives none: Irish Eircode routing
 * keys and Maltese locality codes (the letters of a Maltese postcode).
 */
export function postalTown(iso2: string, postalCode: string): string | undefined {
  const key = postalCode.toUpperCase().slice(0, 3);
  if (iso2 === 'IE') {
    if (/^D(\d\d|6W)$/.test(key) || postalCode.toUpperCase().startsWith('DUBLIN')) return 'Dublin';
    return IE_ROUTING[key];
  }
  if (iso2 === 'MT') return MT_LOCALITIES[key];
  return undefined;
}

const IE_ROUTING: Record<string, string> = {
  T12: 'Cork', T23: 'Cork', H91: 'Galway', V94: 'Limerick', X91: 'Waterford',
};

const MT_LOCALITIES: Record<string, string> = {
  VLT: 'Valletta', FRN: 'Floriana', SLM: 'Sliema', GZR: 'Gżira', MSD: 'Imsida', BKR: 'Birkirkara',
  MST: 'Mosta', QRM: 'Qormi', MRS: 'Marsa', HMR: 'Ħamrun', PLA: 'Paola', SPB: 'San Pawl il-Baħar',
  ZBR: 'Żabbar', NXR: 'Naxxar', MSK: 'Marsaskala', VCT: 'Victoria',
};
