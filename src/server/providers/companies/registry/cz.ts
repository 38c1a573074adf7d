import { z } from 'zod';
import { fullVatNumber } from '../../../../shared/countries.js';
import type { CompanyRecord } from '../types.js';
import { czLegalForm, czStaffBand } from './codes.js';
import { activityEvidence, isoDate, naceClass, registerRequest, text, unavailable, type RegisterCall } from './common.js';

/**
 * Czechia: ARES REST v3 (Ministry of Finance), no key. Two calls by IČO (the VAT number of a
 * legal person is CZ + its 8-digit IČO; 9–10 digits are a person's birth number, not in ARES):
 * - `GET {REGISTRY_CZ_URL}/ekonomicke-subjekty/{ico}`: name, seat (`sidlo.textovaAdresa`, `psc`,
 *   `nazevObce`), `pravniForma` (code), `datumVzniku`, `datumZaniku`, `seznamRegistraci`
 *   (`stavZdrojeVr` AKTIVNI/ZANIKLY, `stavZdrojeIr` AKTIVNI = an insolvency-register record);
 *   404 for an unknown IČO;
 * - `GET {REGISTRY_CZ_URL}/ekonomicke-subjekty-res/{ico}`: the statistical register, with the
 *   prevailing activity (`czNacePrevazujici2008`, CZ-NACE on NACE Rev. 2) and the staff
 *   category. The basic record's `czNace` list is sorted by code, not by importance, so without
 *   this call the activity stays unknown. Its failure costs only the activity and staff band.
 */

export const CZ_REGISTER = 'Czech register of economic subjects (ARES)';

const s = z.string().nullish();
const basicSchema = z.object({
  ico: z.string(),
  obchodniJmeno: s,
  sidlo: z
    .object({ textovaAdresa: s, psc: z.union([z.number(), z.string()]).nullish(), nazevObce: s })
    .partial()
    .nullish(),
  pravniForma: s,
  datumVzniku: s,
  datumZaniku: s,
  seznamRegistraci: z.object({ stavZdrojeVr: s, stavZdrojeIr: s }).partial().nullish(),
});
const resSchema = z.object({
  zaznamy: z
    .array(
      z.object({
        primarniZaznam: z.boolean().nullish(),
        czNacePrevazujici: s,
        czNacePrevazujici2008: s,
        statistickeUdaje: z.object({ kategoriePoctuPracovniku: s }).partial().nullish(),
      }),
    )
    .default([]),
});

type Res = z.infer<typeof resSchema>['zaznamy'][number];

async function statisticalRecord(call: RegisterCall, baseUrl: string, ico: string): Promise<Res | undefined> {
  try {
    const res = await registerRequest(call, `${baseUrl}/ekonomicke-subjekty-res/${ico}`);
    if (res.status !== 200) return undefined;
    const parsed = resSchema.safeParse(res.body);
    if (!parsed.success) return undefined;
    return parsed.data.zaznamy.find((z) => z.primarniZaznam) ?? parsed.data.zaznamy[0];
  } catch {
    return undefined;
  }
}

export async function findCzechia(call: RegisterCall, baseUrl: string): Promise<CompanyRecord | null> {
  const ico = call.nationalNumber;
  if (!/^\d{8}$/.test(ico)) return null;
  const [res, stat] = await Promise.all([
    registerRequest(call, `${baseUrl}/ekonomicke-subjekty/${ico}`),
    statisticalRecord(call, baseUrl, ico),
  ]);
  if (res.status === 404) return null;
  if (res.status !== 200) throw unavailable(call, `HTTP ${res.status}`);
  const parsed = basicSchema.safeParse(res.body);
  if (!parsed.success || parsed.data.ico.padStart(8, '0') !== ico) throw unavailable(call, 'unreadable answer');
  const b = parsed.data;

  const code = text(stat?.czNacePrevazujici2008) ?? text(stat?.czNacePrevazujici);
  const nace = naceClass(code);
  const name = text(b.obchodniJmeno) ?? '';
  const psc = text(b.sidlo?.psc);
  const registers = b.seznamRegistraci;
  const status =
    text(b.datumZaniku) || registers?.stavZdrojeVr === 'ZANIKLY'
      ? 'dissolved'
      : registers?.stavZdrojeIr === 'AKTIVNI'
        ? 'insolvent'
        : /v likvidaci/i.test(name)
          ? 'in_liquidation'
          : registers?.stavZdrojeVr === 'AKTIVNI' || registers?.stavZdrojeVr === undefined
            ? 'active'
            : undefined;
  return {
    source: 'registry',
    name,
    address: text(b.sidlo?.textovaAdresa) ?? '',
    postalCode: psc ? psc.padStart(5, '0').replace(/^(\d{3})(\d{2})$/, '$1 $2') : undefined,
    city: text(b.sidlo?.nazevObce),
    countryIso2: 'CZ',
    vatNumber: fullVatNumber(ico, call.country),
    naceCode: nace,
    activityEvidence: nace && code ? activityEvidence(nace, 'CZ-NACE', code, CZ_REGISTER) : undefined,
    legalForm: czLegalForm(text(b.pravniForma)),
    status,
    incorporatedOn: isoDate(b.datumVzniku),
    employees: czStaffBand(text(stat?.statistickeUdaje?.kategoriePoctuPracovniku)),
    sample: false,
    reference: `IČO ${ico}`,
  };
}
