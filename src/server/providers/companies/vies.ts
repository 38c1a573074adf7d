import { z } from 'zod';
import { fullVatNumber } from '../../../shared/countries.js';
import { endpointRequest, readAnswer, type SourceEndpoint } from './source-http.js';
import { CompanySourceUnavailableError, type CompanyQuery, type CompanyRecord, type CompanySource } from './types.js';

/**
 * VIES, the EU's VAT Information Exchange System, over its REST API:
 * `GET {VIES_API_URL}/ms/{CC}/vat/{number}` (CC is the VAT prefix: Greece is EL).
 *
 * Answers (HTTP 200): `{isValid, requestDate, userError, name, address, vatNumber, …}` where
 * userError is VALID or INVALID, and '---' stands for a name or address the member state does not
 * disclose (Germany, Spain…). When a national registry cannot answer, VIES says so either in
 * userError (MS_UNAVAILABLE, MS_MAX_CONCURRENT_REQ, TIMEOUT, SERVICE_UNAVAILABLE…) or as
 * `{actionSucceed: false, errorWrappers: [{error, message}]}`, on a 200 or an error status.
 */

const answerSchema = z.object({
  isValid: z.boolean(),
  userError: z.string().optional(),
  name: z.string().nullish(),
  address: z.string().nullish(),
});

const errorAnswerSchema = z.object({
  actionSucceed: z.literal(false),
  errorWrappers: z.array(z.object({ error: z.string().optional(), message: z.string().nullish() })).optional(),
});

/** Codes that mean "this number is not a VAT number in that state", not "cannot answer". */
const notFoundCodes = new Set(['INVALID', 'INVALID_INPUT']);

/** A disclosed value, or undefined for VIES's '---' and blanks. */
export function disclosed(value: string | null | undefined): string | undefined {
  const v = (value ?? '').replace(/\r/g, '').trim();
  if (!v || /^-+$/.test(v)) return undefined;
  return v;
}

export class ViesSource implements CompanySource {
  readonly name = 'vies';
  readonly local = false;

  constructor(private readonly options: SourceEndpoint) {}

  async find({ country, nationalNumber }: CompanyQuery, signal: AbortSignal): Promise<CompanyRecord | null> {
    const url = `${this.options.baseUrl}/ms/${country.vatPrefix}/vat/${encodeURIComponent(nationalNumber)}`;
    const unavailable = (reason: string) => new CompanySourceUnavailableError('vies', country, reason);
    const res = await endpointRequest(this.options, url, signal, unavailable);

    const failed = errorAnswerSchema.safeParse(res.body);
    if (failed.success) {
      const codes = (failed.data.errorWrappers ?? []).map((w) => w.error ?? 'UNKNOWN');
      if (codes.length > 0 && codes.every((c) => notFoundCodes.has(c))) return null;
      throw unavailable(codes.join(',') || 'actionSucceed false');
    }
    const answer = readAnswer(res, answerSchema, unavailable);
    const code = answer.userError ?? (answer.isValid ? 'VALID' : 'INVALID');
    if (!answer.isValid) {
      if (notFoundCodes.has(code)) return null;
      throw unavailable(code);
    }
    return {
      source: 'vies',
      name: disclosed(answer.name) ?? '',
      address: disclosed(answer.address) ?? '',
      countryIso2: country.iso2,
      vatNumber: fullVatNumber(nationalNumber, country),
      sample: false,
    };
  }
}
