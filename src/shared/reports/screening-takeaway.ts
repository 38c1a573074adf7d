import type { ReportScreening } from '../contracts/screening.js';
import type { Translate } from '../i18n/message.js';

/**
 * The key takeaway a sanctions match puts first: no cover and no claim paid without a licence.
 * Worded here, in shared code, because both sides follow a screening's status with it: the
 * server when it answers a report, the screen when a decision changes the status it holds.
 * Always in `t`'s language (the `pdf` catalogue's `pdf.takeaway.*` messages): the report's
 * language, so the screen finds and replaces the very sentence the server wrote.
 */
export function screeningTakeaway(screening: ReportScreening, t: Translate): string | null {
  if (screening.status !== 'match') return null;
  const hit =
    screening.hits.find((h) => h.decision?.decision === 'confirmed') ??
    screening.hits.find((h) => h.decision?.decision !== 'false_positive' && h.subject === 'company') ??
    screening.hits.find((h) => h.decision?.decision !== 'false_positive');
  if (!hit) return null;
  const who =
    hit.subject === 'company'
      ? hit.matched_name
      : hit.subject === 'owner'
        ? t('pdf.takeaway.owner', { name: hit.matched_name })
        : t('pdf.takeaway.officer', { name: hit.matched_name });
  const values = { who, list: hit.list, entry: hit.entry_id, listed: hit.listed_name };
  return hit.programme ? t('pdf.takeaway.sanctionsMatchProgramme', { ...values, programme: hit.programme }) : t('pdf.takeaway.sanctionsMatch', values);
}

type WithTakeaways = { key_takeaways_for_insurers: string[] };

/** The result with the sanctions takeaway first when the screening is a match (in `t`'s language). */
export function withScreeningTakeaway<T extends WithTakeaways>(result: T, screening: ReportScreening, t: Translate): T {
  const takeaway = screeningTakeaway(screening, t);
  return takeaway ? { ...result, key_takeaways_for_insurers: [takeaway, ...result.key_takeaways_for_insurers] } : result;
}

/**
 * A result that was answered with `before`, its takeaways following `after` instead: the old
 * screening's takeaway (if it put one first) gives way to the new one's (if any). `t` is the
 * language the result was written in, else the old takeaway is not found and stays.
 */
export function withScreeningTakeawayChanged<T extends WithTakeaways>(result: T, before: ReportScreening, after: ReportScreening, t: Translate): T {
  const old = screeningTakeaway(before, t);
  const [first, ...rest] = result.key_takeaways_for_insurers;
  const plain = old !== null && first === old ? { ...result, key_takeaways_for_insurers: rest } : result;
  return withScreeningTakeaway(plain, after, t);
}
