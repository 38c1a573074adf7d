import { startHttpPeer, type HttpPeer, type PeerAnswer, type RecordedRequest } from './http-peer.js';

/**
 * A local peer for the Greek GEMI open data API (Business Portal), speaking its documented format:
 * `GET /api/opendata/v1/companies?afm={9 digits}` with the key in the `api_key` header →
 * `{searchMetadata: {totalCount, resultsOffset, resultsSize}, searchResults: [company…]}`. A
 * missing or wrong key is refused (401, as a gateway answers); an unknown AFM answers 404, or an
 * empty `searchResults` when `emptyWhenUnknown` is set. The register can be set to fail: 401, 403,
 * 429, 503, a malformed body, or a slow answer (`slowMs`).
 */

export type ElFailure = 401 | 403 | 429 | 503 | 'garbage' | 'slow';

export interface GemiPeer extends HttpPeer {
  /** The key the peer accepts. */
  key: string;
  /** AFM → the `searchResults` the API gives for it (a company, and possibly its branches). */
  companies: Map<string, unknown[]>;
  failing: ElFailure | undefined;
  emptyWhenUnknown: boolean;
  slowMs: number;
  /** REGISTRY_EL_URL on this peer. */
  base: string;
}

export const GEMI_PATH = '/api/opendata/v1';

function answer(peer: GemiPeer, req: RecordedRequest): PeerAnswer {
  if (req.headers.api_key !== peer.key) return { status: 401, json: { message: 'Invalid authentication credentials' } };
  if (req.method !== 'GET' || req.path !== `${GEMI_PATH}/companies`) return { status: 404, json: { message: 'no Route matched with those values' } };
  const afm = req.query.get('afm') ?? '';
  if (!/^\d{9}$/.test(afm)) return { status: 400, json: { message: 'afm: 9 digits' } };
  const found = peer.companies.get(afm) ?? [];
  if (found.length === 0 && !peer.emptyWhenUnknown) return { status: 404, json: { message: 'Not found' } };
  return { json: { searchMetadata: { totalCount: found.length, resultsOffset: 0, resultsSize: String(found.length) }, searchResults: found } };
}

export async function startGemiPeer(key = 'peer-gemi-key-0123456789'): Promise<GemiPeer> {
  // eslint-disable-next-line prefer-const -- assigned once the server is up, read by the handler
  let peer: GemiPeer;
  const http = await startHttpPeer((req): PeerAnswer => {
    const failure = peer.failing;
    if (failure === 401) return { status: 401, json: { message: 'Invalid authentication credentials' } };
    if (failure === 403) return { status: 403, json: { message: 'You cannot consume this service' } };
    if (failure === 503) return { status: 503, text: '<html><body>Service Unavailable</body></html>', headers: { 'content-type': 'text/html' } };
    if (failure === 429) return { status: 429, json: { message: 'API rate limit exceeded' }, headers: { 'retry-after': '60' } };
    if (failure === 'garbage') return { status: 200, text: '{"searchMetadata": {"totalCount": 1}, "searchResults": [{"arGemi": ', headers: { 'content-type': 'application/json' } };
    const reply = answer(peer, req);
    return failure === 'slow' ? { ...reply, delayMs: peer.slowMs } : reply;
  });
  peer = {
    ...http,
    key,
    companies: new Map(),
    failing: undefined,
    emptyWhenUnknown: false,
    slowMs: 3000,
    base: `${http.url}${GEMI_PATH}`,
  };
  loadGemiFixtures(peer);
  return peer;
}

/** One activity entry as GEMI writes it. */
const act = (id: string, descr: string, version: 'kad_2008' | 'kad_2026', type: 'Κύρια' | 'Δευτερεύουσα', dtFrom: string, dtTo: string | null) => ({
  activity: { id, descr, kadVersion: version },
  dtFrom,
  dtTo,
  type,
});

const board = (personName: string, role: string, dtFrom: string, dtTo: string | null) => ({
  personName,
  businessName: null,
  role,
  dtFrom,
  dtTo,
  isRepresentativeAlone: false,
  isRepresentativeInCommon: false,
  percentage: '-',
  category: 'Διοικητικό συμβούλιο',
});

const partner = (name: { personName?: string; businessName?: string }, role: string, percentage: string, dtFrom: string, dtTo: string | null = null) => ({
  personName: name.personName ?? null,
  businessName: name.businessName ?? null,
  role,
  dtFrom,
  dtTo,
  isRepresentativeAlone: null,
  isRepresentativeInCommon: null,
  percentage,
  category: 'Εταίροι',
});

/**
 * The active ΑΕ and ΙΚΕ follow answers recorded from the live API in a public client's tests
 * (GOLDAIR and BUTTON P.C., trimmed; their KAD 2008 codes closed on 2026-03-01 and replaced by
 * KAD 2026 ones), with the people's names replaced by invented ones. The new ΙΚΕ is the research's
 * live-shape sample. The closed and insolvent companies are invented, on AFMs that pass the check
 * digit.
 */
export const EL_ACTIVE_AE = {
  afm: '094447184',
  record: {
    legalType: { id: 1, descr: 'ΑΕ' },
    zipCode: '15124',
    municipality: { id: 61187, descr: 'ΑΜΑΡΟΥΣΙΟΥ / ΒΟΡΕΙΟΥ ΤΟΜΕΑ ΑΘΗΝΩΝ' },
    arGemi: '3031801000',
    city: null,
    streetNumber: '151',
    afm: '094447184',
    isBranch: false,
    coNamesEn: ['GKOLEMIS ETAIREIA AEROPORIKON EXYPIRETISEON ANONYMI ETAIREIA'],
    autoRegistered: false,
    poBox: null,
    coNameEl: 'ΓΚΟΛΕΜΗΣ ΕΤΑΙΡΕΙΑ ΑΕΡΟΠΟΡΙΚΩΝ ΕΞΥΠΗΡΕΤΗΣΕΩΝ ΑΝΩΝΥΜΗ ΕΤΑΙΡΕΙΑ',
    lastStatusChange: '1998-09-16',
    status: { id: 3, descr: 'Ενεργή' },
    prefecture: { id: 5, descr: 'ΑΤΤΙΚΗΣ' },
    street: 'Λ.ΚΗΦΙΣΙΑΣ ((& ΒΑΣ.ΣΟΦΙΑΣ 2))',
    gemiOffice: { id: 1, descr: 'ΕΜΠΟΡΙΚΟ & ΒΙΟΜΗΧΑΝΙΚΟ ΕΠΙΜΕΛΗΤΗΡΙΟ ΑΘΗΝΩΝ' },
    activities: [
      act('52320001', 'ΥΠΗΡΕΣΙΕΣ ΠΩΛΗΣΗΣ ΑΕΡΟΠΟΡΙΚΩΝ ΕΙΣΙΤΗΡΙΩΝ ΜΕΤΑΦΟΡΑΣ ΠΡΟΣΩΠΩΝ ΜΕ ΠΡΟΜΗΘΕΙΑ', 'kad_2026', 'Κύρια', '2026-03-01', null),
      act('79111101', 'ΥΠΗΡΕΣΙΕΣ ΠΩΛΗΣΗΣ ΑΕΡΟΠΟΡΙΚΩΝ ΕΙΣΙΤΗΡΙΩΝ ΜΕΤΑΦΟΡΑΣ ΠΡΟΣΩΠΩΝ ΜΕ ΠΡΟΜΗΘΕΙΑ', 'kad_2008', 'Κύρια', '1998-09-16', '2026-03-01'),
      act('82300102', 'ΥΠΗΡΕΣΙΕΣ ΟΡΓΑΝΩΣΗΣ ΕΠΙΣΤΗΜΟΝΙΚΩΝ Η ΠΟΛΙΤΙΣΤΙΚΩΝ ΕΚΔΗΛΩΣΕΩΝ', 'kad_2026', 'Δευτερεύουσα', '2026-03-01', null),
      act('82301102', 'ΥΠΗΡΕΣΙΕΣ ΟΡΓΑΝΩΣΗΣ ΕΠΙΣΤΗΜΟΝΙΚΩΝ Η ΠΟΛΙΤΙΣΤΙΚΩΝ ΕΚΔΗΛΩΣΕΩΝ', 'kad_2008', 'Δευτερεύουσα', '1998-09-16', '2026-03-01'),
    ],
    coTitlesEl: ['GOLDAIR'],
    coTitlesEn: [],
    incorporationDate: '1998-09-16',
    persons: [
      { ...board('ΔΟΚΙΜΑΚΗ ΕΛΕΝΗ ΓΕΩΡΓΙΟΣ ', 'Πρόεδρος', '2023-10-27', '2028-10-27'), isRepresentativeAlone: true, isRepresentativeInCommon: true },
      { ...board('ΠΑΡΑΔΕΙΓΜΑΤΟΣ ΝΙΚΟΛΑΟΣ ΙΩΑΝΝΗΣ ', 'Διευθύνων Σύμβουλος', '2023-10-27', '2028-10-27'), isRepresentativeAlone: true },
      board('ΥΠΟΔΕΙΓΜΑΤΟΣ ΚΩΝΣΤΑΝΤΙΝΟΣ ΠΑΝΑΓΙΩΤΗΣ ', 'Μέλος', '2023-10-27', '2028-10-27'),
      // A former member, whose term ended: not an officer any more.
      board('ΠΑΛΑΙΟΥ ΜΑΡΙΑ ΔΗΜΗΤΡΙΟΣ ', 'Μέλος', '2018-10-27', '2023-10-27'),
    ],
    capital: [],
    stocks: [{ stockTypeId: 1, amount: 90100, nominalPrice: 12.65, stockType: 'Ονομαστικές, Κοινές' }],
    branch: [],
  },
};

export const EL_ACTIVE_IKE = {
  afm: '800599839',
  record: {
    legalType: { id: 19, descr: 'ΙΚΕ' },
    zipCode: '18542',
    municipality: { id: 61223, descr: 'ΝΙΚΑΙΑΣ - ΑΓΙΟΥ ΙΩΑΝΝΗ ΡΕΝΤΗ / ΠΕΙΡΑΙΩΣ' },
    arGemi: '131516209000',
    city: 'ΝΙΚΑΙΑ',
    streetNumber: '75',
    afm: '800599839',
    isBranch: false,
    coNamesEn: ['BUTTON P.C.'],
    coNameEl: 'BUTTON P.C.',
    lastStatusChange: '2014-08-13',
    status: { id: 3, descr: 'Ενεργή' },
    prefecture: { id: 5, descr: 'ΑΤΤΙΚΗΣ' },
    street: 'ΔΟΞΗΣ',
    gemiOffice: { id: 9, descr: 'ΕΠΑΓΓΕΛΜΑΤΙΚΟ ΕΠΙΜΕΛΗΤΗΡΙΟ  ΠΕΙΡΑΙΩΣ' },
    activities: [
      act('73110100', 'ΥΠΗΡΕΣΙΕΣ ΠΛΗΡΟΥΣ ΔΙΑΦΗΜΙΣΗΣ', 'kad_2026', 'Κύρια', '2026-03-01', null),
      act('73111100', 'ΥΠΗΡΕΣΙΕΣ ΠΛΗΡΟΥΣ ΔΙΑΦΗΜΙΣΗΣ', 'kad_2008', 'Κύρια', '2014-08-13', '2026-03-01'),
      act('62101104', 'ΥΠΗΡΕΣΙΕΣ ΔΗΜΙΟΥΡΓΙΑΣ ΙΣΤΟΣΕΛΙΔΩΝ ΣΤΟ ΔΙΑΔΙΚΤΥΟ', 'kad_2026', 'Δευτερεύουσα', '2026-03-01', null),
      act('62011104', 'ΥΠΗΡΕΣΙΕΣ ΔΗΜΙΟΥΡΓΙΑΣ ΙΣΤΟΣΕΛΙΔΩΝ ΣΤΟ ΔΙΑΔΙΚΤΥΟ', 'kad_2008', 'Δευτερεύουσα', '2014-08-13', '2026-03-01'),
    ],
    coTitlesEl: ['BUTTON'],
    coTitlesEn: ['BUTTON'],
    incorporationDate: '2014-08-13',
    persons: [
      partner({ personName: 'ΔΟΚΙΜΑΣΤΗΣ ΚΩΝΣΤ ΠΑΝ ' }, 'Μέλος & Διαχειριστής', '70%', '2017-11-01'),
      partner({ personName: 'ΥΠΟΔΕΙΓΜΑ ΧΡΙΣΤ ΓΕΩ ' }, 'Μέλος', '30%', '2017-11-01'),
      // A partner who left in 2017.
      partner({ personName: 'ΠΡΩΗΝ ΕΤΑΙΡΟΣ ΑΝΤ ΙΩΑ ' }, 'Μέλος', '50%', '2014-08-13', '2017-11-01'),
    ],
    capital: [],
    stocks: [],
    branch: [],
  },
};

/** Registered after the switch to KAD 2026: no KAD 2008 code at all (the research's live-shape sample). */
export const EL_NEW_IKE = {
  afm: '099999999',
  record: {
    arGemi: '118717203000',
    afm: '099999999',
    coNameEl: 'ΔΟΚΙΜΑΣΤΙΚΗ ΙΚΕ',
    coNamesEn: ['DOKIMASTIKI IKE'],
    legalType: { id: 19, descr: 'ΙΚΕ' },
    status: { id: 3, descr: 'Ενεργή' },
    prefecture: { id: 5, descr: 'ΑΤΤΙΚΗΣ' },
    municipality: { id: 61190, descr: 'ΚΗΦΙΣΙΑΣ / ΒΟΡΕΙΟΥ ΤΟΜΕΑ ΑΘΗΝΩΝ' },
    city: 'ΚΗΦΙΣΙΑ',
    street: 'ΟΔΟΣ ΔΟΚΙΜΗΣ',
    streetNumber: '6',
    zipCode: '14561',
    incorporationDate: '2026-09-14',
    lastStatusChange: '2026-09-14',
    isBranch: false,
    activities: [act('47191002', 'ΛΙΑΝΙΚΟ ΕΜΠΟΡΙΟ', 'kad_2026', 'Κύρια', '2026-09-14', null)],
    capital: [{ capitalStock: 1000, currency: 'Euro' }],
    persons: [],
  },
};

/** Struck off (status 17) in 2019: its KAD 2008 main activity was never replaced. A company partner owns part of it. */
export const EL_STRUCK_OFF = {
  afm: '800123456',
  record: {
    arGemi: '122334401000',
    afm: '800123456',
    coNameEl: 'ΔΟΚΙΜΑΣΤΙΚΕΣ ΚΑΤΑΣΚΕΥΕΣ ΕΠΕ',
    coNamesEn: ['DOKIMASTIKES KATASKEVES LTD'],
    legalType: { id: 8, descr: 'ΕΠΕ' },
    status: { id: 17, descr: 'Διαγραφή' },
    municipality: { id: 61050, descr: 'ΘΕΣΣΑΛΟΝΙΚΗΣ / ΘΕΣΣΑΛΟΝΙΚΗΣ' },
    city: 'ΘΕΣΣΑΛΟΝΙΚΗ',
    street: 'ΕΓΝΑΤΙΑΣ',
    streetNumber: '12',
    zipCode: '546 24',
    incorporationDate: '2011-04-05',
    lastStatusChange: '2019-12-31',
    isBranch: false,
    activities: [
      act('41201001', 'ΚΑΤΑΣΚΕΥΑΣΤΙΚΕΣ ΕΡΓΑΣΙΕΣ ΓΙΑ ΚΤΙΡΙΑ', 'kad_2008', 'Κύρια', '2011-04-05', '2019-12-31'),
      act('43991000', 'ΥΠΗΡΕΣΙΕΣ ΣΤΕΓΑΝΟΠΟΙΗΣΗΣ', 'kad_2008', 'Δευτερεύουσα', '2011-04-05', '2019-12-31'),
    ],
    persons: [
      partner({ businessName: 'ΔΟΚΙΜΑΣΤΙΚΗ ΣΥΜΜΕΤΟΧΩΝ ΑΕ' }, 'Εταίρος', '60%', '2011-04-05'),
      partner({ personName: 'ΠΑΡΑΔΕΙΓΜΑ ΣΤΑΥΡΟΣ ΜΙΧ ' }, 'Εταίρος & Διαχειριστής', '40%', '2011-04-05'),
    ],
  },
};

/** Declared bankrupt (status 5). */
export const EL_BANKRUPT = {
  afm: '801555668',
  record: {
    arGemi: '5123401000',
    afm: '801555668',
    coNameEl: 'ΥΠΟΔΕΙΓΜΑΤΙΚΗ ΒΙΟΜΗΧΑΝΙΑ ΤΡΟΦΙΜΩΝ ΑΝΩΝΥΜΗ ΕΤΑΙΡΕΙΑ',
    coNamesEn: ['YPODEIGMATIKI FOOD INDUSTRY S.A.'],
    legalType: { id: 1, descr: 'ΑΕ' },
    status: { id: 5, descr: 'Πτώχευση' },
    municipality: { id: 61119, descr: 'ΛΑΡΙΣΑΙΩΝ / ΛΑΡΙΣΑΣ' },
    city: 'ΛΑΡΙΣΑ',
    street: 'ΒΙ.ΠΕ. ΛΑΡΙΣΑΣ',
    streetNumber: null,
    zipCode: '41500',
    incorporationDate: '2004-02-17',
    lastStatusChange: '2025-10-08',
    isBranch: false,
    activities: [
      act('10711000', 'ΑΡΤΟΠΟΙΙΑ', 'kad_2026', 'Κύρια', '2026-03-01', null),
      act('10711000', 'ΑΡΤΟΠΟΙΙΑ', 'kad_2008', 'Κύρια', '2004-02-17', '2026-03-01'),
    ],
    persons: [],
  },
};

/** Dissolved and in liquidation (status 7), an ΟΕ whose liquidator is named by a partner's role. */
export const EL_IN_LIQUIDATION = {
  afm: '802765436',
  record: {
    arGemi: '44556677000',
    afm: '802765436',
    coNameEl: 'ΠΑΡΑΔΕΙΓΜΑ ΚΑΙ ΣΙΑ ΟΕ',
    coNamesEn: ['PARADEIGMA KAI SIA GP'],
    legalType: { id: 2, descr: 'ΟΕ' },
    status: { id: 7, descr: 'Λύση - Εκκαθάριση' },
    municipality: { id: 61324, descr: 'ΧΑΝΙΩΝ / ΧΑΝΙΩΝ' },
    city: 'ΧΑΝΙΑ',
    street: 'ΑΠΟΚΟΡΩΝΟΥ',
    streetNumber: '30',
    zipCode: '73135',
    incorporationDate: '2016-05-02',
    lastStatusChange: '2026-07-20',
    isBranch: false,
    activities: [
      act('56101101', 'ΥΠΗΡΕΣΙΕΣ ΕΣΤΙΑΤΟΡΙΟΥ', 'kad_2026', 'Κύρια', '2026-03-01', null),
      act('56101101', 'ΥΠΗΡΕΣΙΕΣ ΕΣΤΙΑΤΟΡΙΟΥ', 'kad_2008', 'Κύρια', '2016-05-02', '2026-03-01'),
    ],
    persons: [partner({ personName: 'ΠΑΡΑΔΕΙΓΜΑ ΙΩΑΝΝΗΣ ΓΕΩ ' }, 'Ομόρρυθμο Μέλος, Εκκαθαριστής & Εκπρόσωπος', '50%', '2016-05-02')],
  },
};

/** A foreign company's Greek branch listed under the same AFM, before the company's own record. */
export const EL_WITH_BRANCH = {
  afm: '803999889',
  records: [
    {
      arGemi: '160001001001',
      afm: '803999889',
      coNameEl: 'EXAMPLE SHIPPING LIMITED (ΥΠΟΚΑΤΑΣΤΗΜΑ ΕΛΛΑΔΟΣ)',
      legalType: { id: 15, descr: 'Υποκατάστημα Αλλοδαπής' },
      status: { id: 3, descr: 'Ενεργή' },
      city: 'ΠΕΙΡΑΙΑΣ',
      zipCode: '18536',
      isBranch: true,
      activities: [],
      persons: [],
    },
    {
      arGemi: '160001001000',
      afm: '803999889',
      coNameEl: 'EXAMPLE SHIPPING ΝΑΥΤΙΛΙΑΚΗ ΑΝΩΝΥΜΗ ΕΤΑΙΡΕΙΑ',
      legalType: { id: 1, descr: 'ΑΕ' },
      status: { id: 3, descr: 'Ενεργή' },
      city: 'ΠΕΙΡΑΙΑΣ',
      street: 'ΑΚΤΗ ΜΙΑΟΥΛΗ',
      streetNumber: '93',
      zipCode: '18538',
      incorporationDate: '2009-01-20',
      isBranch: false,
      activities: [
        act('50201000', 'ΘΑΛΑΣΣΙΕΣ ΜΕΤΑΦΟΡΕΣ ΦΟΡΤΙΟΥ', 'kad_2026', 'Κύρια', '2026-03-01', null),
        act('50201000', 'ΘΑΛΑΣΣΙΕΣ ΜΕΤΑΦΟΡΕΣ ΦΟΡΤΙΟΥ', 'kad_2008', 'Κύρια', '2009-01-20', '2026-03-01'),
      ],
      persons: [],
    },
  ],
};

export function loadGemiFixtures(peer: GemiPeer): void {
  for (const f of [EL_ACTIVE_AE, EL_ACTIVE_IKE, EL_NEW_IKE, EL_STRUCK_OFF, EL_BANKRUPT, EL_IN_LIQUIDATION]) peer.companies.set(f.afm, [f.record]);
  peer.companies.set(EL_WITH_BRANCH.afm, EL_WITH_BRANCH.records);
}
