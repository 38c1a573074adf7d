import { mkdtempSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RiskAssessmentResult } from '../../../shared/contracts/assessment.js';
import { useTestApp } from '../../../../test/app.js';
import { runPipeline } from '../../../../test/assessment-helpers.js';
import { createSignedInUser, type TestUser } from '../../../../test/auth.js';
import { zipFiles } from '../../../../test/zip.js';
import { importRegister, type ImportState } from '../registers/index.js';

/**
 * Search → scrape → analysis → report for the four states whose register publishes files: the
 * sample files imported (as `npm run registers:import` does), then the registry source answers
 * from the local table, with no register reachable at all.
 */

const fixtures = join(import.meta.dirname, '../../../../test/fixtures/registers');
const read = (state: string, name: string) => readFileSync(join(fixtures, state, name));

let user: TestUser;
const t = useTestApp(() => ({ COMPANY_SOURCES: 'registry', ANALYSIS_RATE_LIMIT_PER_HOUR: '100', SIGNUP_CREDITS: '10' }));

async function load(state: ImportState, inputs: string[]) {
  await importRegister({ db: t.database.db, state, inputs, userAgent: 'Corisk/test' });
}

beforeAll(async () => {
  user = await createSignedInUser(t.app);
  const dir = mkdtempSync(join(tmpdir(), 'corisk-registers-'));
  const write = (name: string, content: Buffer) => {
    writeFileSync(join(dir, name), content);
    return join(dir, name);
  };
  const kbo = Object.fromEntries(readdirSync(join(fixtures, 'be')).filter((f) => f.endsWith('.csv')).map((f) => [f, read('be', f)]));
  await load('BE', [write('KboOpenData_0150_2026_11_Full.zip', zipFiles(kbo))]);
  await load('EE', [
    write('ettevotja_rekvisiidid__lihtandmed.csv.zip', zipFiles({ 'ettevotja_rekvisiidid__lihtandmed.csv': read('ee', 'ettevotja_rekvisiidid__lihtandmed.csv') })),
    write('ettevotja_rekvisiidid__yldandmed.json.zip', zipFiles({ 'ettevotja_rekvisiidid__yldandmed.json': read('ee', 'ettevotja_rekvisiidid__yldandmed.json') })),
  ]);
  await load('SI', [write('DURS_zavezanci_PO.zip', zipFiles({ 'DURS_zavezanci_PO.txt': read('si', 'DURS_zavezanci_PO.txt') }))]);
  // A plain file is dated by its modification time.
  const register = write('register.csv', read('lv', 'register.csv'));
  utimesSync(register, new Date('2026-11-01T05:00:00Z'), new Date('2026-11-01T05:00:00Z'));
  await load('LV', [register]);
});

const industryReasons = (r: RiskAssessmentResult) => Object.values(r.sector_specific_risk).flatMap((x) => x.reason);
const assess = (vat: string, country: string) => runPipeline(t.app, user, vat, country);

describe('registers imported from their files, through the API', () => {
  it('Belgium: the KBO enterprise, its NACE-BEL activity and the file it came from', async () => {
    const { company, result } = await assess('BE0765123429', 'Belgium');
    expect(company).toMatchObject({
      name: 'Zuidkust Softwarebouw',
      postal_code: '8000',
      city: 'Brugge',
      status: 'active',
      incorporated_on: '2019-03-14',
      activity: { nace_code: '62.01', inferred_from: 'source', national_code: { scheme: 'NACE-BEL', version: '2008', code: '62010' } },
      sources: expect.arrayContaining(['registry: KBO open data of 2026-11-01']),
    });
    expect(industryReasons(result).some((r) => r.includes('KBO open data of 2026-11-01'))).toBe(true);
  });

  it('Estonia: found by its VAT number (KMKR), not its registry code; EMTAK 2025 read as a NACE Rev. 2 class', async () => {
    const { company } = await assess('EE102563416', 'Estonia');
    expect(company).toMatchObject({
      name: 'Põhjarannik Tarkvara OÜ',
      legal_form: 'Osaühing',
      status: 'active',
      incorporated_on: '2022-05-12',
      postal_code: '11911',
      city: 'Tallinn',
      activity: { inferred_from: 'source', national_code: { scheme: 'EMTAK', version: '2025', code: '62101' } },
      sources: expect.arrayContaining(['registry: e-Business Register open data of 2026-11-01']),
    });
    expect(company.activity.nace_code).toMatch(/^62\.0\d$/);
  });

  it('Slovenia: the FURS taxpayer with its SKD 2008 activity', async () => {
    const { company } = await assess('SI51234564', 'Slovenia');
    expect(company).toMatchObject({
      name: 'ŠUMNIK RAČUNALNIŠTVO D.O.O.',
      legal_form: 'd.o.o.',
      postal_code: '1000',
      city: 'LJUBLJANA',
      activity: { nace_code: '62.01', inferred_from: 'source', national_code: { scheme: 'SKD', version: '2008', code: '62.010' } },
    });
  });

  it('Latvia: the UR record; no activity code in the register, so the report says the activity is not official', async () => {
    const { company, result } = await assess('LV40103456788', 'Latvia');
    expect(company).toMatchObject({
      name: 'SIA "Ziemeļblāzma Tehnoloģijas"',
      legal_form: 'Sabiedrība ar ierobežotu atbildību',
      status: 'active',
      incorporated_on: '2012-05-31',
      postal_code: 'LV-1050',
      city: 'Rīga',
      sources: expect.arrayContaining(['registry: Register of Enterprises open data of 2026-11-01']),
    });
    expect(company.activity.inferred_from).not.toBe('source');
    expect(result.key_takeaways_for_insurers.some((k) => /^(No official activity code was found|Activity could not be determined)/.test(k))).toBe(true);
  });
});
