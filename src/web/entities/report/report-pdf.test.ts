import type { jsPDF } from 'jspdf';
import { describe, expect, it } from 'vitest';
import type { CompanyData, RiskAssessmentResult } from '../../../shared/contracts/assessment';
import {
  CONTENT_BOTTOM,
  CONTENT_TOP,
  MARGIN,
  PAGE_HEIGHT,
  WRAP_WIDTH,
  buildReportPdf,
  fitsStandardFont,
  imageSize,
  layoutReport,
  type ReportModel,
} from './report-pdf';
import {
  companyFixture,
  DATA_SOURCES_FIXTURE,
  evidenceResultFixture,
  hitFixture,
  longResultFixture,
  matchScreeningFixture,
  resultFixture,
  screeningFixture,
} from '../../../../test/web/report-fixtures';
import type { ReportScreening } from '../../../shared/contracts/screening';
import { pdfFileName } from './report-format';
import { pdfPageTexts } from '../../../../test/pdf-text';
import { bytes, loadFonts, newDoc, recordingDoc, type TextCall } from '../../../../test/web/pdf-recorder';
import { t } from '../../lib/i18n';

/** A 1×1 PNG. */
const PNG = bytes('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==');

/** Fails naming the first part the text lacks. */
function expectToContainAll(text: string, parts: readonly string[]): void {
  for (const part of parts) expect(text).toContain(part);
}

function model(company: CompanyData, result: RiskAssessmentResult, over: Partial<ReportModel> = {}): ReportModel {
  return {
    company,
    result,
    map: { data: PNG, format: 'PNG', width: 640, height: 400 },
    productName: 'Corisk',
    now: new Date(2025, 5, 1),
    fontFamily: 'helvetica',
    locale: 'en',
    t,
    ...over,
  };
}

const HEADER_BOTTOM = 14;
const isHeader = (t: TextCall) => t.y < HEADER_BOTTOM;
const isFooter = (t: TextCall) => t.y > CONTENT_BOTTOM;

/** The body texts (no header or footer), after checking each stays inside the margins and wraps at 160 mm. */
function bodyWithinMargins(doc: jsPDF, texts: TextCall[]): TextCall[] {
  const body = texts.filter((t) => !isHeader(t) && !isFooter(t));
  for (const t of body) {
    expect(t.y).toBeGreaterThanOrEqual(CONTENT_TOP - 0.01);
    // Top-aligned text ends one line below its y; centred text half a line.
    const bottom = t.baseline === 'top' ? t.y + t.size * 0.3528 : t.y + (t.size * 0.3528) / 2;
    expect(bottom, t.text).toBeLessThanOrEqual(CONTENT_BOTTOM + 0.01);
    expect(t.x).toBeGreaterThanOrEqual(MARGIN - 0.01);
    expect(t.x).toBeLessThanOrEqual(MARGIN + WRAP_WIDTH + 0.01);
  }
  for (const t of body.filter((b) => b.baseline === 'top')) {
    doc.setFont('helvetica', t.style);
    doc.setFontSize(t.size);
    expect(doc.getTextWidth(t.text) + (t.x - MARGIN), t.text).toBeLessThanOrEqual(WRAP_WIDTH + 0.5);
  }
  return body;
}


describe('pdfFileName', () => {
  it.each([
    ['EDP, S.A.', 'EDP,_S.A.pdf'],
    ['Eni S.p.A.', 'Eni_S.p.A.pdf'],
    ['Dots...', 'Dots.pdf'],
    ['...', 'Risk_Assessment_Report.pdf'],
    ['  Red Bull   GmbH ', 'Red_Bull_GmbH.pdf'],
    ['Tab\tand\nnewline', 'Tab_and_newline.pdf'],
    ['Anheuser-Busch InBev SA/NV', 'Anheuser-Busch_InBev_SA_NV.pdf'],
    ['ORLEN Spółka Akcyjna', 'ORLEN_Spółka_Akcyjna.pdf'],
    ['   ', 'Risk_Assessment_Report.pdf'],
  ])('%j → %j', (name, file) => {
    expect(pdfFileName(name)).toBe(file);
  });
});

describe('layoutReport', () => {
  it('lays a long report over several A4 pages, never closer than 20 mm to the bottom', () => {
    const { proxy, doc, texts, images } = recordingDoc();
    const result = longResultFixture();
    const pages = layoutReport(proxy, model(companyFixture(), result));

    expect(pages).toBeGreaterThanOrEqual(6);
    expect(doc.getNumberOfPages()).toBe(pages);
    const size = doc.internal.pageSize;
    expect([size.getWidth(), size.getHeight()].map(Math.round)).toEqual([210, PAGE_HEIGHT]);

    const body = bodyWithinMargins(doc, texts);
    for (const img of images) expect(img.y + img.h).toBeLessThanOrEqual(CONTENT_BOTTOM);

    // Header and footer (report id, date, page n of N) on every page.
    for (let page = 1; page <= pages; page += 1) {
      const onPage = texts.filter((t) => t.page === page);
      expect(onPage.some((t) => isHeader(t) && t.text === 'Corisk')).toBe(true);
      expect(onPage.some((t) => isFooter(t) && t.text === `Report ID: ${result.id}  |  Date: 20 Nov 2024, 09:30 UTC`)).toBe(true);
      expect(onPage.some((t) => isFooter(t) && t.text === `Page ${page} of ${pages}`)).toBe(true);
    }

    // Every risk, each reason and every takeaway is written.
    const all = body.map((t) => t.text).join(' ');
    const squash = (s: string) => s.replace(/\s+/g, ' ');
    for (const name of [...Object.keys(result.locationScoresMap), ...Object.keys(result.industryScoresMap)]) {
      expect(squash(all)).toContain(name.split(' ').slice(0, 4).join(' '));
    }
    const reasonMarks = [...all.matchAll(/\((Location|Industry) \d+\.\d+\)/g)].map((m) => m[0]);
    expect(new Set(reasonMarks).size).toBe((14 + 12) * 4);
    for (let i = 1; i <= 12; i += 1) expect(all).toContain(`Takeaway ${i}:`);
    expect(body.filter((t) => t.text.endsWith('(continued)')).length).toBeGreaterThan(0);
  });

  it('writes the company block, the map, the scores with grades and labels, and the sample notice', () => {
    const { proxy, texts, images } = recordingDoc();
    const result = resultFixture();
    const pages = layoutReport(proxy, model(companyFixture(), result));
    const all = texts.map((t) => t.text).join('\n');

    expect(pages).toBeGreaterThanOrEqual(2);
    expect(images).toHaveLength(1);
    expectToContainAll(all, ['EDP, S.A.', 'Avenida 24 de Julho, 12, 1249-300 Lisboa', '500697256', '1249-300', '38.70694', '-9.15201']);
    expect(all).toContain(`${result.overallScore} / 100`);
    expect(all).toContain('Below Average - High Risk');
    expect(all).toContain('Very High (5/5)');
    expect(all).toContain('Distance to the Tagus estuary 0.6 km');
    expect(all).toMatch(/Sample data/);
    expect(all).toContain('Review flood cover');
  });

  it("says 'No insights available.' without takeaways and leaves out the map when there is none", () => {
    const { proxy, texts, images } = recordingDoc();
    layoutReport(proxy, model(companyFixture({ sample: false }), resultFixture({ key_takeaways_for_insurers: [] }), { map: null }));
    const all = texts.map((t) => t.text).join('\n');
    expect(all).toContain('No insights available.');
    expect(all).not.toMatch(/Sample data/);
    expect(images).toHaveLength(0);
  });
});

describe('site evidence and data sources', () => {
  /** The long report with three evidence lines (one very long, one with a long dataset name) on every location risk. */
  function longEvidenceResult(): RiskAssessmentResult {
    const result = longResultFixture();
    for (const [name, entry] of Object.entries(result.location_risk)) {
      const n = name.match(/\d+/)![0];
      entry.evidence = [
        { dataset: 'ETOPO5', text: `ETOPO5: 3 m above sea level, 1.2 km from the coast, below the 10 m threshold that sets High on this coast (site ${n})` },
        { dataset: 'Global Volcanism Program, Smithsonian Institution', text: `Etna, 28 km (site ${n})` },
        { dataset: 'NOAA NCEI', text: `https://www.ngdc.noaa.gov/hazel/view/hazards/earthquake/event-data/${'x'.repeat(120)} (site ${n})` },
      ];
    }
    return {
      ...result,
      data_sources: [
        ...DATA_SOURCES_FIXTURE,
        {
          name: 'A dataset with a very long name that needs more than one line on the data sources page of the report',
          version: 'v1',
          licence: 'CC BY 4.0',
          url: `https://example.org/${'y'.repeat(150)}`,
          used_for: 'Testing the wrapping of a long address',
        },
      ],
    };
  }

  it('writes each risk’s evidence, dataset beside fact, after its reasons and on the same page', () => {
    const { proxy, texts } = recordingDoc();
    layoutReport(proxy, model(companyFixture(), evidenceResultFixture()));
    const find = (text: string) => {
      const i = texts.findIndex((t) => t.text === text);
      expect(i, text).toBeGreaterThanOrEqual(0);
      return { i, call: texts[i]! };
    };
    const reason = find('Within 50 km of a volcano that erupted in the last 2,000 years: High');
    const dataset = find('Smithsonian GVP');
    const fact = find('Etna (stratovolcano), 28 km; last eruption 2015 or later');
    expect(dataset.i).toBeGreaterThan(reason.i);
    expect(fact.call.page).toBe(reason.call.page);
    expect(fact.call.y).toBeCloseTo(dataset.call.y, 5);
    expect(fact.call.x).toBeGreaterThan(dataset.call.x + 20);
    expect(dataset.call.style).toBe('bold');
    // The dataset is not repeated in front of a fact that starts with it.
    find('3 m above sea level, 1.2 km from the coast: low-lying coastal site');
    expect(texts.some((t) => t.text.startsWith('ETOPO5: 3 m'))).toBe(false);
    // The Flood risk has no evidence: one 'EVIDENCE' label per risk that has some.
    expect(texts.filter((t) => t.text === 'EVIDENCE')).toHaveLength(3);
  });

  it('keeps a section heading with its first risk', () => {
    const { proxy, texts } = recordingDoc();
    // Without a map the location risks start low on page 1, too low for the first risk with its evidence.
    layoutReport(proxy, model(companyFixture({ sample: false }), evidenceResultFixture(), { map: null }));
    const heading = texts.find((t) => t.text === 'Location-Based Risks')!;
    const first = texts.find((t) => t.text === 'Earthquake' && t.style === 'bold')!;
    expect(first.page).toBe(heading.page);
  });

  it('ends with a data sources page naming each dataset, version, licence, address and use', () => {
    const { proxy, texts } = recordingDoc();
    const pages = layoutReport(proxy, { ...model(companyFixture(), evidenceResultFixture()), methodologyUrl: 'https://corisk.example/methodology' });
    const heading = texts.find((t) => t.text === 'Data Sources')!;
    expect(heading.page).toBe(pages);
    // Alone on its page: the previous section ends on the page before.
    expect(texts.find((t) => t.text.startsWith('This AI-generated assessment'))!.page).toBe(pages - 1);
    const last = texts.filter((t) => t.page === pages && !isHeader(t) && !isFooter(t)).map((t) => t.text).join(' ');
    for (const source of DATA_SOURCES_FIXTURE) {
      for (const value of [source.name, source.version, source.licence, source.url, source.used_for]) expect(last).toContain(value);
    }
    expect(last).toContain('https://corisk.example/methodology');
  });

  it('has no data sources page for a report stored before they existed', () => {
    const { proxy, texts } = recordingDoc();
    const pages = layoutReport(proxy, model(companyFixture(), resultFixture()));
    expect(texts.some((t) => t.text === 'Data Sources' || t.text === 'EVIDENCE')).toBe(false);
    expect(texts.find((t) => t.text.startsWith('This AI-generated assessment'))!.page).toBe(pages);
  });

  it('lays long evidence and long sources inside the margins, wrapping long names and addresses', () => {
    const { proxy, doc, texts } = recordingDoc();
    const result = longEvidenceResult();
    const pages = layoutReport(proxy, model(companyFixture(), result));
    const body = bodyWithinMargins(doc, texts);
    const all = body.map((t) => t.text).join('');
    for (let n = 1; n <= 14; n += 1) {
      expect(all).toContain(`Etna, 28 km (site ${n})`);
      expect(all.match(new RegExp(`\\(site ${n}\\)`, 'g'))?.length).toBe(3);
    }
    expect(all).toContain(`https://example.org/${'y'.repeat(150)}`);
    expect(body.find((t) => t.text === 'Data Sources')!.page).toBe(pages);
  });
});

describe('buildReportPdf', () => {
  it('produces a PDF whose text holds the company and every risk (standard font for Latin-1 names)', async () => {
    const result = resultFixture();
    let loaded = false;
    const doc = await buildReportPdf({
      company: companyFixture({ name: 'Telefónica, S.A.' }),
      result,
      map: PNG,
      productName: 'Corisk',
      locale: 'en',
      t,
      loadFonts: async () => {
        loaded = true;
        return loadFonts();
      },
      createDoc: newDoc,
    });
    expect(loaded).toBe(false);
    const text = (await pdfPageTexts(doc.output('arraybuffer'))).join('\n');
    expect(text).toContain('Telefónica, S.A.');
    for (const name of [...Object.keys(result.locationScoresMap), ...Object.keys(result.industryScoresMap)]) {
      expect(text).toContain(name);
    }
  });

  it('embeds a Unicode font for Greek, Cyrillic or Polish names and keeps the text extractable', async () => {
    const name = 'ΟΡΓΑΝΙΣΜΟΣ ΤΗΛΕΠΙΚΟΙΝΩΝΙΩΝ ΤΗΣ ΕΛΛΑΔΟΣ Α.Ε. (OTE)';
    const doc = await buildReportPdf({
      company: companyFixture({ name, address: 'Λεωφόρος Κηφισίας 99, 151 24 Μαρούσι', country: 'Greece' }),
      result: resultFixture(),
      map: null,
      productName: 'Corisk',
      locale: 'en',
      t,
      loadFonts,
      createDoc: newDoc,
    });
    const pages = await pdfPageTexts(doc.output('arraybuffer'));
    const squashed = pages.join(' ').replace(/\s+/g, ' ');
    expect(squashed).toContain('ΟΡΓΑΝΙΣΜΟΣ');
    expect(squashed).toContain('Κηφισίας');
  });
  it('puts the evidence and the data sources page into the PDF’s text (pdf.js), in a Unicode font when needed', async () => {
    const result = evidenceResultFixture();
    result.location_risk['Earthquake']!.evidence!.push({ dataset: 'ESHM20', text: 'PGA 0.31 g ≥ 0.2 g at 475 years: High' });
    const doc = await buildReportPdf({
      company: companyFixture(),
      result,
      map: null,
      productName: 'Corisk', locale: 'en', t,
      methodologyUrl: 'https://corisk.example/methodology',
      loadFonts,
      createDoc: newDoc,
    });
    const pages = (await pdfPageTexts(doc.output('arraybuffer'))).map((p) => p.replace(/\s+/g, ' '));
    const all = pages.join(' ');
    expect(all).toContain('M7.1 Messina 1908, 86 km');
    expect(all).toContain('PGA 0.31 g ≥ 0.2 g at 475 years: High');
    const last = pages[pages.length - 1]!;
    expectToContainAll(last, [
      'Data Sources',
      'Global Volcanism Program, Smithsonian Institution, Volcanoes of the World',
      'Public domain (US Government work)',
      'https://www.ngdc.noaa.gov/mgg/global/etopo5.HTML',
      'https://corisk.example/methodology',
    ]);
  });
});

describe('the filed PDF (pdf.js text)', () => {
  it('writes the full date with the year and time in UTC, and the engine and data versions, even for this year’s report', async () => {
    const result = { ...resultFixture(), created_at: '2026-11-24T14:05:00.000Z', engine_version: '0.1.0+rules.1', data_version: 'sha256:0123456789ab' };
    const doc = await buildReportPdf({ company: companyFixture(), result, map: null, productName: 'Corisk', locale: 'en', t, now: new Date('2026-11-27T10:00:00Z'), loadFonts, createDoc: newDoc });
    const pages = (await pdfPageTexts(doc.output('arraybuffer'))).map((p) => p.replace(/\s+/g, ' '));
    // The title block and every page's footer carry the year, not the screens' '24 Nov'.
    expect(pages[0]).toContain('Date: 24 Nov 2026, 14:05 UTC');
    for (const page of pages) expect(page).toContain(`Report ID: ${result.id} | Date: 24 Nov 2026, 14:05 UTC`);
    expect(pages[0]).toContain('Engine 0.1.0+rules.1 | Data sha256:0123456789ab');
  });

  it('leaves the versions out of a report stored before they were recorded', async () => {
    const doc = await buildReportPdf({ company: companyFixture(), result: resultFixture(), map: null, productName: 'Corisk', locale: 'en', t, loadFonts, createDoc: newDoc });
    const text = (await pdfPageTexts(doc.output('arraybuffer'))).join(' ');
    expect(text).toContain('Date: 5 Mar 2025, 14:05 UTC');
    expect(text).not.toContain('Engine ');
  });
});

describe('helpers', () => {
  it('tells Latin-1 text from text that needs the Unicode font', () => {
    expect(fitsStandardFont(['Telefónica', 'A.P. Møller - Mærsk A/S', 'S.à r.l.'])).toBe(true);
    expect(fitsStandardFont(['ORLEN Spółka Akcyjna'])).toBe(false);
    expect(fitsStandardFont(['„Виваком България“ ЕАД'])).toBe(false);
  });

  it('reads the size of a PNG', () => {
    expect(imageSize(PNG)).toEqual({ format: 'PNG', width: 1, height: 1 });
    expect(imageSize(new Uint8Array([1, 2, 3]))).toBeNull();
  });
});

describe('the sanctions screening in the PDF', () => {
  /** A screening whose names and reasons the standard font writes (the layout checks measure with it). */
  const latinMatch = (): ReportScreening => {
    const screening = matchScreeningFixture();
    screening.hits[0] = hitFixture({ listed_name: 'OOO Rosneftegaz Treiding', reasons: ['names agree: rosneftegaz treiding', 'legal forms set aside: OOO (LLC), s.r.o.'] });
    return screening;
  };
  const squash = (s: string) => s.replace(/\s+/g, ' ');

  it('draws a match as a box at the top of page 1, before the scores: title, each hit, its reasons and decision', () => {
    const { proxy, doc, texts } = recordingDoc();
    layoutReport(proxy, model(companyFixture({ sample: false }), resultFixture(), { screening: latinMatch() }));
    const body = bodyWithinMargins(doc, texts);
    const page1 = body.filter((t) => t.page === 1);
    const at = (text: string) => page1.find((t) => t.text.includes(text));
    const title = at('Sanctions match: cover must not be given without a licence')!;
    expect(title).toBeTruthy();
    expect(title.y).toBeLessThan(at('Risk Score Summary')!.y);
    const all = squash(page1.map((t) => t.text).join(' '));
    expectToContainAll(all, [
      'Screened 27 Nov 2026, 14:05 UTC against EU, UN, UK lists of 26 Nov 2026, 25 Nov 2026, 27 Nov 2026',
      'List EU | Entry EU.7382.45 | Subject Company | Score 0.96 | Programme RUS | Designated 2022-04-08',
      'OOO Rosneftegaz Treiding',
      'Matched name (company) Rosneftegaz Trading s.r.o.',
      'names agree: rosneftegaz treiding',
      'owner Ivan Sidorov is listed (EU ownership and control rule)',
      'Decision: False positive, marked by anna@insurer.example on 27 Nov 2026, 15:30 UTC',
      'Note: Born 1988 in Brno, the listed person in 1961.',
    ]);
  });

  it('writes a quiet line when clear or never screened, and an amber box without hits when a list is stale', () => {
    const lines = (screening?: ReportScreening) => {
      const { proxy, texts } = recordingDoc();
      layoutReport(proxy, model(companyFixture({ sample: false }), resultFixture(), screening ? { screening } : {}));
      return squash(texts.filter((t) => t.page === 1).map((t) => t.text).join(' '));
    };
    const clear = lines(screeningFixture());
    expect(clear).toContain('No match on EU, UN, UK lists of 26 Nov 2026, 25 Nov 2026, 27 Nov 2026');
    expect(clear).not.toContain('Sanctions match');
    expect(lines()).toContain('Not screened against sanctions lists (report made before screening)');
    const stale = lines(
      screeningFixture({ status: 'possible_match', lists: [{ list: 'EU', generated_at: '2026-10-02T12:00:00.000Z', stale: true }, { list: 'UN', generated_at: null, stale: true }] }),
    );
    expect(stale).toContain('Possible sanctions match: review before cover');
    expect(stale).toContain('against EU, UN lists of 2 Oct 2026 (stale), none held');
    expect(stale).toContain('No hit, but not every list was current');
  });

  it('cleared by a false positive: the quiet line counts it, and the hit follows in grey with its decision and note', () => {
    const { proxy, doc, texts } = recordingDoc();
    const decision = { decision: 'false_positive' as const, note: 'Other registration number and country.', decided_by: 'ana@example.com', decided_at: '2026-11-27T16:00:00.000Z' };
    const screening = screeningFixture({ hits: [hitFixture({ listed_name: 'OOO Rosneftegaz Treiding', reasons: ['names agree: rosneftegaz treiding'], decision })] });
    layoutReport(proxy, model(companyFixture({ sample: false }), resultFixture(), { screening }));
    const page1 = bodyWithinMargins(doc, texts).filter((t) => t.page === 1);
    const all = squash(page1.map((t) => t.text).join(' '));
    expectToContainAll(all, [
      'No open match on EU, UN, UK lists of 26 Nov 2026, 25 Nov 2026, 27 Nov 2026: 1 hit marked false positive',
      'List EU | Entry EU.7382.45 | Subject Company | Score 0.96',
      'OOO Rosneftegaz Treiding',
      'Decision: False positive, marked by ana@example.com on 27 Nov 2026, 16:00 UTC',
      'Note: Other registration number and country.',
    ]);
    expect(all).not.toContain('Sanctions match');
    const at = (text: string) => page1.find((t) => t.text.includes(text))!;
    expect(at('No open match').y).toBeLessThan(at('OOO Rosneftegaz Treiding').y);
    expect(at('OOO Rosneftegaz Treiding').y).toBeLessThan(at('Risk Score Summary').y);
  });

  it('breaks a long box between hits, every line inside the page', () => {
    const { proxy, doc, texts } = recordingDoc();
    const hits = Array.from({ length: 14 }, (_, i) =>
      hitFixture({ entry_id: `EU.${1000 + i}.01`, listed_name: `Listed Holding Number ${i + 1}`, reasons: ['names agree: a reason long enough to wrap onto a second line of the box, as real reasons often are'] }),
    );
    layoutReport(proxy, model(companyFixture(), resultFixture(), { screening: screeningFixture({ status: 'possible_match', hits }) }));
    const body = bodyWithinMargins(doc, texts);
    const entries = body.filter((t) => /^List EU\s+\|\s+Entry EU\./.test(t.text));
    expect(entries).toHaveLength(14);
    expect(new Set(entries.map((t) => t.page)).size).toBeGreaterThan(1);
  });

  it('names the officers and owners in the company block, at most 20 of each', () => {
    const { proxy, texts } = recordingDoc();
    const owners = Array.from({ length: 23 }, (_, i) => ({ name: `Owner ${i + 1}`, role: null, kind: 'person' as const }));
    layoutReport(proxy, model(companyFixture({ officers: [{ name: 'Jan Novak', role: 'jednatel', kind: 'person' }], owners }), resultFixture()));
    const all = squash(texts.map((t) => t.text).join(' '));
    expect(all).toContain('Officers Jan Novak (jednatel)');
    expect(all).toContain('Owner 20; and 3 more named by the register');
    expect(all).not.toContain('Owner 21');
  });

  it('writes Cyrillic listed names in the Unicode font, extractable from the PDF (pdf.js)', async () => {
    const doc = await buildReportPdf({
      company: companyFixture(),
      result: resultFixture(),
      screening: matchScreeningFixture(),
      map: null,
      productName: 'Corisk', locale: 'en', t,
      loadFonts,
      createDoc: newDoc,
    });
    const first = squash((await pdfPageTexts(doc.output('arraybuffer')))[0]!);
    expect(first).toContain('Sanctions match: cover must not be given without a licence');
    expect(first).toContain('ООО Роснефтегаз Трейдинг');
    expect(first).toContain('legal forms set aside: ООО (LLC), s.r.o.');
  });
});
