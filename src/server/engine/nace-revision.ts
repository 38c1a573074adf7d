import { msg, type Message } from '../../shared/i18n/message.js';
import { naceDivision } from '../../shared/nace.js';
import correspondence from './data/nace-rev2.1-rev2.json' with { type: 'json' };
import { profileForDivision, type IndustryProfile } from './industry-profiles.js';
import { registerValue } from './register-value.js';
import { inEnglish } from './texts.js';

/**
 * NACE Rev. 2.1 (in force from 2025; CZ-NACE 2025, KAD 2026, SNI 2025, DB25, SK NACE Rev. 2.1…)
 * read as NACE Rev. 2, the revision the industry profiles are written for: through Eurostat's
 * correspondence table (data/nace-rev2.1-rev2.json, described in data/README.md). When the table
 * links a Rev. 2.1 class to several Rev. 2 classes, the one with the riskiest industry profile is
 * taken, so that an ambiguous code never lowers the assessment.
 */

const REV21_TO_REV2: Readonly<Record<string, readonly string[]>> = correspondence;
const REV2_CLASSES: ReadonlySet<string> = new Set(Object.values(REV21_TO_REV2).flat());

export interface Rev2Reading {
  /** the NACE Rev. 2.1 class, 'NN.NN' */
  rev21: string;
  /** the NACE Rev. 2 class it is read as */
  rev2: string;
  /** every Rev. 2 class the correspondence links it to (rev2 among them), sorted */
  candidates: readonly string[];
}

/** Is 'NN.NN' a NACE Rev. 2 class? */
export const isNaceRev2Class = (code: string): boolean => REV2_CLASSES.has(code);

/** Is 'NN.NN' a NACE Rev. 2.1 class? */
export const isNaceRev21Class = (code: string): boolean => code in REV21_TO_REV2;

/** How risky a profile is: the sum of its risks' likelihood × impact. */
function profileScore(profile: IndustryProfile): number {
  return Object.values(profile.risks).reduce((sum, [likelihood, impact]) => sum + likelihood * impact, 0);
}

/**
 * The NACE Rev. 2 class of a Rev. 2.1 class ('62.10' → 62.01): the one class the correspondence
 * names, or of several the one whose industry profile scores highest; among equally risky ones the
 * class of the same number, else the first. Undefined for a code that is not a Rev. 2.1 class or
 * that the table links to no Rev. 2 class (46.89).
 */
export function rev2ForRev21(rev21: string): Rev2Reading | undefined {
  const candidates = REV21_TO_REV2[rev21];
  if (!candidates?.length) return undefined;
  let best = candidates[0]!;
  let bestScore = -1;
  for (const c of candidates) {
    const score = profileScore(profileForDivision(naceDivision(c)?.division));
    if (score > bestScore || (score === bestScore && c === rev21)) [best, bestScore] = [c, score];
  }
  return { rev21, rev2: best, candidates };
}

/**
 * The evidence of a NACE class read from a national Rev. 2.1 code: 'NACE 62.01 from CZ-NACE 2025
 * code 62100 in the … (NACE Rev. 2.1 class 62.10, read as Rev. 2 class 62.01 by the Eurostat
 * correspondence)'; when ambiguous it names the candidates and says the riskier profile was taken.
 */
export function rev21EvidenceMessage(reading: Rev2Reading, scheme: string, code: string, register: string | Message): Message {
  const values = { nace: reading.rev2, scheme, code, register, rev21: reading.rev21 };
  return reading.candidates.length > 1
    ? msg('industry.activity.officialRev21Ambiguous', { ...values, candidates: reading.candidates.join(', ') })
    : msg('industry.activity.officialRev21', values);
}

/** rev21EvidenceMessage in English, as a record's activity evidence stores it. */
export const rev21Evidence = (reading: Rev2Reading, scheme: string, code: string, register: string): string =>
  inEnglish(rev21EvidenceMessage(reading, scheme, code, register));

/** The message of an evidence rev21Evidence wrote, read back from its English words; undefined for other words. */
export function rev21EvidenceFromText(evidence: string): Message | undefined {
  const m = /^NACE (\d{2}\.\d{2}) from (.+) code (\S+) in the (.+) \(NACE Rev\. 2\.1 class (\d{2}\.\d{2}), /.exec(evidence);
  const reading = m ? rev2ForRev21(m[5]!) : undefined;
  if (!m || !reading || reading.rev2 !== m[1]) return undefined;
  const message = rev21EvidenceMessage(reading, m[2]!, m[3]!, registerValue(m[4]!));
  return inEnglish(message) === evidence ? message : undefined;
}
