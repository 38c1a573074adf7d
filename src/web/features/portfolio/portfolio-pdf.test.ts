import { jsPDF } from 'jspdf';
import { describe, expect, it } from 'vitest';
import { detailFixture, doneRow, row } from '../../../../test/web/portfolio-fixtures';
import { fitsStandardFont as fitsLatin1, type PdfDoc } from '../../../shared/pdf';
import { CONTENT_BOTTOM, CONTENT_TOP, MARGIN, PAGE_WIDTH, buildPortfolioPdf, layoutPortfolio, portfolioTexts, rowOutcome } from '../../../shared/reports/portfolio-pdf';
import { COLUMN_X } from '../../../shared/reports/portfolio-pdf-sites';
import { pdfFileName } from './portfolio-pdf';

interface TextCall {
  page: number;
  text: string;
  x: number;
  y: number;
  size: number;
}

/** Real jsPDF underneath, every text call recorded with its page. */
function recordingDoc() {
  const doc = new jsPDF({ orientation: 'portrait', unit: 'mm', format: 'a4' });
  const texts: TextCall[] = [];
  let page = 1;
  let size = 16;
  const proxy: PdfDoc = {
    setFont: (f, s) => doc.setFont(f, s),
    setFontSize: (s) => {
      size = s;
      return doc.setFontSize(s);
    },
    setTextColor: (r, g, b) => doc.setTextColor(r, g, b),
    setFillColor: (r, g, b) => doc.setFillColor(r, g, b),
    setDrawColor: (r, g, b) => doc.setDrawColor(r, g, b),
    setLineWidth: (w) => doc.setLineWidth(w),
    text: (text, x, y, options) => {
      for (const [i, line] of (Array.isArray(text) ? text : [text]).entries()) texts.push({ page, text: line, x, y: y + i * size * 0.3528 * 1.15, size });
      return doc.text(text, x, y, options);
    },
    rect: (x, y, w, h, style) => doc.rect(x, y, w, h, style),
    roundedRect: (x, y, w, h, rx, ry, style) => doc.roundedRect(x, y, w, h, rx, ry, style),
    line: (a, b, c, d) => doc.line(a, b, c, d),
    circle: (x, y, r, style) => doc.circle(x, y, r, style),
    getTextWidth: (t) => doc.getTextWidth(t),
    addImage: (data, format, x, y, w, h) => doc.addImage(data, format, x, y, w, h),
    splitTextToSize: (t, w) => doc.splitTextToSize(t, w) as string[],
    addPage: () => {
      page = doc.getNumberOfPages() + 1;
      return doc.addPage();
    },
    setPage: (p) => {
      page = p;
      return doc.setPage(p);
    },
    getNumberOfPages: () => doc.getNumberOfPages(),
  };
  return { doc, proxy, texts };
}

const NOW = new Date(Date.UTC(2026, 10, 24, 12, 0));

describe('portfolio PDF summary', () => {
  it('writes the title, the counts, the grade distribution, the dominant hazards and every site', () => {
    const { proxy, texts } = recordingDoc();
    const pages = layoutPortfolio(proxy, { portfolio: detailFixture(), productName: 'Corisk', now: NOW, fontFamily: 'helvetica' });
    expect(pages).toBe(1);
    const all = texts.map((t) => t.text);
    expect(all).toContain('PORTFOLIO RISK SUMMARY');
    expect(all).toContain('Property book 2026');
    expect(all).toContain('77/100');
    expect(all).toContain('Grade distribution');
    expect(all).toContain('Hazards that dominate the book');
    expect(all).toContain('Earthquake');
    expect(all).toContain('1 (33%)');
    for (const title of ['Row', 'Reference', 'Company and site', 'Country', 'Grade', 'Score', 'Worst hazard / problem']) expect(all).toContain(title);
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
    expect(rowOutcome(doneRow(2))).toBe('Earthquake');
    expect(rowOutcome(row(2, { status: 'failed', error: 'No credits left.' }))).toBe('Failed: No credits left.');
    expect(rowOutcome(row(2))).toBe('Queued');
    expect(rowOutcome(row(2, { status: 'running' }))).toBe('Being assessed');
    expect(fitsLatin1(portfolioTexts(detailFixture()))).toBe(true);
    expect(fitsLatin1(portfolioTexts(detailFixture({ rows: [doneRow(2, { company_name: 'ΟΡΓΑΝΙΣΜΟΣ ΤΗΛΕΠΙΚΟΙΝΩΝΙΩΝ' })] })))).toBe(false);
    expect(pdfFileName('Book: Q4/2026')).toBe('Book__Q4_2026_summary.pdf');
  });

  it('renders a real PDF file', () => {
    const { doc, proxy } = recordingDoc();
    layoutPortfolio(proxy, { portfolio: detailFixture(), productName: 'Corisk', now: NOW, fontFamily: 'helvetica' });
    const bytes = new Uint8Array(doc.output('arraybuffer'));
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(2000);
  });
});

/** Every text item of a PDF with its page, left edge and width in mm (read with pdf.js). */
async function pdfItems(bytes: ArrayBuffer): Promise<{ page: number; str: string; x: number; width: number }[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const standardFontDataUrl = new URL('../../../../node_modules/pdfjs-dist/standard_fonts/', import.meta.url).pathname;
  const pdf = await pdfjs.getDocument({ data: new Uint8Array(bytes), standardFontDataUrl, isEvalSupported: false }).promise;
  const items: { page: number; str: string; x: number; width: number }[] = [];
  const mm = 25.4 / 72;
  for (let n = 1; n <= pdf.numPages; n += 1) {
    const content = await (await pdf.getPage(n)).getTextContent();
    for (const item of content.items) {
      if ('str' in item && item.str.trim()) items.push({ page: n, str: item.str, x: item.transform[4] * mm, width: item.width * mm });
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
    }),
  );

  it('wraps 40-character company names inside their column and writes each fiscal number', async () => {
    for (const name of names) expect(name).toHaveLength(40);
    const doc = await buildPortfolioPdf({
      portfolio: detailFixture({ rows, total: rows.length, done: rows.length, failed: 0 }),
      productName: 'Corisk',
      now: NOW,
      loadFonts: () => Promise.reject(new Error('Latin-1 only')),
      createDoc: () => new jsPDF({ orientation: 'portrait', unit: 'mm', format: 'a4', compress: true }),
    });
    const items = await pdfItems(doc.output('arraybuffer'));
    const companyX = MARGIN + COLUMN_X.company;
    const countryX = MARGIN + COLUMN_X.country;
    const inCompany = items.filter((t) => t.x >= companyX - 0.01 && t.x < countryX);
    expect(inCompany.length).toBeGreaterThan(names.length);
    for (const t of inCompany) expect(t.x + t.width, `"${t.str}" runs into the country column`).toBeLessThanOrEqual(countryX);
    // Every name is written whole, over as many lines as it takes.
    const companyText = inCompany.map((t) => t.str).join('').replace(/\s+/g, '');
    for (const name of names) expect(companyText).toContain(name.replace(/\s+/g, ''));
    const all = items.map((t) => t.str);
    for (const r of rows) expect(all).toContain(`Fiscal number ${r.fiscal_number}`);
    expect(all).toContain('Netherlands');
    expect(all).toContain('Portugal');
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
    layoutPortfolio(proxy, { portfolio, productName: 'Corisk', now: NOW, fontFamily: 'helvetica', outline: [square] });
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
    layoutPortfolio(bare.proxy, { portfolio, productName: 'Corisk', now: NOW, fontFamily: 'helvetica' });
    expect(bare.texts.map((t) => t.text)).not.toContain('Map of the sites');
  });
});
