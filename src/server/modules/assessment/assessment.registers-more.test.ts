import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RiskAssessmentResult } from '../../../shared/contracts/assessment.js';
import { useTestApp } from '../../../../test/app.js';
import { createSignedInUser, type TestUser } from '../../../../test/auth.js';
import { runPipeline } from '../../../../test/assessment-helpers.js';
import { DK_ACTIVE, startDenmarkPeer, type DenmarkPeer } from '../../../../test/peers/register-dk.js';
import { EL_ACTIVE_AE, loadGemiFixtures, startGemiPeer, type GemiPeer } from '../../../../test/peers/register-el.js';
import { loadSwedenFixtures, SE_ACTIVE, startSwedenPeer, type SwedenPeer } from '../../../../test/peers/register-se.js';
import { SK_ACTIVE, loadSkFixtures, startSkRegistersPeer, type SkRegistersPeer } from '../../../../test/peers/register-sk.js';

/**
 * Search → scrape → analysis → report with the Slovak (RÚZ, RPO), Danish (CVR), Swedish
 * (Bolagsverket, OAuth2) and Greek (GEMI, key) registers, local peers speaking their formats,
 * configured only through their REGISTRY_* variables.
 */

let sk: SkRegistersPeer;
let dk: DenmarkPeer;
let se: SwedenPeer;
let gemi: GemiPeer;
let user: TestUser;

beforeAll(async () => {
  sk = await startSkRegistersPeer();
  loadSkFixtures(sk);
  dk = await startDenmarkPeer();
  dk.companies.set(DK_ACTIVE.cvr, DK_ACTIVE.record);
  se = await startSwedenPeer();
  loadSwedenFixtures(se);
  gemi = await startGemiPeer();
  loadGemiFixtures(gemi);
});
afterAll(async () => {
  await sk.close();
  await dk.close();
  await se.close();
  await gemi.close();
});
const t = useTestApp(() => ({
  COMPANY_SOURCES: 'registry',
  ANALYSIS_RATE_LIMIT_PER_HOUR: '100',
  REGISTRY_SK_URL: sk.base('ruz'),
  REGISTRY_SK_RPO_URL: sk.base('rpo'),
  REGISTRY_DK_URL: dk.baseUrl,
  REGISTRY_DK_USER: dk.user,
  REGISTRY_DK_PASSWORD: dk.password,
  REGISTRY_SE_URL: se.baseUrl,
  REGISTRY_SE_TOKEN_URL: se.tokenUrl,
  REGISTRY_SE_CLIENT_ID: se.client.id,
  REGISTRY_SE_CLIENT_SECRET: se.client.secret,
  REGISTRY_EL_URL: gemi.base,
  REGISTRY_EL_KEY: gemi.key,
  SIGNUP_CREDITS: '10',
}));
beforeAll(async () => {
  user = await createSignedInUser(t.app);
});

const assess = (vat: string, country: string) => runPipeline(t.app, user, vat, country);

const industryReasons = (r: RiskAssessmentResult) => Object.values(r.sector_specific_risk).flatMap((x) => x.reason);

describe('more national registers through the API', () => {
  it('Slovakia: the official SK NACE activity, legal form and staff band from RÚZ and RPO in the report', async () => {
    const { company, result } = await assess(SK_ACTIVE.vat, 'Slovakia');
    expect(company).toMatchObject({
      name: 'SLOVNAFT, a.s.',
      legal_form: 'Akciová spoločnosť',
      status: 'active',
      incorporated_on: '1992-05-01',
      employees: '2000–2999',
      activity: { nace_code: '19.20', inferred_from: 'source' },
    });
    expect(industryReasons(result).some((r) => r.includes('SK NACE Rev. 2 code 19200'))).toBe(true);
  });

  it('Denmark: the CVR record, asked with the configured credentials', async () => {
    const { company } = await assess(`DK${DK_ACTIVE.cvr}`, 'Denmark');
    expect(company).toMatchObject({ name: 'ASSURE WEALTH A/S', activity: { nace_code: '69.20', inferred_from: 'source' } });
    expect(dk.requests.at(-1)!.headers.authorization).toBe(`Basic ${Buffer.from(`${dk.user}:${dk.password}`).toString('base64')}`);
  });

  it('Sweden: the Bolagsverket record, through a client-credentials token', async () => {
    const { company, result } = await assess(SE_ACTIVE.vat, 'Sweden');
    expect(company).toMatchObject({
      name: 'Testbolag 4 bokat av SKV Aktiebolag',
      legal_form: 'Aktiebolag',
      status: 'active',
      incorporated_on: '1898-02-28',
      activity: { nace_code: '46.69', inferred_from: 'source', national_code: { scheme: 'SNI', version: '2007', code: '46699' } },
    });
    expect(industryReasons(result).some((r) => r.includes('SNI 2007 code 46699'))).toBe(true);
    expect(se.tokenRequests().length).toBeGreaterThan(0);
  });

  it('Greece: the GEMI record, asked with the key; the KAD 2008 code behind the KAD 2026 one', async () => {
    const { company } = await assess(`EL${EL_ACTIVE_AE.afm}`, 'Greece');
    expect(company).toMatchObject({
      name: 'ΓΚΟΛΕΜΗΣ ΕΤΑΙΡΕΙΑ ΑΕΡΟΠΟΡΙΚΩΝ ΕΞΥΠΗΡΕΤΗΣΕΩΝ ΑΝΩΝΥΜΗ ΕΤΑΙΡΕΙΑ',
      legal_form: 'Ανώνυμη Εταιρεία (ΑΕ)',
      status: 'active',
      activity: { nace_code: '79.11', inferred_from: 'source' },
    });
    expect(gemi.requests.at(-1)!.headers.api_key).toBe(gemi.key);
  });
});
