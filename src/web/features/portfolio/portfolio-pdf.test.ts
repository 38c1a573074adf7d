import { jsPDF } from 'jspdf';
import { afterEach, describe, expect, it } from 'vitest';
import { detailFixture, doneRow, row } from '../../../../test/web/portfolio-fixtures';
import { AMBER_INK, INK, MUTED, RED_INK, fitsStandardFont as fitsLatin1, type Rgb } from '../../../shared/pdf';
import { CONTENT_BOTTOM, CONTENT_TOP, MARGIN, PAGE_WIDTH, buildPortfolioPdf, layoutPortfolio, portfolioTexts, rowOutcome } from '../../../shared/reports/portfolio-pdf';
import { COLUMN_X, TABLE_COLUMNS } from '../../../shared/reports/portfolio-pdf-sites';
import { pdfFileName } from './portfolio-pdf';
import { openPdf } from '../../../../test/pdf-text';
import { loadFonts, newDoc, recordingDoc } from '../../../../test/web/pdf-recorder';
import { currentLocale, setLocale, t } from '../../lib/i18n';

const NOW = new Date(Date.UTC(2026, 10, 24, 12, 0));
/** The English PDF: the `pdf` messages of the loaded English bundles. */
const EN = { locale: 'en' as const, t };

describe('portfolio PDF summary', () => {
  it('writes the title, the counts, the grade distribution, the dominant hazards and every site', () => {
    const { proxy, texts } = recordingDoc();
    const pages = layoutPortfolio(proxy, { portfolio: detailFixture(), productName: 'Corisk', now: NOW, fontFamily: 'helvetica', ...EN });
    expect(pages).toBe(1);
    const all = texts.map((t) => t.text);
    for (const text of [
      'PORTFOLIO RISK SUMMARY',
      'Property book 2026',
      '77/100',
      'Grade distribution',
      'Hazards that dominate the book',
      'Earthquake',
      '1 (33%)',
    ]) {
      expect(all).toContain(text);
    }
    for (const title of ['Row', 'Reference', 'Company and site', 'Country', 'Grade', 'Score', 'Sanctions', 'Worst hazard / problem']) expect(all).toContain(title);
    expect(all).toContain('Walldorf');
    expect(all).toContain('Greece');
    expect(all.join(' ')).toContain('Failed: The company register of Greece did not answer.');
    expect(all).toContain('Page 1 of 1');
    // Filed: the full date with the year and the time in UTC, in the footer and under the title.
    expect(all).toContain('Property book 2026  |  24 Nov 2026, 12:00 UTC');
    expect(all.join(' ')).toContain('Finished 24 Nov 2026, 08:01 UTC  |  Summary of 24 Nov 2026, 12:00 UTC');
  });

  it('breaks a long book over pages with the table header, the brand header and the footer on each, nothing below the margin', () => {
    const rows = Array.from({ length: 140 }, (_, i) =>
      i % 7 === 3
        ? row(i + 2, { status: 'failed', error: 'The company was not found in the national register nor in VIES, so it could not be assessed.' })
        : doneRow(i + 2, { reference: `Site ${i + 2}`, site_address: i % 2 ? `Avenida da Liberdade ${i}, 1250-096 Lisboa` : '' }),
    );
    const { proxy, texts } = recordingDoc();
    const pages = layoutPortfolio(proxy, {
      portfolio: detailFixture({ rows, total: rows.length, done: 120, failed: 20 }),
      productName: 'Corisk',
      now: NOW,
      fontFamily: 'helvetica',
      ...EN,
    });
    expect(pages).toBeGreaterThan(3);
    for (let p = 1; p <= pages; p += 1) {
      const on = texts.filter((t) => t.page === p);
      expect(on.some((t) => t.text === 'Corisk'), `brand on page ${p}`).toBe(true);
      expect(on.some((t) => t.text === `Page ${p} of ${pages}`), `footer on page ${p}`).toBe(true);
      expect(on.some((t) => t.text === 'Company and site'), `table header on page ${p}`).toBe(true);
      const body = on.filter((t) => t.y > CONTENT_TOP - 1 && t.size < 12 && !/^Page \d+ of/.test(t.text) && !t.text.includes('  |  '));
      for (const t of body) expect(t.y, `"${t.text}" on page ${p}`).toBeLessThanOrEqual(CONTENT_BOTTOM);
    }
    for (const r of rows) expect(texts.some((t) => t.text === String(r.row) && t.x < MARGIN + 5), `line ${r.row}`).toBe(true);
    expect(texts.every((t) => t.x >= 0 && t.x <= PAGE_WIDTH)).toBe(true);
  });

  it('says what each row came to, and when a Unicode font is needed', () => {
    expect(rowOutcome(EN, doneRow(2))).toBe('Earthquake');
    expect(rowOutcome(EN, row(2, { status: 'failed', error: 'No credits left.' }))).toBe('Failed: No credits left.');
    expect(rowOutcome(EN, row(2))).toBe('Queued');
    expect(rowOutcome(EN, row(2, { status: 'running' }))).toBe('Being assessed');
    expect(fitsLatin1(portfolioTexts(detailFixture()))).toBe(true);
    expect(fitsLatin1(portfolioTexts(detailFixture({ rows: [doneRow(2, { company_name: 'ΟΡΓΑΝΙΣΜΟΣ ΤΗΛΕΠΙΚΟΙΝΩΝΙΩΝ' })] })))).toBe(false);
    expect(pdfFileName('Book: Q4/2026')).toBe('Book__Q4_2026_summary.pdf');
  });

  it('writes each site’s sanctions screening in its column, red for a match and amber for a possible match, and counts the companies', () => {
    const { proxy, texts } = recordingDoc();
    // The colour each text is written in.
    let colour: Rgb = [0, 0, 0];
    const colours: { text: string; x: number; colour: Rgb }[] = [];
    const setTextColor = proxy.setTextColor;
    proxy.setTextColor = (r, g, b) => {
      colour = [r, g, b];
      return setTextColor(r, g, b);
    };
    const text = proxy.text;
    proxy.text = (value, x, y, options) => {
      for (const line of Array.isArray(value) ? value : [value]) colours.push({ text: line, x, colour });
      return text(value, x, y, options);
    };
    const rows = [
      doneRow(2, { screening_status: 'match', screening_hits: 1 }),
      doneRow(3, { fiscal_number: 'DE143454214', country: 'Germany', company_name: 'SAP SE', screening_status: 'clear', screening_hits: 0 }),
      doneRow(4, { fiscal_number: 'PT 500 697 256', screening_status: 'match', screening_hits: 1 }),
      doneRow(5, { fiscal_number: 'ESA28015865', country: 'ES', screening_status: 'possible_match', screening_hits: 1 }),
      doneRow(6, { fiscal_number: 'FI01120389', country: 'FI', screening_status: 'not_screened', screening_hits: 0 }),
      row(7, { status: 'failed', error: 'Company not found.' }),
    ];
    layoutPortfolio(proxy, { portfolio: detailFixture({ rows }), productName: 'Corisk', now: NOW, fontFamily: 'helvetica', ...EN });
    expect(TABLE_COLUMNS.reduce((w, col) => w + col.width, 0)).toBe(PAGE_WIDTH - 2 * MARGIN);
    const x = MARGIN + COLUMN_X.sanctions;
    const column = colours.filter((t) => t.x > x && t.x < x + 3);
    expect(column.map((t) => t.text)).toEqual(['Sanctions', 'Match', 'Clear', 'Match', 'Possible', 'match', 'Not screened', '-']);
    const colourOf = (word: string) => column.find((t) => t.text === word)!.colour;
    expect(colourOf('Match')).toEqual(RED_INK);
    expect(colourOf('Possible')).toEqual(AMBER_INK);
    expect(colourOf('Clear')).toEqual(INK);
    expect(colourOf('Not screened')).toEqual(MUTED);
    // The summary: companies, not sites (EDP's two sites are one company), in the match's red.
    const summary = texts.map((t) => t.text).join(' ');
    expect(summary).toContain('Sanctions screening: 1 company is a sanctions match, 1 company is a possible match, 1 company is not');
    expect(colours.find((t) => t.text.startsWith('Sanctions screening:'))!.colour).toEqual(RED_INK);

    // No hit: a quiet line; no report yet: no line.
    const quiet = recordingDoc();
    layoutPortfolio(quiet.proxy, { portfolio: detailFixture({ rows: [rows[1]!] }), productName: 'Corisk', now: NOW, fontFamily: 'helvetica', ...EN });
    expect(quiet.texts.map((t) => t.text)).toContain('Sanctions screening: 1 company screened, no sanctions match.');
    const none = recordingDoc();
    layoutPortfolio(none.proxy, { portfolio: detailFixture(), productName: 'Corisk', now: NOW, fontFamily: 'helvetica', ...EN });
    expect(none.texts.some((t) => t.text.startsWith('Sanctions screening'))).toBe(false);
  });

  it('renders a real PDF file', () => {
    const { doc, proxy } = recordingDoc(new jsPDF({ orientation: 'portrait', unit: 'mm', format: 'a4' }));
    layoutPortfolio(proxy, { portfolio: detailFixture(), productName: 'Corisk', now: NOW, fontFamily: 'helvetica', ...EN });
    const bytes = new Uint8Array(doc.output('arraybuffer'));
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(2000);
  });
});

/** Every text item of a PDF with its page, left edge and width in mm (read with pdf.js). */
async function pdfItems(bytes: ArrayBuffer): Promise<{ page: number; str: string; x: number; y: number; width: number }[]> {
  const pdf = await openPdf(bytes);
  const items: { page: number; str: string; x: number; y: number; width: number }[] = [];
  const mm = 25.4 / 72;
  for (let n = 1; n <= pdf.numPages; n += 1) {
    const content = await (await pdf.getPage(n)).getTextContent();
    for (const item of content.items) {
      // y from the top of the page (PDF measures from the bottom).
      if ('str' in item && item.str.trim()) items.push({ page: n, str: item.str, x: item.transform[4] * mm, y: 297 - item.transform[5] * mm, width: item.width * mm });
    }
  }
  await pdf.destroy();
  return items;
}

describe('portfolio PDF sites table (pdf.js)', () => {
  const names = [
    'Companhia Industrial de Transformacao SA',
    'W'.repeat(40),
    'Zweckverband Wasserversorgung Nordschwar',
    'Sociedade Internacional de Engenharia Ld',
    'MMMMMMMMMMMMMMMMMMMM MMMMMMMMMMMMMMMMMMM',
  ];
  const rows = names.map((name, i) =>
    doneRow(i + 2, {
      company_name: name,
      fiscal_number: `PT50000000${i}`,
      country: i % 2 ? 'Netherlands' : 'PT',
      site_address: i === 3 ? 'Avenida da Republica 1000, 1050-191 Lisboa' : '',
      screening_status: (['not_screened', 'possible_match', 'match', 'clear', 'not_screened'] as const)[i],
      screening_hits: i === 1 || i === 2 ? 1 : 0,
    }),
  );

  it('wraps 40-character company names inside their column and writes each fiscal number', async () => {
    for (const name of names) expect(name).toHaveLength(40);
    const doc = await buildPortfolioPdf({
      portfolio: detailFixture({ rows, total: rows.length, done: rows.length, failed: 0 }),
      productName: 'Corisk',
      now: NOW,
      ...EN,
      loadFonts: () => Promise.reject(new Error('Latin-1 only')),
      createDoc: newDoc,
    });
    const items = await pdfItems(doc.output('arraybuffer'));
    const companyX = MARGIN + COLUMN_X.company;
    const countryX = MARGIN + COLUMN_X.country;
    // The table's cells: below its header (the counts above it are laid out on their own grid).
    const header = items.find((t) => t.str === 'Company and site')!;
    const inCompany = items.filter((t) => t.y > header.y && t.x >= companyX - 0.01 && t.x < countryX);
    expect(inCompany.length).toBeGreaterThan(names.length);
    for (const t of inCompany) expect(t.x + t.width, `"${t.str}" runs into the country column`).toBeLessThanOrEqual(countryX);
    // Every name is written whole, over as many lines as it takes.
    const companyText = inCompany.map((t) => t.str).join('').replace(/\s+/g, '');
    for (const name of names) expect(companyText).toContain(name.replace(/\s+/g, ''));
    // The sanctions words stay inside their column too.
    const [sanctionsX, hazardX] = [MARGIN + COLUMN_X.sanctions, MARGIN + COLUMN_X.hazard];
    const inSanctions = items.filter((t) => t.y > header.y && t.x >= sanctionsX - 0.01 && t.x < hazardX);
    expect(inSanctions.map((t) => t.str)).toEqual(['Not screened', 'Possible', 'match', 'Match', 'Clear', 'Not screened']);
    for (const t of inSanctions) expect(t.x + t.width, `"${t.str}" runs into the hazard column`).toBeLessThanOrEqual(hazardX);
    const all = items.map((t) => t.str);
    for (const r of rows) expect(all).toContain(`Fiscal number ${r.fiscal_number}`);
    expect(all).toContain('Netherlands');
    expect(all).toContain('Portugal');
  });
});

describe('portfolio PDF sites table in DejaVu Sans (pdf.js)', () => {
  it('keeps every column title and the sanctions words inside their columns in the wider Unicode font', async () => {
    const rows = [
      doneRow(2, { company_name: 'ΟΡΓΑΝΙΣΜΟΣ ΤΗΛΕΠΙΚΟΙΝΩΝΙΩΝ ΤΗΣ ΕΛΛΑΔΟΣ', country: 'GR', reference: 'BAD-COUNTRY', screening_status: 'possible_match', screening_hits: 1 }),
      doneRow(3, { country: 'Netherlands', reference: 'EDP-COIMBRA', screening_status: 'match', screening_hits: 1 }),
      doneRow(4, { screening_status: 'clear', screening_hits: 0 }),
    ];
    const doc = await buildPortfolioPdf({
      portfolio: detailFixture({ rows, total: rows.length, done: rows.length, failed: 0 }),
      productName: 'Corisk',
      now: NOW,
      ...EN,
      loadFonts,
      createDoc: newDoc,
    });
    const items = await pdfItems(doc.output('arraybuffer'));
    const header = items.find((t) => t.str === 'Company and site')!;
    TABLE_COLUMNS.forEach((col, i) => {
      const next = i + 1 < TABLE_COLUMNS.length ? MARGIN + COLUMN_X[TABLE_COLUMNS[i + 1]!.key] : PAGE_WIDTH - MARGIN;
      const title = items.find((item) => item.str === t(col.title) && Math.abs(item.y - header.y) < 1)!;
      expect(title, col.title).toBeTruthy();
      expect(title.x + title.width, `the title "${t(col.title)}" runs past its column`).toBeLessThanOrEqual(next);
    });
    // One line each: the references and country names are not broken.
    const cells = items.filter((t) => t.y > header.y).map((t) => t.str);
    for (const word of ['BAD-COUNTRY', 'EDP-COIMBRA', 'Netherlands', 'Match', 'Clear']) expect(cells).toContain(word);
  });
});

describe('portfolio PDF map of the sites', () => {
  const square = [
    [-10, 36],
    [30, 36],
    [30, 60],
    [-10, 60],
    [-10, 36],
  ] as [number, number][];

  it('draws the outline and a dot per assessed site inside the map, only when outlines are given', () => {
    const { proxy, texts } = recordingDoc();
    const dots: { x: number; y: number }[] = [];
    const lines: number[][] = [];
    const circle = proxy.circle;
    proxy.circle = (x, y, r, style) => {
      dots.push({ x, y });
      return circle(x, y, r, style);
    };
    const line = proxy.line;
    proxy.line = (a, b, c, d) => {
      lines.push([a, b, c, d]);
      return line(a, b, c, d);
    };
    const portfolio = detailFixture();
    layoutPortfolio(proxy, { portfolio, productName: 'Corisk', now: NOW, fontFamily: 'helvetica', outline: [square], ...EN });
    expect(texts.map((t) => t.text)).toContain('Map of the sites');
    // Three done rows with coordinates; the failed one has none.
    expect(dots).toHaveLength(3);
    // The square's four sides, inside the page.
    const sides = lines.filter(([a, b, c, d]) => a !== c || b !== d).filter(([a, , c]) => a! > MARGIN && c! < PAGE_WIDTH - MARGIN);
    expect(sides.length).toBeGreaterThanOrEqual(4);
    // Walldorf (8.64 E) lies east of Lisbon (9.15 W) and north of it.
    const [lisbon, walldorf] = [dots.find((d) => d.x === Math.min(...dots.map((e) => e.x)))!, dots.find((d) => d.x === Math.max(...dots.map((e) => e.x)))!];
    expect(walldorf.y).toBeLessThan(lisbon.y);

    const bare = recordingDoc();
    layoutPortfolio(bare.proxy, { portfolio, productName: 'Corisk', now: NOW, fontFamily: 'helvetica', ...EN });
    expect(bare.texts.map((t) => t.text)).not.toContain('Map of the sites');
  });
});

describe('portfolio PDF in the reader\'s language (pdf.js)', () => {
  afterEach(() => setLocale('en'));

  it('writes the French summary: title, counts, sanctions, grades, table, dates and numbers in French', async () => {
    // The page's language, as the download takes it (the `pdf` messages come with the `app` bundle).
    await setLocale('fr');
    const rows = [
      ...detailFixture().rows.map((r) => (r.row === 3 ? { ...r, screening_status: 'match' as const, screening_hits: 1 } : { ...r, screening_status: 'clear' as const })),
      row(6, { status: 'running', reference: 'Lyon' }),
    ];
    const doc = await buildPortfolioPdf({
      portfolio: detailFixture({ rows, total: rows.length, done: 3, failed: 1, finished_at: null }),
      productName: 'Corisk',
      now: NOW,
      locale: currentLocale(),
      t,
      loadFonts,
      createDoc: newDoc,
    });
    const items = await pdfItems(doc.output('arraybuffer'));
    const text = items.map((i) => i.str).join(' ').replace(/\s+/g, ' ');
    for (const part of [
      'SYNTHÈSE DES RISQUES DU PORTEFEUILLE',
      'Créé le 24/11/2026, 08:00 UTC, toujours en cours | Synthèse du 24/11/2026, 12:00 UTC',
      'ÉVALUÉS',
      'ÉCHECS',
      'SCORE MOYEN',
      'Contrôle des sanctions : 1 entreprise correspond aux sanctions.',
      'Répartition des notes',
      '1 (33 %)',
      'Aléas dominants du portefeuille',
      '1 site',
      'Notes : A Excellent - Risque très faible',
      'Entreprise et site',
      'Pire aléa / problème',
      'Numéro fiscal DE143454214',
      'Allemagne',
      'Grèce',
      'Alerte',
      'Aucune alerte',
      'Échec : The company register of Greece did not answer.',
      'En cours d’évaluation',
      'Property book 2026 | 24/11/2026, 12:00 UTC',
      'Page 1 sur 1',
    ]) {
      expect(text).toContain(part);
    }
    expect(text).not.toMatch(/\bpdf\.[a-z]+\.[a-zA-Z]/);
    for (const english of ['PORTFOLIO RISK SUMMARY', 'Grade distribution', 'Company and site', 'Germany', 'Queued', 'Page 1 of']) expect(text).not.toContain(english);
    // Every text inside the page's margins (15 mm).
    for (const item of items) expect(item.x + item.width, `"${item.str}" runs past the right margin`).toBeLessThanOrEqual(PAGE_WIDTH - MARGIN + 0.5);
  });
});
