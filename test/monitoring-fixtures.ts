import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/server/db/client.js';
import { portfolioRows, portfolios, users } from '../src/server/db/schema.js';
import type { CompanyData } from '../src/shared/contracts/assessment.js';
import type { TestUser } from './auth.js';
import { FI_ACTIVE } from './peers/register-fixtures.js';
import type { RegistersPeer } from './peers/registers.js';
import { createPortfolio, waitDone } from './portfolio-helpers.js';
import type { ListServer } from './sanctions-list-server.js';

/**
 * The settings the monitoring tests run on: companies from the register peer (Finland), sanctions
 * from the EU list server alone, a check's retry and the schedule's tick every second.
 */
export function monitoringEnv(registers: RegistersPeer, lists: ListServer): Record<string, string> {
  return {
    COMPANY_SOURCES: 'registry',
    REGISTRY_FI_URL: registers.base('fi'),
    SANCTIONS_EU_URL: lists.url,
    SANCTIONS_UN_URL: 'off',
    SANCTIONS_UK_URL: 'off',
    MONITORING_RETRY_SECONDS: '1',
    MONITORING_TICK_SECONDS: '1',
  };
}

/** Nokia as a Finnish register states it: the company the monitoring tests watch change. */
export const nokiaCompany: CompanyData = {
  name: 'Nokia Oyj',
  address: 'Karakaari 7, 02610 ESPOO',
  fiscal_number: 'FI01120389',
  postal_code: '02610',
  city: 'ESPOO',
  country: 'Finland',
  latitude: 60.2,
  longitude: 24.8,
  geocode_precision: 'postal_code',
  activity: { nace_code: '70.10', nace_label: 'Activities of head offices', inferred_from: 'source', evidence: 'PRH' },
  legal_form: 'Julkinen osakeyhtiö',
  status: 'active',
  incorporated_on: null,
  employees: null,
  officers: [],
  owners: [],
  sources: ['registry'],
  sample: false,
};

/** A user with a done portfolio of one row (Nokia) whose report is `reportId`: what a row's check reads. */
export async function insertOneRowBook(db: Db, email: string, reportId: string): Promise<{ userId: string; portfolioId: string; rowId: string }> {
  const idOf = (rows: { id: string }[]) => rows[0]!.id;
  const userId = idOf(
    await db
      .insert(users)
      .values({ email, passwordHash: 'x', firstName: 'A', lastName: 'B', companyName: 'C', fiscalNumber: 'D' })
      .returning({ id: users.id }),
  );
  const portfolioId = idOf(await db.insert(portfolios).values({ userId, name: 'Book', total: 1, status: 'done' }).returning({ id: portfolios.id }));
  const rowId = idOf(
    await db
      .insert(portfolioRows)
      .values({ portfolioId, position: 1, fiscalNumber: 'FI01120389', country: 'FI', status: 'done', reportId })
      .returning({ id: portfolioRows.id }),
  );
  return { userId, portfolioId, rowId };
}

/** A portfolio of Nokia read from the registers peer, assessed: the book the delivery tests watch. Its id. */
export async function assessedNokiaBook(app: FastifyInstance, user: TestUser): Promise<string> {
  const id = await createPortfolio(app, user, [{ fiscal_number: FI_ACTIVE.vat, country: 'FI', reference: 'Nokia' }]);
  const done = await waitDone(app, user, id, 60_000);
  const statuses = done.rows.map((r) => r.status);
  if (statuses.length !== 1 || statuses[0] !== 'done') throw new Error(`Nokia's book was not assessed: ${statuses.join(', ')}`);
  return id;
}
