import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { firstRow } from '../../db/first-row.js';
import { companies } from '../../db/schema.js';

/** SQL of the companies module: the company cache (each source's record and the last build, per VAT number). */

const companyColumns = { countryCode: companies.countryCode, vatNumber: companies.vatNumber, data: companies.data, fetchedAt: companies.fetchedAt };
/** A cached company record: what `companyColumns` select. */
export type CompanyRow = NonNullable<Awaited<ReturnType<typeof findCompany>>>;

export async function findCompany(db: Db, countryCode: string, vatNumber: string) {
  return firstRow(db.select(companyColumns).from(companies).where(and(eq(companies.countryCode, countryCode), eq(companies.vatNumber, vatNumber))));
}

export async function saveCompany(db: Db, countryCode: string, vatNumber: string, data: unknown, at: Date): Promise<void> {
  await db
    .insert(companies)
    .values({ countryCode, vatNumber, data, fetchedAt: at })
    .onConflictDoUpdate({ target: [companies.countryCode, companies.vatNumber], set: { data, fetchedAt: at } });
}
