import { describe, expect, it } from 'vitest';
import { gradeFor } from '../../../shared/scoring';
import { companyFixture, resultFixture } from '../../../../test/web/report-fixtures';
import {
  GRADE_COLOURS,
  companyFacts,
  gradeLabel,
  industryRows,
  levelLabel,
  levelText,
  locationRows,
  reportDate,
} from './report-format';

describe('likelihood and impact labels', () => {
  it.each([
    [0, 'Negligible'],
    [1, 'Very Low'],
    [2, 'Low'],
    [3, 'Moderate'],
    [4, 'High'],
    [5, 'Very High'],
    [6, 'Unknown'],
    [-1, 'Unknown'],
    [2.5, 'Unknown'],
    [Number.NaN, 'Unknown'],
  ])('%s → %s', (value, label) => {
    expect(levelLabel(value)).toBe(label);
  });

  it('shows the level next to its label', () => {
    expect(levelText(4)).toBe('High (4/5)');
    expect(levelText(0)).toBe('Negligible (0/5)');
    expect(levelText(9)).toBe('Unknown');
  });
});

describe('grades', () => {
  it.each([
    [100, 'A', 'Excellent - Very Low Risk'],
    [90, 'A', 'Excellent - Very Low Risk'],
    [89, 'B', 'Good - Low Risk'],
    [80, 'B', 'Good - Low Risk'],
    [79, 'C', 'Average - Moderate Risk'],
    [70, 'C', 'Average - Moderate Risk'],
    [69, 'D', 'Below Average - High Risk'],
    [60, 'D', 'Below Average - High Risk'],
    [59, 'F', 'Poor - Very High Risk'],
    [0, 'F', 'Poor - Very High Risk'],
  ] as const)('%s → %s (%s)', (score, grade, label) => {
    expect(gradeFor(score)).toBe(grade);
    expect(gradeLabel(grade)).toBe(label);
    expect(GRADE_COLOURS[grade].solid).toHaveLength(3);
  });
});

describe('report date (the product date rule)', () => {
  it("shows 'day Mon' in the current year and 'day Mon, year' otherwise", () => {
    const created = new Date(2025, 2, 5, 14, 5).toISOString();
    expect(reportDate({ created_at: created }, new Date(2025, 10, 1))).toBe('5 Mar');
    expect(reportDate({ created_at: created }, new Date(2026, 0, 2))).toBe('5 Mar, 2025');
    expect(reportDate({ created_at: 'not a date' }, new Date(2025, 0, 1))).toBe('—');
  });
});

describe('company facts and risk rows', () => {
  it('lists name, address, fiscal number, postal code, latitude and longitude', () => {
    const facts = companyFacts(companyFixture());
    expect(facts.map((f) => f.label).slice(0, 4)).toEqual(['Company name', 'Address', 'Fiscal number', 'Postal code']);
    expect(Object.fromEntries(facts.map((f) => [f.label, f.value]))).toMatchObject({
      'Company name': 'EDP, S.A.',
      'Fiscal number': '500697256',
      Latitude: '38.70694',
      Longitude: '-9.15201',
      'Activity (NACE)': 'D35.11 - Production of electricity',
    });
  });

  it('keeps the order of the result and joins scores with their reasons', () => {
    const result = resultFixture();
    expect(locationRows(result).map((r) => r.name)).toEqual(['Flood', 'Earthquake', 'Wildfire', 'Crime/theft']);
    const flood = locationRows(result)[0]!;
    expect(flood).toMatchObject({ score: 68, grade: 'D', likelihoodLabel: 'Low', impactLabel: 'High' });
    expect(flood.reasons).toEqual(['Distance to the Tagus estuary 0.6 km', 'Low-lying riverside district']);
    expect(industryRows(result).find((r) => r.name === 'Regulatory')?.reasons).toEqual([]);
  });
});
