import { afterAll, describe, expect, it } from 'vitest';
import type { CompanyData } from '../../shared/contracts/assessment.js';
import { AnalystError, type AnalystAnswer } from '../providers/analyst/analyst.js';
import { EmbeddedAnalyst } from '../providers/analyst/embedded.js';
import { OfflineMapRenderer } from '../providers/maps/offline.js';
import { lisbonCompany } from '../../../test/assessment-helpers.js';
import { cpuPoolSize, createCpuPool } from './cpu-pool.js';

/** The CPU pool as a server runs it (here from the TS sources, as under tsx): same answers as in process, same error types. */
const pool = createCpuPool(1, false);
afterAll(() => pool.close());

const lisbon: CompanyData = lisbonCompany();

describe('CPU worker pool', () => {
  it('renders the same map a worker as in process', async () => {
    const request = { latitude: 48.137, longitude: 11.575, countryIso2: 'DE' };
    const there = await pool.run<Uint8Array>('map', { options: {}, request });
    const here = await new OfflineMapRenderer().render(request);
    expect(Buffer.from(there).equals(here)).toBe(true);
  }, 120_000);

  it('gives the in-process analysis, and the engine refusal as an AnalystError', async () => {
    const there = await pool.run<AnalystAnswer>('analysis', { company: lisbon });
    expect(there).toEqual(await new EmbeddedAnalyst().analyse({ company: lisbon }));
    const refused = pool.run('analysis', { company: { ...lisbon, country: 'Norway', latitude: 59.9, longitude: 10.7 } });
    await expect(refused).rejects.toBeInstanceOf(AnalystError);
    await expect(refused).rejects.toMatchObject({ failure: 'unavailable' });
  }, 60_000);

  it('throws a bad point as the RangeError the renderer throws in process', async () => {
    await expect(pool.run('map', { options: {}, request: { latitude: 91, longitude: 0 } })).rejects.toBeInstanceOf(RangeError);
  }, 60_000);

  it('is sized to the cores, CPU_WORKERS=0 turns it off, Vitest runs in process by default', () => {
    expect(cpuPoolSize({ CPU_WORKERS: '0' })).toBe(0);
    expect(cpuPoolSize({ CPU_WORKERS: '3' })).toBe(3);
    expect(cpuPoolSize({})).toBeGreaterThanOrEqual(1);
    expect(cpuPoolSize({ VITEST: 'true' })).toBe(0);
  });
});
