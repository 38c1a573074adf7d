import type {
  ReportScreening,
  ScreenedList,
  ScreeningDecision,
  ScreeningDecisionValue,
  ScreeningHitDto,
  ScreeningStatus,
  ScreeningSubject,
} from '../contracts/screening.js';

/**
 * What the report screen and the PDF say of a report's sanctions screening, worded once: the
 * banner's title, the quiet line, each hit's facts and its decision. The fixed texts are Latin-1
 * (the PDF's standard font writes them); dates come formatted by the caller (the screens' rule
 * or the filed one).
 */

/** Formats an ISO timestamp for the place it is shown. */
export type DateText = (value: string) => string;

/** The banner's title per status that calls for one. */
export const SCREENING_TITLES = {
  match: 'Sanctions match: cover must not be given without a licence',
  possible_match: 'Possible sanctions match: review before cover',
} as const;

export type BannerStatus = keyof typeof SCREENING_TITLES;

export const NOT_SCREENED_TEXT = 'Not screened against sanctions lists (report made before screening)';

/** Screened when no list was held or configured (or the screening failed): nothing to clear against. */
export const NO_LISTS_TEXT = 'Not screened: no sanctions list was available when the report was made';

/** A banner without hits: a stale or missing list kept the screening from clearing the company. */
export const NO_HIT_NOT_CLEAR_TEXT =
  'No hit, but not every list was current: a stale or missing list cannot clear the company. Screen it again once the lists are refreshed.';

/** A screening's status in a word or two, as tables and exports write it. */
export const SCREENING_STATUS_LABELS: Record<ScreeningStatus, string> = {
  match: 'Match',
  possible_match: 'Possible match',
  clear: 'Clear',
  not_screened: 'Not screened',
};

/** True for the statuses the report shows as a red or amber banner. */
function isBannerStatus(status: ReportScreening['status']): status is BannerStatus {
  return status === 'match' || status === 'possible_match';
}

/** One list's date as the screening used it: '26 Nov', '2 Oct (stale)', or 'none held'. */
function listDate(list: ScreenedList, date: DateText): string {
  if (!list.generated_at) return 'none held';
  return `${date(list.generated_at)}${list.stale ? ' (stale)' : ''}`;
}

/**
 * The lists and their own generation dates, in the screening's order: 'EU, UN, UK lists of
 * 26 Nov, 25 Nov, 2 Oct (stale)'; one date when they all share it.
 */
export function screenedListsText(lists: readonly ScreenedList[], date: DateText): string {
  if (lists.length === 0) return 'the sanctions lists';
  const names = lists.map((l) => l.list).join(', ');
  const dates = lists.map((l) => listDate(l, date));
  const same = dates.every((d) => d === dates[0]);
  return `${names} ${lists.length === 1 ? 'list' : 'lists'} of ${same ? dates[0] : dates.join(', ')}`;
}

/** '1 hit marked false positive', '3 hits marked false positive'. */
function falsePositivesText(count: number): string {
  return `${count} ${count === 1 ? 'hit' : 'hits'} marked false positive`;
}

/**
 * The quiet line of a report without a banner ('No match on EU, UN, UK lists of …', or never
 * screened); null for a banner. Hits an analyst marked false positive leave no banner: the line
 * then says 'no open match' and counts them (the screen and the PDF show them under it).
 */
function screeningLine(screening: ReportScreening, date: DateText): string | null {
  const dismissed = screening.hits.filter((h) => h.decision?.decision === 'false_positive').length;
  const lists = screenedListsText(screening.lists, date);
  if (screening.status === 'clear') return dismissed ? `No open match on ${lists}: ${falsePositivesText(dismissed)}` : `No match on ${lists}`;
  if (screening.status === 'not_screened') {
    if (!screening.screened_at) return NOT_SCREENED_TEXT;
    if (!screening.lists.length) return NO_LISTS_TEXT;
    const found = dismissed ? `no open match on ${lists} (${falsePositivesText(dismissed)})` : `no match on ${lists}`;
    return `Not cleared: ${found}, but a stale or missing list cannot clear a company`;
  }
  return null;
}

/** How a report shows its screening: a banner for a (possible) match, else the quiet line. */
export type ScreeningView = { banner: BannerStatus; line: null } | { banner: null; line: string };

export function screeningView(screening: ReportScreening, date: DateText): ScreeningView {
  const line = screeningLine(screening, date);
  return line === null && isBannerStatus(screening.status) ? { banner: screening.status, line } : { banner: null, line: line ?? '' };
}

/** The hits of a screening without a banner: every one decided (a false positive), shown under the quiet line. */
export function decidedHits(screening: ReportScreening): ScreeningHitDto[] {
  return isBannerStatus(screening.status) ? [] : screening.hits.filter((h) => h.decision);
}

/** The banner's small print: when it was screened and against which lists of which dates. */
export function screenedOnText(screening: ReportScreening, date: DateText, dateTime: DateText): string {
  const when = screening.screened_at ? `Screened ${dateTime(screening.screened_at)} against ` : 'Screened against ';
  return `${when}${screenedListsText(screening.lists, date)}`;
}

const SUBJECTS: Record<ScreeningSubject, string> = { company: 'Company', officer: 'Officer', owner: 'Owner' };

/** Who was found: 'Company', 'Officer' or 'Owner'. */
function subjectLabel(subject: ScreeningSubject): string {
  return SUBJECTS[subject];
}

/** The label over a hit's matched name, e.g. 'Matched name (company)'. */
export const matchedNameLabel = (subject: ScreeningSubject) => `Matched name (${subjectLabel(subject).toLowerCase()})`;

/** A hit's score to two decimals, 0 to 1 ('0.93'). */
export function scoreText(score: number): string {
  return score.toFixed(2);
}

/** A hit's facts beside its names, in display order. */
export function hitFacts(hit: ScreeningHitDto): { label: string; value: string }[] {
  return [
    { label: 'List', value: hit.list },
    { label: 'Entry', value: hit.entry_id },
    { label: 'Subject', value: subjectLabel(hit.subject) },
    { label: 'Score', value: scoreText(hit.score) },
    { label: 'Programme', value: hit.programme || '-' },
    { label: 'Designated', value: hit.designation_date || '-' },
  ];
}

const DECISIONS: Record<ScreeningDecisionValue, string> = { false_positive: 'False positive', confirmed: 'Confirmed match' };

/** 'False positive' or 'Confirmed match'. */
export function decisionLabel(decision: ScreeningDecisionValue): string {
  return DECISIONS[decision];
}

/** Who decided and when: 'False positive, marked by anna@insurer.eu on 27 Nov, 14:05'. */
export function decisionText(decision: ScreeningDecision, dateTime: DateText): string {
  return `${decisionLabel(decision.decision)}, marked by ${decision.decided_by} on ${dateTime(decision.decided_at)}`;
}

/** The hits no analyst has decided yet. */
export function openHits(screening: ReportScreening): ScreeningHitDto[] {
  return screening.hits.filter((h) => !h.decision);
}

/**
 * The hits that still stand: every hit but those an analyst marked false positive (a confirmed
 * hit stands). A portfolio row counts them and its export lists them.
 */
export function standingHits(screening: Pick<ReportScreening, 'hits'>): ScreeningHitDto[] {
  return screening.hits.filter((h) => h.decision?.decision !== 'false_positive');
}

/** Hits on one line, as the exports write them: 'EU EU.9001.01 Lusitania Energy Trading Holdings (1.00); UN …'. */
export function hitsLine(hits: readonly ScreeningHitDto[]): string {
  return hits.map((h) => `${h.list} ${h.entry_id} ${h.listed_name} (${scoreText(h.score)})`).join('; ');
}

/** Every text of the screening that comes from the data (names, reasons, notes), for the PDF's font choice. */
export function screeningTexts(screening: ReportScreening): string[] {
  return screening.hits.flatMap((h) => [
    h.entry_id,
    h.listed_name,
    h.matched_name,
    h.programme ?? '',
    ...h.reasons,
    ...(h.decision ? [h.decision.note, h.decision.decided_by] : []),
  ]);
}
