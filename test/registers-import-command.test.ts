import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { countryByIso2 } from '../src/shared/countries.js';
import { projectRoot } from '../src/server/lib/paths.js';
import { importedRegisters } from '../src/server/modules/registers/index.js';
import { createTestDatabase, testEngine } from './db.js';
import { freePort, spawnServer, waitHealthy } from './server-process.js';
import { zipFiles } from './zip.js';

/**
 * `npm run registers:import` as a user runs it (src/server/registers-import.ts through tsx): the
 * Belgian sample imported into the embedded database of a DATA_DIR, refused while a server holds
 * that folder (and a server refused while an import does), and into PostgreSQL in that pass.
 */

const command = ['--import', 'tsx', 'src/server/registers-import.ts'];
const server = ['--import', 'tsx', 'src/server/main.ts'];
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'corisk-import-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const fixtures = join(projectRoot, 'test/fixtures/registers/be');
function kboZip(): string {
  const files = Object.fromEntries(readdirSync(fixtures).filter((f) => f.endsWith('.csv')).map((f) => [f, readFileSync(join(fixtures, f))]));
  const path = join(tempDir(), 'KboOpenData_0150_2026_11_Full.zip');
  writeFileSync(path, zipFiles(files));
  return path;
}
const enterprises = readFileSync(join(fixtures, 'enterprise.csv'), 'utf8').trim().split('\n').length - 1;

async function run(args: string[], env: Record<string, string>) {
  const child = spawnServer([...command, ...args], env, projectRoot);
  const { code } = await child.exited;
  return { code, output: child.output() };
}

describe('npm run registers:import', () => {
  it('says how to call it when the state or the file is missing', async () => {
    const dataDir = tempDir();
    const noState = await run(['--file', 'x.zip'], { DATA_DIR: dataDir });
    expect(noState.code).toBe(1);
    expect(noState.output).toContain('--state must be one of BE, EE, SI, LV');
    expect(noState.output).toContain('Usage: npm run registers:import -- --state <BE|EE|SI|LV> --file <path or URL>');
    const noFile = await run(['--state', 'be'], { DATA_DIR: dataDir });
    expect(noFile.output).toContain('--file is missing');
  });

  it(
    'refuses while a server holds the embedded database, imports once it is stopped, and the server refuses to start during an import',
    { timeout: 180_000 },
    async () => {
      const dataDir = tempDir();
      const zip = kboZip();
      const port = await freePort();
      const serving = spawnServer(server, { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' }, projectRoot);
      await waitHealthy(`http://127.0.0.1:${port}/api/health`, serving);
      const refused = await run(['--state', 'BE', '--file', zip], { DATA_DIR: dataDir });
      expect(refused.code).toBe(1);
      expect(refused.output).toContain(`a running Corisk server (pid ${serving.child.pid}) holds the embedded database in ${dataDir}`);
      expect(refused.output).toContain('stop the server and run the import again, or import through PostgreSQL (set DATABASE_URL');
      serving.child.kill('SIGTERM');
      expect((await serving.exited).code).toBe(0);

      const done = await run(['--state', 'BE', '--file', zip], { DATA_DIR: dataDir });
      expect(done.output).toContain(`Imported ${enterprises} companies of BE (KBO open data of 2026-11-01)`);
      expect(done.output).toContain(`enterprise.csv: ${enterprises} rows read`);
      expect(done.code).toBe(0);

      // An import in progress holds the folder the same way (its lock names this test's live process).
      writeFileSync(join(dataDir, 'corisk.lock'), JSON.stringify({ pid: process.pid, role: 'import', since: new Date().toISOString() }));
      const blocked = spawnServer(server, { DATA_DIR: dataDir, PORT: String(await freePort()), HOST: '127.0.0.1' }, projectRoot);
      expect((await blocked.exited).code).toBe(1);
      expect(blocked.output()).toContain(`Cannot start: a running Corisk register import (pid ${process.pid}) holds the embedded database in ${dataDir}`);
    },
  );

  it.runIf(testEngine === 'postgres')('imports into the PostgreSQL at DATABASE_URL, which a running server may share', { timeout: 120_000 }, async () => {
    const database = await createTestDatabase();
    try {
      const done = await run(['--state', 'BE', '--file', kboZip()], { DATA_DIR: tempDir(), DATABASE_URL: database.url! });
      expect(done.output).toContain(`Imported ${enterprises} companies of BE`);
      expect(done.output).toContain('into PostgreSQL');
      expect(await importedRegisters(database.db)({ country: countryByIso2('BE')!, nationalNumber: '0202003092' })).toMatchObject({
        name: 'Cabinet médical François',
      });
    } finally {
      await database.close();
    }
  });
});
