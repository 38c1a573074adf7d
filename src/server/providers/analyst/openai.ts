import type { Locale } from '../../../shared/i18n/locales.js';
import { z } from 'zod';
import type { Activity, CompanyData } from '../../../shared/contracts/assessment.js';
import { countryByIso2, countryByName } from '../../../shared/countries.js';
import { naceReference } from '../../../shared/nace.js';
import type { AssessedRisk } from '../../../shared/scoring.js';
import type { HazardRasters } from '../../geo/hazard-rasters.js';
import { httpRequest, OutgoingHttpError } from '../../lib/outgoing-http.js';
import { resolveActivity } from '../../engine/index.js';
import { analyseOrFail } from './embedded.js';
import type { SiteAnalysis } from '../../engine/index.js';
import {
  AnalystError,
  INDUSTRY_RISKS,
  LOCATION_RISKS,
  type AnalysisInput,
  type Analyst,
  type AnalystAnswer,
} from './analyst.js';
import { INFORM_SOURCE, informFor, type InformCountry } from '../../engine/index.js';
import { siteEvidenceForPrompt } from '../../engine/index.js';
import { formatKm, formatPeople, siteFeatures, type SiteFeatures } from '../../engine/index.js';

/**
 * The `openai` analyst: any OpenAI-compatible chat completions API (OPENAI_BASE_URL,
 * OPENAI_API_KEY, OPENAI_MODEL). The model is given the company, the hazard indicators our code
 * computes (INFORM 2020 country scores, distance to the coast, people nearby, the activity) and
 * the location map as an image, and must answer with structured output (`response_format`
 * json_schema, strict) generated from the zod schema below: a likelihood, an impact and reasons
 * per risk, and takeaways. The answer is validated; our code computes every score and grade
 * (shared/scoring.ts). A risk the model left unrated is rated by the embedded engine, its reasons
 * saying so; any other invalid answer is an AnalystError, never half a report.
 */

const level = z.number().int().min(0).max(5);
const rating = z.object({
  likelihood: level.describe('0 Negligible, 1 Very Low, 2 Low, 3 Moderate, 4 High, 5 Very High'),
  impact: level.describe('0 Negligible, 1 Very Low, 2 Low, 3 Moderate, 4 High, 5 Very High'),
  reasons: z.array(z.string()).min(1).max(4).describe('the facts behind the rating, each naming its data'),
});
type Rating = z.infer<typeof rating>;

/**
 * One property per risk, every one required: strict structured output then cannot leave a risk
 * out or rate one twice (a list of risks only says each item is some risk).
 */
const ratingsOf = <T extends readonly string[]>(names: T) =>
  z.strictObject(Object.fromEntries(names.map((n) => [n, rating])) as Record<T[number], typeof rating>);

/** What the model must answer: a rating for every risk of both lists. */
export const modelAnswerSchema = z.strictObject({
  location_risks: ratingsOf(LOCATION_RISKS),
  industry_risks: ratingsOf(INDUSTRY_RISKS),
  key_takeaways_for_insurers: z.array(z.string()).min(3).max(6),
});
export type ModelAnswer = z.infer<typeof modelAnswerSchema>;

/**
 * What we accept: the same with any risk missing. A provider that does not enforce the schema
 * may still leave one out; that risk is then rated by the embedded engine, and its reasons say so.
 */
const acceptedAnswerSchema = z.strictObject({
  location_risks: ratingsOf(LOCATION_RISKS).partial(),
  industry_risks: ratingsOf(INDUSTRY_RISKS).partial(),
  key_takeaways_for_insurers: z.array(z.string()).min(3).max(6),
});

/** The JSON schema sent as `response_format.json_schema.schema` (strict: every object closed, every field required). */
export function responseJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(modelAnswerSchema) as Record<string, unknown>;
  delete schema.$schema;
  return schema;
}

export const RESPONSE_SCHEMA_NAME = 'corisk_risk_assessment';

const SYSTEM_PROMPT = [
  'You are a senior commercial property and casualty underwriter in the European Union.',
  'Assess the risks of insuring the company described by the user, using the data given and the location map image.',
  'For every listed risk give a likelihood and an impact on the 0-5 scale (0 Negligible, 1 Very Low, 2 Low, 3 Moderate, 4 High, 5 Very High).',
  'Likelihood is how probable a significant loss from this peril is at this site in the next ten years; impact is how severe it would be for this business.',
  'Reasons must cite the data given (index values, distances, population, NACE activity) and not invent facts; say when the placement is approximate.',
  'Rate each location risk from the site evidence given (measured at the site, with its dataset), citing its values and datasets in the reasons; use the country indices only where the site evidence is missing.',
  'Key takeaways must be specific, actionable points for an underwriter about the worst risks, not generic advice.',
  'Answer only with JSON matching the schema. Do not compute scores or grades.',
].join(' ');

/** Each language named in English, for the instruction to write in it. */
const LANGUAGE_NAMES: Record<Locale, string> = {
  en: 'English',
  de: 'German',
  fr: 'French',
  it: 'Italian',
  es: 'Spanish',
  pt: 'European Portuguese',
  pl: 'Polish',
  nl: 'Dutch',
};

/** The system prompt, asking for the reader's language when it is not English. */
export function systemPrompt(locale: Locale = 'en'): string {
  if (locale === 'en') return SYSTEM_PROMPT;
  return `${SYSTEM_PROMPT} Write every reason and key takeaway in ${LANGUAGE_NAMES[locale]}, in the terms an underwriter in that country uses; keep the JSON keys, the risk names used as keys, dataset names and codes exactly as given.`;
}

const perilIndicators = (inform: InformCountry) => [
  `earthquake ${inform.earthquake.toFixed(1)}/10`,
  `flood ${inform.flood.toFixed(1)}/10`,
  `tsunami ${inform.tsunami.toFixed(1)}/10`,
  `tropical cyclone ${inform.tropicalCyclone.toFixed(1)}/10`,
  `drought ${inform.drought.toFixed(1)}/10`,
  `epidemic ${inform.epidemic.toFixed(1)}/10`,
  `human hazard (conflict) ${inform.human.toFixed(1)}/10`,
  `vulnerability ${inform.vulnerability.toFixed(1)}/10`,
  `lack of coping capacity ${inform.lackOfCopingCapacity.toFixed(1)}/10`,
  `overall INFORM risk ${inform.risk.toFixed(1)}/10 (${inform.riskClass})`,
];

/** The user message: the company and the indicators our code computed. */
export function analysisPrompt(
  company: CompanyData,
  countryName: string,
  inform: InformCountry,
  features: SiteFeatures,
  activity: Activity,
  withImage: boolean,
  siteEvidence: readonly string[] = [],
): string {
  const nace = naceReference(activity.nace_code);
  const lines = [
    'Company',
    `- Name: ${company.name}`,
    company.fiscal_number ? `- VAT number: ${company.fiscal_number}` : undefined,
    `- Registered address: ${company.address.trim() || 'not disclosed'}`,
    `- Country: ${countryName}`,
    `- Coordinates: ${company.latitude.toFixed(5)}, ${company.longitude.toFixed(5)} (placed at ${company.geocode_precision.replace('_', ' ')} level)`,
    `- Activity: ${nace ? `${nace} (${activity.nace_code} ${activity.nace_label})` : 'not determined'}; ${activity.evidence}`,
    company.legal_form ? `- Legal form (national register): ${company.legal_form}` : undefined,
    company.status && company.status !== 'unknown' ? `- Status (national register): ${company.status.replace('_', ' ')}` : undefined,
    company.incorporated_on ? `- Incorporated on: ${company.incorporated_on}` : undefined,
    company.employees ? `- Employees (published band): ${company.employees}` : undefined,
    company.site_type
      ? `- Site type: ${company.site_type} (${company.site_type_assumed ? 'assumed from the activity' : 'chosen by the user'}); rate property/fire, environmental, workforce injury and business interruption for this kind of site`
      : undefined,
    '',
    'Site indicators (computed)',
    `- Distance to the sea coast: ${formatKm(features.distanceToCoastKm)}`,
    `- People living within 10 km: ${formatPeople(features.population10km)}; within 25 km: ${formatPeople(features.population25km)}`,
    features.nearestTown ? `- Nearest town: ${features.nearestTown.name} (${formatKm(features.nearestTown.distanceKm)})` : '- Nearest town: none within 30 km',
    `- Latitude: ${Math.abs(company.latitude).toFixed(2)}°${company.latitude >= 0 ? 'N' : 'S'}`,
    '',
    ...(siteEvidence.length ? ['Site evidence (measured at the site from the named datasets; rule-based levels on the 0-5 scale)', ...siteEvidence, ''] : []),
    `Country hazard and exposure indices for ${countryName} (${INFORM_SOURCE}, 0-10, higher is worse)`,
    ...perilIndicators(inform).map((x) => `- ${x}`),
    '',
    `Location risks to rate: ${LOCATION_RISKS.join('; ')}.`,
    `Industry risks to rate: ${INDUSTRY_RISKS.join('; ')}.`,
    company.sample ? 'Note: the company data comes from a bundled sample directory.' : undefined,
    withImage ? 'The attached image is the location map of the site (pin), with nearby towns and a scale bar.' : undefined,
  ];
  return lines.filter((l): l is string => l !== undefined).join('\n');
}

const completionSchema = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({ content: z.string().nullish(), refusal: z.string().nullish() }),
        finish_reason: z.string().nullish(),
      }),
    )
    .min(1),
});

const providerErrorSchema = z.object({ error: z.object({ message: z.string().optional(), code: z.string().nullish(), type: z.string().nullish() }) });

/** Said first among the reasons of a risk the model did not rate. */
export const COMPLETED_REASON = 'The AI analysis did not rate this risk; it was rated by the embedded engine from the same data.';

/** The model's ratings in report order; a risk it left out (or gave no reason for) comes from `fallback`. */
function toRisks<T extends string>(
  ratings: Partial<Record<T, Rating>>,
  names: readonly T[],
  fallback: () => readonly AssessedRisk[],
): { risks: AssessedRisk[]; completed: T[] } {
  const completed: T[] = [];
  const risks = names.map((name) => {
    const item = ratings[name];
    const reason = item?.reasons.map((r) => r.trim()).filter(Boolean) ?? [];
    if (item && reason.length > 0) return { name, rawLikelihood: item.likelihood, impact: item.impact, reason };
    completed.push(name);
    const embedded = fallback().find((r) => r.name === name);
    if (!embedded) throw new AnalystError('invalid_answer', `the model did not rate '${name}'`);
    return { ...embedded, reason: [COMPLETED_REASON, ...embedded.reason] };
  });
  return { risks, completed };
}

/** Seconds to wait from a 429: `retry-after`, else OpenAI's `x-ratelimit-reset-requests` ('20s', '1m3s'), else 60. */
export function retryAfterSeconds(headers: Headers): number {
  const ra = Number(headers.get('retry-after'));
  if (Number.isFinite(ra) && ra > 0) return Math.ceil(ra);
  const reset = headers.get('x-ratelimit-reset-requests') ?? headers.get('x-ratelimit-reset-tokens') ?? '';
  const m = /^(?:(\d+)h)?(?:(\d+)m(?!s))?(?:(\d+(?:\.\d+)?)s)?(?:(\d+)ms)?$/.exec(reset);
  if (reset && m) {
    const s = Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0) + Number(m[4] ?? 0) / 1000;
    if (s > 0) return Math.ceil(s);
  }
  return 60;
}

export interface OpenAiAnalystLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface OpenAiAnalystOptions {
  baseUrl: string;
  apiKey: string;
  model: string;
  log: OpenAiAnalystLog;
  /** Within the client's 135 s analysis step. */
  timeoutMs?: number;
  /** The deployment's hazard rasters (HAZARD_DATA_DIR), read at each site when present. */
  rasters?: HazardRasters;
}

export class OpenAiAnalyst implements Analyst {
  readonly name = 'openai';
  readonly looksAtImage = true;
  private readonly timeoutMs: number;

  constructor(private readonly options: OpenAiAnalystOptions) {
    this.timeoutMs = options.timeoutMs ?? 120_000;
  }

  /** The chat completions request body (exported for tests and docs). */
  requestBody(input: AnalysisInput, prompt: string): Record<string, unknown> {
    const content: Record<string, unknown>[] = [{ type: 'text', text: prompt }];
    if (input.image) {
      content.push({ type: 'image_url', image_url: { url: `data:${input.image.mime};base64,${input.image.data.toString('base64')}` } });
    }
    return {
      model: this.options.model,
      messages: [
        { role: 'system', content: systemPrompt(input.locale) },
        { role: 'user', content },
      ],
      response_format: {
        type: 'json_schema',
        json_schema: { name: RESPONSE_SCHEMA_NAME, strict: true, schema: responseJsonSchema() },
      },
    };
  }

  async analyse(input: AnalysisInput, signal: AbortSignal): Promise<AnalystAnswer> {
    const { company } = input;
    const country = countryByName(company.country) ?? countryByIso2(company.country);
    const inform = country && informFor(country.iso2);
    if (!country || !inform) throw new AnalystError('invalid_answer', `no hazard data for ${company.country}`);
    const activity = resolveActivity(company.name, company.activity.nace_code ? company.activity : null);
    const features = siteFeatures(company.latitude, company.longitude, this.options.rasters);
    const evidence = siteEvidenceForPrompt(inform, features, activity, company.geocode_precision);
    const prompt = analysisPrompt(company, country.name, inform, features, activity, Boolean(input.image), evidence.lines);
    const { log } = this.options;

    let res;
    try {
      res = await httpRequest(`${this.options.baseUrl}/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${this.options.apiKey}` },
        json: this.requestBody(input, prompt),
        signal,
        timeoutMs: this.timeoutMs,
        maxBytes: 1024 * 1024,
      });
    } catch (err) {
      if (err instanceof OutgoingHttpError && err.failure === 'timeout') throw new AnalystError('timeout', 'the AI analysis did not answer in time');
      log.error({ err: err instanceof Error ? err.message : String(err) }, 'AI analysis request failed');
      throw new AnalystError('unavailable', 'the AI analysis service could not be reached');
    }

    if (res.status !== 200) {
      const e = providerErrorSchema.safeParse(res.body);
      const detail = { status: res.status, code: e.success ? e.data.error.code : undefined, message: e.success ? e.data.error.message : undefined };
      if (res.status === 429 && detail.code !== 'insufficient_quota') {
        log.warn(detail, 'AI analysis rate limited by the provider');
        throw new AnalystError('rate_limited', 'the AI analysis provider is rate limiting us', retryAfterSeconds(res.headers));
      }
      if (res.status === 408 || res.status === 504) throw new AnalystError('timeout', 'the AI analysis did not answer in time');
      log.error(detail, 'AI analysis provider refused the request');
      throw new AnalystError('unavailable', `the AI analysis service answered HTTP ${res.status}`);
    }

    const completion = completionSchema.safeParse(res.body);
    if (!completion.success) throw new AnalystError('invalid_answer', 'the AI analysis answer is not a chat completion');
    const choice = completion.data.choices[0]!;
    if (choice.message.refusal) throw new AnalystError('invalid_answer', 'the model refused to assess this company');
    if (choice.finish_reason && choice.finish_reason !== 'stop') {
      throw new AnalystError('invalid_answer', `the model's answer was cut off (${choice.finish_reason})`);
    }
    let json: unknown;
    try {
      json = JSON.parse(choice.message.content ?? '');
    } catch {
      throw new AnalystError('invalid_answer', 'the model did not answer with JSON');
    }
    const answer = acceptedAnswerSchema.safeParse(json);
    if (!answer.success) {
      log.warn({ issues: answer.error.issues.slice(0, 3).map((i) => `${i.path.join('.')}: ${i.message}`) }, 'AI answer does not match the schema');
      throw new AnalystError('invalid_answer', 'the model answer does not match the risk schema');
    }
    let embedded: SiteAnalysis | undefined;
    const fallback = (): SiteAnalysis => (embedded ??= analyseOrFail({ ...company, activity }, this.options.rasters));
    const location = toRisks(answer.data.location_risks, LOCATION_RISKS, () => fallback().location);
    const industry = toRisks(answer.data.industry_risks, INDUSTRY_RISKS, () => fallback().industry);
    const completed = [...location.completed, ...industry.completed];
    if (completed.length > 0) log.warn({ completed }, 'AI answer left risks unrated; the embedded engine rated them');
    const keyTakeaways = answer.data.key_takeaways_for_insurers.map((t) => t.trim()).filter(Boolean);
    return { location: location.risks, industry: industry.risks, keyTakeaways, dataSources: evidence.dataSources };
  }
}
