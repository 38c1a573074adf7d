import type { CompanyData } from '../../../shared/contracts/assessment.js';
import type { ScreenedList, ScreeningDecision, ScreeningHitDto, ScreeningStatus } from '../../../shared/contracts/screening.js';
import { countryByIso2, countryByName } from '../../../shared/countries.js';
import type { SanctionsEntry } from './entry.js';
import { buildScreeningIndexInSlices, screenSubject, screeningStatus, type ScreeningHit, type ScreeningIndex, type ScreeningQuery } from './matching/index.js';
import type { SanctionsListsService } from './lists.service.js';

/** A hit as stored with its report: the entry's content hash decides whether a decision still holds. */
export type StoredHit = Omit<ScreeningHitDto, 'decision'> & { content_hash: string };

/** A screening as it ran, before any analyst's decision. */
export interface StoredScreening {
  status: ScreeningStatus;
  screened_at: string;
  lists: ScreenedList[];
  hits: StoredHit[];
}

/** The most hits a screening keeps (best first): beyond that the analyst has enough to refuse. */
const MAX_HITS = 50;
/** The most officers and owners screened per company. */
const MAX_PARTIES = 100;

/**
 * A screening's status from its hits and the decisions on them: a confirmed hit is a match, a
 * false positive counts for nothing; without hits it is "clear" only when every list was current
 * (a stale, empty or missing list can clear no one: then `not_screened`).
 */
export function statusOf(hits: readonly (Pick<ScreeningHit, 'subject' | 'score'> & { decision?: Pick<ScreeningDecision, 'decision'> })[], lists: readonly ScreenedList[]): ScreeningStatus {
  const open = hits.filter((h) => h.decision?.decision !== 'false_positive');
  if (open.some((h) => h.decision?.decision === 'confirmed')) return 'match';
  const status = screeningStatus(open);
  if (status === 'clear' && (lists.length === 0 || lists.some((l) => l.stale))) return 'not_screened';
  return status;
}

const toStored = (h: ScreeningHit): StoredHit => ({
  list: h.list,
  entry_id: h.entryId,
  listed_name: h.listedName,
  matched_name: h.matchedName,
  subject: h.subject,
  score: h.score,
  programme: h.programme,
  designation_date: h.designationDate,
  reasons: h.reasons,
  content_hash: h.contentHash,
});

/** The index of the lists a process holds, shared by every screener over the same list versions. */
let shared: { sources: SanctionsEntry[][]; index: Promise<ScreeningIndex> } | undefined;
const NO_ENTRIES: SanctionsEntry[] = [];
const sameSources = (a: SanctionsEntry[][], b: SanctionsEntry[][]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** A company, its officers and its owners screened against the lists held now. */
export class Screener {
  constructor(
    private readonly deps: {
      lists: Pick<SanctionsListsService, 'load' | 'getCurrent'>;
      now?: () => Date;
      log: { warn(obj: object, msg: string): void };
    },
  ) {}

  /** The index of the lists held now: built once per list version, in slices off the request path. */
  async index(): Promise<{ index: ScreeningIndex; lists: ScreenedList[] }> {
    await this.deps.lists.load().catch((err: unknown) => {
      this.deps.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'sanctions lists could not be loaded; screening with what is held');
    });
    const current = this.deps.lists.getCurrent();
    // A list not held answers a fresh empty array each time: all empty lists are the same version.
    const sources = current.map((l) => (l.entries.length ? l.entries : NO_ENTRIES));
    if (!shared || !sameSources(shared.sources, sources)) {
      const index = buildScreeningIndexInSlices(current.map(({ list, generatedAt, entries }) => ({ list, generatedAt, entries })));
      shared = { sources, index };
    }
    const lists = current.map((l) => ({ list: l.list, generated_at: l.generatedAt || null, stale: l.stale }));
    return { index: await shared.index, lists };
  }

  /** Builds the index of the lists held now, so that the first report does not wait for it. */
  warm(): void {
    this.index().catch((err: unknown) => this.deps.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'sanctions index could not be built'));
  }

  /** Screens the company (name and identifiers), then its officers and owners by name. */
  async screenCompany(company: Pick<CompanyData, 'name' | 'fiscal_number' | 'country' | 'officers' | 'owners'>): Promise<StoredScreening> {
    const { index, lists } = await this.index();
    const country = countryByName(company.country) ?? countryByIso2(company.country);
    const fiscal = company.fiscal_number.replace(/\s+/g, '');
    const national = country && fiscal.toUpperCase().startsWith(country.vatPrefix) ? fiscal.slice(country.vatPrefix.length) : fiscal;
    const queries: ScreeningQuery[] = [
      {
        // A register that discloses no name leaves the identifiers to match.
        name: /\(name not disclosed by the registry\)$/.test(company.name) ? fiscal : company.name,
        subject: 'company',
        kind: 'enterprise',
        ...(country ? { country: country.iso2 } : {}),
        identifiers: { nationalId: national, vatNumber: fiscal },
      },
    ];
    // Officers and owners may be foreign: their country is not the company's, so none is given.
    for (const p of (company.officers ?? []).slice(0, MAX_PARTIES)) queries.push({ name: p.name, subject: 'officer', kind: p.kind });
    for (const p of (company.owners ?? []).slice(0, MAX_PARTIES)) queries.push({ name: p.name, subject: 'owner', kind: p.kind });
    return this.run(index, lists, queries);
  }

  /** One name (and optionally its country, any ISO alpha-2, and the company's fiscal number) screened on its own. */
  async screenName(query: { name: string; countryIso2?: string; fiscalNumber?: string }): Promise<StoredScreening> {
    const { index, lists } = await this.index();
    const vatPrefix = query.countryIso2 ? countryByIso2(query.countryIso2)?.vatPrefix : undefined;
    const fiscal = query.fiscalNumber?.replace(/\s+/g, '');
    const national = fiscal && vatPrefix && fiscal.toUpperCase().startsWith(vatPrefix) ? fiscal.slice(vatPrefix.length) : fiscal;
    return this.run(index, lists, [
      {
        name: query.name,
        subject: 'company',
        kind: 'enterprise',
        ...(query.countryIso2 ? { country: query.countryIso2 } : {}),
        ...(fiscal ? { identifiers: { nationalId: national, vatNumber: fiscal } } : {}),
      },
    ]);
  }

  private run(index: ScreeningIndex, lists: ScreenedList[], queries: ScreeningQuery[]): StoredScreening {
    const hits = queries
      .filter((q) => q.name.trim())
      .flatMap((q) => screenSubject(index, q))
      .sort((a, b) => b.score - a.score)
      .slice(0, MAX_HITS)
      .map(toStored);
    return { status: statusOf(hits, lists), screened_at: (this.deps.now?.() ?? new Date()).toISOString(), lists, hits };
  }
}
