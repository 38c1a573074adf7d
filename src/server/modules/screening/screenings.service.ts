import type { CompanyData } from '../../../shared/contracts/assessment.js';
import {
  notScreened,
  type ApiScreeningRequest,
  type ReportScreening,
  type ScreeningDecisionRequest,
  type ScreeningHitDto,
} from '../../../shared/contracts/screening.js';
import type { Db } from '../../db/client.js';
import { countryByName } from '../../../shared/countries.js';
import { msg } from '../../../shared/i18n/message.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { statusOf, type Screener, type StoredScreening } from './screener.js';
import * as repo from './screenings.repo.js';

/** A country as the lists file it: any ISO alpha-2 code (EL is Greece's GR), or an EU member state's English name. */
function screeningCountry(value: string): string {
  const v = value.trim();
  if (/^[A-Za-z]{2}$/.test(v)) return v.toUpperCase() === 'EL' ? 'GR' : v.toUpperCase();
  const named = countryByName(v);
  if (!named) throw badRequest(screeningErrors.unknownCountry(v), 'invalid_country');
  return named.iso2;
}

export const screeningErrors = {
  unknownCountry: (value: string) => `Unknown country "${value}": use a two-letter ISO 3166-1 code (e.g. PT) or an EU member state's English name.`,
  reportNotFound: msg('error.reportNotFound'),
  hitNotFound: (entryId: string) => msg('error.screening.hitNotFound', { entryId }),
};

/**
 * A screening as the user sees it: each hit with the latest decision taken on that entry for
 * this company while the entry is unchanged (a changed entry reopens the hit), and the status
 * those decisions leave.
 */
export function present(stored: StoredScreening, decisions: readonly repo.DecisionRow[]): ReportScreening {
  const hits: ScreeningHitDto[] = stored.hits.map(({ content_hash, ...hit }) => {
    const d = decisions.find((x) => x.list === hit.list && x.entryId === hit.entry_id);
    return d && d.contentHash === content_hash
      ? { ...hit, decision: { decision: d.decision, note: d.note, decided_by: d.decidedBy, decided_at: d.createdAt.toISOString() } }
      : hit;
  });
  return { status: statusOf(hits, stored.lists), screened_at: stored.screened_at, lists: stored.lists, hits };
}

/** Reports' screenings: run with the report, stored in its transaction, read with the decisions on them. */
export class ScreeningsService {
  constructor(
    private readonly deps: {
      db: Db;
      screener: Screener;
      now?: () => Date;
    },
  ) {}

  screenCompany(company: CompanyData): Promise<StoredScreening> {
    return this.deps.screener.screenCompany(company);
  }

  /** A name screened on its own (POST /api/v1/screenings): no report, no credit, no decisions. */
  async screenName(req: ApiScreeningRequest): Promise<ReportScreening> {
    const country = req.country ? screeningCountry(req.country) : undefined;
    const stored = await this.deps.screener.screenName({
      name: req.name,
      ...(country ? { countryIso2: country } : {}),
      ...(req.fiscal_number ? { fiscalNumber: req.fiscal_number } : {}),
    });
    return present(stored, []);
  }

  /** Stores a report's screening inside `tx`, the transaction that stores the report. */
  saveInTransaction(tx: Db, row: { reportId: string; userId: string; company: Pick<CompanyData, 'country' | 'fiscal_number'>; screening: StoredScreening }): Promise<void> {
    return repo.insertScreening(tx, {
      reportId: row.reportId,
      userId: row.userId,
      country: row.company.country,
      fiscalNumber: row.company.fiscal_number,
      screening: row.screening,
    });
  }

  /** A fresh screening as its report shows it, with the decisions already taken on the company. */
  async presentNew(userId: string, company: Pick<CompanyData, 'country' | 'fiscal_number'>, stored: StoredScreening): Promise<ReportScreening> {
    if (!stored.hits.length) return present(stored, []);
    return present(stored, await repo.companyDecisions(this.deps.db, userId, company.country, company.fiscal_number));
  }

  /** The screening of one of the user's reports; `not_screened` for a report made before screening. */
  async forReport(userId: string, reportId: string): Promise<ReportScreening> {
    const row = await repo.findScreening(this.deps.db, userId, reportId);
    if (!row) return notScreened;
    if (!row.screening.hits.length) return present(row.screening, []);
    return present(row.screening, await repo.companyDecisions(this.deps.db, userId, row.country, row.fiscalNumber));
  }

  /**
   * The screenings of many of the user's reports at once (a portfolio's rows), decisions applied;
   * a report made before screening is `not_screened`. Two queries, whatever the number of reports.
   */
  async forReports(userId: string, reportIds: readonly string[]): Promise<Map<string, ReportScreening>> {
    const rows = await repo.findScreenings(this.deps.db, userId, reportIds);
    const withHits = rows.filter((r) => r.screening.hits.length);
    const decisions = await repo.decisionsOf(this.deps.db, userId, withHits.map((r) => r.fiscalNumber));
    const out = new Map<string, ReportScreening>(reportIds.map((id) => [id, notScreened]));
    for (const r of rows) {
      const own = decisions.filter((d) => d.country === r.country && d.fiscalNumber === r.fiscalNumber);
      out.set(r.reportId, present(r.screening, own));
    }
    return out;
  }

  /** Records an analyst's decision on a hit of one of the user's reports; answers the report's screening. */
  async decide(user: { id: string; email: string }, req: ScreeningDecisionRequest): Promise<ReportScreening> {
    const row = await repo.findScreening(this.deps.db, user.id, req.report_id);
    if (!row) throw notFound(screeningErrors.reportNotFound, 'report_not_found');
    const hit = row.screening.hits.find((h) => h.entry_id === req.entry_id);
    if (!hit) throw notFound(screeningErrors.hitNotFound(req.entry_id), 'screening_hit_not_found');
    await repo.insertDecision(this.deps.db, {
      userId: user.id,
      country: row.country,
      fiscalNumber: row.fiscalNumber,
      reportId: row.reportId,
      list: hit.list,
      entryId: hit.entry_id,
      contentHash: hit.content_hash,
      decision: req.decision,
      note: req.note,
      decidedBy: user.email,
      createdAt: this.deps.now?.() ?? new Date(),
    });
    return this.forReport(user.id, req.report_id);
  }
}
