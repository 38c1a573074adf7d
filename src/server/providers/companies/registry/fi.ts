import { z } from 'zod';
import { fullVatNumber } from '../../../../shared/countries.js';
import type { CompanyStatus } from '../../../../shared/contracts/assessment.js';
import { readable } from '../source-http.js';
import type { CompanyRecord } from '../types.js';
import { activityEvidence, isoDate, naceClass, registerAnswer, registerRequest, text, type RegisterCall } from './common.js';

/**
 * Finland: PRH / YTJ open data API v3, no key.
 * `GET {REGISTRY_FI_URL}/companies?businessId={1234567-8}` (the Y-tunnus is the VAT number's 8
 * digits with a hyphen before the last) → `{totalResults, companies: [{businessId: {value},
 * names: [{name, type, endDate}], mainBusinessLine: {type (TOL 2008)}, companyForms: [{type,
 * descriptions: [{languageCode, description}], endDate}], companySituations: [{type}],
 * addresses: [{type, street, buildingNumber, postCode, postOffices: [{city}]}],
 * registrationDate, endDate}]}`. Situations: SELTILA liquidation, KONK bankruptcy, SANE
 * restructuring. Descriptions: languageCode 1 Finnish, 2 Swedish, 3 English. No staff figures.
 */

export const FI_REGISTER = 'Finnish Trade Register (PRH / YTJ)';

const s = z.string().nullish();
const described = z.object({
  type: z.union([z.string(), z.number()]).nullish(),
  endDate: s,
  descriptions: z.array(z.object({ languageCode: z.union([z.string(), z.number()]).nullish(), description: s })).nullish(),
});
const companySchema = z.object({
  businessId: z.object({ value: z.string(), registrationDate: s }).partial().nullish(),
  names: z.array(z.object({ name: z.string(), type: z.union([z.string(), z.number()]).nullish(), endDate: s })).default([]),
  mainBusinessLine: z.object({ type: s, descriptions: described.shape.descriptions }).partial().nullish(),
  companyForms: z.array(described).default([]),
  companySituations: z.array(z.object({ type: s, endDate: s }).partial()).default([]),
  addresses: z
    .array(
      z
        .object({
          type: z.union([z.string(), z.number()]).nullish(),
          street: s,
          buildingNumber: s,
          postCode: s,
          postOffices: z.array(z.object({ city: s, languageCode: z.union([z.string(), z.number()]).nullish() })).nullish(),
        })
        .partial(),
    )
    .default([]),
  registrationDate: s,
  endDate: s,
});
const answerSchema = z.object({ companies: z.array(z.unknown()).default([]) });

const SITUATIONS: Readonly<Record<string, CompanyStatus>> = { KONK: 'insolvent', SANE: 'insolvent', SELTILA: 'in_liquidation' };

export function businessId(national: string): string {
  return `${national.slice(0, 7)}-${national.slice(7)}`;
}

export async function findFinland(call: RegisterCall, baseUrl: string): Promise<CompanyRecord | null> {
  const id = businessId(call.nationalNumber);
  const res = await registerRequest(call, `${baseUrl}/companies?${new URLSearchParams({ businessId: id }).toString()}`);
  if (res.status === 404) return null;
  const c = readable(registerAnswer(call, res, answerSchema).companies, companySchema).find((x) => !x.businessId?.value || x.businessId.value === id);
  if (!c) return null;

  const name = c.names.find((n) => String(n.type) === '1' && !n.endDate) ?? c.names.find((n) => !n.endDate) ?? c.names[0];
  const address = c.addresses.find((a) => String(a.type) === '1') ?? c.addresses[0];
  const city = text(address?.postOffices?.find((p) => String(p.languageCode) === '1')?.city ?? address?.postOffices?.[0]?.city);
  const street = [text(address?.street), text(address?.buildingNumber)].filter(Boolean).join(' ');
  const postalCode = text(address?.postCode);
  const form = c.companyForms.find((f) => !f.endDate) ?? c.companyForms[0];
  const formLabel = form?.descriptions?.find((d) => String(d.languageCode) === '1')?.description ?? form?.descriptions?.[0]?.description;
  const tol = text(c.mainBusinessLine?.type);
  const nace = naceClass(tol);
  const situation = c.companySituations.filter((x) => !x.endDate).map((x) => SITUATIONS[x.type ?? ''])[0];
  return {
    source: 'registry',
    name: text(name?.name) ?? '',
    address: [street, [postalCode, city].filter(Boolean).join(' ')].filter(Boolean).join('\n'),
    postalCode,
    city,
    countryIso2: 'FI',
    vatNumber: fullVatNumber(call.nationalNumber, call.country),
    naceCode: nace,
    activityText: nace ? text(c.mainBusinessLine?.descriptions?.find((d) => String(d.languageCode) === '3')?.description) : undefined,
    activityEvidence: nace && tol ? activityEvidence(nace, 'TOL 2008', tol, FI_REGISTER) : undefined,
    legalForm: text(formLabel),
    status: text(c.endDate) ? 'dissolved' : (situation ?? 'active'),
    incorporatedOn: isoDate(c.registrationDate) ?? isoDate(c.businessId?.registrationDate),
    sample: false,
    reference: `Y-tunnus ${id}`,
  };
}
