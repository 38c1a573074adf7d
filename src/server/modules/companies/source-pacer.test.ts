import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countryByIso2 } from '../../../shared/countries.js';
import { loadConfig } from '../../config.js';
import { createCompanySources } from '../../providers/companies/factory.js';
import { createGeocoder } from '../../providers/geocoder/factory.js';
import { SignedLinks } from '../../lib/signed-links.js';
import { testEnv } from '../../../../test/app.js';
import { createTestDatabase, type TestDatabase } from '../../../../test/db.js';
import { FI_ACTIVE, FI_BANKRUPT, loadRegisterFixtures } from '../../../../test/peers/register-fixtures.js';
import { startRegistersPeer, type RegistersPeer } from '../../../../test/peers/registers.js';
import type { CompanySource } from '../../providers/companies/types.js';
import { CompanyService } from './companies.service.js';
import { SourcePacer } from './source-pacer.js';

/**
 * Monitoring's reads of a register are paced (REGISTRY_RATE_PER_SECOND per register), against a
 * local peer speaking the Finnish register's format; an interactive read of the same register
 * waits for no slot.
 */

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const place = { latitude: 60.2, longitude: 24.8, geocode_precision: 'address' as const };
const FI = countryByIso2('FI')!;

let registers: RegistersPeer;
let database: TestDatabase;
let service: CompanyService;

beforeAll(async () => {
  registers = await startRegistersPeer();
  loadRegisterFixtures(registers);
  database = await createTestDatabase();
  const config = loadConfig({ ...testEnv, COMPANY_SOURCES: 'sample,registry', REGISTRY_FI_URL: registers.base('fi') });
  service = new CompanyService({
    db: database.db,
    sources: createCompanySources(config),
    geocoder: createGeocoder(config, quiet),
    links: new SignedLinks({ baseUrl: 'http://localhost', secret: testEnv.JWT_SECRET! }),
    log: quiet,
    pace: { pacer: new SourcePacer(), registryPerSecond: 4, viesPerSecond: 1 },
  });
}, 60_000);

afterAll(async () => {
  await database?.close();
  await registers?.close();
});

describe('monitoring pace per register', () => {
  it('N rechecks reach the register at no more than its rate; an interactive read meanwhile is not held back', async () => {
    const national = FI_ACTIVE.record.businessId.value.replace('-', '');
    // Warm: the bundled data and the gazetteer loaded, so the times below are the pace's.
    await service.companyFor(FI, national, { signal: AbortSignal.timeout(30_000) });
    await new Promise((r) => setTimeout(r, 500));
    registers.requests.length = 0;
    const started = Date.now();
    const checks = Array.from({ length: 9 }, () => service.recheckCompany(FI, national, { place, signal: AbortSignal.timeout(30_000) }));
    // The register's slots are booked two seconds ahead; a user's read goes at once.
    const interactive = service.companyFor(FI, FI_BANKRUPT.record.businessId.value.replace('-', ''), { signal: AbortSignal.timeout(30_000) });
    const company = await interactive;
    expect(company.name).toBe('Koe Konepaja Oy');
    const asked = registers.requestsTo('fi').find((r) => `${r.path}?${r.query.toString()}`.includes('2077474-0'));
    expect(asked!.at - started).toBeLessThan(1_000);
    const results = await Promise.all(checks);
    expect(results.every((r) => r.company?.name === 'Nokia Oyj')).toBe(true);

    const times = registers
      .requestsTo('fi')
      .filter((r) => r.path.includes('01120389') || r.path.includes('0112038-9') || r.query.toString().includes('0112038-9'))
      .map((r) => r.at)
      .sort((a, b) => a - b);
    expect(times.length).toBeGreaterThanOrEqual(9);
    // 4 per second: the k-th call reaches the register no sooner than (k-1)/4 s after the first
    // could (a request's own travel only delays it), so no second ever holds more than 4.
    times.forEach((at, i) => expect(at - started).toBeGreaterThanOrEqual(i * 250 - 5));
    expect(times.at(-1)! - started).toBeGreaterThanOrEqual(2_000 - 5);
  }, 30_000);
});

describe('a source’s own published limit', () => {
  it('holds when it is below the configured pace (GEMI: 8 a minute), and is what the registry source says for Greece', async () => {
    const config = loadConfig({ ...testEnv, COMPANY_SOURCES: 'registry' });
    const [registry] = createCompanySources(config);
    expect(registry!.maxPerSecond?.('GR')).toBeCloseTo(8 / 60);
    expect(registry!.maxPerSecond?.('FI')).toBeUndefined();

    // A source allowing 2 a second, under a configured pace of 4: its calls come 500 ms apart.
    const calls: number[] = [];
    const slow: CompanySource = {
      name: 'registry',
      local: false,
      maxPerSecond: () => 2,
      find: async () => {
        calls.push(Date.now());
        return { source: 'registry', name: 'Nokia Oyj', address: 'Karakaari 7\n02610 Espoo', countryIso2: 'FI', vatNumber: 'FI01120389', sample: false };
      },
    };
    const limited = new CompanyService({
      db: database.db,
      sources: [slow],
      geocoder: createGeocoder(config, quiet),
      links: new SignedLinks({ baseUrl: 'http://localhost', secret: testEnv.JWT_SECRET! }),
      log: quiet,
      pace: { pacer: new SourcePacer(), registryPerSecond: 4, viesPerSecond: 1 },
    });
    await Promise.all(Array.from({ length: 3 }, () => limited.recheckCompany(FI, '01120389', { place, signal: AbortSignal.timeout(30_000) })));
    calls.sort((a, b) => a - b);
    expect(calls).toHaveLength(3);
    expect(calls[2]! - calls[0]!).toBeGreaterThanOrEqual(1_000 - 10);
  }, 30_000);

  it('keeps no pace for a register read from the imported table (BE, EE, SI, LV)', async () => {
    const config = loadConfig({ ...testEnv, COMPANY_SOURCES: 'registry' });
    const [registry] = createCompanySources(config);
    expect(['BE', 'EE', 'SI', 'LV'].map((s) => registry!.answersLocally?.(s))).toEqual([true, true, true, true]);
    expect(registry!.answersLocally?.('FI')).toBe(false);

    const calls: number[] = [];
    const imported: CompanySource = {
      name: 'registry',
      local: false,
      answersLocally: () => true,
      find: async () => {
        calls.push(Date.now());
        return { source: 'registry', name: 'Zuidkust Softwarebouw', address: 'Kerkstraat 12', postalCode: '8000', city: 'Brugge', countryIso2: 'BE', vatNumber: 'BE0765123429', sample: false };
      },
    };
    const unpaced = new CompanyService({
      db: database.db,
      sources: [imported],
      geocoder: createGeocoder(config, quiet),
      links: new SignedLinks({ baseUrl: 'http://localhost', secret: testEnv.JWT_SECRET! }),
      log: quiet,
      pace: { pacer: new SourcePacer(), registryPerSecond: 1, viesPerSecond: 1 },
    });
    const BE = countryByIso2('BE')!;
    await Promise.all(Array.from({ length: 4 }, () => unpaced.recheckCompany(BE, '0765123429', { place, signal: AbortSignal.timeout(30_000) })));
    calls.sort((a, b) => a - b);
    // At one a second, four calls would span three seconds.
    expect(calls[3]! - calls[0]!).toBeLessThan(1_000);
  }, 30_000);
});
