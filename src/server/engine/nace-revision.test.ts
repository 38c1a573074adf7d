import { describe, expect, it } from 'vitest';
import type { CompanyData } from '../../shared/contracts/assessment.js';
import { naceDivision } from '../../shared/nace.js';
import correspondence from './data/nace-rev2.1-rev2.json' with { type: 'json' };
import { activityEvidenceMessage } from './activity.js';
import { analyseSite } from './analyse.js';
import { PROFILES, profileForDivision } from './industry-profiles.js';
import { isNaceRev21Class, isNaceRev2Class, rev21Evidence, rev21EvidenceMessage, rev2ForRev21 } from './nace-revision.js';
import { inEnglish, inLanguage } from './texts.js';

/** NACE Rev. 2.1 classes read as Rev. 2 classes through Eurostat's correspondence (data/nace-rev2.1-rev2.json). */

const score = (rev2: string) => Object.values(profileForDivision(naceDivision(rev2)?.division).risks).reduce((s, [l, i]) => s + l * i, 0);

describe('the Eurostat NACE Rev. 2.1 → Rev. 2 correspondence', () => {
  it('holds every Rev. 2.1 class (651) and, between them, every Rev. 2 class (615)', () => {
    expect(Object.keys(correspondence)).toHaveLength(651);
    expect(new Set(Object.values(correspondence).flat()).size).toBe(615);
    expect(isNaceRev21Class('62.10')).toBe(true);
    expect(isNaceRev21Class('62.01')).toBe(false);
    expect(isNaceRev2Class('62.01')).toBe(true);
    expect(isNaceRev2Class('62.10')).toBe(false);
  });

  it('reads a class the table links to one Rev. 2 class as that class, renumbered or not', () => {
    expect(rev2ForRev21('62.10')).toEqual({ rev21: '62.10', rev2: '62.01', candidates: ['62.01'] });
    expect(rev2ForRev21('25.62')).toEqual({ rev21: '25.62', rev2: '25.72', candidates: ['25.72'] });
    expect(rev2ForRev21('69.20')?.rev2).toBe('69.20');
  });

  it('reads an ambiguous class as the candidate with the riskiest industry profile', () => {
    // 20.16 (plastics in primary forms) ↔ Rev. 2 20.16 (chemicals) or 38.32 (materials recovery).
    expect(rev2ForRev21('20.16')).toEqual({ rev21: '20.16', rev2: '20.16', candidates: ['20.16', '38.32'] });
    expect(score('20.16')).toBeGreaterThan(score('38.32'));
    // 03.30 (support to fishing) ↔ fishing and aquaculture classes or 33.11 (repair of metal products).
    const fishing = rev2ForRev21('03.30')!;
    expect(fishing.candidates).toEqual(['03.11', '03.12', '03.21', '03.22', '33.11']);
    expect(fishing.rev2).toBe(score('33.11') > score('03.11') ? '33.11' : '03.11');
    // Every ambiguous class: no candidate scores above the one taken.
    for (const rev21 of Object.keys(correspondence)) {
      const r = rev2ForRev21(rev21);
      if (r) for (const c of r.candidates) expect(score(c), `${rev21} → ${r.rev2} over ${c}`).toBeLessThanOrEqual(score(r.rev2));
    }
  });

  it('takes the class of the same number among equally risky candidates', () => {
    // 13.96 ↔ 13.20, 13.92, 13.96: all textile manufacturing.
    expect(rev2ForRev21('13.96')?.rev2).toBe('13.96');
    expect(rev2ForRev21('01.13')).toMatchObject({ rev2: '01.13', candidates: ['01.13', '01.19', '01.28'] });
  });

  it('reads nothing for a code that is no Rev. 2.1 class or has no Rev. 2 counterpart', () => {
    expect(rev2ForRev21('47.19')).toBeUndefined();
    expect(rev2ForRev21('46.89')).toBeUndefined();
    expect(rev2ForRev21('62')).toBeUndefined();
  });
});

describe('a NACE Rev. 2.1 activity in the assessment', () => {
  const ARES = 'Czech register of economic subjects (ARES)';
  const company = (rev21: string, code: string): Parameters<typeof analyseSite>[0] & Partial<CompanyData> => {
    const reading = rev2ForRev21(rev21)!;
    return {
      name: 'Plasty Kolín s.r.o.',
      country: 'Czech Republic',
      latitude: 50.0281,
      longitude: 15.2006,
      geocode_precision: 'city',
      activity: {
        nace_code: reading.rev2,
        nace_label: naceDivision(reading.rev2)!.label,
        inferred_from: 'source',
        evidence: rev21Evidence(reading, 'CZ-NACE 2025', code, ARES),
        national_code: { scheme: 'CZ-NACE', version: '2025', code },
      },
      sample: false,
    };
  };
  const now = new Date('2026-11-24T00:00:00Z');

  it('is assessed with the Rev. 2 profile, the reason naming the revision and the riskier reading, in English and German', () => {
    const a = analyseSite(company('20.16', '20160'), undefined, now);
    const liability = a.industry.find((r) => r.name === 'Liability')!;
    // Chemicals (petrochemical profile, impact 5), not materials recovery (utilities, impact 4).
    expect([liability.rawLikelihood, liability.impact]).toEqual(PROFILES.petrochemical!.risks.Liability.slice(0, 2));
    expect(liability.reason[0]).toBe(
      `NACE C20 chemicals manufacturing (20.16 Manufacture of chemicals and chemical products) — official: NACE 20.16 from CZ-NACE 2025 code 20160 in the ${ARES} (NACE Rev. 2.1 class 20.16, which the Eurostat correspondence links to Rev. 2 classes 20.16, 38.32: read as 20.16, the riskier industry profile)`,
    );
    const german = inLanguage(liability.reasonMessages![0]!, 'de');
    expect(german).toContain('NACE-Rev.-2.1-Klasse 20.16');
    expect(german).toContain('den Rev.-2-Klassen 20.16, 38.32 zuordnet: als 20.16 gelesen, das riskantere Branchenprofil');
  });

  it('says a one-to-one reading in the reason too, and the evidence reads back as its message', () => {
    const c = company('62.10', '62100');
    const a = analyseSite(c, undefined, now);
    expect(a.industry[0]!.reason[0]).toContain(`NACE 62.01 from CZ-NACE 2025 code 62100 in the ${ARES} (NACE Rev. 2.1 class 62.10, read as Rev. 2 class 62.01 by the Eurostat correspondence)`);
    expect(inLanguage(a.industry[0]!.reasonMessages![0]!, 'de')).toContain('NACE-Rev.-2.1-Klasse 62.10, nach der Eurostat-Umsteigetabelle als Rev.-2-Klasse 62.01 gelesen');
    const message = activityEvidenceMessage(c.activity!);
    expect(message).toEqual(rev21EvidenceMessage(rev2ForRev21('62.10')!, 'CZ-NACE 2025', '62100', ARES));
    expect(inEnglish(message!)).toBe(c.activity!.evidence);
  });
});
