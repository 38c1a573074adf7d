import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyData, RiskAssessmentResult } from '../../../shared/contracts/assessment.js';
import { useTestApp } from '../../../../test/app.js';
import { createSignedInUser, type TestUser } from '../../../../test/auth.js';
import { analyse, scrape, search } from '../../../../test/assessment-helpers.js';
import { FR_CEASED, loadRegisterFixtures } from '../../../../test/peers/register-fixtures.js';
import { startRegistersPeer, type RegistersPeer } from '../../../../test/peers/registers.js';
import { startViesPeer, type ViesPeer } from '../../../../test/peers/vies.js';

/**
 * Search → scrape → analysis with the national registers (source `registry`) and VIES, both
 * local peers speaking the real protocols, configured only through REGISTRY_*_URL and VIES_API_URL.
 */

let registers: RegistersPeer;
let vies: ViesPeer;
let user: TestUser;

beforeAll(async () => {
  registers = await startRegistersPeer();
  loadRegisterFixtures(registers);
  vies = await startViesPeer({
    FR07130025265: { name: 'DIRECTION INTERMINISTERIELLE DU NUMERIQUE', address: '20 AVENUE DE SEGUR\n75007 PARIS' },
    FR05919891770: { name: 'ATELIER FERME EXEMPLE', address: '3 RUE DE LA PAIX\n69002 LYON' },
    FR64443061841: { name: 'BOULANGERIE VIES SEULE', address: '1 PLACE BELLECOUR\n69002 LYON' },
    CZ49240901: { name: 'Raiffeisenbank a.s.', address: 'Hvězdova 1716/2b\nPRAHA 4 - NUSLE\n140 00  PRAHA 4' },
    CZ27082440: { name: 'Zkušební stavby s.r.o.', address: 'Kounicova 10\nBRNO\n602 00  BRNO' },
    FI01120389: { name: 'Nokia Oyj', address: 'Karakaari 7\n02610 ESPOO' },
    FI20774740: { name: 'Koe Konepaja Oy', address: 'Teollisuustie 4\n33100 TAMPERE' },
    PL9721237317: { name: 'SWLEX SPÓŁKA Z OGRANICZONĄ ODPOWIEDZIALNOŚCIĄ', address: 'UL. SZELĄGOWSKA 49\n61-626 POZNAŃ' },
    PL5260250274: { name: 'PRÓBNA FABRYKA S.A. W UPADŁOŚCI', address: 'UL. PRÓBNA 1\n00-001 WARSZAWA' },
    RO4996264: { name: 'QUASAR COMEX SRL', address: 'MUNICIPIUL BUCUREŞTI, SECTOR 1, STR. EXEMPLU, NR.1' },
    RO18547290: { name: 'PROBA RADIATA SRL', address: 'JUD. CLUJ, MUN. CLUJ-NAPOCA, STR. PROBEI, NR.2' },
  });
});
afterAll(async () => {
  await vies.close();
  await registers.close();
});
const t = useTestApp(() => ({
  COMPANY_SOURCES: 'registry,vies',
  ANALYSIS_RATE_LIMIT_PER_HOUR: '100',
  VIES_API_URL: vies.url,
  REGISTRY_FR_URL: registers.base('fr'),
  REGISTRY_CZ_URL: registers.base('cz'),
  REGISTRY_FI_URL: registers.base('fi'),
  REGISTRY_PL_URL: registers.base('pl'),
  REGISTRY_PL_KRS_URL: registers.base('krs'),
  REGISTRY_RO_URL: registers.base('ro'),
  SIGNUP_CREDITS: '50',
}));
beforeAll(async () => {
  user = await createSignedInUser(t.app);
});
afterEach(() => registers.failing.clear());

/** Calls 10, 11 and 13 as the screen makes them; the stored report as GET /api/reports/{id} gives it back. */
async function assess(vat: string, country: string): Promise<{ links: string[]; company: CompanyData; result: RiskAssessmentResult; stored: CompanyData }> {
  const found = await search(t.app, user, vat, country);
  expect(found.statusCode, found.body).toBe(200);
  const { links } = found.json<{ links: string[] }>();
  const scraped = await scrape(t.app, user, links);
  expect(scraped.statusCode, scraped.body).toBe(200);
  const company = scraped.json<{ company_data: CompanyData }>().company_data;
  const analysed = await analyse(t.app, user, {
    company: vat,
    location: country,
    company_name: company.name,
    address: company.address,
    latitude: company.latitude,
    longitude: company.longitude,
  });
  expect(analysed.statusCode, analysed.body).toBe(200);
  const result = analysed.json<RiskAssessmentResult>();
  const report = await t.app.inject({ method: 'GET', url: `/api/reports/${result.id}`, headers: user.headers });
  return { links, company, result, stored: report.json<{ company_data: CompanyData }>().company_data };
}

const paths = (links: string[]) => links.map((l) => new URL(l).pathname);
const industryReasons = (r: RiskAssessmentResult) => Object.values(r.sector_specific_risk).flatMap((x) => x.reason);

describe('national registers through the API', () => {
  it('France: official NAF activity, legal form, status, date and staff band in the report', async () => {
    const { links, company, result, stored } = await assess('FR07130025265', 'France');
    expect(paths(links)).toEqual(['/api/companies/registry/FR07130025265', '/api/companies/vies/FR07130025265']);
    expect(registers.requestsTo('fr').at(-1)!.query.get('q')).toBe('130025265');
    expect(company).toMatchObject({
      name: 'DIRECTION INTERMINISTERIELLE DU NUMERIQUE',
      postal_code: '75007',
      city: 'PARIS',
      legal_form: "Service central d'un ministère",
      status: 'active',
      incorporated_on: '2017-05-24',
      employees: '100–199',
      activity: {
        nace_code: '84.11',
        inferred_from: 'source',
        evidence: "NACE 84.11 from NAF rév. 2 code 84.11Z in the French company register (Recherche d'entreprises, INSEE Sirene)",
      },
      sources: ['registry', 'vies', 'offline gazetteer'],
    });
    expect(stored).toMatchObject({ status: 'active', legal_form: "Service central d'un ministère", employees: '100–199' });
    expect(industryReasons(result).some((r) => r.includes('NAF rév. 2 code 84.11Z in the French company register'))).toBe(true);
    expect(result.key_takeaways_for_insurers[0]).toMatch(/^Overall /);
  });

  it('France: a ceased, young company is reported dissolved first, with its short track record', async () => {
    const { company, result } = await assess('FR05919891770', 'France');
    expect(company).toMatchObject({ status: 'dissolved', incorporated_on: FR_CEASED.record.date_creation, activity: { nace_code: '10.71' } });
    expect(result.key_takeaways_for_insurers[0]).toMatch(/^Company dissolved: the national register lists ATELIER FERME EXEMPLE as dissolved/);
    expect(result.key_takeaways_for_insurers.some((k) => k.startsWith(`Short track record: incorporated on ${FR_CEASED.record.date_creation}`))).toBe(true);
  });

  it('Czechia: ARES asked twice by IČO; an insolvency record leads the takeaways', async () => {
    const { company } = await assess('CZ49240901', 'Czech Republic');
    expect(registers.requestsTo('cz').map((r) => r.path)).toEqual(
      expect.arrayContaining(['/cz/ekonomicke-subjekty/49240901', '/cz/ekonomicke-subjekty-res/49240901']),
    );
    expect(company).toMatchObject({
      legal_form: 'Akciová společnost',
      status: 'active',
      employees: '4000–4999',
      // The register's own code is kept beside the NACE Rev. 2 class.
      activity: { nace_code: '64.19', inferred_from: 'source', national_code: { scheme: 'CZ-NACE', version: '2008', code: expect.stringMatching(/^6419/) } },
    });
    const insolvent = await assess('CZ27082440', 'Czech Republic');
    expect(insolvent.company.status).toBe('insolvent');
    // The commercial register's officers and owners reach the company data and the stored report.
    expect(insolvent.company.officers.map((o) => o.name)).toEqual(['Jana Zkušební', 'Správa Zkoušek s.r.o.']);
    expect(insolvent.stored.owners).toEqual([
      { name: 'Zkušební Holding a.s.', role: '60,50 %', kind: 'enterprise' },
      { name: 'Ivana Zkoušková', role: 'třetina', kind: 'person' },
    ]);
    expect(insolvent.result.key_takeaways_for_insurers[0]).toMatch(/^Company insolvent: /);
  });

  it('Finland: PRH asked by Y-tunnus; TOL activity; a bankruptcy leads the takeaways', async () => {
    const { company } = await assess('FI01120389', 'Finland');
    expect(registers.requestsTo('fi').some((r) => r.query.get('businessId') === '0112038-9')).toBe(true);
    expect(company).toMatchObject({ legal_form: 'Julkinen osakeyhtiö', status: 'active', incorporated_on: '1978-03-15', activity: { nace_code: '70.10' } });
    const bankrupt = await assess('FI20774740', 'Finland');
    expect(bankrupt.result.key_takeaways_for_insurers[0]).toMatch(/^Company insolvent: /);
  });

  it('Poland: White List by NIP, then KRS; PKD activity; a bankruptcy leads the takeaways', async () => {
    const { company } = await assess('PL9721237317', 'Poland');
    expect(registers.requestsTo('pl').some((r) => r.path === '/pl/api/search/nip/9721237317')).toBe(true);
    expect(registers.requestsTo('krs').some((r) => r.path === '/krs/OdpisAktualny/0000413516')).toBe(true);
    expect(company).toMatchObject({ status: 'active', incorporated_on: '2012-03-08', activity: { nace_code: '69.10', inferred_from: 'source' } });
    const bankrupt = await assess('PL5260250274', 'Poland');
    expect(bankrupt.result.key_takeaways_for_insurers[0]).toMatch(/^Company insolvent: /);
  });

  it('Romania: ANAF asked by CUI; CAEN activity; a struck-off company leads with its dissolution', async () => {
    const { company } = await assess('RO4996264', 'Romania');
    expect(registers.requestsTo('ro').some((r) => JSON.stringify(r.json) === JSON.stringify([{ cui: 4996264, data: new Date().toISOString().slice(0, 10) }]))).toBe(true);
    expect(company).toMatchObject({ legal_form: 'SOCIETATE CU RĂSPUNDERE LIMITATĂ', status: 'active', activity: { nace_code: '46.90' } });
    const struck = await assess('RO18547290', 'Romania');
    expect(struck.result.key_takeaways_for_insurers[0]).toMatch(/^Company dissolved: /);
  });

  it('a register that is down does not fail the search: the VIES answer still makes a report', async () => {
    registers.failing.set('fr', 503);
    const { links, company, result } = await assess('FR64443061841', 'France');
    expect(registers.requestsTo('fr').some((r) => r.query.get('q') === '443061841')).toBe(true);
    expect(paths(links)).toEqual(['/api/companies/vies/FR64443061841']);
    expect(company).toMatchObject({
      name: 'BOULANGERIE VIES SEULE',
      legal_form: null,
      status: 'unknown',
      incorporated_on: null,
      employees: null,
      sources: ['vies', 'offline gazetteer'],
    });
    expect(result.key_takeaways_for_insurers[0]).toMatch(/^Overall /);
  });

  it('a register that answers garbage is skipped the same way', async () => {
    registers.failing.set('cz', 'garbage');
    const res = await search(t.app, user, 'CZ00177041', 'Czech Republic');
    // Neither the register (unreadable) nor VIES (unknown number) knows it: the register's failure is what the user hears.
    expect(res.statusCode).toBe(503);
    vies.companies.set('CZ00177041', { name: 'Česká pošta, s.p.', address: 'Politických vězňů 909/4\nPRAHA 1\n110 00  PRAHA 1' });
    const again = await search(t.app, user, 'CZ00177041', 'Czech Republic');
    expect(again.statusCode, again.body).toBe(200);
    expect(paths(again.json<{ links: string[] }>().links)).toEqual(['/api/companies/vies/CZ00177041']);
  });

  it('checks VAT numbers with the python-stdnum rules before asking any register', async () => {
    const before = registers.requests.length + vies.requests.length;
    for (const [vat, country, expected] of [
      ['FRK7399859312', 'France', 'the check digit does not match: please check the number.'],
      ['FI20770740', 'Finland', 'the check digit does not match: please check the number.'],
      ['LV10103241337', 'Latvia', 'the check digit does not match: please check the number.'],
    ] as const) {
      const res = await search(t.app, user, vat, country);
      expect(res.statusCode, vat).toBe(400);
      expect(res.json().detail).toContain(`Invalid VAT number for ${country}: ${expected}`);
    }
    expect(registers.requests.length + vies.requests.length).toBe(before);
    // A new-style Latvian personal code is a valid number: VIES is asked (and does not know it).
    const lv = await search(t.app, user, 'LV32867300679', 'Latvia');
    expect(lv.statusCode).toBe(404);
    expect(vies.requests.at(-1)?.path).toBe('/ms/LV/vat/32867300679');
  });
});
