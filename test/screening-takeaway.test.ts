import { describe, expect, it } from 'vitest';
import { translator } from '../src/server/lib/messages.js';
import type { ReportScreening, ScreeningHitDto } from '../src/shared/contracts/screening.js';
import { screeningTakeaway, withScreeningTakeaway, withScreeningTakeawayChanged } from '../src/shared/reports/screening-takeaway.js';
import { hitFixture, matchScreeningFixture, screeningFixture } from './web/report-fixtures.js';

/**
 * The sanctions takeaway is always worded by a translator (the `pdf.takeaway.*` messages): in
 * English the same sentence as before, in the report's language anywhere else, so a decision on
 * the screen finds the very sentence the server wrote.
 */

const en = translator('pdf', 'en');
const de = translator('pdf', 'de');

/** The English sentence as it was written in code before the catalogue worded it. */
function oldEnglish(hit: ScreeningHitDto): string {
  const programme = hit.programme ? `, ${hit.programme}` : '';
  const who = hit.subject === 'company' ? hit.matched_name : `${hit.subject === 'owner' ? 'Owner' : 'Officer'} ${hit.matched_name}`;
  return (
    `Sanctions match: ${who} matches ${hit.list} list entry ${hit.entry_id} ("${hit.listed_name}"${programme}). ` +
    'Cover must not be given, nor a claim paid, without a licence from the competent authority.'
  );
}

const match = (hit: ScreeningHitDto): ReportScreening => screeningFixture({ status: 'match', hits: [hit] });
const decided = (decision: 'confirmed' | 'false_positive') => ({ decision, note: 'Checked', decided_by: 'ana@example.com', decided_at: '2026-11-27T16:00:00.000Z' });

describe('the sanctions takeaway', () => {
  it('says in English word for word what the old English sentence said', () => {
    const hits = [
      hitFixture(),
      hitFixture({ programme: null }),
      hitFixture({ subject: 'owner', matched_name: 'Ivan Sidorov', listed_name: 'Ivan Petrovich Sidorov', programme: 'Russia' }),
      hitFixture({ subject: 'officer', matched_name: 'Jan Novák', listed_name: 'Jan Novak', programme: null }),
    ];
    for (const hit of hits) expect(screeningTakeaway(match(hit), en)).toBe(oldEnglish(hit));
  });

  it('is written in the translator’s language, and absent without an open match', () => {
    expect(screeningTakeaway(match(hitFixture({ subject: 'owner', matched_name: 'Ivan Sidorov' })), de)).toBe(
      'Sanktionstreffer: Gesellschafter Ivan Sidorov entspricht dem Eintrag EU.7382.45 der Liste EU ("ООО Роснефтегаз Трейдинг", RUS). ' +
        'Ohne Genehmigung der zuständigen Behörde darf weder Deckung gewährt noch ein Schaden reguliert werden.',
    );
    expect(screeningTakeaway(screeningFixture(), de)).toBeNull();
    expect(screeningTakeaway(match(hitFixture({ decision: decided('false_positive') })), de)).toBeNull();
  });

  it('follows decisions on a German report: a confirmed hit comes first, a false positive goes, no English sentence, no duplicate', () => {
    const result = { key_takeaways_for_insurers: ['Hochwasser: Deckung prüfen.'] };
    // Two open hits: the company's takeaway first, as the server wrote it in German.
    const open: ReportScreening = { ...matchScreeningFixture(), hits: matchScreeningFixture().hits.map(({ decision: _, ...hit }) => hit) };
    const answered = withScreeningTakeaway(result, open, de);
    expect(answered.key_takeaways_for_insurers).toEqual([screeningTakeaway(open, de), 'Hochwasser: Deckung prüfen.']);

    // The owner's hit confirmed: its takeaway takes the company's place.
    const confirmed: ReportScreening = { ...open, hits: [open.hits[0]!, { ...open.hits[1]!, decision: decided('confirmed') }] };
    const afterConfirm = withScreeningTakeawayChanged(answered, open, confirmed, de);
    expect(afterConfirm.key_takeaways_for_insurers).toEqual([screeningTakeaway(confirmed, de), 'Hochwasser: Deckung prüfen.']);
    expect(afterConfirm.key_takeaways_for_insurers[0]).toMatch(/^Sanktionstreffer: Gesellschafter Ivan Sidorov /);

    // Then marked a false positive, and the company's hit too: no match left, no takeaway.
    const owner: ReportScreening = { ...confirmed, hits: [open.hits[0]!, { ...open.hits[1]!, decision: decided('false_positive') }] };
    const afterOwner = withScreeningTakeawayChanged(afterConfirm, confirmed, owner, de);
    expect(afterOwner.key_takeaways_for_insurers).toEqual([screeningTakeaway(owner, de), 'Hochwasser: Deckung prüfen.']);
    const cleared: ReportScreening = { ...owner, status: 'clear', hits: owner.hits.map((hit) => ({ ...hit, decision: decided('false_positive') })) };
    expect(withScreeningTakeawayChanged(afterOwner, owner, cleared, de)).toEqual(result);

    for (const takeaways of [afterConfirm, afterOwner].map((r) => r.key_takeaways_for_insurers)) {
      expect(takeaways.join(' ')).not.toMatch(/Sanctions match|Cover must not be given/);
      expect(new Set(takeaways).size).toBe(takeaways.length);
    }
  });
});
