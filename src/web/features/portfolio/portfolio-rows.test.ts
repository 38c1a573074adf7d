import { describe, expect, it } from 'vitest';
import { detailFixture, doneRow, row } from '../../../../test/web/portfolio-fixtures';
import {
  NO_FILTERS,
  averageScore,
  countryLabel,
  dominantHazards,
  filterOptions,
  filterRows,
  formatEta,
  gradeDistribution,
  hasSanctionsHit,
  sanctionsCounts,
  sanctionsSummaryText,
  sortRows,
} from './portfolio-rows';

const rows = detailFixture().rows;
const lines = (rs: { row: number }[]) => rs.map((r) => r.row);

describe('portfolio rows', () => {
  it('names countries given as ISO codes or names, and keeps what it does not know', () => {
    expect(['PT', ' el ', 'germany', 'Narnia'].map(countryLabel)).toEqual(['Portugal', 'Greece', 'Germany', 'Narnia']);
  });

  it('filters by grade, country (code or name alike), worst hazard and text without accents', () => {
    expect(lines(filterRows(rows, { ...NO_FILTERS, grade: 'F' }))).toEqual([4]);
    expect(lines(filterRows(rows, { ...NO_FILTERS, country: 'Portugal' }))).toEqual([2, 4]);
    expect(lines(filterRows(rows, { ...NO_FILTERS, country: 'Greece' }))).toEqual([5]);
    expect(lines(filterRows(rows, { ...NO_FILTERS, hazard: 'Windstorm' }))).toEqual([3]);
    expect(lines(filterRows(rows, { ...NO_FILTERS, search: 'porto' }))).toEqual([4]);
    expect(lines(filterRows(rows, { ...NO_FILTERS, search: 'SAP' }))).toEqual([3]);
    expect(lines(filterRows([doneRow(9, { company_name: 'Škoda Auto' })], { ...NO_FILTERS, search: 'skoda' }))).toEqual([9]);
    expect(lines(filterRows(rows, { grade: 'B', country: 'Portugal', hazard: 'Earthquake', search: 'lisbon' }))).toEqual([2]);
    expect(filterRows(rows, { ...NO_FILTERS, grade: 'C' })).toEqual([]);
  });

  it('sorts by score, grade, country and hazard both ways; rows without a value go last either way', () => {
    expect(lines(sortRows(rows, { key: 'score', direction: 'asc' }))).toEqual([4, 2, 3, 5]);
    expect(lines(sortRows(rows, { key: 'score', direction: 'desc' }))).toEqual([3, 2, 4, 5]);
    expect(lines(sortRows(rows, { key: 'grade', direction: 'desc' }))).toEqual([4, 2, 3, 5]);
    expect(lines(sortRows(rows, { key: 'country', direction: 'asc' }))).toEqual([3, 5, 2, 4]);
    expect(lines(sortRows(rows, { key: 'hazard', direction: 'asc' }))).toEqual([2, 4, 3, 5]);
    expect(lines(sortRows(rows, { key: 'status', direction: 'asc' }))).toEqual([5, 2, 3, 4]);
    expect(lines(sortRows(rows, { key: 'row', direction: 'desc' }))).toEqual([5, 4, 3, 2]);
  });

  it('counts the grades A to F of the assessed rows only', () => {
    const dist = gradeDistribution([...rows, row(6), doneRow(7, { overallScoreGrade: 'B' })]);
    expect(dist).toEqual([
      { grade: 'A', count: 1 },
      { grade: 'B', count: 2 },
      { grade: 'C', count: 0 },
      { grade: 'D', count: 0 },
      { grade: 'F', count: 1 },
    ]);
  });

  it('ranks the hazards that are the worst risk of most sites, at most five', () => {
    const many = ['Flood', 'Flood', 'Flood', 'Heat', 'Heat', 'Earthquake', 'Drought', 'Wildfire', 'Windstorm', 'Landslide'].map(
      (h, i) => doneRow(i + 2, { worst_hazard: h }),
    );
    expect(dominantHazards(many)).toEqual([
      { hazard: 'Flood', count: 3 },
      { hazard: 'Heat', count: 2 },
      { hazard: 'Drought', count: 1 },
      { hazard: 'Earthquake', count: 1 },
      { hazard: 'Landslide', count: 1 },
    ]);
    expect(dominantHazards([row(2, { status: 'failed', worst_hazard: 'Flood' })])).toEqual([]);
  });

  it('offers the countries and hazards present, and averages the scores', () => {
    expect(filterOptions(rows)).toEqual({ countries: ['Germany', 'Greece', 'Portugal'], hazards: ['Earthquake', 'Flood', 'Windstorm'] });
    expect(averageScore(rows)).toBe(77);
    expect(averageScore([row(2)])).toBeNull();
  });

  it('says the time left in seconds, minutes or hours', () => {
    expect([0, 42, 150, 3900, 7200].map(formatEta)).toEqual(['1 s', '42 s', '3 min', '1 h 5 min', '2 h']);
  });

  describe('sanctions screening', () => {
    const screened = [
      doneRow(2, { fiscal_number: '500697256', country: 'Portugal', screening_status: 'match', screening_hits: 1 }),
      // The same company written another way, at another site: one company.
      doneRow(3, { fiscal_number: 'PT 500 697 256', country: 'PT', screening_status: 'possible_match', screening_hits: 1 }),
      doneRow(4, { fiscal_number: 'DE143454214', country: 'Germany', screening_status: 'clear', screening_hits: 0 }),
      doneRow(5, { fiscal_number: 'ESA28015865', country: 'ES', screening_status: 'possible_match', screening_hits: 2 }),
      doneRow(6, { fiscal_number: 'FI01120389', country: 'Finland', screening_status: 'not_screened', screening_hits: 0 }),
      row(7, { status: 'failed', error: 'Company not found.' }),
    ];

    it('counts each company once, at the gravest status of its sites, and says so in a sentence', () => {
      expect(sanctionsCounts(screened)).toEqual({ match: 1, possible_match: 1, clear: 1, not_screened: 1 });
      expect(sanctionsSummaryText(sanctionsCounts(screened))).toBe(
        '1 company is a sanctions match, 1 company is a possible match, 1 company is not screened against current lists.',
      );
      const many = [...screened, doneRow(8, { fiscal_number: '00905811006', country: 'IT', screening_status: 'match', screening_hits: 1 })];
      expect(sanctionsSummaryText(sanctionsCounts(many))).toMatch(/^2 companies are sanctions matches, 1 company is a possible match,/);
      expect(sanctionsSummaryText(sanctionsCounts([screened[2]!, doneRow(9, { fiscal_number: 'FR59542051180', country: 'FR', screening_status: 'clear' })]))).toBe(
        '2 companies screened, no sanctions match.',
      );
      // Before any report: nothing to say.
      expect(sanctionsSummaryText(sanctionsCounts([row(2), screened[5]!]))).toBeNull();
    });

    it('keeps the matches and possible matches for "Hits only", and sorts matches first', () => {
      expect(lines(screened.filter(hasSanctionsHit))).toEqual([2, 3, 5]);
      expect(lines(sortRows(screened, { key: 'sanctions', direction: 'asc' }))).toEqual([2, 3, 5, 6, 4, 7]);
      expect(lines(sortRows(screened, { key: 'sanctions', direction: 'desc' }))).toEqual([4, 6, 3, 5, 2, 7]);
    });
  });
});
