import { describe, expect, it } from 'vitest';
import { setLocale, t } from '../../lib/i18n';
import { gradeFor } from '../../../shared/scoring';
import { companyFixture, evidenceResultFixture, resultFixture } from '../../../../test/web/report-fixtures';
import {
  GRADE_COLOURS,
  companyFacts,
  dataSources,
  evidenceLines,
  gradeLabel,
  industryRows,
  levelLabel,
  levelText,
  locationRows,
  reasonsBesideEvidence,
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

  it("writes a register's date of incorporation as documents do in the page's language; English keeps it", async () => {
    const incorporated = () => companyFacts({ ...companyFixture(), incorporated_on: '2019-03-14' }).find((f) => f.label === t('report.facts.incorporatedOn'))!.value;
    expect(incorporated()).toBe('2019-03-14');
    await setLocale('de');
    try {
      expect(incorporated()).toBe('14.03.2019');
    } finally {
      await setLocale('en');
    }
  });

  it('names the site type rated, chosen or assumed, after the activity (screen and PDF); none on older reports', () => {
    const facts = (over: object) => Object.fromEntries(companyFacts({ ...companyFixture(), ...over }).map((f) => [f.label, f.value]));
    expect(facts({ site_type: 'office', site_type_assumed: false })['Site type']).toBe('Office (chosen)');
    expect(facts({ site_type: 'plant', site_type_assumed: true })['Site type']).toBe('Plant (assumed from the activity)');
    expect(companyFacts(companyFixture()).map((f) => f.label)).not.toContain('Site type');
  });

  it('keeps the order of the result and joins scores with their reasons', () => {
    const result = resultFixture();
    expect(locationRows(result).map((r) => r.name)).toEqual(['Flood', 'Earthquake', 'Wildfire', 'Crime/theft']);
    const flood = locationRows(result)[0]!;
    expect(flood).toMatchObject({ score: 78, grade: 'C', likelihoodLabel: 'Low', impactLabel: 'High' });
    expect(flood.reasons).toEqual(['Distance to the Tagus estuary 0.6 km', 'Low-lying riverside district']);
    expect(industryRows(result).find((r) => r.name === 'Regulatory')?.reasons).toEqual([]);
  });
});

describe('evidence and data sources', () => {
  it('trims evidence lines, drops a dataset repeated in front of its text, and drops empty lines', () => {
    expect(
      evidenceLines([
        { dataset: ' ETOPO5 ', text: 'ETOPO5: 3 m above sea level' },
        { dataset: 'etopo5', text: 'ETOPO5:relief 40 m within 5 km' },
        { dataset: 'NOAA NCEI', text: 'M7.1 Messina 1908, 8 km' },
        { dataset: 'ETOPO5', text: 'ETOPO5 grid cell 9 km' },
        { dataset: 'Natural Earth', text: '   ' },
      ]),
    ).toEqual([
      { dataset: 'ETOPO5', text: '3 m above sea level' },
      { dataset: 'etopo5', text: 'relief 40 m within 5 km' },
      { dataset: 'NOAA NCEI', text: 'M7.1 Messina 1908, 8 km' },
      { dataset: 'ETOPO5', text: 'ETOPO5 grid cell 9 km' },
    ]);
    expect(evidenceLines(undefined)).toEqual([]);
  });

  it('gives each row its evidence, and none on a report stored before evidence existed', () => {
    const rows = locationRows(evidenceResultFixture());
    expect(rows.map((r) => r.name)).toEqual(['Earthquake', 'Volcanic Activity', 'Coastal Flood / Storm Surge', 'Flood']);
    expect(rows[1]!.evidence).toEqual([{ dataset: 'Smithsonian GVP', text: 'Etna (stratovolcano), 28 km; last eruption 2015 or later' }]);
    expect(rows[3]!.evidence).toEqual([]);
    expect(locationRows(resultFixture()).every((r) => r.evidence.length === 0)).toBe(true);
  });

  it('drops a reason that repeats an evidence line, so each measured fact shows once', () => {
    const evidence = [
      { dataset: 'ETOPO5', text: '3 m above sea level, 2 km from the coast: high' },
      { dataset: 'Natural Earth coastline', text: '2 km from the sea' },
    ];
    const reasons = [
      'High: a damaging storm surge is likely to reach the site in the next 10 years unless defences hold.',
      'ETOPO5: 3 m above sea level, 2 km from the coast: high',
      ' natural earth coastline:  2 km from the sea ',
      'impact raised: asset-heavy activity',
    ];
    expect(reasonsBesideEvidence(reasons, evidence)).toEqual([
      'High: a damaging storm surge is likely to reach the site in the next 10 years unless defences hold.',
      'impact raised: asset-heavy activity',
    ]);
    // Without evidence (older reports, the AI analyst's own wording) every reason stays.
    expect(reasonsBesideEvidence(reasons, [])).toHaveLength(4);
    const result = evidenceResultFixture();
    result.location_risk['Earthquake'] = {
      reason: ['Medium: ...', 'NOAA: M6.0 Athens 1999, 19 km'],
      evidence: [{ dataset: 'NOAA', text: 'M6.0 Athens 1999, 19 km' }],
    };
    const row = locationRows(result).find((r) => r.name === 'Earthquake')!;
    expect(row.reasons).toEqual(['Medium: ...']);
    expect(row.evidence).toEqual([{ dataset: 'NOAA', text: 'M6.0 Athens 1999, 19 km' }]);
  });

  it('lists the data sources when the report has them', () => {
    expect(dataSources(evidenceResultFixture()).map((s) => s.name)).toContain('NOAA NCEI Significant Earthquake Database');
    expect(dataSources(resultFixture())).toEqual([]);
  });
});
