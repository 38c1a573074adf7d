import { describe, expect, it } from 'vitest';
import type { CompanyData } from '../../shared/contracts/assessment.js';
import { ageInMonths, legalFormKind, staffSize } from './company-profile.js';
import { analyseSite } from './analyse.js';

const now = new Date('2026-11-24T00:00:00Z');

/** A Czech bank as ARES gives it (register fields filled). */
const company = (over: Partial<CompanyData> = {}) => ({
  name: 'Raiffeisenbank a.s.',
  country: 'Czech Republic',
  latitude: 50.0647,
  longitude: 14.4391,
  geocode_precision: 'address' as const,
  activity: {
    nace_code: '64.19',
    nace_label: 'Other monetary intermediation',
    inferred_from: 'source' as const,
    evidence: 'NACE 64.19 from CZ-NACE code 64190 in the Czech register of economic subjects (ARES)',
  },
  legal_form: 'Akciová společnost',
  status: 'active' as const,
  incorporated_on: '1993-06-25',
  employees: '4000–4999',
  sample: false,
  ...over,
});

const risk = (a: ReturnType<typeof analyseSite>, name: string) => a.industry.find((r) => r.name === name)!;

describe('register facts in the embedded analysis', () => {
  it('cites the official NACE code, its national code and the register in every industry reason', () => {
    const a = analyseSite(company(), undefined, now);
    for (const r of a.industry) {
      expect(r.reason[0]).toBe(
        'NACE K64 banking and financial services (64.19 Other monetary intermediation) — official: NACE 64.19 from CZ-NACE code 64190 in the Czech register of economic subjects (ARES)',
      );
    }
  });

  it('raises business interruption, workforce and liability impact for a large public company, and says why', () => {
    const plain = analyseSite(company({ legal_form: null, employees: null }), undefined, now);
    const large = analyseSite(company(), undefined, now);
    for (const name of ['Business Interruption', 'Workforce Injury', 'Liability']) {
      expect(risk(large, name).impact, name).toBe(Math.min(5, risk(plain, name).impact + 1));
    }
    expect(risk(large, 'Business Interruption').reason).toContain('impact +1: 4000–4999 employees in the register, payroll and fixed costs run on through a stoppage');
    expect(risk(large, 'Liability').reason).toContain(
      "impact +1: legal form Akciová společnost, shareholder and directors' claims add to third-party liability",
    );
  });

  it('lowers business interruption and liability impact for a sole trader with a micro staff band', () => {
    const plain = analyseSite(company({ legal_form: null, employees: null }), undefined, now);
    const micro = analyseSite(company({ legal_form: 'Fyzická osoba podnikající dle živnostenského zákona', employees: '1–5' }), undefined, now);
    expect(risk(micro, 'Business Interruption').impact).toBe(Math.max(0, risk(plain, 'Business Interruption').impact - 1));
    expect(risk(micro, 'Liability').impact).toBe(Math.max(0, risk(plain, 'Liability').impact - 1));
    expect(risk(micro, 'Liability').reason.some((r) => r.startsWith('impact −1: legal form Fyzická osoba'))).toBe(true);
  });

  it.each([
    ['dissolved', /^Company dissolved: the national register lists Raiffeisenbank a\.s\. as dissolved/],
    ['insolvent', /^Company insolvent: the national register lists Raiffeisenbank a\.s\. in insolvency proceedings/],
    ['in_liquidation', /^Company in liquidation: the national register lists Raiffeisenbank a\.s\. as being wound up/],
  ] as const)('puts a %s company first among the takeaways', (status, first) => {
    const a = analyseSite(company({ status }), undefined, now);
    expect(a.keyTakeaways[0]).toMatch(first);
    expect(a.keyTakeaways[1]).toMatch(/^Overall /);
  });

  it('starts with the overall picture for an active company or an unknown status', () => {
    expect(analyseSite(company(), undefined, now).keyTakeaways[0]).toMatch(/^Overall /);
    expect(analyseSite(company({ status: 'unknown' }), undefined, now).keyTakeaways[0]).toMatch(/^Overall /);
  });

  it('notes a short track record for a company younger than two years, not for an older one', () => {
    const young = analyseSite(company({ incorporated_on: '2025-09-01' }), undefined, now).keyTakeaways;
    expect(young).toContain(
      "Short track record: incorporated on 2025-09-01 (14 months ago), so there is little or no loss history; ask for the managers' previous trading record and underwrite on projections.",
    );
    expect(analyseSite(company({ incorporated_on: '2024-11-23' }), undefined, now).keyTakeaways.some((t) => t.startsWith('Short track record'))).toBe(false);
    expect(analyseSite(company({ incorporated_on: null }), undefined, now).keyTakeaways.some((t) => t.startsWith('Short track record'))).toBe(false);
  });
});

describe('company profile helpers', () => {
  it('size staff bands by the EU SME thresholds', () => {
    for (const band of ['250–499', '10000 or more']) expect(staffSize(band)).toBe('large');
    for (const band of ['6–9', '0 employees']) expect(staffSize(band)).toBe('micro');
    for (const band of ['100–199', null]) expect(staffSize(band)).toBeUndefined();
  });

  it('recognise public companies and sole traders in the national labels', () => {
    for (const label of ['SA à conseil d’administration (s.a.i.)', 'Julkinen osakeyhtiö', 'SPÓŁKA AKCYJNA']) expect(legalFormKind(label)).toBe('public');
    expect(legalFormKind('Entrepreneur individuel')).toBe('sole_trader');
    for (const label of ['Společnost s ručením omezeným', 'SAS, société par actions simplifiée']) expect(legalFormKind(label)).toBeUndefined();
  });

  it('count whole months since incorporation', () => {
    expect(ageInMonths('2025-09-01', now)).toBe(14);
    expect(ageInMonths('2024-11-25', now)).toBe(23);
    expect(ageInMonths('2024-11-24', now)).toBe(24);
    expect(ageInMonths(null, now)).toBeUndefined();
  });
});
