import type { RegistersPeer } from './registers.js';

/**
 * Register answers for the peer, in each register's documented format. The active companies'
 * records follow real recorded answers (DINUM in Sirene, Raiffeisenbank in ARES, Nokia in PRH,
 * SWLEX in KRS, an ANAF v9 sample); the closed or insolvent companies are invented, on numbers
 * that pass the check-digit rules.
 */

export const FR_ACTIVE = {
  vat: 'FR07130025265',
  record: {
    siren: '130025265',
    nom_complet: 'DIRECTION INTERMINISTERIELLE DU NUMERIQUE (DINUM)',
    nom_raison_sociale: 'DIRECTION INTERMINISTERIELLE DU NUMERIQUE',
    siege: {
      siret: '13002526500013',
      adresse: '20 AVENUE DE SEGUR 75007 PARIS',
      code_postal: '75007',
      commune: '75107',
      libelle_commune: 'PARIS',
      latitude: '48.850699',
      longitude: '2.308628',
      activite_principale: '84.11Z',
      etat_administratif: 'A',
      tranche_effectif_salarie: '22',
      date_creation: '2017-05-24',
      est_siege: true,
    },
    activite_principale: '84.11Z',
    section_activite_principale: 'O',
    nature_juridique: '7120',
    categorie_entreprise: 'PME',
    date_creation: '2017-05-24',
    date_fermeture: null,
    etat_administratif: 'A',
    tranche_effectif_salarie: '22',
    annee_tranche_effectif_salarie: '2021',
    complements: { est_entrepreneur_individuel: false, est_association: false },
    finances: {},
    dirigeants: [],
  },
};

/** A date `months` before today (YYYY-MM-DD), so a "young company" stays young whenever the tests run. */
function monthsAgo(months: number): string {
  const d = new Date();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d.toISOString().slice(0, 10);
}

export const FR_CEASED = {
  vat: 'FR05919891770',
  record: {
    siren: '919891770',
    nom_complet: 'ATELIER FERME EXEMPLE',
    siege: { adresse: '3 RUE DE LA PAIX 69002 LYON', code_postal: '69002', libelle_commune: 'LYON' },
    activite_principale: '10.71C',
    nature_juridique: '5710',
    date_creation: monthsAgo(14),
    date_fermeture: monthsAgo(5),
    etat_administratif: 'C',
    tranche_effectif_salarie: null,
  },
};

export const CZ_ACTIVE = {
  vat: 'CZ49240901',
  basic: {
    ico: '49240901',
    obchodniJmeno: 'Raiffeisenbank a.s.',
    sidlo: {
      kodStatu: 'CZ',
      nazevObce: 'Praha',
      nazevUlice: 'Hvězdova',
      cisloDomovni: 1716,
      cisloOrientacni: 2,
      psc: 14000,
      textovaAdresa: 'Hvězdova 1716/2b, Nusle, 14000 Praha 4',
    },
    pravniForma: '121',
    financniUrad: '004',
    datumVzniku: '1993-06-25',
    datumAktualizace: '2026-11-20',
    dic: 'CZ49240901',
    icoId: '49240901',
    seznamRegistraci: { stavZdrojeVr: 'AKTIVNI', stavZdrojeRes: 'AKTIVNI', stavZdrojeDph: 'AKTIVNI', stavZdrojeIr: 'NEEXISTUJICI' },
    primarniZdroj: 'vr',
    czNace: ['461', '64190', '6820'],
  },
  res: {
    icoId: '49240901',
    zaznamy: [
      {
        ico: '49240901',
        obchodniJmeno: 'Raiffeisenbank a.s.',
        pravniForma: '121',
        datumVzniku: '1993-06-25',
        czNace: ['64190'],
        czNace2008: ['64190'],
        statistickeUdaje: { institucionalniSektor2010: '12203', kategoriePoctuPracovniku: '460' },
        primarniZaznam: true,
        czNacePrevazujici: '64190',
        czNacePrevazujici2008: '64190',
      },
    ],
  },
};

export const CZ_INSOLVENT = {
  vat: 'CZ27082440',
  basic: {
    ico: '27082440',
    obchodniJmeno: 'Zkušební stavby s.r.o.',
    sidlo: { nazevObce: 'Brno', psc: 60200, textovaAdresa: 'Kounicova 10, Veveří, 60200 Brno' },
    pravniForma: '112',
    datumVzniku: '2003-02-11',
    seznamRegistraci: { stavZdrojeVr: 'AKTIVNI', stavZdrojeIr: 'AKTIVNI' },
    czNace: ['41000'],
  },
};

export const FI_ACTIVE = {
  vat: 'FI01120389',
  record: {
    businessId: { value: '0112038-9', registrationDate: '1978-03-15', source: '3' },
    euId: { value: 'FIFPRO.0112038-9', source: '1' },
    names: [
      { name: 'Nokia Oyj', type: '1', registrationDate: '1997-09-01' },
      { name: 'Oy Nokia Ab', type: '1', endDate: '1997-08-31' },
    ],
    mainBusinessLine: {
      type: '70100',
      typeCodeSet: 'TOIMI4',
      descriptions: [
        { languageCode: '3', description: 'Activities of head offices' },
        { languageCode: '1', description: 'Pääkonttorien toiminta' },
      ],
    },
    companyForms: [
      {
        type: '17',
        descriptions: [
          { languageCode: '1', description: 'Julkinen osakeyhtiö' },
          { languageCode: '3', description: 'Public limited company' },
        ],
      },
    ],
    companySituations: [],
    registeredEntries: [{ type: '1', descriptions: [{ languageCode: '3', description: 'Registered' }] }],
    addresses: [{ type: 1, street: 'Karakaari', buildingNumber: '7', postCode: '02610', postOffices: [{ city: 'ESPOO', languageCode: '1' }] }],
    tradeRegisterStatus: '1',
    status: '2',
    registrationDate: '1978-03-15',
    endDate: null,
  },
};

export const FI_BANKRUPT = {
  vat: 'FI20774740',
  record: {
    businessId: { value: '2077474-0', registrationDate: '2006-12-01' },
    names: [{ name: 'Koe Konepaja Oy', type: '1' }],
    mainBusinessLine: { type: '25620' },
    companyForms: [{ type: '16', descriptions: [{ languageCode: '1', description: 'Osakeyhtiö' }] }],
    companySituations: [{ type: 'KONK', registrationDate: '2026-01-02' }],
    addresses: [{ type: 1, street: 'Teollisuustie', buildingNumber: '4', postCode: '33100', postOffices: [{ city: 'TAMPERE', languageCode: '1' }] }],
    registrationDate: '2006-12-01',
    endDate: null,
  },
};

export const PL_ACTIVE = {
  vat: 'PL9721237317',
  subject: {
    name: 'SWLEX SPÓŁKA Z OGRANICZONĄ ODPOWIEDZIALNOŚCIĄ',
    nip: '9721237317',
    statusVat: 'Czynny',
    regon: '302046830',
    krs: '0000413516',
    residenceAddress: null,
    workingAddress: 'UL. SZELĄGOWSKA 49, 61-626 POZNAŃ',
    accountNumbers: [],
    hasVirtualAccounts: false,
  },
  krs: {
    rodzaj: 'Aktualny',
    naglowekA: { rejestr: 'RejP', numerKRS: '0000413516', dataRejestracjiWKRS: '08.03.2012', stanZDnia: '08.03.2022' },
    dane: {
      dzial1: {
        danePodmiotu: {
          formaPrawna: 'SPÓŁKA Z OGRANICZONĄ ODPOWIEDZIALNOŚCIĄ',
          identyfikatory: { regon: '30204683000000', nip: '9721237317' },
          nazwa: 'SWLEX SPÓŁKA Z OGRANICZONĄ ODPOWIEDZIALNOŚCIĄ',
        },
        siedzibaIAdres: {
          siedziba: { kraj: 'POLSKA', wojewodztwo: 'WIELKOPOLSKIE', powiat: 'POZNAŃ', gmina: 'POZNAŃ', miejscowosc: 'POZNAŃ' },
          adres: { ulica: 'UL. SZELĄGOWSKA', nrDomu: '49', miejscowosc: 'POZNAŃ', kodPocztowy: '61-626', poczta: 'POZNAŃ', kraj: 'POLSKA' },
        },
      },
      dzial3: {
        przedmiotDzialalnosci: {
          przedmiotPrzewazajacejDzialalnosci: [{ opis: 'DZIAŁALNOŚĆ PRAWNICZA', kodDzial: '69', kodKlasa: '10', kodPodklasa: 'Z' }],
          przedmiotPozostalejDzialalnosci: [{ opis: 'POZOSTAŁA FINANSOWA DZIAŁALNOŚĆ USŁUGOWA', kodDzial: '64', kodKlasa: '99', kodPodklasa: 'Z' }],
        },
      },
      dzial6: {},
    },
  },
};

export const PL_BANKRUPT = {
  vat: 'PL5260250274',
  subject: { name: 'PRÓBNA FABRYKA S.A. W UPADŁOŚCI', nip: '5260250274', statusVat: 'Czynny', krs: '0000099999', workingAddress: 'UL. PRÓBNA 1, 00-001 WARSZAWA' },
  krs: {
    naglowekA: { numerKRS: '0000099999', dataRejestracjiWKRS: '15.02.2002' },
    dane: {
      dzial1: {
        danePodmiotu: { formaPrawna: 'SPÓŁKA AKCYJNA', nazwa: 'PRÓBNA FABRYKA S.A. W UPADŁOŚCI' },
        siedzibaIAdres: { adres: { ulica: 'UL. PRÓBNA', nrDomu: '1', miejscowosc: 'WARSZAWA', kodPocztowy: '00-001' } },
      },
      dzial3: { przedmiotDzialalnosci: { przedmiotPrzewazajacejDzialalnosci: [{ kodDzial: '25', kodKlasa: '11', kodPodklasa: 'Z' }] } },
      dzial6: { postepowanieUpadlosciowe: [{ sposobProwadzeniaPostepowania: 'UPADŁOŚĆ', dataWydaniaPostanowienia: '10.05.2026' }] },
    },
  },
};

export const RO_ACTIVE = {
  vat: 'RO4996264',
  found: {
    date_generale: {
      data: '2026-11-24',
      cui: 4996264,
      denumire: 'QUASAR COMEX SRL',
      adresa: 'MUNICIPIUL BUCUREȘTI, SECTOR 1, STR. EXEMPLU, NR.1',
      nrRegCom: 'J40/1234/1993',
      stare_inregistrare: 'INREGISTRAT din data 01.01.1993',
      data_inregistrare: '1993-01-01',
      cod_CAEN: '4690',
      iban: '',
      statusRO_e_Factura: true,
      organFiscalCompetent: 'Administrația Sector 1 a Finanțelor Publice',
      forma_de_proprietate: 'PROPRIETATE PRIVATĂ',
      forma_organizare: 'PERSOANĂ JURIDICĂ',
      forma_juridica: 'SOCIETATE CU RĂSPUNDERE LIMITATĂ',
    },
    inregistrare_scop_Tva: { scpTVA: true, perioade_TVA: [] },
    inregistrare_RTVAI: { statusTvaIncasare: false },
    stare_inactiv: { statusInactivi: false },
    inregistrare_SplitTVA: { statusSplitTVA: false },
    adresa_sediu_social: {
      sdenumire_Strada: 'Str. Exemplu',
      snumar_Strada: '1',
      sdenumire_Localitate: 'Mun. București Sector 1',
      sdenumire_Judet: 'MUNICIPIUL BUCUREȘTI',
      scod_Postal: '010101',
    },
  },
};

export const RO_STRUCK_OFF = {
  vat: 'RO18547290',
  found: {
    date_generale: {
      cui: 18547290,
      denumire: 'PROBA RADIATA SRL',
      stare_inregistrare: 'RADIERE din data 15.03.2024',
      data_inregistrare: '2006-05-10',
      cod_CAEN: '4120',
      forma_juridica: 'SOCIETATE CU RĂSPUNDERE LIMITATĂ',
    },
    stare_inactiv: { statusInactivi: true },
    adresa_sediu_social: { sdenumire_Strada: 'Str. Probei', snumar_Strada: '2', sdenumire_Localitate: 'Cluj-Napoca', scod_Postal: '400001' },
  },
};

/** All the companies above, loaded into a registers peer. */
export function loadRegisterFixtures(peer: RegistersPeer): void {
  peer.fr.set('130025265', FR_ACTIVE.record);
  peer.fr.set('919891770', FR_CEASED.record);
  peer.cz.set('49240901', [CZ_ACTIVE.basic, CZ_ACTIVE.res]);
  peer.cz.set('27082440', [CZ_INSOLVENT.basic]);
  peer.fi.set('0112038-9', FI_ACTIVE.record);
  peer.fi.set('2077474-0', FI_BANKRUPT.record);
  peer.pl.set('9721237317', PL_ACTIVE.subject);
  peer.krs.set('0000413516', PL_ACTIVE.krs);
  peer.pl.set('5260250274', PL_BANKRUPT.subject);
  peer.krs.set('0000099999', PL_BANKRUPT.krs);
  peer.ro.set('4996264', RO_ACTIVE.found);
  peer.ro.set('18547290', RO_STRUCK_OFF.found);
}
