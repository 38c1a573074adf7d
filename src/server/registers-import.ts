import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase, pgliteDirFor, type Database } from './db/client.js';
import { DataFolderBusyError, holdDataFolder } from './db/data-folder-lock.js';
import { IMPORT_STATES, ImportFileError, importRegister, isImportState, PUBLISHERS } from './modules/registers/index.js';

/**
 * `npm run registers:import -- --state BE --file <path or URL> [--file …]`: imports a national
 * register's published files into the database the server uses (DATABASE_URL, else the embedded
 * one in DATA_DIR), replacing the state's previous import once the new one is complete.
 */

const usage = `Usage: npm run registers:import -- --state <${IMPORT_STATES.join('|')}> --file <path or URL> [--file <path or URL> …]

  BE  the KBO open data full ZIP (${PUBLISHERS.BE})
  EE  the basic data CSV and the general data JSON, zipped or not (${PUBLISHERS.EE})
  SI  DURS_zavezanci_PO.zip, and DURS_zavezanci_DEJ.zip for sole traders (${PUBLISHERS.SI})
  LV  register.csv, and VID's pdb_nm_komersantu_samaksato_nodoklu_kopsumas_odata.csv for the activity (${PUBLISHERS.LV})

The files are read as they stream in; a failed import leaves the previous one in place.`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main(): Promise<void> {
  let args;
  try {
    args = parseArgs({ options: { state: { type: 'string' }, file: { type: 'string', multiple: true }, help: { type: 'boolean', short: 'h' } } });
  } catch (err) {
    fail(`${err instanceof Error ? err.message : String(err)}\n\n${usage}`);
  }
  if (args.values.help) {
    console.log(usage);
    return;
  }
  const state = (args.values.state ?? '').toUpperCase();
  if (!isImportState(state)) fail(`--state must be one of ${IMPORT_STATES.join(', ')}.\n\n${usage}`);
  const files = args.values.file ?? [];
  if (!files.length) fail(`--file is missing.\n\n${usage}`);

  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }
  if (!config.databaseUrl) {
    try {
      holdDataFolder(config.dataDir, 'import');
    } catch (err) {
      if (!(err instanceof DataFolderBusyError)) throw err;
      fail(
        `Cannot import: ${err.message}.\nThe embedded database belongs to one process at a time: stop the server and run the import again, or import through PostgreSQL (set DATABASE_URL for the server and for this command).`,
      );
    }
  }
  let database: Database;
  try {
    database = await openDatabase({ url: config.databaseUrl, pgliteDir: pgliteDirFor(config.dataDir), pgliteSmallBuffers: true });
  } catch (err) {
    const where = config.databaseUrl ? 'the PostgreSQL at DATABASE_URL' : `the embedded database in ${config.dataDir}`;
    fail(`Cannot open ${where}: ${err instanceof Error ? err.message : String(err)}`);
  }
  const started = Date.now();
  const stop = new AbortController();
  process.once('SIGINT', () => stop.abort());
  process.once('SIGTERM', () => stop.abort());
  console.log(`Importing ${state} from ${files.length} file${files.length > 1 ? 's' : ''} into ${database.engine === 'postgres' ? 'PostgreSQL' : `the embedded database in ${config.dataDir}`}…`);
  try {
    const result = await importRegister({
      db: database.db,
      state,
      inputs: files,
      userAgent: `${config.productName}/${config.version} (${config.contactEmailInfo})`,
      progress: (message) => console.log(`  ${message}`),
      signal: stop.signal,
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`Imported ${result.companies.toLocaleString('en')} companies of ${state} (${PUBLISHERS[state]} of ${result.publishedOn}) in ${seconds} s.`);
  } catch (err) {
    await database.close().catch(() => {});
    const why = err instanceof ImportFileError ? err.message : stop.signal.aborted ? 'stopped' : err instanceof Error ? err.message : String(err);
    fail(`Import failed: ${why}.\nThe previous import of ${state}, if any, is kept.`);
  }
  await database.close();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
