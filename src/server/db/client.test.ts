import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type * as PgliteMigrator from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { migratedSnapshot, testEngine } from '../../../test/db.js';
import { openDatabase, writePgliteSeed } from './client.js';

/** How many times the PGlite migrator ran (it still migrates). */
const migrator = vi.hoisted(() => ({ runs: 0 }));
vi.mock('drizzle-orm/pglite/migrator', async (importOriginal) => {
  const actual = await importOriginal<typeof PgliteMigrator>();
  return {
    ...actual,
    migrate: (...args: Parameters<typeof actual.migrate>) => {
      migrator.runs++;
      return actual.migrate(...args);
    },
  };
});

/** The embedded database on disk: a new DATA_DIR starts from a seed, an existing one keeps its data. */
const root = mkdtempSync(join(tmpdir(), 'corisk-pglite-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const migrationsApplied = async (db: Awaited<ReturnType<typeof openDatabase>>) => {
  const rows = await db.db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return (rows as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
};

describe.runIf(testEngine === 'pglite')('PGlite in a data directory', () => {
  it('a new directory starts from the seed, is migrated, and keeps its data across restarts', async () => {
    const dir = join(root, 'seeded');
    const first = await openDatabase({ pgliteDir: dir, pgliteSnapshot: await migratedSnapshot() });
    expect(existsSync(join(dir, 'PG_VERSION'))).toBe(true);
    expect(await migrationsApplied(first)).toBeGreaterThan(0);
    await first.db.execute(sql`create table probe (x int)`);
    await first.db.execute(sql`insert into probe values (42)`);
    await first.close();

    const again = await openDatabase({ pgliteDir: dir, pgliteSnapshot: new Blob(['ignored for an existing directory']) });
    const rows = await again.db.execute<{ x: number }>(sql`select x from probe`);
    expect((rows as unknown as { rows: { x: number }[] }).rows).toEqual([{ x: 42 }]);
    await again.ping();
    await again.close();
  });

  it('a new directory starts as a copy of a seed directory, which its writes leave untouched', async () => {
    const seed = await writePgliteSeed(join(root, 'seed'));
    expect(existsSync(join(seed, 'PG_VERSION'))).toBe(true);
    const dir = join(root, 'from-seed');
    const database = await openDatabase({ pgliteDir: dir, pgliteSeedDir: seed });
    expect(await migrationsApplied(database)).toBeGreaterThan(0);
    await database.db.execute(sql`create table probe (x int)`);
    await database.close();
    const other = await openDatabase({ pgliteDir: join(root, 'from-seed-2'), pgliteSeedDir: seed });
    const rows = await other.db.execute<{ n: number }>(sql`select count(*)::int as n from pg_tables where tablename = 'probe'`);
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
    await other.close();
  }, 120_000);

  it('a copy of a seed holding today\'s migrations is not migrated again; one written with other migrations is', async () => {
    const seed = await writePgliteSeed(join(root, 'stamped-seed'));
    const before = migrator.runs;
    const current = await openDatabase({ pgliteDir: join(root, 'stamped-1'), pgliteSeedDir: seed });
    expect(migrator.runs).toBe(before);
    expect(await migrationsApplied(current)).toBeGreaterThan(0);
    expect(existsSync(join(root, 'stamped-1', 'corisk-migrations.sha256'))).toBe(false);
    await current.close();

    writeFileSync(join(seed, 'corisk-migrations.sha256'), 'the migrations of an older build');
    const older = await openDatabase({ pgliteDir: join(root, 'stamped-2'), pgliteSeedDir: seed });
    expect(migrator.runs).toBe(before + 1);
    await older.close();
    // An existing directory is always checked.
    const reopened = await openDatabase({ pgliteDir: join(root, 'stamped-1') });
    expect(migrator.runs).toBe(before + 2);
    await reopened.close();
  }, 120_000);

  it('a seed that cannot be loaded falls back to initdb', async () => {
    const dir = join(root, 'bad-seed');
    const database = await openDatabase({ pgliteDir: dir, pgliteSnapshot: new Blob(['not a tarball']) });
    expect(await migrationsApplied(database)).toBeGreaterThan(0);
    await database.close();
  }, 120_000);
});
