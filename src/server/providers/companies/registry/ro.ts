import { z } from 'zod';
import { fullVatNumber } from '../../../../shared/countries.js';
import type { CompanyStatus } from '../../../../shared/contracts/assessment.js';
import { readable } from '../source-http.js';
import type { CompanyRecord } from '../types.js';
import { activityEvidence, isoDate, naceClass, registerAnswer, registerRequest, text, type RegisterCall } from './common.js';

/**
 * Romania: ANAF "PlatitorTvaRest" v9, no key.
 * `POST {REGISTRY_RO_URL}/api/PlatitorTvaRest/v9/tva` with `[{"cui": N, "data": "YYYY-MM-DD"}]`
 * (the CUI is the VAT number's digits) → `{cod, message, found: [{date_generale: {cui, denumire,
 * cod_CAEN, forma_juridica, data_inregistrare, stare_inregistrare}, stare_inactiv:
 * {statusInactivi}, adresa_sediu_social: {sdenumire_Strada, snumar_Strada,
 * sdenumire_Localitate, sdenumire_Judet, scod_Postal}}], notFound: [N]}`. ANAF allows one call
 * per second. No staff figures.
 */

export const RO_REGISTER = 'Romanian tax register (ANAF)';

const s = z.string().nullish();
const foundSchema = z.object({
  date_generale: z
    .object({
      cui: z.union([z.number(), z.string()]),
      denumire: s,
      adresa: s,
      cod_CAEN: s,
      forma_juridica: s,
      data_inregistrare: s,
      stare_inregistrare: s,
    })
    .partial(),
  adresa_sediu_social: z
    .object({ sdenumire_Strada: s, snumar_Strada: s, sdenumire_Localitate: s, sdenumire_Judet: s, scod_Postal: s })
    .partial()
    .nullish(),
});
const answerSchema = z.object({ found: z.array(z.unknown()).default([]), notFound: z.array(z.unknown()).default([]) });

/** `stare_inregistrare` ('INREGISTRAT din data 01.01.1993', 'RADIERE din data …') as a status. */
function status(state: string | undefined): CompanyStatus | undefined {
  const v = (state ?? '').toUpperCase();
  if (!v) return undefined;
  if (/RADIER|RADIAT/.test(v)) return 'dissolved';
  if (/INSOLVEN|FALIMENT|REORGANIZARE/.test(v)) return 'insolvent';
  if (/LICHIDARE|DIZOLVARE/.test(v)) return 'in_liquidation';
  if (/INREGISTRAT|TRANSFER/.test(v)) return 'active';
  return undefined;
}

export async function findRomania(call: RegisterCall, baseUrl: string): Promise<CompanyRecord | null> {
  const cui = Number(call.nationalNumber);
  if (!Number.isSafeInteger(cui)) return null;
  const res = await registerRequest(call, `${baseUrl}/api/PlatitorTvaRest/v9/tva`, {
    method: 'POST',
    json: [{ cui, data: call.today }],
  });
  const found = readable(registerAnswer(call, res, answerSchema).found, foundSchema).find((x) => Number(x.date_generale.cui) === cui);
  if (!found) return null;

  const g = found.date_generale;
  const a = found.adresa_sediu_social;
  const street = [text(a?.sdenumire_Strada), text(a?.snumar_Strada)].filter(Boolean).join(' ');
  const postalCode = text(a?.scod_Postal);
  const city = text(a?.sdenumire_Localitate);
  const caen = text(g.cod_CAEN);
  const nace = naceClass(caen);
  return {
    source: 'registry',
    name: text(g.denumire) ?? '',
    address: street || city ? [street, [postalCode, city].filter(Boolean).join(' ')].filter(Boolean).join('\n') : (text(g.adresa) ?? ''),
    postalCode,
    city,
    countryIso2: 'RO',
    vatNumber: fullVatNumber(call.nationalNumber, call.country),
    naceCode: nace,
    activityEvidence: nace && caen ? activityEvidence(nace, 'CAEN Rev. 2', caen, RO_REGISTER) : undefined,
    legalForm: text(g.forma_juridica),
    status: status(text(g.stare_inregistrare)),
    incorporatedOn: isoDate(g.data_inregistrare),
    sample: false,
    reference: `CUI ${cui}`,
  };
}
