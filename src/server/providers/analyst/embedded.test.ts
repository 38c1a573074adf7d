import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CompanyData } from '../../../shared/contracts/assessment.js';
import { riskAssessmentResultSchema } from '../../../shared/contracts/assessment.js';
import { EU_COUNTRIES } from '../../../shared/countries.js';
import { NACE_DIVISIONS } from '../../../shared/nace.js';
import { buildRiskResult, gradeFor, meanScore } from '../../../shared/scoring.js';
import { listSampleCompanies } from '../companies/sample-directory.js';
import { countryCentroid } from '../../geo/gazetteer.js';
import { geocodeOffline } from '../geocoder/offline.js';
import { activityFromSource, inferActivityFromName, resolveActivity } from '../../engine/activity.js';
import { AnalystError, INDUSTRY_RISKS, LOCATION_RISKS } from './analyst.js';
import { EmbeddedAnalyst } from './embedded.js';
import { analyseSite, SiteNotAssessableError } from '../../engine/index.js';
import { informFor } from '../../engine/inform.js';
import { lisbonCompany } from '../../../../test/assessment-helpers.js';

const company = lisbonCompany;


const result = (c: CompanyData) => {
  const a = analyseSite(c);
  return buildRiskResult({ id: 'r', createdAt: '2025-01-01T00:00:00.000Z', location: a.location, industry: a.industry, keyTakeaways: a.keyTakeaways });
};

describe('embedded analyst', () => {
  it('assesses every location and industry risk with levels 0–5 and reasons', async () => {
    const answer = await new EmbeddedAnalyst().analyse({ company: company() }, AbortSignal.timeout(5000));
    expect(answer.location.map((r) => r.name)).toEqual([...LOCATION_RISKS]);
    expect(answer.industry.map((r) => r.name)).toEqual([...INDUSTRY_RISKS]);
    for (const r of [...answer.location, ...answer.industry]) {
      expect(Number.isInteger(r.rawLikelihood) && r.rawLikelihood >= 0 && r.rawLikelihood <= 5).toBe(true);
      expect(Number.isInteger(r.impact) && r.impact >= 0 && r.impact <= 5).toBe(true);
      expect(r.reason.length).toBeGreaterThan(0);
    }
    expect(answer.keyTakeaways.length).toBeGreaterThanOrEqual(3);
  });

  it('names the data behind each risk', () => {
    const a = analyseSite(company());
    const reasons = (name: string) => [...a.location, ...a.industry].find((r) => r.name === name)!.reason.join(' | ');
    expect(reasons('Coastal Flood / Storm Surge')).toContain('Natural Earth coastline: 0.8 km from the sea');
    expect(reasons('Coastal Flood / Storm Surge')).toContain('ETOPO5: 11 m above sea level, 0.8 km from the coast');
    expect(reasons('Flood')).toMatch(/ETOPO5: \d+ m above sea level/);
    expect(reasons('Earthquake')).toContain('INFORM 2020: earthquake exposure 3.7/10 for Portugal');
    expect(reasons('Earthquake')).toMatch(/NOAA NCEI significant earthquakes: strongest shaking on record at the site: M\d\.\d /);
    expect(reasons('Crime / Theft')).toMatch(/million people within 10 km/);
    expect(reasons('Property / Fire')).toContain('NACE D35 energy supply');

    const vienna = analyseSite(company({ name: 'Chemie Wien GmbH', country: 'Austria', latitude: 48.2082, longitude: 16.3738, activity: resolveActivity('Chemie Wien GmbH') }));
    const flood = vienna.location.find((r) => r.name === 'Flood')!;
    // The Danube's line at Vienna is GSHHG/WDBII's, named after Natural Earth's.
    expect(flood.reason.join(' | ')).toContain('GSHHG/WDBII: 3.5 km from the Donau');
    expect(flood.evidence!.map((e) => e.dataset)).toEqual(expect.arrayContaining(['GSHHG/WDBII', 'ETOPO5']));
    expect(vienna.industry.find((r) => r.name === 'Environmental')!.reason.join(' ')).toContain('NACE C20 chemicals manufacturing');
  });

  it('gives takeaways about the worst risks, the placement and the sample data', () => {
    const a = analyseSite(company());
    const r = result(company());
    const worst = [...Object.entries(r.locationScoresMap), ...Object.entries(r.industryScoresMap)].sort(
      (x, y) => x[1].score - y[1].score || x[0].localeCompare(y[0]),
    )[0]![0];
    // Lisbon's earthquake is High since the national code (agR 0.17 g) caps the catalogue's Very High
    // one level above its own: no Very High hazard leads, so the overall picture comes first.
    expect(a.location.find((x) => x.name === 'Earthquake')!.rawLikelihood).toBe(4);
    expect(worst).toBe('Business Interruption');
    expect(a.keyTakeaways[0]).toContain(`Overall ${r.overallScore}/100`);
    expect(a.keyTakeaways[1]).toMatch(/^Business Interruption \(score \d+/);
    expect(a.keyTakeaways.join(' ')).toContain('placed at city level');
    expect(a.keyTakeaways.join(' ')).toContain('Sample data');
  });

  it('reads the site: coast, population and latitude change the risks', () => {
    const coastal = analyseSite(company({ latitude: 38.7167, longitude: -9.1333 }));
    const inland = analyseSite(company({ name: 'Acme', country: 'Portugal', latitude: 40.54, longitude: -7.27, activity: resolveActivity('Acme') }));
    const l = (a: typeof coastal, n: string) => a.location.find((r) => r.name === n)!.rawLikelihood;
    expect(l(coastal, 'Coastal Flood / Storm Surge')).toBeGreaterThan(l(inland, 'Coastal Flood / Storm Surge'));
    expect(l(coastal, 'Crime / Theft')).toBeGreaterThan(l(inland, 'Crime / Theft'));
    const helsinki = analyseSite(company({ country: 'Finland', latitude: 60.17, longitude: 24.94 }));
    expect(l(helsinki, 'Extreme Heat')).toBeLessThan(l(coastal, 'Extreme Heat'));
  });

  it('uses the industry: a bank and a refinery differ', () => {
    const bank = analyseSite(company({ name: 'Banco Comercial Português, S.A.', activity: resolveActivity('x') }));
    const refinery = analyseSite(company({ activity: activityFromSource('19.20', 'Manufacture of refined petroleum products', 'registry') }));
    const i = (a: typeof bank, n: string) => a.industry.find((r) => r.name === n)!;
    expect(bank.activity.inferred_from).toBe('name');
    expect(i(bank, 'Cyber').rawLikelihood).toBeGreaterThan(i(refinery, 'Cyber').rawLikelihood);
    expect(i(refinery, 'Environmental').rawLikelihood).toBeGreaterThan(i(bank, 'Environmental').rawLikelihood);
  });

  it('refuses a country outside the EU', () => {
    expect(() => analyseSite(company({ country: 'Norway' }))).toThrow(SiteNotAssessableError);
  });

  it('answers a site the engine refuses as the port\'s unavailable', async () => {
    const refused = new EmbeddedAnalyst().analyse({ company: company({ country: 'Norway' }) });
    await expect(refused).rejects.toBeInstanceOf(AnalystError);
    await expect(refused).rejects.toMatchObject({ failure: 'unavailable' });
  });

  it('analyses every sample company into a valid result', () => {
    for (const s of listSampleCompanies()) {
      const g = geocodeOffline({ country: s.iso2, address: s.address })!;
      const r = result(
        company({
          name: s.name,
          country: s.country,
          latitude: g.latitude,
          longitude: g.longitude,
          geocode_precision: g.precision,
          activity: activityFromSource(s.nace.code, s.nace.label, 'sample directory'),
        }),
      );
      expect(riskAssessmentResultSchema.safeParse(r).success, s.name).toBe(true);
    }
  });
});

describe('embedded analyst properties', () => {
  const site = fc.record({
    country: fc.constantFrom(...EU_COUNTRIES.map((c) => c.name)),
    dLat: fc.double({ min: -1.5, max: 1.5, noNaN: true }),
    dLon: fc.double({ min: -1.5, max: 1.5, noNaN: true }),
    division: fc.option(fc.constantFrom(...NACE_DIVISIONS), { nil: undefined }),
    name: fc.constantFrom('Acme', 'Banco Alfa', 'Nordic Versicherung AG', 'Transportes Lda', 'Chemie GmbH', 'Ελληνική Τράπεζα'),
    precision: fc.constantFrom('address', 'postal_code', 'city', 'country' as const),
  });
  type Site = {
    country: string;
    dLat: number;
    dLon: number;
    division?: string;
    name: string;
    precision: 'address' | 'postal_code' | 'city' | 'country';
  };
  const toCompany = (s: Site) => {
    const iso2 = EU_COUNTRIES.find((c) => c.name === s.country)!.iso2;
    const c = countryCentroid(iso2)!;
    return company({
      name: s.name,
      country: s.country,
      latitude: c.lat + s.dLat,
      longitude: c.lon + s.dLon,
      geocode_precision: s.precision,
      activity: s.division ? activityFromSource(`${s.division}.00`, 'from source', 'registry') : resolveActivity(s.name),
      sample: false,
    });
  };

  it('always yields scores in 0–100 with grades matching their band and averages equal to the means', () => {
    fc.assert(
      fc.property(site, (s) => {
        const r = result(toCompany(s));
        expect(riskAssessmentResultSchema.safeParse(r).success).toBe(true);
        const loc = Object.values(r.locationScoresMap).map((e) => e.score);
        const ind = Object.values(r.industryScoresMap).map((e) => e.score);
        expect(loc).toHaveLength(LOCATION_RISKS.length);
        expect(ind).toHaveLength(INDUSTRY_RISKS.length);
        expect(r.avgLocationRisk).toBe(Math.round(meanScore(loc)));
        expect(r.avgIndustryRisk).toBe(Math.round(meanScore(ind)));
        for (const e of [...Object.values(r.locationScoresMap), ...Object.values(r.industryScoresMap)]) {
          expect(e.grade).toBe(gradeFor(e.score));
        }
        expect(r.overallScoreGrade).toBe(gradeFor(r.overallScore));
      }),
      { numRuns: 60 },
    );
  });

  it('gives the same answer for the same company', () => {
    fc.assert(
      fc.property(site, (s) => {
        expect(analyseSite(toCompany(s))).toEqual(analyseSite(toCompany(s)));
      }),
      { numRuns: 30 },
    );
  });
});

describe('activity', () => {
  it.each([
    ['Banco Santander Totta, S.A.', '64.19', 'Banco'],
    ['Allianz Lebensversicherungs-AG', '65.12', 'Lebensversicherungs'],
    ['Fidelidade - Companhia de Seguros, S.A.', '65.12', 'Seguros'],
    ['Galp Energia, SGPS, S.A.', '35.11', 'Energia'],
    ['Wacker Chemie AG', '20.59', 'Chemie'],
    ['Mota-Engil Construções', '41.20', 'Construções'],
    ['Transportes Luís Simões', '49.41', 'Transportes'],
    ['DSV Logistics A/S', '52.29', 'Logistics'],
    ['Bial Pharma', '21.20', 'Pharma'],
    ['Critical Software, S.A.', '62.01', 'Software'],
    ['ΟΡΓΑΝΙΣΜΟΣ ΤΗΛΕΠΙΚΟΙΝΩΝΙΩΝ ΤΗΣ ΕΛΛΑΔΟΣ Α.Ε.', '61.10', 'ΤΗΛΕΠΙΚΟΙΝΩΝΙΩΝ'],
    ['Commerzbank AG', '64.19', 'Commerzbank'],
    ['Powszechny Zakład Ubezpieczeń SA', '65.12', 'Ubezpieczeń'],
    ['MEO - Serviços de Comunicações e Multimédia, S.A.', '61.10', 'Comunicações'],
  ])('%s → NACE %s from %s', (name, code, word) => {
    const a = inferActivityFromName(name);
    expect(a?.nace_code).toBe(code);
    expect(a?.inferred_from).toBe('name');
    expect(a?.evidence).toContain(`'${word}'`);
  });

  it('prefers the source, and says when nothing is known', () => {
    expect(resolveActivity('Banco X', activityFromSource('35.11', 'Production of electricity', 'registry')).nace_code).toBe('35.11');
    const none = resolveActivity('Acme Holding');
    expect(none).toMatchObject({ nace_code: null, inferred_from: 'none' });
  });
});

describe('INFORM table', () => {
  it('has every EU member state with its published scores', () => {
    for (const c of EU_COUNTRIES) expect(informFor(c.iso2), c.name).toBeDefined();
    expect(informFor('AT')).toMatchObject({ flood: 5.5, earthquake: 4.2, riskClass: 'Very Low' });
    expect(informFor('GR')).toMatchObject({ earthquake: 9.6, tsunami: 8.7, risk: 3.1 });
  });
});
