import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countryByIso2 } from '../../../shared/countries.js';
import { createTestDatabase, type TestDatabase } from '../../../../test/db.js';
import { zipFiles } from '../../../../test/zip.js';
import { JobQueue } from '../../db/job-queue.js';
import { currentImports, importedRegisters, RegisterImportSchedule } from './index.js';
import { lastCronTime } from './import-schedule.js';

/**
 * The weekly re-import (REGISTRY_BE_IMPORT_URL, REGISTRY_IMPORT_CRON) on the job queue, against a
 * local server publishing the Belgian sample ZIP, with a clock the test moves.
 */

const fixtures = join(import.meta.dirname, '../../../../test/fixtures/registers/be');
const files = Object.fromEntries(readdirSync(fixtures).filter((f) => f.endsWith('.csv')).map((f) => [f, readFileSync(join(fixtures, f), 'utf8')]));

let database: TestDatabase;
let server: Server;
let url = '';
let answer: 'zip' | 503 = 'zip';
let downloads = 0;
const warnings: string[] = [];
const log = { info: () => {}, warn: (_o: object, m: string) => void warnings.push(m) };

beforeAll(async () => {
  database = await createTestDatabase();
  server = createServer((_req, res) => {
    downloads++;
    if (answer === 503) return void res.writeHead(503).end();
    res.writeHead(200, { 'content-type': 'application/zip' });
    res.end(zipFiles(files));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/KboOpenData_Full.zip`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  await database.close();
});

describe('scheduled register imports', () => {
  it("knows the cron's last time (UTC)", async () => {
    expect((await lastCronTime('0 3 * * 0', new Date('2026-11-28T22:00:00Z'))).toISOString()).toBe('2026-11-22T03:00:00.000Z');
    expect((await lastCronTime('0 3 * * 0', new Date('2026-11-29T03:00:00Z'))).toISOString()).toBe('2026-11-29T03:00:00.000Z');
  });

  it('imports a state with a URL when it was never imported, then only after the next cron time; a failed download keeps the import and is tried again in the next window', async () => {
    let now = new Date('2026-11-28T22:00:00Z');
    const jobs = new JobQueue(database.jobQueueDb, log);
    const schedule = new RegisterImportSchedule({ db: database.db, jobs, urls: { BE: [url] }, cron: '0 3 * * 0', userAgent: 'Corisk/test', log, now: () => now });
    try {
      expect(await schedule.tick()).toEqual([expect.objectContaining({ state: 'BE', publishedOn: '2026-11-01' })]);
      expect(downloads).toBe(1);
      expect(await importedRegisters(database.db)({ country: countryByIso2('BE')!, nationalNumber: '0202003092' })).toMatchObject({ name: 'Cabinet médical François' });

      now = new Date('2026-11-29T02:59:00Z');
      expect(await schedule.tick()).toEqual([]);
      expect(downloads).toBe(1);

      // Sunday 03:00 has passed: due again; the publisher is down.
      now = new Date('2026-11-29T03:05:00Z');
      answer = 503;
      expect(await schedule.tick()).toEqual([]);
      expect(downloads).toBe(2);
      expect(warnings).toContain('scheduled register import failed; the previous import is kept');
      expect((await currentImports(database.db))[0]!.importedAt.toISOString()).toBe('2026-11-28T22:00:00.000Z');
      // Not tried again within the hour …
      now = new Date('2026-11-29T03:30:00Z');
      expect(await schedule.tick()).toEqual([]);
      expect(downloads).toBe(2);
      // … but in the next one.
      answer = 'zip';
      now = new Date('2026-11-29T04:10:00Z');
      expect(await schedule.tick()).toEqual([expect.objectContaining({ state: 'BE' })]);
      expect(downloads).toBe(3);
      expect((await currentImports(database.db))[0]!.importedAt.toISOString()).toBe('2026-11-29T04:10:00.000Z');
    } finally {
      await schedule.stop();
      await jobs.stop();
    }
  });

  it('starts nothing when no state has a URL', async () => {
    const jobs = new JobQueue(database.jobQueueDb, log);
    const schedule = new RegisterImportSchedule({ db: database.db, jobs, urls: {}, cron: '0 3 * * 0', userAgent: 'Corisk/test', log });
    schedule.start(0);
    await schedule.stop();
    await jobs.stop();
    expect(downloads).toBe(3);
  });
});
