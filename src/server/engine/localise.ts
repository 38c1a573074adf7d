import { BASE_LOCALE, type Locale } from '../../shared/i18n/locales.js';
import { msg, type Message } from '../../shared/i18n/message.js';
import { naceDivision } from '../../shared/nace.js';
import type { RiskAssessmentResultData } from '../../shared/scoring.js';
import { riskNameId } from '../../shared/i18n/risk-names.js';
import type { Activity } from '../../shared/contracts/assessment.js';
import { translator } from '../lib/messages.js';
import { activityEvidenceMessage } from './activity.js';
import { naceNameMessage } from './industry-profiles.js';
import { inLanguage } from './texts.js';


/** A risk's name in a language; a name the engine does not know (an older or an outside analyst's) stays as it is. */
export function riskName(name: string, locale: Locale): string {
  const id = riskNameId(name);
  return id ? translator('risk-names', locale)(id) : name;
}

const written = (texts: readonly string[], messages: readonly Message[] | undefined, locale: Locale): string[] =>
  messages && messages.length === texts.length ? messages.map((m) => inLanguage(m, locale)) : [...texts];

/**
 * A company's activity with its evidence and its label in the reader's language, where the engine
 * wrote them: the label of a code Corisk named in English (a division's name standing in for a
 * register's code without words, a keyword's class, the sample directory's) becomes the division's
 * name in that language. A register's own words stay as it wrote them.
 */
export function localiseActivity<A extends Pick<Activity, 'inferred_from' | 'evidence' | 'nace_code' | 'nace_label'>>(activity: A, locale: Locale): A {
  const message = activityEvidenceMessage(activity);
  const evidence = message ? inLanguage(message, locale) : activity.evidence;
  return { ...activity, evidence, nace_label: activityLabel(activity, message, locale) };
}

function activityLabel(activity: Pick<Activity, 'inferred_from' | 'nace_code' | 'nace_label'>, evidence: Message | undefined, locale: Locale): string {
  if (locale === BASE_LOCALE) return activity.nace_label;
  if (activity.inferred_from === 'none') return inLanguage(msg('industry.activity.notDetermined'), locale);
  const englishLabel = activity.inferred_from === 'name' || activity.nace_label === naceDivision(activity.nace_code)?.label || evidence?.id === 'industry.activity.givenBySample';
  const name = englishLabel ? naceNameMessage(activity.nace_code) : undefined;
  if (!name) return activity.nace_label;
  const words = inLanguage(name, locale);
  return words.charAt(0).toLocaleUpperCase(locale) + words.slice(1);
}

/**
 * A stored result with its texts in the reader's language: every reason, evidence line,
 * takeaway and data-source line the engine stored as a message is written in `locale`; texts
 * stored without one (older reports, the OpenAI analyst's own words) stay as they are. The
 * messages themselves are left out of the answer. Also each risk's name in that language.
 */
export function localiseResult(result: RiskAssessmentResultData, locale: Locale): { result: RiskAssessmentResultData; riskNames: Record<string, string> } {
  const risks = (map: RiskAssessmentResultData['location_risk']) =>
    Object.fromEntries(
      Object.entries(map).map(([name, { reason, reason_messages, evidence }]) => [
        name,
        {
          reason: written(reason, reason_messages, locale),
          ...(evidence && { evidence: evidence.map(({ dataset, text, message }) => ({ dataset, text: message ? inLanguage(message, locale) : text })) }),
        },
      ]),
    );
  const { key_takeaways_messages, ...rest } = result;
  const riskNames = Object.fromEntries(
    [...Object.keys(result.locationScoresMap), ...Object.keys(result.industryScoresMap)].map((name) => [name, riskName(name, locale)]),
  );
  return {
    result: {
      ...rest,
      location_risk: risks(result.location_risk),
      sector_specific_risk: risks(result.sector_specific_risk),
      key_takeaways_for_insurers: written(result.key_takeaways_for_insurers, key_takeaways_messages, locale),
      ...(result.data_sources && {
        data_sources: result.data_sources.map(({ used_for_message, ...source }) => ({
          ...source,
          used_for: used_for_message ? inLanguage(used_for_message, locale) : source.used_for,
        })),
      }),
    },
    riskNames,
  };
}
