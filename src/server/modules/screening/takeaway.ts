import type { ReportScreening } from '../../../shared/contracts/screening.js';

/** The key takeaway a sanctions match puts first: no cover and no claim paid without a licence. */
export function screeningTakeaway(screening: ReportScreening): string | null {
  if (screening.status !== 'match') return null;
  const hit =
    screening.hits.find((h) => h.decision?.decision === 'confirmed') ??
    screening.hits.find((h) => h.decision?.decision !== 'false_positive' && h.subject === 'company') ??
    screening.hits.find((h) => h.decision?.decision !== 'false_positive');
  if (!hit) return null;
  const programme = hit.programme ? `, ${hit.programme}` : '';
  const who = hit.subject === 'company' ? hit.matched_name : `${hit.subject === 'owner' ? 'Owner' : 'Officer'} ${hit.matched_name}`;
  return (
    `Sanctions match: ${who} matches ${hit.list} list entry ${hit.entry_id} ("${hit.listed_name}"${programme}). ` +
    'Cover must not be given, nor a claim paid, without a licence from the competent authority.'
  );
}

/** The result with the sanctions takeaway first when the screening is a match. */
export function withScreeningTakeaway<T extends { key_takeaways_for_insurers: string[] }>(result: T, screening: ReportScreening): T {
  const takeaway = screeningTakeaway(screening);
  return takeaway ? { ...result, key_takeaways_for_insurers: [takeaway, ...result.key_takeaways_for_insurers] } : result;
}
