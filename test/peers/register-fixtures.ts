import type { RegistersPeer } from './registers.js';

/**
 * Register answers for the peer, in each register's documented format. The active companies'
 * records follow real recorded answers (DINUM in Sirene, Raiffeisenbank in ARES, Nokia in PRH,
 * SWLEX in KRS, an ANAF v9 sample); so does Seznam.cz datová centra's commercial-register
 * record (ARES VR, as recorded in a public client's tests, trimmed). The closed or insolvent
 * companies, and the officers and owners of the invented ones, are invented, on numbers that pass
 * the check-digit rules.
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
    // The RNE's dirigeants, as the API writes them (shape of recorded answers; people invented).
    dirigeants: [
      {
        nom: ' DURAND ',
        prenoms: 'MARIE  CLAIRE',
        annee_de_naissance: '1971',
        date_de_naissance: '1971-04',
        qualite: 'Président de SAS',
        nationalite: 'Française',
        type_dirigeant: 'personne physique',
      },
      { siren: '902650357', denomination: 'HOLDING EXEMPLE', qualite: 'Directeur Général', type_dirigeant: 'personne morale' },
      { siren: '784824153', denomination: 'CABINET AUDIT EXEMPLE', qualite: 'Commissaire aux comptes titulaire', type_dirigeant: 'personne morale' },
      { nom: '', prenoms: '', qualite: 'Directeur général délégué', type_dirigeant: 'personne physique' },
    ],
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
  /** Its commercial-register record: current, former and rewritten entries, as ARES keeps them. */
  vr: {
    icoId: '27082440',
    zaznamy: [
      { primarniZaznam: false, rejstrik: 'OR', statutarniOrgany: [] },
      {
        primarniZaznam: true,
        rejstrik: 'OR',
        stavSubjektu: 'AKTIVNI',
        statutarniOrgany: [
          {
            datumZapisu: '2003-02-11',
            nazevOrganu: 'Statutární orgán',
            typOrganu: 'STATUTARNI_ORGAN',
            clenoveOrganu: [
              {
                datumZapisu: '2003-02-11',
                datumVymazu: '2019-06-30',
                typAngazma: 'STATUTARNI_ORGAN_CLEN',
                // Struck out, with no end date (as in recorded answers).
                clenstvi: {},
                fyzickaOsoba: { jmeno: 'Petr', prijmeni: 'Bývalý', datumNarozeni: '1960-01-01' },
              },
              {
                // Rewritten when the address changed: the old entry is struck out, the new one is current.
                datumZapisu: '2019-07-01',
                datumVymazu: '2022-03-01',
                typAngazma: 'STATUTARNI_ORGAN_CLEN',
                clenstvi: { funkce: { nazev: 'jednatel', vznikFunkce: '2019-07-01' } },
                fyzickaOsoba: { jmeno: 'Jana', prijmeni: 'Zkušební', titulPredJmenem: 'Ing.', datumNarozeni: '1980-05-04' },
              },
              {
                datumZapisu: '2022-03-01',
                typAngazma: 'STATUTARNI_ORGAN_CLEN',
                clenstvi: { funkce: { nazev: 'jednatel', vznikFunkce: '2019-07-01' }, clenstvi: { vznikClenstvi: '2019-07-01' } },
                nazevAngazma: 'Člen statutárního orgánu',
                fyzickaOsoba: { jmeno: 'Jana', prijmeni: 'Zkušební', titulPredJmenem: 'Ing.', datumNarozeni: '1980-05-04' },
              },
              {
                // Membership ended, not yet struck out.
                datumZapisu: '2020-01-01',
                typAngazma: 'STATUTARNI_ORGAN_CLEN',
                clenstvi: { funkce: { nazev: 'jednatel' }, clenstvi: { vznikClenstvi: '2020-01-01', zanikClenstvi: '2025-12-31' } },
                fyzickaOsoba: { jmeno: 'Karel', prijmeni: 'Odešlý' },
              },
              {
                datumZapisu: '2023-05-10',
                typAngazma: 'STATUTARNI_ORGAN_CLEN',
                nazevAngazma: 'Člen statutárního orgánu',
                pravnickaOsoba: { ico: '25788001', obchodniJmeno: 'Správa Zkoušek s.r.o.', adresa: { kodStatu: 'CZ' } },
              },
            ],
          },
          {
            datumZapisu: '1999-01-01',
            datumVymazu: '2003-02-11',
            nazevOrganu: 'Představenstvo',
            clenoveOrganu: [{ datumZapisu: '1999-01-01', clenstvi: { funkce: { nazev: 'předseda' } }, fyzickaOsoba: { jmeno: 'Old', prijmeni: 'Board' } }],
          },
        ],
        spolecnici: [
          {
            nazevOrganu: 'Společníci',
            typOrganu: 'SPOLECNIK',
            spolecnik: [
              {
                datumZapisu: '2015-01-01',
                osoba: { datumZapisu: '2015-01-01', typAngazma: 'SPOLECNIK_OSOBA', nazevAngazma: 'Společník', pravnickaOsoba: { ico: '25788001', obchodniJmeno: 'Zkušební Holding a.s.' } },
                podil: [
                  { datumZapisu: '2015-01-01', datumVymazu: '2020-01-01', velikostPodilu: { typObnos: 'PROCENTA', hodnota: '100' } },
                  { datumZapisu: '2020-01-01', vklad: { typObnos: 'KORUNY', hodnota: '200000;00' }, velikostPodilu: { typObnos: 'PROCENTA', hodnota: '60;50' } },
                ],
              },
              {
                datumZapisu: '2020-01-01',
                osoba: { datumZapisu: '2020-01-01', typAngazma: 'SPOLECNIK_OSOBA', fyzickaOsoba: { jmeno: 'Ivana', prijmeni: 'Zkoušková', statniObcanstvi: 'SK' } },
                podil: [{ datumZapisu: '2020-01-01', velikostPodilu: { typObnos: 'TEXT', hodnota: 'třetina' } }],
              },
              {
                datumZapisu: '2003-02-11',
                datumVymazu: '2015-01-01',
                osoba: { datumZapisu: '2003-02-11', datumVymazu: '2015-01-01', fyzickaOsoba: { jmeno: 'Petr', prijmeni: 'Bývalý' } },
                podil: [{ datumZapisu: '2003-02-11', datumVymazu: '2015-01-01', velikostPodilu: { typObnos: 'PROCENTA', hodnota: '100' } }],
              },
            ],
          },
        ],
      },
    ],
  },
};

/** Basic and commercial-register records as recorded from ARES (a public client's tests, trimmed there). */
export const CZ_RECORDED_VR = {
  vat: 'CZ01673408',
  basic: {
    ico: '01673408',
    obchodniJmeno: 'Seznam.cz datová centra, s.r.o.',
    sidlo: { textovaAdresa: 'Radlická 3294/10, Smíchov, 15000 Praha 5' },
    pravniForma: '112',
    datumVzniku: '2013-05-15',
    dic: 'CZ01673408',
    seznamRegistraci: { stavZdrojeRos: 'AKTIVNI', stavZdrojeVr: 'AKTIVNI' },
    primarniZdroj: 'vr',
  },
  vr: {
    zaznamy: [
      {
        ico: '01673408',
        obchodniJmeno: [{ datumZapisu: '2013-05-15', hodnota: 'Seznam.cz datová centra, s.r.o.' }],
        pravniForma: [{ datumZapisu: '2013-05-15', hodnota: '112' }],
        stavSubjektu: 'AKTIVNI',
        akcionari: [],
        spolecnici: [
          {
            nazevOrganu: 'Společníci',
            spolecnik: [
              {
                datumZapisu: '2022-09-15',
                podil: [{ datumZapisu: '2022-09-15', velikostPodilu: { typObnos: 'PROCENTA', hodnota: '100' } }],
                osoba: {
                  datumZapisu: '2022-09-15',
                  typAngazma: 'SPOLECNIK_OSOBA',
                  clenstvi: {},
                  nazevAngazma: 'Společník',
                  pravnickaOsoba: { ico: '26168685', obchodniJmeno: 'Seznam.cz, a.s.', adresa: { textovaAdresa: 'Radlická 3294/10, Smíchov, 15000 Praha 5' } },
                },
              },
            ],
          },
        ],
        statutarniOrgany: [
          {
            nazevOrganu: 'Jednatel',
            clenoveOrganu: [
              {
                datumZapisu: '2022-09-15',
                typAngazma: 'STATUTARNI_ORGAN_CLEN',
                clenstvi: { funkce: { nazev: 'Jednatel' } },
                fyzickaOsoba: { jmeno: 'Michal', prijmeni: 'Feix', datumNarozeni: '1978-06-05', statniObcanstvi: 'CZ', adresa: { textovaAdresa: 'Praha 5' } },
              },
            ],
          },
        ],
        zakladniKapital: [],
      },
    ],
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
        // The public extract masks every person's name.
        wspolnicySpzoo: [
          {
            nazwisko: { nazwiskoICzlon: 'W*********' },
            imiona: { imie: 'S********' },
            identyfikator: { pesel: '8**********' },
            posiadaneUdzialy: '90 UDZIAŁÓW O ŁĄCZNEJ WARTOŚCI 4 500,00 ZŁ',
            czyPosiadaCaloscUdzialow: false,
          },
          {
            nazwisko: { nazwiskoICzlon: 'W*********' },
            imiona: { imie: 'M******' },
            identyfikator: { pesel: '9**********' },
            posiadaneUdzialy: '10 UDZIAŁÓW O ŁĄCZNEJ WARTOŚCI 500,00 ZŁ',
            czyPosiadaCaloscUdzialow: false,
          },
        ],
      },
      dzial2: {
        reprezentacja: {
          nazwaOrganu: 'ZARZĄD',
          sposobReprezentacji: 'W PRZYPADKU POWOŁANIA ZARZĄDU WIELOOSOBOWEGO DO SKŁADANIA OŚWIADCZEŃ W IMIENIU SPÓŁKI I REPREZENTOWANIA SPÓŁKI WYMAGANE JEST WSPÓŁDZIAŁANIE DWÓCH CZŁONKÓW ZARZĄDU ALBO JEDNEGO CZŁONKA ZARZĄDU ŁĄCZNIE Z PROKURENTEM',
          sklad: [
            {
              nazwisko: { nazwiskoICzlon: 'W*********' },
              imiona: { imie: 'S********' },
              identyfikator: { pesel: '8**********' },
              funkcjaWOrganie: 'CZŁONEK ZARZĄDU',
              czyZawieszona: false,
            },
          ],
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
        jedynyAkcjonariusz: [{ nazwa: 'PRÓBNY HOLDING SPÓŁKA Z OGRANICZONĄ ODPOWIEDZIALNOŚCIĄ', identyfikator: { regon: '14000000000000' }, krs: { krs: '0000088888' } }],
      },
      dzial2: {
        reprezentacja: {
          nazwaOrganu: 'ZARZĄD',
          sklad: [
            {
              nazwisko: { nazwiskoICzlon: 'KOWALSKA', nazwiskoIICzlon: 'NOWAK' },
              imiona: { imie: 'ANNA', imieDrugie: 'MARIA' },
              funkcjaWOrganie: 'PREZES ZARZĄDU',
              czyZawieszona: false,
            },
            { nazwisko: { nazwiskoICzlon: 'Z******' }, imiona: { imie: 'P****' }, funkcjaWOrganie: 'CZŁONEK ZARZĄDU', czyZawieszona: false },
            { nazwisko: { nazwiskoICzlon: '' }, imiona: { imie: '' }, funkcjaWOrganie: 'CZŁONEK ZARZĄDU' },
            { nazwisko: { nazwiskoICzlon: 'WIŚNIEWSKI' }, imiona: { imie: 'JAN' }, czyZawieszona: false },
          ],
        },
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
  peer.cz.set('27082440', [CZ_INSOLVENT.basic, undefined, CZ_INSOLVENT.vr]);
  peer.cz.set('01673408', [CZ_RECORDED_VR.basic, undefined, CZ_RECORDED_VR.vr]);
  peer.fi.set('0112038-9', FI_ACTIVE.record);
  peer.fi.set('2077474-0', FI_BANKRUPT.record);
  peer.pl.set('9721237317', PL_ACTIVE.subject);
  peer.krs.set('0000413516', PL_ACTIVE.krs);
  peer.pl.set('5260250274', PL_BANKRUPT.subject);
  peer.krs.set('0000099999', PL_BANKRUPT.krs);
  peer.ro.set('4996264', RO_ACTIVE.found);
  peer.ro.set('18547290', RO_STRUCK_OFF.found);
}
