/**
 * National code lists the registers answer with, decoded to the national label. Only the codes
 * a company (rather than a household) commonly carries are listed; an unknown code falls back
 * to its group or to the code itself.
 */

/**
 * France, INSEE "catégories juridiques" (niveau III, 4 digits; niveau II = first 2 digits),
 * as the Sirene register and the Recherche d'entreprises API give them in `nature_juridique`.
 */
const FR_LEGAL_FORMS: Readonly<Record<string, string>> = {
  '1000': 'Entrepreneur individuel',
  '5202': 'Société en nom collectif',
  '5306': 'Société en commandite simple',
  '5308': 'Société en commandite par actions',
  '5485': "Société d'exercice libéral à responsabilité limitée",
  '5498': 'SARL unipersonnelle',
  '5499': 'Société à responsabilité limitée (sans autre indication)',
  '5505': 'SA à participation ouvrière à conseil d’administration',
  '5599': 'SA à conseil d’administration (s.a.i.)',
  '5699': 'SA à directoire (s.a.i.)',
  '5710': 'SAS, société par actions simplifiée',
  '5720': 'Société par actions simplifiée à associé unique ou société par actions simplifiée unipersonnelle',
  '5785': "Société d'exercice libéral par action simplifiée",
  '5800': 'Société européenne',
  '6540': 'Société civile immobilière',
  '6599': 'Autre société civile',
  '7120': "Service central d'un ministère",
  '9220': 'Association déclarée',
};
const FR_LEGAL_GROUPS: Readonly<Record<string, string>> = {
  '10': 'Entrepreneur individuel',
  '52': 'Société en nom collectif',
  '53': 'Société en commandite',
  '54': 'Société à responsabilité limitée (SARL)',
  '55': 'Société anonyme à conseil d’administration',
  '56': 'Société anonyme à directoire',
  '57': 'Société par actions simplifiée',
  '58': 'Société européenne',
  '63': 'Société coopérative agricole',
  '64': "Société d'assurance mutuelle",
  '65': 'Société civile',
  '71': "Administration de l'État",
  '72': 'Collectivité territoriale',
  '73': 'Établissement public administratif',
  '41': 'Établissement public à caractère industriel ou commercial',
  '92': 'Association loi 1901 ou assimilé',
};

export function frLegalForm(code: string | undefined): string | undefined {
  if (!code) return undefined;
  return FR_LEGAL_FORMS[code] ?? FR_LEGAL_GROUPS[code.slice(0, 2)] ?? `catégorie juridique ${code}`;
}

/** France, INSEE "tranches d'effectif salarié" (`tranche_effectif_salarie`). */
const FR_STAFF_BANDS: Readonly<Record<string, string>> = {
  '00': '0 employees',
  '01': '1–2',
  '02': '3–5',
  '03': '6–9',
  '11': '10–19',
  '12': '20–49',
  '21': '50–99',
  '22': '100–199',
  '31': '200–249',
  '32': '250–499',
  '41': '500–999',
  '42': '1000–1999',
  '51': '2000–4999',
  '52': '5000–9999',
  '53': '10000 or more',
};

export function frStaffBand(code: string | undefined): string | undefined {
  return code ? FR_STAFF_BANDS[code] : undefined;
}

/** Czechia, ARES code list "PravniForma" (`pravniForma`). */
const CZ_LEGAL_FORMS: Readonly<Record<string, string>> = {
  '101': 'Fyzická osoba podnikající dle živnostenského zákona',
  '111': 'Veřejná obchodní společnost',
  '112': 'Společnost s ručením omezeným',
  '113': 'Společnost komanditní',
  '117': 'Nadace',
  '118': 'Nadační fond',
  '121': 'Akciová společnost',
  '141': 'Obecně prospěšná společnost',
  '205': 'Družstvo',
  '301': 'Státní podnik',
  '325': 'Organizační složka státu',
  '331': 'Příspěvková organizace',
  '421': 'Odštěpný závod zahraniční právnické osoby',
  '706': 'Spolek',
  '801': 'Obec',
  '932': 'Evropská společnost',
};

export function czLegalForm(code: string | undefined): string | undefined {
  if (!code) return undefined;
  return CZ_LEGAL_FORMS[code] ?? `právní forma ${code}`;
}

/** Czechia, Czech Statistical Office staff categories (`kategoriePoctuPracovniku` in RES). */
const CZ_STAFF_BANDS: Readonly<Record<string, string>> = {
  '110': '0 employees',
  '120': '1–5',
  '130': '6–9',
  '210': '10–19',
  '220': '20–24',
  '230': '25–49',
  '240': '50–99',
  '310': '100–199',
  '320': '200–249',
  '330': '250–499',
  '340': '500–999',
  '410': '1000–1499',
  '420': '1500–1999',
  '430': '2000–2499',
  '440': '2500–2999',
  '450': '3000–3999',
  '460': '4000–4999',
  '470': '5000–9999',
  '480': '10000 or more',
};

export function czStaffBand(code: string | undefined): string | undefined {
  return code ? CZ_STAFF_BANDS[code] : undefined;
}
