import { startHttpPeer, type HttpPeer, type PeerAnswer, type RecordedRequest } from './http-peer.js';

/**
 * A local peer for the two Slovak registers, each under its own path prefix, speaking their
 * documented formats (shapes from recorded answers of the real services):
 * - `/ruz/uctovne-jednotky?zmenene-od=…&dic={DIČ}` (or `&ico=`) → `{id: [N…], existujeDalsieId}`;
 *   400 without `zmenene-od`, which RÚZ requires;
 * - `/ruz/uctovna-jednotka?id={N}` → the unit; 404 with an empty body for an unknown id;
 * - `/rpo/search?identifier={IČO}` → `{results: [search rows], license}`;
 * - `/rpo/entity/{id}` → the entity (current view); 404 for an unknown id.
 * A register can be set to fail (503, 429, a malformed body, or a slow answer after `slowMs`);
 * so can one of its calls alone (`failingPaths`, by path prefix, e.g. '/ruz/uctovna-jednotka').
 */

export type SkRegister = 'ruz' | 'rpo';
export type SkFailure = 503 | 429 | 'garbage' | 'slow';

export interface SkRegistersPeer extends HttpPeer {
  /** RÚZ: DIČ → the ids of its accounting units, as `uctovne-jednotky` lists them. */
  ruzIds: Map<string, number[]>;
  /** RÚZ: unit id → `uctovna-jednotka` record. */
  ruzUnits: Map<number, unknown>;
  /** RPO: IČO → search rows. */
  rpoHits: Map<string, unknown[]>;
  /** RPO: RPO id → entity record. */
  rpoEntities: Map<number, unknown>;
  failing: Map<SkRegister, SkFailure>;
  failingPaths: Map<string, SkFailure>;
  slowMs: number;
  base(register: SkRegister): string;
  requestsTo(register: SkRegister): RecordedRequest[];
}

const LICENSE =
  '1. ŠÚ SR ako správca informačného systému RPO uplatňuje na použitie sprístupnených údajov z RPO … medzinárodnú verejnú licenciu Creative Commons Attribution License (cc-by) 4.0 …';

function answer(peer: SkRegistersPeer, register: SkRegister, req: RecordedRequest): PeerAnswer {
  const rest = req.path.slice(register.length + 1);
  if (register === 'ruz') {
    if (rest === '/uctovne-jednotky') {
      if (!req.query.get('zmenene-od')) return { status: 400, text: 'Parameter zmenene-od je povinný.' };
      const dic = req.query.get('dic');
      const ids = dic ? (peer.ruzIds.get(dic) ?? []) : [];
      return { json: { id: ids, existujeDalsieId: false } };
    }
    if (rest === '/uctovna-jednotka') {
      const unit = peer.ruzUnits.get(Number(req.query.get('id')));
      return unit ? { json: unit } : { status: 404, text: '', headers: { 'content-type': 'application/json;charset=UTF-8' } };
    }
    return { status: 404, text: '' };
  }
  if (rest === '/search') {
    const ico = req.query.get('identifier') ?? '';
    return { json: { results: peer.rpoHits.get(ico) ?? [], license: LICENSE } };
  }
  const m = /^\/entity\/(\d+)$/.exec(rest);
  const entity = m ? peer.rpoEntities.get(Number(m[1])) : undefined;
  return entity ? { json: { ...(entity as object), license: LICENSE } } : { status: 404, json: { code: 404, message: 'Entity not found' } };
}

const REGISTERS: readonly SkRegister[] = ['ruz', 'rpo'];

export async function startSkRegistersPeer(): Promise<SkRegistersPeer> {
  // eslint-disable-next-line prefer-const -- assigned once the server is up, read by the handler
  let peer: SkRegistersPeer;
  const http = await startHttpPeer((req) => {
    const register = REGISTERS.find((r) => req.path.startsWith(`/${r}/`));
    if (!register) return { status: 404, text: 'Not Found' };
    const failure = peer.failing.get(register) ?? [...peer.failingPaths].find(([prefix]) => req.path.startsWith(prefix))?.[1];
    if (failure === 503) return { status: 503, text: '<html><body>Service Unavailable</body></html>', headers: { 'content-type': 'text/html' } };
    if (failure === 429) return { status: 429, json: { message: 'Too Many Requests' }, headers: { 'retry-after': '60' } };
    if (failure === 'garbage') return { status: 200, text: '{"id": [12', headers: { 'content-type': 'application/json' } };
    const reply = answer(peer, register, req);
    return failure === 'slow' ? { ...reply, delayMs: peer.slowMs } : reply;
  });
  peer = {
    ...http,
    ruzIds: new Map(),
    ruzUnits: new Map(),
    rpoHits: new Map(),
    rpoEntities: new Map(),
    failing: new Map(),
    failingPaths: new Map(),
    slowMs: 3000,
    base: (register) => `${http.url}/${register}`,
    requestsTo: (register) => http.requests.filter((r) => r.path.startsWith(`/${register}/`)),
  };
  return peer;
}

/*
 * Fixtures. SLOVNAFT's RPO search row (id, IČO, names, seat, establishment, source register)
 * follows a recorded answer; its RÚZ unit and RPO entity follow the recorded shapes (a RÚZ unit
 * recorded by a public client's tests, a deleted unit as `{id, stav: 'ZMAZANÉ'}`), with the
 * values not in the recording (RÚZ id, staff band, officers, owners) invented. The other
 * companies are invented, on DIČs that pass the check-digit rule; people are invented.
 */

const SK = { value: 'Slovenská republika', code: '703', codelistCode: 'CL000086' };
const OR = { value: { value: 'Obchodný register', code: '1', codelistCode: 'CL010112' } };
const form = (code: string, value: string, validFrom: string) => ({ value: { value, code, codelistCode: 'CL000056' }, validFrom });

const slovnaftHit = {
  id: 1003617,
  dbModificationDate: '2026-07-09',
  identifiers: [{ value: '31322832', validFrom: '1992-04-29' }],
  fullNames: [
    { value: 'SLOVNAFT a.s.', validFrom: '1992-04-29', validTo: '1998-11-29' },
    { value: 'SLOVNAFT , a.s.', validFrom: '1998-11-30', validTo: '2008-05-29' },
    { value: 'SLOVNAFT, a.s.', validFrom: '2008-05-30' },
  ],
  addresses: [
    { validFrom: '2006-06-16', street: 'Vlčie hrdlo', regNumber: 0, buildingNumber: '1', postalCodes: ['82412'], municipality: { value: 'Bratislava' }, country: SK },
    { validFrom: '1992-04-29', validTo: '2006-06-15', street: 'Vlčie hrdlo', regNumber: 0, postalCodes: ['82412'], municipality: { value: 'Bratislava' }, country: SK },
  ],
  establishment: '1992-05-01',
  sourceRegister: {
    ...OR,
    registrationOffices: [{ value: 'Mestský súd Bratislava III', validFrom: '1992-04-29' }],
    registrationNumbers: [{ value: 'Sa/426/B', validFrom: '1992-04-29' }],
  },
};

export const SK_ACTIVE = {
  vat: 'SK2020372640',
  ico: '31322832',
  /** Newest first: a deleted unit, then the live one. */
  ruzIds: [64712, 98001],
  ruzUnits: [
    { id: 98001, stav: 'ZMAZANÉ' },
    {
      id: 64712,
      ico: '31322832',
      dic: '2020372640',
      nazovUJ: 'SLOVNAFT, a.s.',
      mesto: 'Bratislava',
      ulica: 'Vlčie hrdlo 1',
      psc: '82412',
      datumZalozenia: '1992-05-01',
      pravnaForma: '121',
      skNace: '19200',
      velkostOrganizacie: '32',
      druhVlastnictva: '7',
      kraj: '1',
      okres: '102',
      sidlo: '529320',
      konsolidovana: true,
      zdrojDat: 'SUSR',
      datumPoslednejUpravy: '2024-06-28',
      idUctovnychZavierok: [5810233, 6120457],
    },
  ],
  rpoHits: [slovnaftHit],
  rpoEntity: {
    ...slovnaftHit,
    fullNames: [slovnaftHit.fullNames[2]],
    addresses: [slovnaftHit.addresses[0]],
    legalForms: [form('121', 'Akciová spoločnosť', '1992-04-29')],
    activities: [{ economicActivityDescription: 'výroba a spracovanie ropných produktov', validFrom: '1992-04-29' }],
    statutoryBodies: [
      {
        stakeholderType: { value: 'predseda predstavenstva' },
        personName: { formatedName: 'Ing. Ján Vzorový', givenNames: ['Ján'], familyNames: ['Vzorový'], prefixes: [{ value: 'Ing.' }] },
        address: { street: 'Hlavná', buildingNumber: '5', municipality: { value: 'Senec' }, country: SK },
        validFrom: '2019-05-01',
      },
      {
        stakeholderType: { value: 'člen predstavenstva' },
        personName: { givenNames: ['Eva', 'Mária'], familyNames: ['Skúšková'] },
        validFrom: '2021-01-15',
      },
      // A former member, and a member whose name the register withholds: neither is named.
      { stakeholderType: { value: 'člen predstavenstva' }, personName: { formatedName: 'Peter Bývalý' }, validFrom: '2010-01-01', validTo: '2018-12-31' },
      { stakeholderType: { value: 'člen predstavenstva' }, personName: {}, validFrom: '2022-03-01' },
    ],
    stakeholders: [
      { stakeholderType: { value: 'Akcionár' }, fullName: 'Skúšobný Holding Nyrt.', identifier: '', validFrom: '2000-06-01' },
      { stakeholderType: { value: 'Akcionár' }, fullName: 'Fond národného majetku SR', validFrom: '1992-05-01', validTo: '2004-12-31' },
    ],
    equities: [{ amount: 1_000_000, currency: { value: 'EUR' }, validFrom: '2009-01-01' }],
    statisticalCodes: {
      statCodesActualization: '2024-03-31',
      mainActivity: { code: '19200', value: 'Výroba rafinovaných ropných produktov', codelistCode: 'CL005205' },
    },
  },
};

/** Struck off in 2023: RPO's current view has no name or seat left, only the search row does. */
export const SK_DISSOLVED = {
  vat: 'SK2022431004',
  ico: '46382411',
  ruzIds: [1730552],
  ruzUnits: [
    {
      id: 1730552,
      ico: '46382411',
      dic: '2022431004',
      nazovUJ: 'Skúšobná stavebná s. r. o.',
      mesto: 'Žilina',
      ulica: 'Národná 12',
      psc: '01001',
      datumZalozenia: '2011-10-04',
      datumZrusenia: '2023-05-31',
      pravnaForma: '112',
      skNace: '41200',
      velkostOrganizacie: '05',
      zdrojDat: 'SUSR',
      datumPoslednejUpravy: '2023-06-02',
    },
  ],
  rpoHits: [
    {
      id: 2218840,
      identifiers: [{ value: '46382411', validFrom: '2011-10-04', validTo: '2023-05-31' }],
      fullNames: [{ value: 'Skúšobná stavebná s. r. o.', validFrom: '2011-10-04', validTo: '2023-05-31' }],
      addresses: [
        { street: 'Národná', regNumber: 1544, buildingNumber: '12', postalCodes: ['010 01'], municipality: { value: 'Žilina' }, validFrom: '2011-10-04', validTo: '2023-05-31' },
      ],
      establishment: '2011-10-04',
      termination: '2023-05-31',
    },
  ],
  rpoEntity: {
    id: 2218840,
    identifiers: [],
    fullNames: [],
    addresses: [],
    legalForms: [{ ...form('112', 'Spoločnosť s ručením obmedzeným', '2011-10-04'), validTo: '2023-05-31' }],
    establishment: '2011-10-04',
    termination: '2023-05-31',
    statutoryBodies: [],
    stakeholders: [],
    statisticalCodes: { mainActivity: { code: '41200', value: 'Výstavba obytných a neobytných budov', codelistCode: 'CL005205' } },
  },
};

/** In liquidation: a current legal status, and the name says so too. */
export const SK_LIQUIDATION = {
  vat: 'SK2023117008',
  ico: '50291765',
  ruzIds: [2044871],
  ruzUnits: [
    {
      id: 2044871,
      ico: '50291765',
      dic: '2023117008',
      nazovUJ: 'Vzorový obchod s.r.o. v likvidácii',
      mesto: 'Košice - mestská časť Staré Mesto',
      ulica: 'Hlavná 68',
      psc: '04001',
      datumZalozenia: '2016-04-21',
      pravnaForma: '112',
      skNace: '47190',
      velkostOrganizacie: '03',
      datumPoslednejUpravy: '2024-11-12',
    },
  ],
  rpoHits: [{ id: 3310472, identifiers: [{ value: '50291765', validFrom: '2016-04-21' }], fullNames: [{ value: 'Vzorový obchod s.r.o. v likvidácii', validFrom: '2024-09-01' }] }],
  rpoEntity: {
    id: 3310472,
    fullNames: [
      { value: 'Vzorový obchod s.r.o. v likvidácii', validFrom: '2024-09-01' },
      { value: 'Vzorový obchod s.r.o.', validFrom: '2016-04-21', validTo: '2024-08-31' },
    ],
    addresses: [{ street: 'Hlavná', regNumber: 0, buildingNumber: '68', postalCodes: ['04001'], municipality: { value: 'Košice - mestská časť Staré Mesto' }, validFrom: '2016-04-21' }],
    legalForms: [form('112', 'Spoločnosť s ručením obmedzeným', '2016-04-21')],
    establishment: '2016-04-21',
    legalStatuses: [{ value: { value: 'V likvidácii' }, validFrom: '2024-09-01' }],
    statutoryBodies: [{ stakeholderType: { value: 'likvidátor' }, personName: { formatedName: 'JUDr. Martin Skúšobný' }, validFrom: '2024-09-01' }],
    stakeholders: [{ stakeholderType: { value: 'Spoločník' }, personName: { givenNames: ['Martin'], familyNames: ['Skúšobný'] }, validFrom: '2016-04-21' }],
    statisticalCodes: { mainActivity: { code: '47190', value: 'Ostatný maloobchod v nešpecializovaných predajniach', codelistCode: 'CL005205' } },
  },
};

/**
 * Bankrupt: a current "V konkurze" legal status (an earlier restructuring has ended). RÚZ lists
 * a second unit id that it no longer serves (404).
 */
export const SK_BANKRUPT = {
  vat: 'SK2120654008',
  ico: '35784221',
  ruzIds: [512004, 512990],
  ruzUnits: [
    {
      id: 512004,
      ico: '35784221',
      dic: '2120654008',
      nazovUJ: 'Príkladová výroba, a.s.',
      mesto: 'Trnava',
      ulica: 'Priemyselná 7',
      psc: '91701',
      datumZalozenia: '1999-02-01',
      pravnaForma: '121',
      skNace: '25110',
      velkostOrganizacie: '21',
      datumPoslednejUpravy: '2024-05-30',
    },
  ],
  rpoHits: [{ id: 1187342, identifiers: [{ value: '35784221', validFrom: '1999-02-01' }] }],
  rpoEntity: {
    id: 1187342,
    fullNames: [{ value: 'Príkladová výroba, a.s.', validFrom: '1999-02-01' }],
    addresses: [{ street: 'Priemyselná', regNumber: 8812, buildingNumber: '7', postalCodes: ['91701'], municipality: { value: 'Trnava' }, validFrom: '1999-02-01' }],
    legalForms: [form('121', 'Akciová spoločnosť', '1999-02-01')],
    establishment: '1999-02-01',
    legalStatuses: [
      { value: { value: 'V reštrukturalizácii' }, validFrom: '2021-02-01', validTo: '2022-06-30' },
      { value: { value: 'V konkurze' }, validFrom: '2025-03-14' },
    ],
    statutoryBodies: [],
    stakeholders: [],
    statisticalCodes: { mainActivity: { code: '25110', value: 'Výroba kovových konštrukcií a ich častí', codelistCode: 'CL005205' } },
  },
};

/**
 * Reclassified in 2025: RPO gives the main activity under another code list than SK NACE Rev. 2
 * (the list code is hypothetical: Rev. 2.1's is not yet seen in a recorded answer), and the RÚZ
 * unit changed after 2024.
 */
export const SK_REV21 = {
  vat: 'SK2024089001',
  ico: '53912345',
  ruzIds: [2611009],
  ruzUnits: [
    {
      id: 2611009,
      ico: '53912345',
      dic: '2024089001',
      nazovUJ: 'Kódovacia dielňa s. r. o.',
      mesto: 'Lokca',
      ulica: '215/14',
      psc: '02951',
      datumZalozenia: '2021-06-01',
      pravnaForma: '112',
      skNace: '62100',
      velkostOrganizacie: '05',
      datumPoslednejUpravy: '2025-07-03',
    },
  ],
  rpoHits: [{ id: 14022871, identifiers: [{ value: '53912345', validFrom: '2021-06-01' }] }],
  rpoEntity: {
    id: 14022871,
    fullNames: [{ value: 'Kódovacia dielňa s. r. o.', validFrom: '2021-06-01' }],
    addresses: [{ regNumber: 215, buildingNumber: '14', postalCodes: ['029 51'], municipality: { value: 'Lokca' }, validFrom: '2021-06-01' }],
    legalForms: [form('112', 'Spoločnosť s ručením obmedzeným', '2021-06-01')],
    establishment: '2021-06-01',
    statutoryBodies: [{ stakeholderType: { value: 'konateľ' }, personName: { formatedName: 'Silvia Príkladná' }, validFrom: '2021-06-01' }],
    stakeholders: [{ stakeholderType: { value: 'Spoločník' }, personName: { formatedName: 'Silvia Príkladná' }, validFrom: '2021-06-01' }],
    statisticalCodes: { statCodesActualization: '2025-03-31', mainActivity: { code: '62100', value: 'Počítačové programovanie', codelistCode: 'CL000999' } },
  },
};

/** A valid DIČ that RÚZ does not know. */
export const SK_UNKNOWN_VAT = 'SK2121345006';

export function loadSkFixtures(peer: SkRegistersPeer): void {
  for (const c of [SK_ACTIVE, SK_DISSOLVED, SK_LIQUIDATION, SK_BANKRUPT, SK_REV21]) {
    peer.ruzIds.set(c.vat.slice(2), c.ruzIds);
    for (const unit of c.ruzUnits) peer.ruzUnits.set(unit.id, unit);
    peer.rpoHits.set(c.ico, c.rpoHits);
    peer.rpoEntities.set(c.rpoEntity.id, c.rpoEntity);
  }
}
