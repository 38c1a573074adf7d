import type { Activity } from '../../shared/contracts/assessment.js';
import { naceDivision } from '../../shared/nace.js';
import { msg, type Message } from '../../shared/i18n/message.js';
import { foldName } from '../geo/text-fold.js';
import { rev21EvidenceFromText } from './nace-revision.js';
import { registerValue } from './register-value.js';
import { inEnglish } from './texts.js';

/**
 * The company's activity as a NACE Rev. 2 code: the source's own code when it gives one,
 * otherwise inferred from words in the company name in the EU languages ('Banco', 'Versicherung',
 * 'Construções', 'Τηλεπικοινωνιών'…), otherwise not determined. `evidence` says how.
 */

interface Keyword {
  /** folded words (foldName); a trailing '*' also matches longer words and compound parts */
  words: string[];
  code: string;
  label: string;
  /** what the word says the company does ('insurance'), a message of engine-industry.json */
  meaning: Message;
}

const K = (words: string, code: string, label: string, meaningId: string): Keyword => ({
  words: words.split('|'),
  code,
  label,
  meaning: msg(meaningId),
});

/** First match wins: the more specific activities come first. */
const KEYWORDS: Keyword[] = [
  K('*versicherung*|seguros|seguro|seguradora|assurance|assurances|assicurazioni|assicurazione|verzekering*|*forsakring*|*forsikring*|vakuutus*|ubezpieczen*|pojistovna|poistovna|zavarovalnica|osiguranje|biztosito|asigurari|asigurare|insurance|reinsurance|asfalistiki|asfaleies|zastrahovatelno|kindlustus|apdrosinasana|draudimas',
    '65.12', 'Non-life insurance', 'industry.activity.meaning.insurance'),
  K('bank|*bank|banco|banque|banca|bankas|banka|banke|bankaktiengesellschaft|*sparkasse*|caixa|caja|cajamar|raiffeisen*|volksbank|trapeza|credit|credito|kredit*|spaarbank|sparbank|pankki',
    '64.19', 'Other monetary intermediation', 'industry.activity.meaning.bank'),
  K('pharma*|*pharmazeutische*|farma*|farmaceutica|farmaceutico|farmaceuticos|pharmaceutical*|pharmaceutique*|laboratorios|laboratoires|lekarna|gyogyszer*|farmakeftiki',
    '21.20', 'Manufacture of pharmaceutical preparations', 'industry.activity.meaning.pharmaceuticals'),
  K('chemie|*chemie*|chemical*|chimie|chimica|chimiche|quimica|quimicos|chemia|chemikalien|kemi|kemikal*|kemira|chimika',
    '20.59', 'Manufacture of other chemical products n.e.c.', 'industry.activity.meaning.chemicals'),
  K('refinery|refinaria|refineria|raffinerie|raffineria|petroleum|petroleo|petrolio|erdol',
    '19.20', 'Manufacture of refined petroleum products', 'industry.activity.meaning.oilRefining'),
  K('energia|energie|energy|energias|energetika|energetyka|energijos|energiaa|*strom*|electricidade|electricidad|elettrica|elettricita|electricity|electrica|electrique|elektrarne|elektrownia|ilektrismou|elektrisitet|power|stadtwerke',
    '35.11', 'Production of electricity', 'industry.activity.meaning.energy'),
  K('telecom|telekom|telecomunicacoes|comunicacoes|comunicaciones|comunicazioni|communications|kommunikation|telecomunicaciones|telecomunicazioni|telecommunication*|telecommunicatie|telekommunikation|tilepikoinonion|telekomunikacije|telekomunikacja|telecomunicatii|telco|mobilfunk',
    '61.10', 'Wired telecommunications activities', 'industry.activity.meaning.telecommunications'),
  K('software|*software*|informatica|informatique|informatik|informatika|informatyka|it|datacenter|datacentre',
    '62.01', 'Computer programming activities', 'industry.activity.meaning.softwareAndIT'),
  K('construcoes|construcao|construcciones|construccion|construction|constructions|costruzioni|bau|*bau|bouw|bouwbedrijf|budownictwo|budowlane|stavby|stavebni|gradnja|graditeljstvo|epitoipari|constructii|kataskeves|kataskevastiki|rakennus*|bygg*',
    '41.20', 'Construction of residential and non-residential buildings', 'industry.activity.meaning.construction'),
  K('shipping|maritime|maritima|maritimo|navigation|navigazione|naviera|reederei|rederi|nautiliaki',
    '50.20', 'Sea and coastal freight water transport', 'industry.activity.meaning.shipping'),
  K('airlines|airline|airways|aviation|aviacao|aviacion|luftfahrt|lotnicze',
    '51.10', 'Passenger air transport', 'industry.activity.meaning.airTransport'),
  K('logistics|logistica|logistique|logistik|logistiek|logistyka|logistika|warehousing|armazenagem|almacenaje',
    '52.29', 'Other transportation support activities', 'industry.activity.meaning.logistics'),
  K('transportes|transporte|transport|transports|trasporti|transporti|spedition|spedycja|doprava|kuljetus|metafores|freight|haulage|trucking',
    '49.41', 'Freight transport by road', 'industry.activity.meaning.transport'),
  K('automotive|automoveis|automoviles|automobiles|automobili|automobil|motors|autoteile',
    '29.10', 'Manufacture of motor vehicles', 'industry.activity.meaning.motorVehicles'),
  K('steel|stahl|acero|aco|aceros|acciaio|acciaierie|acier|acierie|stal|ocel|metal|metals|metalurgia|metallurgie|metallurgia|metalurgica|huta',
    '24.10', 'Manufacture of basic iron and steel and of ferro-alloys', 'industry.activity.meaning.steelAndMetals'),
  K('brewery|brauerei|cervejaria|cerveceria|cervezas|birra|birrificio|brasserie|brouwerij|browar|pivovar|bryggeri',
    '11.05', 'Manufacture of beer', 'industry.activity.meaning.brewing'),
  K('vinhos|vinos|vini|vins|weingut|winery|wines|bodegas|adega|cantina',
    '11.02', 'Manufacture of wine from grape', 'industry.activity.meaning.wineMaking'),
  K('food|foods|alimentos|alimentacao|alimentacion|alimentari|alimentare|alimentaire|lebensmittel|levensmiddelen|zywnosc|potraviny|trofima|bakery|panificadora|padaria|panaderia|backerei|dairy|lacticinios|lacteos|molkerei|zuivel|mleczarnia|latte|meat|carnes|fleisch',
    '10.89', 'Manufacture of other food products n.e.c.', 'industry.activity.meaning.food'),
  K('textil|texteis|textile|textiles|tessile|tessuti|textilwerke|tekstil*',
    '13.20', 'Weaving of textiles', 'industry.activity.meaning.textiles'),
  K('papel|papier|paper|cartiere|celulose|celulosa|zellstoff|pulp',
    '17.12', 'Manufacture of paper and paperboard', 'industry.activity.meaning.paper'),
  K('plasticos|plastics|kunststoff*|plastica|plastiques|plastik',
    '22.29', 'Manufacture of other plastic products', 'industry.activity.meaning.plastics'),
  K('mining|mineracao|mineria|minera|bergbau|quarry|pedreira|pedreiras|cantera|canteras|kopalnia|mines',
    '08.12', 'Operation of gravel and sand pits; mining of clays and kaolin', 'industry.activity.meaning.miningAndQuarrying'),
  K('hotel|hotels|hoteles|hoteis|hotelaria|hoteleira|hotellerie|resort|resorts|xenodocheia|xenodocheio',
    '55.10', 'Hotels and similar accommodation', 'industry.activity.meaning.hotels'),
  K('restaurante|restaurantes|restaurant|restaurants|ristorante|ristorazione|gastronomie|catering',
    '56.10', 'Restaurants and mobile food service activities', 'industry.activity.meaning.restaurants'),
  K('supermercado|supermercados|supermarket|supermarkets|supermarche|supermercati|hipermercados|retail|retalho|einzelhandel',
    '47.11', 'Retail sale in non-specialised stores with food, beverages or tobacco predominating', 'industry.activity.meaning.retail'),
  K('imobiliaria|imobiliario|inmobiliaria|inmobiliario|immobilien|immobiliare|immobilier|immobiliere|realestate|properties|property|vastgoed|nieruchomosci|ktimatiki',
    '68.20', 'Renting and operating of own or leased real estate', 'industry.activity.meaning.realEstate'),
  K('hospital|hospitais|hospitales|ospedale|clinica|clinicas|klinik|kliniken|clinique|saude|salud|sanita|health|healthcare|kliniki|nosokomeio',
    '86.10', 'Hospital activities', 'industry.activity.meaning.healthcare'),
  K('advogados|abogados|avocats|avvocati|rechtsanwalte|rechtsanwaltsgesellschaft|lawyers|legal|advocaten|kancelaria',
    '69.10', 'Legal activities', 'industry.activity.meaning.legalServices'),
  K('auditores|auditors|audit|accounting|contabilidade|contabilidad|wirtschaftsprufung*|steuerberatung*|accountants',
    '69.20', 'Accounting, bookkeeping and auditing activities; tax consultancy', 'industry.activity.meaning.accounting'),
  K('consulting|consultoria|consultores|consulenza|beratung|conseil|consultancy|advisory|advisors',
    '70.22', 'Business and other management consultancy activities', 'industry.activity.meaning.consultancy'),
  K('agricola|agricolas|agricole|agricoltura|landwirtschaft|farm|farms|farming|agro|agropecuaria|rolnicze|georgiki',
    '01.11', 'Growing of cereals (except rice), leguminous crops and oil seeds', 'industry.activity.meaning.agriculture'),
  K('security|seguranca|seguridad|sicurezza|sicherheit|sicherheitsdienst|bewachung|ochrona|asfaleia',
    '80.10', 'Private security activities', 'industry.activity.meaning.securityServices'),
  K('viagens|viajes|viaggi|voyages|travel|reisen|reisebuero|touristik|tours|turismo|tourism',
    '79.11', 'Travel agency activities', 'industry.activity.meaning.travel'),
  K('school|escola|escuela|scuola|ecole|schule|university|universidade|universidad|universita|universite|academy|academia',
    '85.59', 'Other education n.e.c.', 'industry.activity.meaning.education'),
];

/** Is the word in the name? '*' before/after a keyword also matches inside a longer word. */
function matches(nameWords: string[], keyword: string): boolean {
  const start = keyword.startsWith('*');
  const end = keyword.endsWith('*');
  const core = keyword.replace(/\*/g, '');
  if (core.length < 2) return false;
  return nameWords.some((w) =>
    start && end ? w.includes(core) : end ? w.startsWith(core) : start ? w.endsWith(core) : w === core,
  );
}

/** The word as the company wrote it, for the evidence ('Banco', 'Versicherungs-AG'). */
function writtenWord(name: string, folded: string): string {
  for (const w of name.split(/[\s,.;:()/&"'„“”«»-]+/)) if (w && foldName(w).includes(folded)) return w;
  return folded;
}

export function inferActivityFromName(name: string): Activity | undefined {
  const words = foldName(name).split(' ').filter(Boolean);
  for (const k of KEYWORDS) {
    const hit = k.words.find((kw) => matches(words, kw));
    if (hit) {
      const word = writtenWord(name, hit.replace(/\*/g, ''));
      return {
        nace_code: k.code,
        nace_label: k.label,
        inferred_from: 'name',
        evidence: inEnglish(nameEvidence(word, k.meaning)),
      };
    }
  }
  return undefined;
}

/** "company name contains 'Banco' (bank)" as a message. */
const nameEvidence = (word: string, meaning: Message): Message => msg('industry.activity.nameContains', { word, meaning });

/**
 * The evidence of an activity as a message, for the reports that quote it: one inferred from the
 * name (inferActivityFromName), or an official code mapped from a national one ('NACE 62.01 from
 * PKD code 62.01.Z in the …', or from a NACE Rev. 2.1 one through the correspondence). The activity may have been resolved in an earlier call, so its
 * English words are read back; undefined when they are not one of these (they stay as written).
 */
export function activityEvidenceMessage(activity: Pick<Activity, 'inferred_from' | 'evidence'>): Message | undefined {
  const { evidence } = activity;
  let message: Message | undefined;
  const named = activity.inferred_from === 'name' ? /^company name contains '(.*)' \(([^()]*)\)$/.exec(evidence) : null;
  if (named) {
    const k = KEYWORDS.find((kw) => inEnglish(kw.meaning) === named[2]);
    if (k) message = nameEvidence(named[1]!, k.meaning);
  }
  // A national NACE Rev. 2.1 code read as a Rev. 2 class (nace-revision.ts) says so.
  const rev21 = activity.inferred_from === 'source' ? rev21EvidenceFromText(evidence) : undefined;
  if (rev21) return rev21;
  const official = activity.inferred_from === 'source' ? /^NACE (\S+) from (.+) code (\S+) in the (.+)$/.exec(evidence) : null;
  if (official) {
    message = msg('industry.activity.official', { nace: official[1]!, scheme: official[2]!, code: official[3]!, register: registerValue(official[4]!) });
  }
  const given = activity.inferred_from === 'source' ? /^NACE code given by the (?:(bundled sample directory)|(\S+) record)$/.exec(evidence) : null;
  if (given) message = given[1] ? msg('industry.activity.givenBySample') : msg('industry.activity.givenByRecord', { source: given[2]! });
  return message && inEnglish(message) === evidence ? message : undefined;
}

/** The activity to assess: the source's own code, else one inferred from the name, else none. */
export function resolveActivity(name: string, fromSource?: Activity | null): Activity {
  if (fromSource?.nace_code && naceDivision(fromSource.nace_code)) return fromSource;
  return (
    inferActivityFromName(name) ?? {
      nace_code: null,
      nace_label: 'Activity not determined',
      inferred_from: 'none',
      evidence: 'no NACE code from the source and no activity word in the company name',
    }
  );
}

/** The activity of a source record that gives a NACE code ('sample directory', 'registry'…). */
export function activityFromSource(code: string, label: string, source: string): Activity {
  return { nace_code: code, nace_label: label, inferred_from: 'source', evidence: `NACE code given by the ${source}` };
}
