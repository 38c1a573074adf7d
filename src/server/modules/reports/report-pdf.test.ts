import { describe, expect, it } from 'vitest';
import type { ReportResponse } from '../../../shared/contracts/assessment-api.js';
import { notScreened, type ReportScreening } from '../../../shared/contracts/screening.js';
import { buildRiskResult } from '../../../shared/scoring.js';
import { renderReportPdf } from './report-pdf.js';
import { openPdf, pdfPageTexts } from '../../../../test/pdf-text.js';

/** The PDF the API serves carries the report's sanctions screening near the top of page 1, as the screen's does. */

/** Each page's text (pdf.js), white space squashed. */
const pageTexts = async (bytes: Buffer) => (await pdfPageTexts(bytes)).map((page) => page.replace(/\s+/g, ' '));

const screening: ReportScreening = {
  status: 'match',
  screened_at: '2026-11-27T14:05:00.000Z',
  lists: [
    { list: 'EU', generated_at: '2026-11-26T12:00:00.000Z', stale: false },
    { list: 'UN', generated_at: '2026-11-25T12:00:00.000Z', stale: false },
    { list: 'UK', generated_at: '2026-11-27T12:00:00.000Z', stale: false },
  ],
  hits: [
    {
      list: 'EU',
      entry_id: 'EU.7382.45',
      listed_name: 'ООО Роснефтегаз Трейдинг',
      matched_name: 'Rosneftegaz Trading s.r.o.',
      subject: 'company',
      score: 1,
      programme: 'RUS',
      designation_date: '2022-04-08',
      reasons: ['regnumber 27074358 (CZ) equals the national ID'],
      decision: { decision: 'confirmed', note: 'Same registration number.', decided_by: 'anna@insurer.example', decided_at: '2026-11-27T15:30:00.000Z' },
    },
  ],
};

function report(over: Partial<ReportResponse> = {}): ReportResponse {
  const result = buildRiskResult({
    id: '0b6c7d8e-9f00-4a1b-8c2d-3e4f5a6b7c8d',
    createdAt: '2026-11-27T14:05:00.000Z',
    location: [{ name: 'Flood', rawLikelihood: 2, impact: 3, reason: ['Vltava 0.4 km'] }],
    industry: [{ name: 'Cyber', rawLikelihood: 2, impact: 2, reason: [] }],
    keyTakeaways: [],
  });
  return {
    company_data: {
      name: 'Rosneftegaz Trading s.r.o.',
      address: 'Na Poříčí 1, 110 00 Praha',
      fiscal_number: 'CZ27074358',
      postal_code: '110 00',
      city: 'Praha',
      country: 'Czech Republic',
      latitude: 50.09,
      longitude: 14.43,
      geocode_precision: 'address',
      activity: { nace_code: '46.71', nace_label: 'Wholesale of fuels', inferred_from: 'source', evidence: 'ARES' },
      legal_form: null,
      status: 'active',
      incorporated_on: null,
      employees: null,
      officers: [{ name: 'Jan Novák', role: 'jednatel', kind: 'person' }],
      owners: [],
      sources: ['ares'],
      sample: false,
    },
    result,
    screening: notScreened,
    ...over,
  };
}

const options = { productName: 'Corisk', appUrl: 'https://corisk.example', now: () => new Date('2026-11-27T16:00:00Z') };

describe('renderReportPdf: the sanctions screening', () => {
  it('draws the red box with the hit, its reason and decision, in the Unicode font for a Cyrillic name', async () => {
    const pages = await pageTexts((await renderReportPdf(report({ screening }), null, options)).bytes);
    const text = pages[0]!;
    expect(text).toContain('Sanctions match: cover must not be given without a licence');
    expect(text).toContain('ООО Роснефтегаз Трейдинг');
    expect(text).toContain('regnumber 27074358 (CZ) equals the national ID');
    expect(text).toContain('Decision: Confirmed match, marked by anna@insurer.example on 27 Nov 2026, 15:30 UTC');
    expect(pages.join(' ')).toContain('Officers Jan Novák (jednatel)');
  });

  it('says a report made before screening was not screened', async () => {
    const [text] = await pageTexts((await renderReportPdf(report(), null, options)).bytes);
    expect(text).toContain('Not screened against sanctions lists (report made before screening)');
    expect(text).not.toContain('Sanctions match');
  });
});

/** Each text item of the PDF (pdf.js) with its page, left edge and width in millimetres. */
async function pdfItems(bytes: Buffer): Promise<{ page: number; str: string; x: number; width: number }[]> {
  const pdf = await openPdf(bytes);
  const items: { page: number; str: string; x: number; width: number }[] = [];
  const mm = 25.4 / 72;
  for (let n = 1; n <= pdf.numPages; n += 1) {
    const content = await (await pdf.getPage(n)).getTextContent();
    for (const item of content.items) if ('str' in item && item.str.trim()) items.push({ page: n, str: item.str, x: item.transform[4] * mm, width: item.width * mm });
  }
  await pdf.destroy();
  return items;
}

describe('renderReportPdf: in the reader\'s language', () => {
  /** A result made on 24 Nov 2026, with evidence and data sources (the server wrote its reasons in the reader's language; here they stay English). */
  const evidenceResult = () => {
    const result = buildRiskResult({
      id: 'rpt_site_evidence_01',
      createdAt: '2026-11-24T14:05:00.000Z',
      location: [
        { name: 'Earthquake', rawLikelihood: 4, impact: 5, reason: ['Damaging earthquakes recorded close to the site: High'] },
        { name: 'Volcanic Activity', rawLikelihood: 4, impact: 4, reason: ['Within 50 km of a volcano that erupted in the last 2,000 years: High'] },
        { name: 'Flood', rawLikelihood: 2, impact: 4, reason: ['Vltava 0.4 km'] },
      ],
      industry: [
        { name: 'Cyber', rawLikelihood: 0, impact: 3, reason: ['Operator of essential services (NIS2)'] },
        { name: 'Liability', rawLikelihood: 5, impact: 0, reason: [] },
      ],
      keyTakeaways: ['Volcanic ash and earthquake cover: check sums insured.'],
    });
    result.location_risk['Earthquake']!.evidence = [{ dataset: 'NOAA NCEI', text: 'M7.1 Messina 1908, 86 km' }];
    result.data_sources = [
      { name: 'NOAA NCEI Significant Earthquake Database', version: 'Export of October 2014', licence: 'Public domain', url: 'https://www.ngdc.noaa.gov/hazel/', used_for: 'Damaging earthquakes within 100 km' },
    ];
    return result;
  };
  /** A match on the company (Cyrillic listed name) and an owner's hit marked a false positive. */
  const match: ReportScreening = {
    ...screening,
    hits: [
      screening.hits[0]!,
      {
        list: 'UK',
        entry_id: 'RUS0251',
        listed_name: 'Ivan Petrovich Sidorov',
        matched_name: 'Ivan Sidorov',
        subject: 'owner',
        score: 0.78,
        programme: 'Russia',
        designation_date: null,
        reasons: ['one extra middle name on the list'],
        decision: { decision: 'false_positive', note: 'Born 1988 in Brno.', decided_by: 'anna@insurer.example', decided_at: '2026-11-27T15:30:00.000Z' },
      },
    ],
  };
  /** A report with a site, evidence, data sources, a sanctions match and its risks' names in `names`. */
  const localised = (names: Record<string, string>, over: Partial<ReportResponse> = {}): ReportResponse => {
    const base = report();
    return report({
      company_data: { ...base.company_data, status: 'insolvent', incorporated_on: '2003-02-11', site_type: 'plant', site_type_assumed: true },
      site: { address: 'Na Poříčí 1, 110 00 Praha', latitude: 50.09, longitude: 14.43, precision: 'address', site_type: 'warehouse', site_type_assumed: true, reference: 'Depot 7' },
      result: evidenceResult(),
      screening: match,
      risk_names: names,
      ...over,
    });
  };
  const squash = (s: string) => s.replace(/\s+/g, ' ');

  /** Checks every text stays inside the page's margins and the likelihood column, and no message id is left. */
  async function checkLayout(bytes: Buffer, text: string): Promise<void> {
    expect(text).not.toMatch(/\bpdf\.[a-z]+\.[a-zA-Z]/);
    const items = await pdfItems(bytes);
    for (const item of items) {
      expect(item.x, `"${item.str}" starts left of the margin`).toBeGreaterThanOrEqual(20 - 0.5);
      expect(item.x + item.width, `"${item.str}" runs past the right margin`).toBeLessThanOrEqual(190 + 0.5);
    }
    // The risk tables: a likelihood (from 120 mm) and its title end before the impact column (151 mm).
    const likelihoods = items.filter((i) => i.x >= 119.9 && i.x < 150 && /\(\d\/5\)$|^(Wahrscheinlichkeit|Prawdopodobieństwo)$/.test(i.str.trim()));
    expect(likelihoods.length).toBeGreaterThan(6);
    for (const item of likelihoods) {
      expect(item.x + item.width, `"${item.str}" runs into the impact column`).toBeLessThanOrEqual(151);
    }
  }

  it('writes the German report: labels, headings, grade and level words, screening, dates and risk names in German', async () => {
    const names = { Earthquake: 'Erdbeben', 'Volcanic Activity': 'Vulkanische Aktivität', Flood: 'Hochwasser', Cyber: 'Cyberrisiko' };
    const { bytes } = await renderReportPdf(localised(names), null, { ...options, locale: 'de' });
    const pages = await pageTexts(bytes);
    const text = squash(pages.join(' '));
    for (const part of [
      'BERICHT ZUR RISIKOBEWERTUNG DES UNTERNEHMENS',
      'Praha, Tschechien | Steuernummer CZ27074358',
      'Sanktionstreffer: Ohne Genehmigung darf keine Deckung gewährt werden',
      'Am 27.11.2026, 14:05 UTC abgeglichen mit den Listen EU, UN, UK vom 26.11.2026, 25.11.2026, 27.11.2026',
      'Liste EU | Eintrag EU.7382.45 | Betrifft Unternehmen | Wert 1,00 | Programm RUS | Gelistet am 08.04.2022',
      'Entscheidung: Bestätigter Treffer, markiert von anna@insurer.example am 27.11.2026, 15:30 UTC',
      'Entscheidung: Fehlalarm, markiert von anna@insurer.example am 27.11.2026, 15:30 UTC',
      'Warnung: Das nationale Handelsregister führt dieses Unternehmen in einem Insolvenzverfahren',
      'Übersicht der Risikobewertung',
      'Gesamtnote',
      'Unterdurchschnittlich - Hohes Risiko',
      'Unternehmensangaben',
      'Gegründet am 11.02.2003',
      'Werk (aus der Tätigkeit abgeleitet)',
      'Bewerteter Standort',
      'Lager (angenommen)',
      'Organmitglieder Jan Novák (jednatel)',
      'Wichtigste Erkenntnisse für Versicherer',
      'Standortrisiken',
      'Branchenrisiken',
      'Wahrscheinlichkeit',
      'Hoch (4/5)',
      'Sehr hoch (5/5)',
      'Erdbeben',
      'Vulkanische Aktivität',
      'NACHWEISE',
      'Durchschnittliches Standortrisiko',
      'Hinweise zum Lesen dieses Berichts',
      'Datenquellen',
      'Zweck Damaging earthquakes within 100 km',
    ]) {
      expect(text).toContain(part);
    }
    // Every page's footer: the report id and the filed date in German, and its number.
    pages.forEach((page, i) => {
      expect(page).toContain('Berichts-ID: rpt_site_evidence_01 | Datum: 24.11.2026, 14:05 UTC');
      expect(page).toContain(`Seite ${i + 1} von ${pages.length}`);
    });
    for (const english of ['Risk Score Summary', 'Location-Based Risks', 'Key Takeaways', 'Page 1 of', 'Likelihood', '24 Nov 2026']) expect(text).not.toContain(english);
    await checkLayout(bytes, text);
  });

  it('writes the Polish report in the report\'s own language (report.locale), Polish letters included', async () => {
    const names = { Earthquake: 'Trzęsienie ziemi', 'Volcanic Activity': 'Aktywność wulkaniczna', Flood: 'Powódź' };
    const { bytes } = await renderReportPdf(localised(names, { locale: 'pl' }), null, options);
    const pages = await pageTexts(bytes);
    const text = squash(pages.join(' '));
    for (const part of [
      'RAPORT Z OCENY RYZYKA PRZEDSIĘBIORSTWA',
      'Praha, Czechy | Numer podatkowy CZ27074358',
      'Trafienie sankcyjne: nie wolno udzielać ochrony bez zezwolenia',
      'Zweryfikowano 27.11.2026, 14:05 UTC na listach EU, UN, UK z 26.11.2026, 25.11.2026, 27.11.2026',
      'Decyzja: Fałszywie pozytywne, oznaczone przez anna@insurer.example, 27.11.2026, 15:30 UTC',
      'Lista EU | Wpis EU.7382.45 | Podmiot Przedsiębiorstwo | Wynik 1,00 | Program RUS | Data wpisu 08.04.2022',
      'Podsumowanie ocen ryzyka',
      'Wynik ogólny',
      'Poniżej przeciętnej - Wysokie ryzyko',
      'Informacje o przedsiębiorstwie',
      'Data rejestracji 11.02.2003',
      'Zakład produkcyjny (przyjęty na podstawie działalności)',
      'Magazyn (przyjęty)',
      'Najważniejsze wnioski dla ubezpieczyciela',
      'Ryzyka lokalizacji',
      'Ryzyka branżowe',
      'Prawdopodobieństwo',
      'Bardzo wysokie (5/5)',
      'Trzęsienie ziemi',
      'Aktywność wulkaniczna',
      'Powódź',
      'Średnie ryzyko branżowe',
      'Jak czytać ten raport',
      'Źródła danych',
    ]) {
      expect(text).toContain(part);
    }
    pages.forEach((page, i) => {
      expect(page).toContain('ID raportu: rpt_site_evidence_01 | Data: 24.11.2026, 14:05 UTC');
      expect(page).toContain(`Strona ${i + 1} z ${pages.length}`);
    });
    for (const english of ['Risk Score Summary', 'Industry-Specific Risks', 'Page 1 of', 'Impact', '24 Nov 2026']) expect(text).not.toContain(english);
    await checkLayout(bytes, text);
  });
});
