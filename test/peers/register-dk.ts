import { startHttpPeer, type HttpPeer, type PeerAnswer, type RecordedRequest } from './http-peer.js';

/**
 * A local peer for Denmark's CVR "system-til-system" Elasticsearch: `POST
 * /cvr-permanent/virksomhed/_search` with HTTP Basic auth and a `term` query on
 * `Vrvirksomhed.cvrNummer`, answered in Elasticsearch's envelope (`took`, `timed_out`, `_shards`,
 * `hits: {total, max_score, hits: [{_index, _type, _id, _score, _source: {Vrvirksomhed}}]}`),
 * with the `_source` filter applied. Wrong credentials get a 401 `security_exception`; another
 * path a 404 `index_not_found_exception`; an unreadable query a 400 `parsing_exception`. It can be
 * set to fail: 503, 429 (`es_rejected_execution_exception`), a malformed body, a slow answer
 * (`slowMs`), or a search that timed out with no hits (`partial`).
 *
 * Fixtures: ASSURE WEALTH A/S follows a recorded answer of the real service (index
 * cvr-v-20220630, as published in a public client's data file): its company fields as recorded,
 * trimmed; its people (names and roles) invented. The other companies are invented, on CVR
 * numbers that pass the modulus-11 check, in the same shapes.
 */

export const DK_INDEX_PATH = '/cvr-permanent';
export const DK_SEARCH_PATH = `${DK_INDEX_PATH}/virksomhed/_search`;

export type DenmarkFailure = 503 | 429 | 'garbage' | 'slow' | 'partial';

export interface DenmarkPeer extends HttpPeer {
  /** CVR number → the `Vrvirksomhed` document. */
  companies: Map<string, Record<string, unknown>>;
  failing: DenmarkFailure | null;
  slowMs: number;
  /** REGISTRY_DK_URL for this peer (ends in /cvr-permanent). */
  baseUrl: string;
  user: string;
  password: string;
}

const period = (gyldigFra: string | null, gyldigTil: string | null = null) => ({ gyldigFra, gyldigTil });
const value = (vaerdi: string, from: string, to: string | null = null) => ({
  vaerdi,
  periode: period(from, to),
  sidstOpdateret: `${to ?? from}T10:00:00.000+01:00`,
});
const attribute = (type: string, ...vaerdier: ReturnType<typeof value>[]) => ({ sekvensnr: 0, type, vaerditype: 'string', vaerdier });

/** One organ a participant belongs to, with its attributes (FUNKTION, EJERANDEL_PROCENT…). */
const organ = (hovedtype: string, navn: string, from: string, ...attributter: ReturnType<typeof attribute>[]) => ({
  enhedsNummerOrganisation: 4005605777,
  hovedtype,
  organisationsNavn: [{ navn, periode: period(from), sidstOpdateret: `${from}T10:00:00.000+01:00` }],
  attributter: [attribute('FUNKTION', value(navn, from))],
  medlemsData: [{ attributter }],
});

/** A participant (`deltagerRelation[]`): a person or a company, and the organs it sits in. */
const participant = (navn: string, enhedstype: 'PERSON' | 'VIRKSOMHED', ...organisationer: ReturnType<typeof organ>[]) => ({
  deltager: {
    enhedsNummer: 4000000000 + navn.length,
    enhedstype,
    forretningsnoegle: null,
    organisationstype: null,
    navne: [{ navn, periode: period(null), sidstOpdateret: null }],
    beliggenhedsadresse: [],
    postadresse: [],
  },
  kontorsteder: [],
  organisationer,
});

const address = (vejnavn: string, husnummerFra: number, postnummer: number, postdistrikt: string, from: string, extra: Record<string, unknown> = {}) => ({
  landekode: 'DK',
  fritekst: null,
  vejkode: 205,
  kommune: { kommuneKode: 210, kommuneNavn: 'FREDENSBORG', periode: period('2007-01-01'), sidstOpdateret: '2006-11-13T00:00:00.000+01:00' },
  husnummerFra,
  adresseId: null,
  husnummerTil: null,
  bogstavFra: null,
  bogstavTil: null,
  etage: null,
  sidedoer: null,
  conavn: null,
  postboks: null,
  vejnavn,
  bynavn: null,
  postnummer,
  postdistrikt,
  ...extra,
  periode: period(from),
  sidstOpdateret: `${from}T15:30:24.000+02:00`,
});

/** The recorded ASSURE WEALTH A/S answer (trimmed; people invented). */
export const DK_ACTIVE = {
  cvr: '35682872',
  record: {
    cvrNummer: 35682872,
    regNummer: [],
    brancheAnsvarskode: null,
    reklamebeskyttet: true,
    navne: [{ navn: 'ASSURE WEALTH A/S', periode: period('2014-03-01'), sidstOpdateret: '2014-03-12T12:03:30.000+01:00' }],
    binavne: [],
    beliggenhedsadresse: [address('Gammel Strandvej', 16, 2990, 'Nivå', '2018-10-26')],
    livsforloeb: [{ periode: period('2014-03-01'), sidstOpdateret: '2014-03-12T12:03:30.000+01:00' }],
    hovedbranche: [
      {
        branchekode: '702200',
        branchetekst: 'Virksomhedsrådgivning og anden rådgivning om driftsledelse',
        periode: period('2014-03-01', '2014-04-01'),
        sidstOpdateret: '2014-04-10T08:50:16.000+02:00',
      },
      {
        branchekode: '692000',
        branchetekst: 'Bogføring og revision: skatterådgivning',
        periode: period('2014-04-02'),
        sidstOpdateret: '2014-04-10T08:50:16.000+02:00',
      },
    ],
    status: [],
    virksomhedsstatus: [{ status: 'NORMAL', periode: period('2014-03-01'), sidstOpdateret: '2014-03-12T12:03:30.000+01:00' }],
    virksomhedsform: [
      {
        virksomhedsformkode: 60,
        kortBeskrivelse: 'A/S',
        langBeskrivelse: 'Aktieselskab',
        ansvarligDataleverandoer: 'E&S',
        periode: period('2014-03-01'),
        sidstOpdateret: '2014-03-12T12:03:30.000+01:00',
      },
    ],
    aarsbeskaeftigelse: [{ aar: 2018, antalAnsatte: 12, intervalKodeAntalAnsatte: 'ANTAL_10_19', antalAarsvaerk: 8, intervalKodeAntalAarsvaerk: 'ANTAL_5_9' }],
    kvartalsbeskaeftigelse: [{ aar: 2019, kvartal: 3, antalAnsatte: 13, intervalKodeAntalAnsatte: 'ANTAL_10_19', antalAarsvaerk: 9, intervalKodeAntalAarsvaerk: 'ANTAL_5_9' }],
    penheder: [{ pNummer: 1018838470, periode: period('2014-03-01'), sidstOpdateret: '2014-03-12T12:03:30.000+01:00' }],
    deltagerRelation: [
      participant(
        'Karen Prøvesen',
        'PERSON',
        organ('LEDELSESORGAN', 'Bestyrelse', '2014-03-01', attribute('FUNKTION', value('FORMAND', '2016-09-02')), attribute('VALGFORM', value('generalforsamling', '2016-09-02'))),
      ),
      // Chairman until 2016: a former member keeps only closed values.
      participant(
        'Jens Tidligere',
        'PERSON',
        organ(
          'LEDELSESORGAN',
          'Bestyrelse',
          '2014-03-01',
          attribute('FUNKTION', value('FORMAND', '2014-03-01', '2016-09-01')),
          attribute('VALGFORM', value('generalforsamling', '2014-03-01', '2016-09-01')),
        ),
      ),
      participant(
        'Mads Eksempel',
        'PERSON',
        organ('LEDELSESORGAN', 'Direktion', '2014-03-01', attribute('FUNKTION', value('DIREKTØR', '2014-03-01'))),
        organ('LEDELSESORGAN', 'Bestyrelse', '2014-03-01', attribute('FUNKTION', value('BESTYRELSESMEDLEM', '2021-11-04')), attribute('VALGFORM', value('generalforsamling', '2021-11-04'))),
        organ('REGISTER', 'Reelle ejere', '2014-03-01', attribute('EJERANDEL_PROCENT', value('0.1686', '2014-03-01')), attribute('FUNKTION', value('Reel ejer', '2014-03-01'))),
        organ('HVIDVASK', 'Registret til bekæmpelse af hvidvask', '2020-09-30', attribute('FUNKTION', value('Leder', '2021-12-27'))),
      ),
      participant(
        'BEIERHOLM, STATSAUTORISERET REVISIONSPARTNERSELSKAB',
        'VIRKSOMHED',
        organ('REVISION', 'Revision', '2014-03-01', attribute('FUNKTION', value('REVISION', '2019-05-01'))),
      ),
      participant(
        'ASSURE WEALTH HOLDING ApS',
        'VIRKSOMHED',
        organ(
          'REGISTER',
          'EJERREGISTER',
          '2015-02-10',
          attribute('EJERANDEL_MEDDELELSE_DATO', value('2014-03-01', '2014-03-01')),
          attribute('EJERANDEL_PROCENT', value('1.0', '2014-03-01')),
          attribute('EJERANDEL_STEMMERET_PROCENT', value('1.0', '2014-03-01')),
        ),
        organ('STIFTERE', 'Stiftere', '2014-03-01', attribute('FUNKTION', value('STIFTERE', '2014-03-01'))),
      ),
    ],
    virksomhedMetadata: {
      nyesteNavn: { navn: 'ASSURE WEALTH A/S', periode: period('2014-03-01'), sidstOpdateret: '2014-03-12T12:03:30.000+01:00' },
      nyesteBinavne: [],
      nyesteVirksomhedsform: {
        virksomhedsformkode: 60,
        kortBeskrivelse: 'A/S',
        langBeskrivelse: 'Aktieselskab',
        ansvarligDataleverandoer: 'E&S',
        periode: period('2014-03-01'),
        sidstOpdateret: '2014-03-12T12:03:30.000+01:00',
      },
      nyesteBeliggenhedsadresse: address('Gammel Strandvej', 16, 2990, 'Nivå', '2018-10-26'),
      nyesteHovedbranche: { branchekode: '692000', branchetekst: 'Bogføring og revision: skatterådgivning', periode: period('2014-04-02'), sidstOpdateret: '2014-04-10T08:50:16.000+02:00' },
      nyesteBibranche1: null,
      nyesteStatus: null,
      antalPenheder: 1,
      nyesteAarsbeskaeftigelse: { aar: 2018, antalInklusivEjere: null, antalAarsvaerk: 8, antalAnsatte: 12, intervalKodeAntalAarsvaerk: 'ANTAL_5_9', intervalKodeAntalAnsatte: 'ANTAL_10_19' },
      nyesteKvartalsbeskaeftigelse: { aar: 2019, kvartal: 3, antalAarsvaerk: 9, antalAnsatte: 13, intervalKodeAntalAarsvaerk: 'ANTAL_5_9', intervalKodeAntalAnsatte: 'ANTAL_10_19' },
      nyesteMaanedsbeskaeftigelse: { aar: 2019, maaned: 9, antalAarsvaerk: 9, antalAnsatte: 12, intervalKodeAntalAarsvaerk: 'ANTAL_5_9', intervalKodeAntalAnsatte: 'ANTAL_10_19' },
      nyesteErstMaanedsbeskaeftigelse: { aar: 2023, maaned: 12, antalAarsvaerk: 23, antalAnsatte: 28, intervalKodeAntalAarsvaerk: 'ANTAL_20_49', intervalKodeAntalAnsatte: 'ANTAL_20_49' },
      sammensatStatus: 'NORMAL',
      stiftelsesDato: '2014-03-01',
      virkningsDato: '2014-03-01',
    },
    samtId: 2998720,
    enhedsNummer: 4002028630,
    enhedstype: 'VIRKSOMHED',
    sidstOpdateret: '2024-02-23T12:34:29.462+01:00',
  },
};

interface Invented {
  cvr: string;
  name: string;
  formCode: number;
  form?: [string, string];
  life: [string, string | null];
  status: [string, string][];
  composite: string;
  industry: [string, string, string];
  street: Record<string, unknown>;
  relations?: ReturnType<typeof participant>[];
}

/** An invented company in the recorded shape, with only the arrays (no `virksomhedMetadata`) for some fields. */
function invented(c: Invented, withMetadata = true) {
  const [from, to] = c.life;
  const form = { virksomhedsformkode: c.formCode, kortBeskrivelse: c.form?.[0] ?? null, langBeskrivelse: c.form?.[1] ?? null, periode: period(from), sidstOpdateret: `${from}T09:00:00.000+01:00` };
  const industry = { branchekode: c.industry[0], branchetekst: c.industry[1], periode: period(c.industry[2]), sidstOpdateret: `${c.industry[2]}T09:00:00.000+01:00` };
  const place = { ...address('Testvej', 1, 8000, 'Aarhus C', from), ...c.street };
  return {
    cvrNummer: Number(c.cvr),
    navne: [{ navn: c.name, periode: period(from, to), sidstOpdateret: `${from}T09:00:00.000+01:00` }],
    beliggenhedsadresse: [place],
    livsforloeb: [{ periode: period(from, to), sidstOpdateret: `${to ?? from}T09:00:00.000+01:00` }],
    hovedbranche: [industry],
    virksomhedsstatus: c.status.map(([status, fra], i) => ({ status, periode: period(fra, c.status[i + 1]?.[1] ?? null), sidstOpdateret: `${fra}T09:00:00.000+01:00` })),
    virksomhedsform: [form],
    aarsbeskaeftigelse: [],
    kvartalsbeskaeftigelse: [],
    deltagerRelation: c.relations ?? [],
    virksomhedMetadata: withMetadata
      ? {
          nyesteNavn: { navn: c.name, periode: period(from, to) },
          nyesteVirksomhedsform: form,
          nyesteBeliggenhedsadresse: place,
          nyesteHovedbranche: industry,
          nyesteAarsbeskaeftigelse: null,
          nyesteKvartalsbeskaeftigelse: null,
          sammensatStatus: c.composite,
          stiftelsesDato: from,
        }
      : null,
  };
}

/** An ApS with a floor in its address, two legal owners in share bands and no staff figures; the answer carries no metadata and no form description. */
export const DK_SMALL = {
  cvr: '29990018',
  record: invented(
    {
      cvr: '29990018',
      name: 'Prøvehuset Invest ApS',
      formCode: 80,
      life: ['2020-10-18', null],
      status: [['NORMAL', '2020-10-18']],
      composite: 'NORMAL',
      industry: ['643030', 'Investeringsselskaber', '2020-10-18'],
      street: { vejnavn: 'Hovedgaden', husnummerFra: 6, bogstavFra: 'B', etage: '1', sidedoer: 'tv', postnummer: 2970, postdistrikt: 'Hørsholm' },
      relations: [
        participant('Søren Prøve', 'PERSON', organ('LEDELSESORGAN', 'Direktion', '2020-10-18', attribute('FUNKTION', value('ADM. DIR.', '2020-10-18')))),
        participant(
          'Søren Prøve Holding ApS',
          'VIRKSOMHED',
          organ('REGISTER', 'EJERREGISTER', '2020-10-18', attribute('EJERANDEL_PROCENT', value('0.3333', '2020-10-27', '2020-12-08'), value('0.5', '2020-12-09'))),
        ),
        participant('Lise Prøve', 'PERSON', organ('REGISTER', 'EJERREGISTER', '2020-10-18', attribute('EJERANDEL_PROCENT', value('0.05', '2020-12-09')))),
        // Sold its share in 2020: no value in force.
        participant(
          'Gammel Ejer ApS',
          'VIRKSOMHED',
          organ('REGISTER', 'EJERREGISTER', '2020-10-18', attribute('EJERANDEL_PROCENT', value('0.25', '2020-10-18', '2020-12-08'))),
        ),
      ],
    },
    false,
  ),
};

/** Wound up voluntarily in 2023: its life period is closed. */
export const DK_DISSOLVED = {
  cvr: '29990026',
  record: invented({
    cvr: '29990026',
    name: 'Afviklet Tømrer ApS',
    formCode: 80,
    form: ['APS', 'Anpartsselskab'],
    life: ['2011-05-01', '2023-06-30'],
    status: [
      ['NORMAL', '2011-05-01'],
      ['UNDER FRIVILLIG LIKVIDATION', '2023-01-15'],
      ['OPLØST EFTER FRIVILLIG LIKVIDATION', '2023-06-30'],
    ],
    composite: 'OPLØSTEFTERFRIVILLIGLIKVIDATION',
    industry: ['433200', 'Tømrer- og bygningssnedkervirksomhed', '2011-05-01'],
    street: {},
  }),
};

/** Declared bankrupt in 2026. */
export const DK_BANKRUPT = {
  cvr: '29990034',
  record: invented({
    cvr: '29990034',
    name: 'Konkursramt Transport A/S',
    formCode: 60,
    form: ['A/S', 'Aktieselskab'],
    life: ['2004-02-01', null],
    status: [
      ['NORMAL', '2004-02-01'],
      ['UNDER KONKURS', '2026-09-14'],
    ],
    composite: 'Under konkurs',
    industry: ['494100', 'Vejgodstransport', '2008-01-01'],
    street: { vejnavn: 'Industrivej', husnummerFra: 12, postnummer: 7100, postdistrikt: 'Vejle' },
  }),
};

/** In voluntary liquidation. */
export const DK_LIQUIDATION = {
  cvr: '29990042',
  record: invented({
    cvr: '29990042',
    name: 'Lukker Snart ApS',
    formCode: 80,
    form: ['APS', 'Anpartsselskab'],
    life: ['2016-08-01', null],
    status: [
      ['NORMAL', '2016-08-01'],
      ['UNDER FRIVILLIG LIKVIDATION', '2026-10-01'],
    ],
    composite: 'UNDER FRIVILLIG LIKVIDATION',
    industry: ['620100', 'Computerprogrammering', '2016-08-01'],
    street: {},
  }),
};

/** Founded in 2025: its activity code may already be a DB25 one. */
export const DK_DB25 = {
  cvr: '29990050',
  record: invented({
    cvr: '29990050',
    name: 'Ny Kode IVS',
    formCode: 81,
    form: ['IVS', 'Iværksætterselskab'],
    life: ['2025-03-03', null],
    status: [['NORMAL', '2025-03-03']],
    composite: 'Aktiv',
    industry: ['561110', 'Restauranter', '2025-03-03'],
    street: {},
  }),
};

export const DK_UNKNOWN = '29990069';

/** `_source` filtering as Elasticsearch does it: only the listed paths of the document are kept. */
function pick(doc: Record<string, unknown>, paths: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const path of paths) {
    const keys = path.split('.');
    let from: unknown = doc;
    let to = out;
    keys.forEach((key, i) => {
      if (!from || typeof from !== 'object' || !(key in from)) return;
      from = (from as Record<string, unknown>)[key];
      if (i === keys.length - 1) to[key] = from;
      else to = (to[key] ??= {}) as Record<string, unknown>;
    });
  }
  return out;
}

function search(peer: DenmarkPeer, req: RecordedRequest): PeerAnswer {
  if (req.path !== DK_SEARCH_PATH || req.method !== 'POST') {
    const index = req.path.split('/')[1] ?? '';
    return { status: 404, json: { error: { type: 'index_not_found_exception', reason: 'no such index', index }, status: 404 } };
  }
  const body = req.json as { query?: { term?: Record<string, unknown> }; _source?: unknown; size?: number } | undefined;
  const asked = body?.query?.term?.['Vrvirksomhed.cvrNummer'];
  if (asked === undefined) {
    return { status: 400, json: { error: { type: 'parsing_exception', reason: 'no [query] registered' }, status: 400 } };
  }
  const doc = peer.companies.get(String(asked));
  const source = { Vrvirksomhed: doc };
  const hits = doc
    ? [
        {
          _index: 'cvr-v-20220630',
          _type: '_doc',
          _id: String(doc.enhedsNummer ?? asked),
          _score: 11.703241,
          _source: Array.isArray(body?._source) ? pick(source, body._source as string[]) : source,
        },
      ]
    : [];
  const partial = peer.failing === 'partial';
  return {
    json: {
      took: 7,
      timed_out: partial,
      _shards: { total: 6, successful: partial ? 4 : 6, skipped: 0, failed: partial ? 2 : 0 },
      hits: { total: partial ? 0 : hits.length, max_score: hits.length && !partial ? 11.703241 : null, hits: partial ? [] : hits },
    },
  };
}

export async function startDenmarkPeer(user = 'corisk-peer', password = 'peer-Secret-7f3a'): Promise<DenmarkPeer> {
  // eslint-disable-next-line prefer-const -- assigned once the server is up, read by the handler
  let peer: DenmarkPeer;
  const expected = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
  const http = await startHttpPeer((req) => {
    if (req.headers.authorization !== expected) {
      return {
        status: 401,
        headers: { 'www-authenticate': 'Basic realm="security" charset="UTF-8"' },
        json: { error: { type: 'security_exception', reason: `unable to authenticate user for REST request [${req.path}]` }, status: 401 },
      };
    }
    const failure = peer.failing;
    if (failure === 503) return { status: 503, text: '<html><body>Service Unavailable</body></html>', headers: { 'content-type': 'text/html' } };
    if (failure === 429) return { status: 429, json: { error: { type: 'es_rejected_execution_exception', reason: 'rejected execution' }, status: 429 } };
    if (failure === 'garbage') return { status: 200, text: '{"took": 3, "hits": {"hits": [{"_source": ', headers: { 'content-type': 'application/json' } };
    const reply = search(peer, req);
    return failure === 'slow' ? { ...reply, delayMs: peer.slowMs } : reply;
  });
  peer = {
    ...http,
    companies: new Map(
      [DK_ACTIVE, DK_SMALL, DK_DISSOLVED, DK_BANKRUPT, DK_LIQUIDATION, DK_DB25].map((c) => [c.cvr, c.record as Record<string, unknown>]),
    ),
    failing: null,
    slowMs: 3000,
    baseUrl: `${http.url}${DK_INDEX_PATH}`,
    user,
    password,
  };
  return peer;
}
