import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { riskAssessmentResultSchema } from './contracts/assessment.js';
import {
  averageScores,
  buildRiskResult,
  GRADE_BANDS,
  gradeFor,
  gradeLabel,
  levelLabel,
  meanScore,
  riskScore,
  type AssessedRisk,
} from './scoring.js';

const risk = fc.record({
  name: fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s.trim().length > 0),
  rawLikelihood: fc.integer({ min: 0, max: 5 }),
  impact: fc.integer({ min: 0, max: 5 }),
  reason: fc.array(fc.string({ minLength: 1, maxLength: 30 }).filter((s) => s.trim().length > 0), {
    maxLength: 4,
  }),
});
const risks = fc.uniqueArray(risk, { maxLength: 12, selector: (r) => r.name.trim() });

const build = (location: AssessedRisk[], industry: AssessedRisk[]) =>
  buildRiskResult({ id: 'r1', createdAt: '2025-01-01T00:00:00.000Z', location, industry, keyTakeaways: ['x'] });

describe('risk score', () => {
  it('reads the published table', () => {
    expect(riskScore(0, 5)).toBe(100);
    expect(riskScore(5, 5)).toBe(34);
    expect(riskScore(3, 4)).toBe(66);
    expect(riskScore(2, 3)).toBe(82);
    expect(riskScore(5, 0)).toBe(100);
  });

  const levels = fc.integer({ min: 0, max: 5 });

  it('never scores a likelihood of Low or below under 70', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 2 }), levels, (l, i) => riskScore(l, i) >= 70));
  });

  it('gives F only to a likelihood of High or more, or Moderate with Very High impact', () => {
    for (let l = 0; l <= 5; l++) {
      for (let i = 0; i <= 5; i++) {
        if (gradeFor(riskScore(l, i)) === 'F') expect(l >= 4 || (l === 3 && i === 5), `L${l} I${i}`).toBe(true);
      }
    }
    expect(gradeFor(riskScore(3, 5))).toBe('F');
    expect(gradeFor(riskScore(4, 4))).toBe('F');
  });

  it('never rises as likelihood or impact rises', () => {
    fc.assert(
      fc.property(levels, levels, (l, i) => {
        const s = riskScore(l, i);
        return (l === 5 || riskScore(l + 1, i) <= s) && (i === 5 || riskScore(l, i + 1) <= s);
      }),
    );
  });

  it('is always a whole number in 0–100, even for out-of-range input', () => {
    fc.assert(
      fc.property(fc.double(), fc.double(), (l, i) => {
        const s = riskScore(l, i);
        return Number.isInteger(s) && s >= 0 && s <= 100;
      }),
    );
  });
});

describe('grades', () => {
  it('follow the bands A 90–100, B 80–89, C 70–79, D 60–69, F 0–59 with the product labels', () => {
    expect([100, 90, 89, 80, 79, 70, 69, 60, 59, 0].map(gradeFor)).toEqual([
      'A', 'A', 'B', 'B', 'C', 'C', 'D', 'D', 'F', 'F',
    ]);
    expect((['A', 'B', 'C', 'D', 'F'] as const).map(gradeLabel)).toEqual([
      'Excellent - Very Low Risk',
      'Good - Low Risk',
      'Average - Moderate Risk',
      'Below Average - High Risk',
      'Poor - Very High Risk',
    ]);
  });

  it('always match the band of the score', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 }), (s) => {
        const band = GRADE_BANDS.find((b) => s >= b.min && s <= b.max)!;
        return gradeFor(s) === band.grade;
      }),
    );
  });
});

describe('likelihood and impact labels', () => {
  it('are Negligible … Very High for 0–5 and Unknown otherwise', () => {
    expect([0, 1, 2, 3, 4, 5].map(levelLabel)).toEqual([
      'Negligible', 'Very Low', 'Low', 'Moderate', 'High', 'Very High',
    ]);
    expect(levelLabel(6)).toBe('Unknown');
    expect(levelLabel(-1)).toBe('Unknown');
    expect(levelLabel(2.5)).toBe('Unknown');
  });
});

describe('the risk result', () => {
  it('has every score in 0–100 and every grade matching its band', () => {
    fc.assert(
      fc.property(risks, risks, (location, industry) => {
        const r = build(location, industry);
        const all = [
          [r.overallScore, r.overallScoreGrade],
          [r.avgLocationRisk, r.avgLocationRiskGrade],
          [r.avgIndustryRisk, r.avgIndustryRiskGrade],
          ...Object.values(r.locationScoresMap).map((e) => [e.score, e.grade] as const),
          ...Object.values(r.industryScoresMap).map((e) => [e.score, e.grade] as const),
        ] as const;
        for (const [score, grade] of all) {
          expect(Number.isInteger(score) && score >= 0 && score <= 100).toBe(true);
          expect(grade).toBe(gradeFor(score));
        }
        expect(riskAssessmentResultSchema.safeParse(r).success).toBe(true);
      }),
    );
  });

  it('has averages equal to the (rounded) means and the documented 50/50 overall', () => {
    fc.assert(
      fc.property(risks, risks, (location, industry) => {
        const r = build(location, industry);
        const loc = Object.values(r.locationScoresMap).map((e) => e.score);
        const ind = Object.values(r.industryScoresMap).map((e) => e.score);
        expect(r.avgLocationRisk).toBe(Math.round(meanScore(loc)));
        expect(r.avgIndustryRisk).toBe(Math.round(meanScore(ind)));
        expect(r.overallScore).toBe(Math.round((meanScore(loc) + meanScore(ind)) / 2));
        expect(Object.keys(r.location_risk)).toEqual(Object.keys(r.locationScoresMap));
        expect(Object.keys(r.sector_specific_risk)).toEqual(Object.keys(r.industryScoresMap));
      }),
    );
  });

  it('is the same for the same input', () => {
    fc.assert(
      fc.property(risks, risks, (location, industry) => {
        expect(build(location, industry)).toEqual(build(structuredClone(location), structuredClone(industry)));
      }),
    );
  });

  it('keys each risk by its name with its score entry and reason list', () => {
    const r = build(
      [{ name: 'Flood', rawLikelihood: 3, impact: 4, reason: ['INFORM flood hazard 5.5/10 (Austria)'] }],
      [{ name: 'Cyber', rawLikelihood: 2, impact: 3, reason: ['NACE J62 computer programming'] }],
    );
    expect(r.locationScoresMap.Flood).toEqual({ grade: 'D', score: 66, rawLikelihood: 3, impact: 4 });
    expect(r.location_risk.Flood).toEqual({ reason: ['INFORM flood hazard 5.5/10 (Austria)'] });
    expect(r.industryScoresMap.Cyber).toEqual({ grade: 'B', score: 82, rawLikelihood: 2, impact: 3 });
    expect(r.avgLocationRisk).toBe(66);
    expect(r.overallScore).toBe(74);
    expect(r.overallScoreGrade).toBe('C');
  });

  it('averages to 100 when a side has no risk', () => {
    expect(averageScores([], [])).toEqual({ avgLocationRisk: 100, avgIndustryRisk: 100, overallScore: 100 });
  });
});
