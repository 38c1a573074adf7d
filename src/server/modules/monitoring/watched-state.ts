import { z } from 'zod';
import { companyStatusSchema, geocodePrecisionSchema, type CompanyData } from '../../../shared/contracts/assessment.js';
import type { MonitoringEventType } from '../../../shared/contracts/monitoring.js';
import type { ScreeningHitDto, ScreeningStatus } from '../../../shared/contracts/screening.js';

/**
 * What monitoring remembers of a company between checks, and the differences between two such
 * states as events. Pure: no I/O. Grade and score changes (re-assessment) will add their fields.
 */

const hitSchema = z.object({ key: z.string(), label: z.string() });

export const watchedStateSchema = z.object({
  /** Whether any source still knew the company at the last check. */
  found: z.boolean(),
  /** VIES's word on the VAT number at the last check; null without VIES. */
  vat_valid: z.boolean().nullable(),
  name: z.string(),
  address: z.string(),
  status: companyStatusSchema,
  /** The NACE code a source stated, with its label ('70.10 Activities of head offices'); null when only inferred. */
  activity: z.string().nullable(),
  activity_code: z.string().nullable(),
  legal_form: z.string().nullable(),
  /** The sanctions hits of the last screening that could clear or match (a stale list's absence of hits says nothing). */
  sanctions: z.array(hitSchema),
  /** Where the report placed the company: a check never places it again. */
  place: z.object({ latitude: z.number(), longitude: z.number(), geocode_precision: geocodePrecisionSchema }),
  /** The report whose due re-assessment was skipped (no credit) and said so: said once per report. */
  reassessment_skipped_for: z.string().optional(),
});
export type WatchedState = z.infer<typeof watchedStateSchema>;

type Hit = Pick<ScreeningHitDto, 'list' | 'entry_id' | 'listed_name' | 'matched_name' | 'subject' | 'score'>;

/** One hit once per list entry and screened party (the company, or an officer or owner). */
function hitsOf(hits: readonly Hit[]): WatchedState['sanctions'] {
  const seen = new Map<string, string>();
  for (const h of hits) {
    const key = `${h.list}:${h.entry_id}:${h.subject}`;
    if (!seen.has(key)) seen.set(key, `${h.list} ${h.entry_id} ${h.listed_name} (${h.subject} ${h.matched_name}, score ${h.score.toFixed(2)})`);
  }
  return [...seen].map(([key, label]) => ({ key, label }));
}

function companyFields(c: CompanyData): Omit<WatchedState, 'found' | 'vat_valid' | 'sanctions' | 'place'> {
  const stated = c.activity.inferred_from === 'source' && c.activity.nace_code ? c.activity : null;
  return {
    name: c.name,
    address: c.address,
    status: c.status,
    activity: stated ? `${stated.nace_code} ${stated.nace_label}`.trim() : null,
    activity_code: stated?.nace_code ?? null,
    legal_form: c.legal_form,
  };
}

/** The state a row's report records: its company data and its screening's hits. */
export function stateFromReport(company: CompanyData, screening: { hits: readonly Hit[] }): WatchedState {
  return {
    found: true,
    vat_valid: null,
    ...companyFields(company),
    sanctions: hitsOf(screening.hits),
    place: { latitude: company.latitude, longitude: company.longitude, geocode_precision: company.geocode_precision },
  };
}

/**
 * The state a check saw: the company as the sources state it now (null: none knows it) and its
 * screening (null when not screened). What the check could not see is kept from `last`: a company
 * no source knows keeps its last data, and a screening that could clear no one (a list stale or
 * not held, no hits) keeps the last hits.
 */
export function stateFromCheck(
  last: WatchedState,
  seen: { company: CompanyData | null; vat_valid: boolean | null },
  screening: { status: ScreeningStatus; hits: readonly Hit[] } | null,
): WatchedState {
  if (!seen.company) return { ...last, found: false, vat_valid: seen.vat_valid ?? last.vat_valid };
  const unknownLists = !screening || (screening.status === 'not_screened' && screening.hits.length === 0);
  return {
    found: true,
    vat_valid: seen.vat_valid,
    ...companyFields(seen.company),
    sanctions: unknownLists ? last.sanctions : hitsOf(screening.hits),
    place: last.place,
    ...(last.reassessment_skipped_for ? { reassessment_skipped_for: last.reassessment_skipped_for } : {}),
  };
}

/** A score move smaller than this, with the grade unchanged, is no event. */
export const SCORE_EVENT_STEP = 5;

/**
 * A re-assessment against the report before it: the grade changed, or else the score moved by
 * SCORE_EVENT_STEP or more; nothing otherwise.
 */
export function rerateChange(before: { grade: string; score: number }, after: { grade: string; score: number }): Change | null {
  if (before.grade !== after.grade) return { type: 'grade_changed', old_value: before.grade, new_value: after.grade };
  if (Math.abs(after.score - before.score) >= SCORE_EVENT_STEP) return { type: 'score_changed', old_value: String(before.score), new_value: String(after.score) };
  return null;
}

export interface Change {
  type: MonitoringEventType;
  old_value: string | null;
  new_value: string | null;
}

const norm = (s: string) => s.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * Every difference between the last known state and the new one, one change each. A field a
 * source stopped stating (empty, unknown status, an activity only inferred) is no change: only
 * what the sources say differently is.
 */
export function changesBetween(last: WatchedState, next: WatchedState, vatNumber: string): Change[] {
  const changes: Change[] = [];
  const lostVat = (last.found && !next.found) || (next.vat_valid === false && last.vat_valid !== false && next.found);
  if (lostVat) {
    changes.push({ type: 'vat_invalid', old_value: vatNumber, new_value: next.found ? 'refused by VIES' : 'no source knows the company any more' });
  }
  if (next.found) {
    if (last.status !== next.status && last.status !== 'unknown' && next.status !== 'unknown') {
      changes.push({ type: 'status_changed', old_value: last.status, new_value: next.status });
    }
    if (next.name.trim() && norm(last.name) !== norm(next.name)) changes.push({ type: 'name_changed', old_value: last.name, new_value: next.name });
    if (next.address.trim() && norm(last.address) !== norm(next.address)) {
      changes.push({ type: 'address_changed', old_value: last.address, new_value: next.address });
    }
    if (last.activity_code && next.activity_code && last.activity_code !== next.activity_code) {
      changes.push({ type: 'activity_changed', old_value: last.activity, new_value: next.activity });
    }
    if (last.legal_form && next.legal_form && norm(last.legal_form) !== norm(next.legal_form)) {
      changes.push({ type: 'legal_form_changed', old_value: last.legal_form, new_value: next.legal_form });
    }
  }
  const before = new Set(last.sanctions.map((h) => h.key));
  const after = new Set(next.sanctions.map((h) => h.key));
  for (const h of next.sanctions) if (!before.has(h.key)) changes.push({ type: 'sanctions_hit', old_value: null, new_value: h.label });
  for (const h of last.sanctions) if (!after.has(h.key)) changes.push({ type: 'sanctions_cleared', old_value: h.label, new_value: null });
  return changes;
}
