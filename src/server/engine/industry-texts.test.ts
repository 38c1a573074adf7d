import { describe, expect, it } from 'vitest';
import type { CompanyData } from '../../shared/contracts/assessment.js';
import { LOCALES } from '../../shared/i18n/locales.js';
import { msg, type Message } from '../../shared/i18n/message.js';
import { buildRiskResult } from '../../shared/scoring.js';
import type { RasterReading } from '../geo/hazard-rasters.js';
import { DATASETS } from '../geo/sources.js';
import { activityEvidenceMessage, inferActivityFromName, resolveActivity } from './activity.js';
import { analyseSite, dataSourcesOf, type SiteAnalysis } from './analyse.js';
import { PROFILES } from './industry-profiles.js';
import { siteReasonMessage } from './industry-risks.js';
import { profileAtSite } from './site-types.js';
import { inEnglish, inLanguage } from './texts.js';

/**
 * The industry reasons, key takeaways and data-source lines as messages (engine-industry.json):
 * each message says in English exactly what the report stores, and renders in every language
 * with nothing left unrendered.
 */

const now = new Date('2026-11-24T00:00:00Z');

/** A young, large Czech public company on Prague's river (register fields filled, city precision, site type assumed). */
const prague = (over: Partial<CompanyData> = {}) => ({
  name: 'Chemie Praha a.s.',
  country: 'Czech Republic',
  latitude: 50.0647,
  longitude: 14.4391,
  geocode_precision: 'city' as const,
  activity: resolveActivity('Chemie Praha a.s.'),
  legal_form: 'Akciová společnost',
  status: 'insolvent' as const,
  incorporated_on: '2026-06-10',
  employees: '250–499',
  sample: true,
  ...over,
});
const naples = { name: 'Porto di Napoli Logistica S.r.l.', country: 'Italy', latitude: 40.8518, longitude: 14.2681, geocode_precision: 'address' as const };
const valletta = {
  name: 'Malta Online Shop Ltd',
  country: 'Malta',
  latitude: 35.8989,
  longitude: 14.5146,
  geocode_precision: 'postal_code' as const,
  activity: { nace_code: '47.91', nace_label: 'Retail sale via mail order houses or via Internet', inferred_from: 'source' as const, evidence: 'NACE code given by the sample directory' },
  employees: '1–5',
  legal_form: 'entrepreneur individuel',
};
const unknown = { name: 'Acme', country: 'Austria', latitude: 47.2692, longitude: 11.4041, geocode_precision: 'country' as const };

const analyses: [string, SiteAnalysis][] = [
  ['Prague', analyseSite(prague(), undefined, now)],
  ['Prague office', analyseSite(prague({ site_type: 'office', status: 'dissolved' }), undefined, now)],
  ['Naples', analyseSite(naples, undefined, now)],
  ['Valletta', analyseSite(valletta, undefined, now)],
  ['Innsbruck', analyseSite(unknown, undefined, now)],
];

/** Every message the engine-industry catalogue makes for a report: industry reasons, takeaways, data sources. */
function messagesOf(a: SiteAnalysis): { text: string; message: Message }[] {
  const out: { text: string; message: Message }[] = [];
  for (const r of a.industry) r.reason.forEach((text, i) => out.push({ text, message: r.reasonMessages![i]! }));
  a.keyTakeaways.forEach((text, i) => out.push({ text, message: a.keyTakeawayMessages[i]! }));
  for (const d of a.dataSources) out.push({ text: d.used_for, message: d.used_for_message! });
  return out;
}

const UNRENDERED = /\{|\}|\b(?:industry|takeaway|profile|source)\.[A-Za-z]+/;

describe('the industry texts as messages', () => {
  it('gives the site type’s own facts at a site type other than the activity’s', () => {
    const office = analyses[1]![1].industry.find((r) => r.name === 'Property / Fire')!;
    expect(office.reason[2]).toBe('office building: IT equipment, archives and fit-out');
    expect(inLanguage(office.reasonMessages![1]!, 'de')).toBe('Standorttyp: Büro (gewählt)');
  });

  it.each(analyses)('%s: every industry reason, takeaway and data-source line has its message, which says it in English', (_, a) => {
    for (const r of a.industry) expect(r.reasonMessages, r.name).toHaveLength(r.reason.length);
    expect(a.keyTakeawayMessages).toHaveLength(a.keyTakeaways.length);
    for (const d of a.dataSources) expect(d.used_for_message, d.name).toBeDefined();
    for (const { text, message } of messagesOf(a)) expect(inEnglish(message)).toBe(text);
  });

  it.each(analyses)('%s: renders in every language with nothing left unrendered', (_, a) => {
    for (const locale of LOCALES) {
      for (const { text, message } of messagesOf(a)) {
        const written = inLanguage(message, locale);
        expect(written, `${locale}: ${text}`).not.toMatch(UNRENDERED);
        expect(written.trim(), `${locale}: ${text}`).not.toBe('');
      }
    }
  });

  it('keeps the messages through the stored result', () => {
    const a = analyses[0]![1];
    const result = buildRiskResult({
      id: 'r',
      createdAt: '2026-11-24T00:00:00.000Z',
      location: a.location,
      industry: a.industry,
      keyTakeaways: a.keyTakeaways,
      keyTakeawayMessages: a.keyTakeawayMessages,
      dataSources: a.dataSources,
    });
    expect(result.key_takeaways_messages).toEqual(a.keyTakeawayMessages);
    expect(result.sector_specific_risk['Liability']!.reason_messages).toEqual(a.industry.find((r) => r.name === 'Liability')!.reasonMessages);
    expect(result.data_sources!.every((d) => d.used_for_message)).toBe(true);
  });

  it('writes takeaways and reasons in German and Polish', () => {
    const a = analyses[0]![1];
    const de = a.keyTakeawayMessages.map((m) => inLanguage(m, 'de'));
    const pl = a.keyTakeawayMessages.map((m) => inLanguage(m, 'pl'));
    expect(de[0]).toBe(
      'Unternehmen insolvent: Das nationale Register führt Chemie Praha a.s. in einem Insolvenzverfahren (Konkurs oder Sanierung); Deckung erfordert die Zustimmung des Insolvenzverwalters, und die Prämienzahlung ist gefährdet.',
    );
    expect(de).toContain('Beispieldaten: Dieses Unternehmen stammt aus dem mitgelieferten Beispielverzeichnis von Corisk.');
    expect(de).toContain(
      'Der Standort wurde nur auf Ebene der Stadt verortet: vor der Quotierung standortabhängiger Deckungen die genaue Adresse bestätigen.',
    );
    expect(de).toContain('Kein amtlicher Tätigkeitscode gefunden: Die Tätigkeit ist aus dem Firmennamen abgeleitet (Firmenname enthält „Chemie“ (Chemie)); NACE-Code beim Register bestätigen.');
    expect(pl).toContain('Nie znaleziono urzędowego kodu działalności: działalność ustalono na podstawie nazwy (nazwa firmy zawiera „Chemie” (chemia)); potwierdzić kod NACE w rejestrze.');
    expect(pl).toContain(
      'Typ lokalizacji przyjęty na podstawie działalności (zakład produkcyjny): potwierdzić, czym jest lokalizacja (biuro, magazyn, zakład produkcyjny, handel detaliczny, plac budowy lub inny); biuro jest oceniane inaczej niż zakład produkcyjny pod względem ryzyk mienia, środowiskowych, wypadkowych i utraty zysku.',
    );
    // 5 months old on 24 Nov 2026: Polish takes its 'many' form.
    expect(pl.find((t) => t.startsWith('Krótka historia'))).toMatch(/^Krótka historia działalności: spółka zarejestrowana .+ \(5 miesięcy temu\), więc historia szkodowa/);
    expect(de.find((t) => t.startsWith('Kurze'))).toMatch(/\(vor 5 Monaten\)/);
    expect(de.find((t) => t.startsWith('Gesamtbewertung '))).toMatch(
      /^Gesamtbewertung \d+\/100 \([A-F], [^)]+\) für Chemie Praha a\.s\. \(NACE C20 Chemieindustrie, Tschechien\): Standortrisiken im Mittel \d+\/100, Branchenrisiken \d+\/100\.$/,
    );

    const bi = a.industry.find((r) => r.name === 'Business Interruption')!;
    expect(bi.reasonMessages!.map((m) => inLanguage(m, 'de'))).toEqual([
      'NACE C20 Chemieindustrie (20.59 Manufacture of other chemical products n.e.c.) — abgeleitet: Firmenname enthält „Chemie“ (Chemie)',
      'Standorttyp: Produktionsanlage (aus der Tätigkeit abgeleitet)',
      'kontinuierliche Prozesse mit langen Wiederanlauf- und Reparaturzeiten',
      'Schadenausmaß +1: 250–499 Beschäftigte laut Register; Löhne und Fixkosten laufen während eines Stillstands weiter',
    ]);
    expect(inLanguage(bi.reasonMessages![3]!, 'pl')).toBe('skutki +1: 250–499 pracowników według rejestru; wynagrodzenia i koszty stałe biegną dalej w czasie przestoju');
  });

  it('names a risk in the reader’s words inside a takeaway, and keeps the English key', () => {
    const a = analyses[2]![1]; // Naples: Very High volcanic hazard
    const severe = a.keyTakeawayMessages[0]!;
    expect(a.keyTakeaways[0]).toMatch(/^Very High volcanic activity hazard at the site \(score \d+, /);
    expect(inLanguage(severe, 'de')).toMatch(/^Sehr hohe Gefährdung durch vulkanische Aktivität am Standort \(Bewertung \d+, /);
    expect(inLanguage(severe, 'pl')).toMatch(/^Bardzo wysokie zagrożenie w lokalizacji – aktywność wulkaniczna \(wynik \d+, /);
    const worst = a.keyTakeawayMessages.find((m) => m.id === 'takeaway.worst' && (m.values!.risk as Message).id === 'industry.riskName.businessInterruption');
    if (worst) expect(inLanguage(worst, 'de')).toMatch(/^Betriebsunterbrechung \(Bewertung \d+, /);
  });

  it('links the island state and the online shop, and the micro sole trader, in the reader’s words', () => {
    const a = analyses[3]![1];
    const reasons = (name: string) => a.industry.find((r) => r.name === name)!;
    expect(reasons('Supply Chain').reason).toContain('island state: supplies arrive by sea or air');
    expect(reasons('Cyber').reason).toContain('online shop: customer accounts and payment data at scale');
    const de = (name: string) => reasons(name).reasonMessages!.map((m) => inLanguage(m, 'de'));
    expect(de('Supply Chain')).toContain('Inselstaat: Lieferungen kommen auf dem See- oder Luftweg');
    expect(de('Liability')).toContain('Schadenausmaß −1: Rechtsform entrepreneur individuel; Einzelunternehmen mit geringer Berührung zu Dritten');
  });
});

describe('the tables behind the messages', () => {
  it('gives every site type’s fact (site-types.ts) its message, in the same English words', () => {
    for (const type of ['office', 'warehouse', 'plant', 'retail', 'construction'] as const) {
      const atSite = profileAtSite(PROFILES.generic!, { type, assumed: false });
      for (const name of ['Property / Fire', 'Environmental', 'Workforce Injury', 'Business Interruption'] as const) {
        const message = siteReasonMessage(type, name);
        expect(message, `${type} ${name}`).toBeDefined();
        expect(inEnglish(message!)).toBe(atSite.risks[name][2]);
      }
    }
  });

  it('says each bundled dataset’s use as its message', () => {
    for (const d of Object.values(DATASETS)) expect(inEnglish(d.used_for_message)).toBe(d.used_for);
  });

  it('says a deployment raster’s use as a message, with its return period', () => {
    const reading = (hazard: RasterReading['hazard'], dataset: string, returnPeriod?: number): RasterReading => ({
      hazard,
      dataset,
      units: 'pga_g',
      value: 0.2,
      ...(returnPeriod ? { returnPeriod } : {}),
      source: {
        name: dataset,
        version: '',
        licence: 'CC BY 4.0',
        url: '',
        used_for: `${hazard}${returnPeriod ? ` (${returnPeriod}-year return period)` : ''} at the site, from HAZARD_DATA_DIR`,
      },
    });
    const risks = [{ name: 'Earthquake', rawLikelihood: 4, impact: 4, reason: [], evidence: [{ dataset: 'ESHM20', text: '' }, { dataset: 'Aqueduct', text: '' }] }];
    const sources = dataSourcesOf(risks, [reading('earthquake', 'ESHM20', 1000), reading('drought', 'Aqueduct')]);
    expect(sources.map((d) => inEnglish(d.used_for_message!))).toEqual(sources.map((d) => d.used_for));
    expect(sources.map((d) => inLanguage(d.used_for_message!, 'de'))).toEqual([
      'Erdbeben (Wiederkehrperiode 1000 Jahre) am Standort, aus HAZARD_DATA_DIR',
      'Dürre am Standort, aus HAZARD_DATA_DIR',
    ]);
  });

  it('says plainly when no official activity code was found (the activity inferred from the name)', () => {
    const a = analyses[0]![1];
    const i = a.keyTakeaways.findIndex((text) => text.startsWith('No official activity code was found'));
    expect(a.keyTakeaways[i]).toBe(
      "No official activity code was found: the activity is inferred from the name (company name contains 'Chemie' (chemicals)); confirm the NACE code with the register.",
    );
    expect(inLanguage(a.keyTakeawayMessages[i]!, 'de')).toMatch(/^Kein amtlicher Tätigkeitscode gefunden: Die Tätigkeit ist aus dem Firmennamen abgeleitet/);
  });

  it('reads an activity’s evidence back as a message, from an earlier call too', () => {
    const sample = activityEvidenceMessage({ inferred_from: 'source', evidence: 'NACE code given by the bundled sample directory' });
    expect(inLanguage(sample!, 'de')).toBe('NACE-Code laut mitgeliefertem Beispielverzeichnis');
    expect(inLanguage(sample!, 'en')).toBe('NACE code given by the bundled sample directory');
    const record = activityEvidenceMessage({ inferred_from: 'source', evidence: 'NACE code given by the VIES record' });
    expect(inLanguage(record!, 'pl')).toBe('kod NACE podany w rekordzie VIES');
    const banco = inferActivityFromName('Banco Comercial Português')!;
    expect(banco.evidence).toBe("company name contains 'Banco' (bank)");
    expect(inLanguage(activityEvidenceMessage(banco)!, 'fr')).toBe('la raison sociale contient «\u00a0Banco\u00a0» (banque)');
    expect(activityEvidenceMessage({ inferred_from: 'name', evidence: "company name contains 'X' (something else)" })).toBeUndefined();
    expect(inLanguage(activityEvidenceMessage({ inferred_from: 'source', evidence: 'NACE 62.01 from PKD code 62.01.Z in the Polish National Court Register (KRS)' })!, 'de')).toBe(
      'NACE 62.01 aus PKD-Code 62.01.Z (Polish National Court Register (KRS))',
    );
  });

  it('formats distances and plurals the reader’s way', () => {
    const coast = msg('industry.link.coastPollution', { distance: msg('industry.unit.km', { km: { number: 1.25, min: 1, max: 1 } }) });
    expect(inEnglish(coast)).toBe('1.3 km from the coast: pollution pathway to the sea');
    expect(inLanguage(coast, 'de')).toBe('1,3 km von der Küste: Verschmutzungspfad ins Meer');
  });
});
