import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema.js';

/** A Drizzle database, or a transaction, over our schema on either engine (client.ts opens one). */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
