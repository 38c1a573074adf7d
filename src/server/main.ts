import pino from 'pino';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openDatabase, pgliteDirFor, type Database } from './db/client.js';
import { DataFolderBusyError, holdDataFolder } from './db/data-folder-lock.js';

/** Longest a graceful shutdown may take before the process gives up and exits 1. */
const shutdownTimeoutMs = 10_000;

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  // The embedded database is one process's: a register import or a second server must not open it too.
  if (!config.databaseUrl) {
    try {
      holdDataFolder(config.dataDir, 'server');
    } catch (err) {
      if (!(err instanceof DataFolderBusyError)) throw err;
      console.error(`Cannot start: ${err.message}. Stop it first, or set DATABASE_URL to use PostgreSQL.`);
      process.exit(1);
    }
  }
  // The database opens while the app's modules load: copying a fresh DATA_DIR's seed and
  // compiling PGlite overlap with compiling the app (start-up time counts).
  const opening = openDatabase({ url: config.databaseUrl, pgliteDir: pgliteDirFor(config.dataDir) });
  opening.catch(() => {}); // awaited, and reported, below
  const { buildApp } = await import('./app.js');
  let database: Database;
  try {
    database = await opening;
  } catch (err) {
    const where = config.databaseUrl ? 'the PostgreSQL at DATABASE_URL' : `the embedded database in ${config.dataDir}`;
    console.error(`Cannot open ${where}: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
  // Logs go out asynchronously (a request never waits for stdout); pino writes what is still
  // buffered when the process exits, whichever way it exits.
  const logStream = pino.destination({ dest: 1, sync: false });
  const app = await buildApp({ config, database, logStream });

  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      console.error(`Shutdown took longer than ${shutdownTimeoutMs} ms; exiting.`);
      process.exit(1);
    }, shutdownTimeoutMs);
    force.unref();
    try {
      // Stops accepting connections, lets in-flight requests finish, then closes the database.
      await app.close();
      await database.close();
      app.log.info('shut down');
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', (s) => void shutdown(s));
  process.once('SIGINT', (s) => void shutdown(s));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    console.error(`Cannot listen on ${config.host}:${config.port}: ${err instanceof Error ? err.message : String(err)}`);
    await database.close().catch(() => {});
    process.exit(1);
  }
  app.log.info({ url: config.appUrl, database: database.engine }, `${config.productName} is ready on ${config.appUrl}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
