import { startHttpPeer, type HttpPeer } from './http-peer.js';

/**
 * A local VIES REST peer: `GET /ms/{CC}/vat/{number}` answered in VIES's format (HTTP 200 with
 * isValid, requestDate, userError VALID/INVALID, name, address — '---' when undisclosed —,
 * requestIdentifier, originalVatNumber, vatNumber, viesApproximate). A member state can be set
 * to fail the ways VIES does: `MS_UNAVAILABLE` / `TIMEOUT` as userError on a 200,
 * `MS_MAX_CONCURRENT_REQ` as `{actionSucceed:false, errorWrappers}`, `SERVICE_UNAVAILABLE` on
 * a 500, or not answering at all (`hang`). Unknown country codes (e.g. GR instead of EL) get
 * VIES's INVALID_INPUT error.
 */

export interface ViesCompany {
  name: string;
  address: string;
}

export type ViesFailure = 'MS_UNAVAILABLE' | 'TIMEOUT' | 'MS_MAX_CONCURRENT_REQ' | 'SERVICE_UNAVAILABLE' | 'hang';

export interface ViesPeer extends HttpPeer {
  /** Registered companies by full VAT number as VIES writes it ('PT501964843', 'EL094019245'). */
  companies: Map<string, ViesCompany>;
  /** Member states (VAT prefix) currently failing, and how. */
  failing: Map<string, ViesFailure>;
}

const MEMBER_STATES = new Set(
  'AT BE BG CY CZ DE DK EE EL ES FI FR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK XI'.split(' '),
);

const approximate = {
  name: '---',
  street: '---',
  postalCode: '---',
  city: '---',
  companyType: '---',
  matchName: 3,
  matchStreet: 3,
  matchPostalCode: 3,
  matchCity: 3,
  matchCompanyType: 3,
};

export async function startViesPeer(companies: Record<string, ViesCompany> = {}): Promise<ViesPeer> {
  const registry = new Map(Object.entries(companies));
  const failing = new Map<string, ViesFailure>();
  const peer = await startHttpPeer((req) => {
    const m = /^\/ms\/([A-Z]{2})\/vat\/([^/]+)$/.exec(req.path);
    if (req.method !== 'GET' || !m) return { status: 404, text: 'Not Found' };
    const [, cc, number] = m as unknown as [string, string, string];
    if (!MEMBER_STATES.has(cc)) {
      return { status: 400, json: { actionSucceed: false, errorWrappers: [{ error: 'INVALID_INPUT', message: 'The provided CountryCode is invalid or the VAT number is empty' }] } };
    }
    const base = {
      requestDate: new Date().toISOString(),
      requestIdentifier: '',
      originalVatNumber: number,
      vatNumber: number,
      viesApproximate: approximate,
    };
    const failure = failing.get(cc);
    switch (failure) {
      case 'hang':
        return { delayMs: 60_000, json: {} };
      case 'MS_MAX_CONCURRENT_REQ':
        return { status: 200, json: { actionSucceed: false, errorWrappers: [{ error: 'MS_MAX_CONCURRENT_REQ', message: null }] } };
      case 'SERVICE_UNAVAILABLE':
        return { status: 500, json: { actionSucceed: false, errorWrappers: [{ error: 'SERVICE_UNAVAILABLE', message: null }] } };
      case 'MS_UNAVAILABLE':
      case 'TIMEOUT':
        return { json: { isValid: false, userError: failure, name: '---', address: '---', ...base } };
      default:
        break;
    }
    const company = registry.get(`${cc}${decodeURIComponent(number)}`);
    if (!company) return { json: { isValid: false, userError: 'INVALID', name: '---', address: '---', ...base } };
    return { json: { isValid: true, userError: 'VALID', name: company.name || '---', address: company.address || '---', ...base } };
  });
  return { ...peer, companies: registry, failing };
}
