import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RiskAssessmentResult } from '../../../shared/contracts/assessment.js';
import { useTestApp } from '../../../../test/app.js';
import { createSignedInUser, type TestUser } from '../../../../test/auth.js';
import { runPipeline } from '../../../../test/assessment-helpers.js';
import { DK_ACTIVE, startDenmarkPeer, type DenmarkPeer } from '../../../../test/peers/register-dk.js';
import { SK_ACTIVE, loadSkFixtures, startSkRegistersPeer, type SkRegistersPeer } from '../../../../test/peers/register-sk.js';

/**
 * Search → scrape → analysis → report with the Slovak (RÚZ, RPO) and Danish (CVR, with its
 * credentials) registers, local peers speaking their formats, configured only through
 * REGISTRY_SK_URL, REGISTRY_SK_RPO_URL and REGISTRY_DK_URL/USER/PASSWORD.
 */

let sk: SkRegistersPeer;
let dk: DenmarkPeer;
let user: TestUser;

beforeAll(async () => {
  sk = await startSkRegistersPeer();
  loadSkFixtures(sk);
  dk = await startDenmarkPeer();
  dk.companies.set(DK_ACTIVE.cvr, DK_ACTIVE.record);
});
afterAll(async () => {
  await sk.close();
  await dk.close();
});
const t = useTestApp(() => ({
  COMPANY_SOURCES: 'registry',
  ANALYSIS_RATE_LIMIT_PER_HOUR: '100',
  REGISTRY_SK_URL: sk.base('ruz'),
  REGISTRY_SK_RPO_URL: sk.base('rpo'),
  REGISTRY_DK_URL: dk.baseUrl,
  REGISTRY_DK_USER: dk.user,
  REGISTRY_DK_PASSWORD: dk.password,
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
});
