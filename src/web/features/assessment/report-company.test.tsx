// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { jsPDF } from 'jspdf';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CompanyData } from '../../../shared/contracts/assessment';
import { companyFixture, resultFixture } from '../../../../test/web/report-fixtures';
import { companyFacts, statusWarning } from '../../entities/report/report-format';
import { layoutReport, type PdfDoc } from '../../entities/report/report-pdf';
import { installPublicConfig } from '../../../../test/web/test-config';
import { t } from '../../lib/i18n';
import { ReportView } from './report-view';

/** A company as a national register describes it (the Czech insolvent example of the register tests). */
const registered = (over: Partial<CompanyData> = {}) =>
  companyFixture({
    name: 'Zkušební stavby s.r.o.',
    country: 'Czech Republic',
    sample: false,
    activity: {
      nace_code: '41.20',
      nace_label: 'Construction of buildings',
      inferred_from: 'source',
      evidence: 'NACE 41.20 from CZ-NACE code 41200 in the Czech register of economic subjects (ARES)',
    },
    legal_form: 'Společnost s ručením omezeným',
    status: 'insolvent',
    incorporated_on: '2003-02-11',
    employees: '25–49',
    ...over,
  });

/** The texts a PDF layout writes, with real jsPDF underneath. */
function pdfTexts(company: CompanyData): string {
  const doc = new jsPDF({ orientation: 'portrait', unit: 'mm', format: 'a4' });
  const texts: string[] = [];
  const proxy = new Proxy(doc, {
    get(target, prop, receiver) {
      if (prop === 'text') {
        return (text: string | string[], ...rest: unknown[]) => {
          texts.push(...(Array.isArray(text) ? text : [text]));
          return (target.text as (...a: unknown[]) => unknown)(text, ...rest);
        };
      }
      const value = Reflect.get(target, prop, receiver) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  }) as unknown as PdfDoc;
  layoutReport(proxy, { company, result: resultFixture(), map: null, productName: 'Corisk', now: new Date(2026, 10, 24), fontFamily: 'helvetica', locale: 'en', t });
  return texts.join(' ').replace(/\s+/g, ' ');
}

beforeEach(() => {
  installPublicConfig();
});
afterEach(cleanup);

describe('register facts in the Company Data block', () => {
  it('lists legal form, status, date of incorporation, employees and the activity with its source', () => {
    const facts = Object.fromEntries(companyFacts(registered()).map((f) => [f.label, f.value]));
    expect(facts).toMatchObject({
      'Activity (NACE)': '41.20 - Construction of buildings',
      'Activity source': 'Official: NACE 41.20 from CZ-NACE code 41200 in the Czech register of economic subjects (ARES)',
      'Legal form': 'Společnost s ručením omezeným',
      Status: 'Insolvent',
      'Incorporated on': '2003-02-11',
      Employees: '25–49',
    });
  });

  it('calls the sample directory’s code sample data, not official', () => {
    const sample = { ...registered(), sample: true, activity: { nace_code: '35.11', nace_label: 'Production of electricity', inferred_from: 'source' as const, evidence: 'NACE code given by the bundled sample directory' } };
    const facts = Object.fromEntries(companyFacts(sample).map((f) => [f.label, f.value]));
    expect(facts['Activity source']).toBe('Sample data: NACE code given by the bundled sample directory');
  });

  it('says what is unknown when only VIES answered', () => {
    const facts = Object.fromEntries(
      companyFacts(registered({ legal_form: null, status: 'unknown', incorporated_on: null, employees: null })).map((f) => [f.label, f.value]),
    );
    expect(facts).toMatchObject({ 'Legal form': '-', Status: 'Not stated by a national register', 'Incorporated on': '-', Employees: '-' });
  });

  it('shows the facts and a warning on the report screen for an insolvent company', () => {
    render(<ReportView company={registered()} result={resultFixture()} map={null} />);
    const report = screen.getByRole('article', { name: 'Your Risk Assessment Report' });
    expect(within(report).getByRole('alert').textContent).toBe(statusWarning(registered()));
    expect(within(report).getByText('Společnost s ručením omezeným')).toBeTruthy();
    expect(within(report).getByText('Insolvent')).toBeTruthy();
    expect(within(report).getByText('2003-02-11')).toBeTruthy();
    expect(within(report).getByText('25–49')).toBeTruthy();
  });

  it.each(['dissolved', 'insolvent', 'in_liquidation'] as const)('warns of a %s company on screen and in the PDF', (status) => {
    const company = registered({ status });
    const warning = statusWarning(company)!;
    expect(warning).toMatch(/^Warning: the national company register lists this company /);
    render(<ReportView company={company} result={resultFixture()} map={null} />);
    expect(screen.getByRole('alert').textContent).toBe(warning);
    const pdf = pdfTexts(company);
    expect(pdf).toContain(warning);
    expect(pdf).toContain('Společnost s ručením omezeným');
    expect(pdf).toContain('Official: NACE 41.20 from CZ-NACE code 41200');
  });

  it('shows no warning for an active company or an unknown status', () => {
    for (const status of ['active', 'unknown'] as const) {
      render(<ReportView company={registered({ status })} result={resultFixture()} map={null} />);
      expect(screen.queryByRole('alert')).toBeNull();
      expect(pdfTexts(registered({ status }))).not.toContain('Warning: the national company register');
      cleanup();
    }
  });
});
