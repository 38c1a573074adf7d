import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { companies } from '../../db/schema.js';

/** SQL of the companies module: the company cache (each source's record and the last build, per VAT number). */

export interface CompanyRow {
  countryCode: string;
  vatNumber: string;
  data: unknown;
  fetchedAt: Date;
}

export async function findCompany(db: Db, countryCode: string, vatNumber: string): Promise<CompanyRow | null> {
  const rows = await db
    .select({ countryCode: companies.countryCode, vatNumber: companies.vatNumber, data: companies.data, fetchedAt: companies.fetchedAt })
    .from(companies)
    .where(and(eq(companies.countryCode, countryCode), eq(companies.vatNumber, vatNumber)))
    .limit(1);
  return rows[0] ?? null;
}

export async function saveCompany(db: Db, countryCode: string, vatNumber: string, data: unknown, at: Date): Promise<void> {
  await db
    .insert(companies)
    .values({ countryCode, vatNumber, data, fetchedAt: at })
    .onConflictDoUpdate({ target: [companies.countryCode, companies.vatNumber], set: { data, fetchedAt: at } });
}
