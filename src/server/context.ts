import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';

/** What every module receives: typed config, the database and the chosen providers. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
