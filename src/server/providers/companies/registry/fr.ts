import { z } from 'zod';
import type { CompanyParty } from '../../../../shared/contracts/assessment.js';
import { fullVatNumber } from '../../../../shared/countries.js';
import { readable } from '../source-http.js';
import type { CompanyRecord } from '../types.js';
import { frLegalForm, frStaffBand } from './codes.js';
import { activityEvidence, isoDate, naceClass, parties, personName, registerAnswer, registerRequest, text, type RegisterCall } from './common.js';

/**
 * France: API Recherche d'entreprises (DINUM), no key.
 * `GET {REGISTRY_FR_URL}/search?q={SIREN}&page=1&per_page=1` → `{results: [{siren, nom_complet,
 * siege: {adresse, code_postal, libelle_commune}, activite_principale ('84.11Z', NAF rév. 2),
 * nature_juridique (INSEE 4 digits), date_creation, etat_administratif ('A' active, 'C' ceased),
 * tranche_effectif_salarie, dirigeants}], total_results}`. The SIREN is the VAT number without its key.
 * The API knows no insolvency: a company is active or ceased.
 * `dirigeants` (from the RNE): `{type_dirigeant: 'personne physique', nom, prenoms, qualite}` or
 * `{type_dirigeant: 'personne morale', siren, denomination, qualite}`. It also lists the
 * statutory auditors ('Commissaire aux comptes titulaire'), who are not officers.
 */

export const FR_REGISTER = "French company register (Recherche d'entreprises, INSEE Sirene)";

const s = z.string().nullish();
const resultSchema = z.object({
  siren: z.string(),
  nom_complet: s,
  nom_raison_sociale: s,
  siege: z
    .object({ adresse: s, code_postal: s, libelle_commune: s, activite_principale: s })
    .partial()
    .nullish(),
  activite_principale: s,
  nature_juridique: s,
  date_creation: s,
  date_fermeture: s,
  etat_administratif: s,
  tranche_effectif_salarie: s,
  dirigeants: z.array(z.unknown()).nullish(),
});
const dirigeantSchema = z.object({
  type_dirigeant: s,
  nom: s,
  prenoms: z.union([z.string(), z.array(z.string())]).nullish(),
  denomination: s,
  qualite: s,
});
const answerSchema = z.object({ results: z.array(z.unknown()) });

/** The statutory body from `dirigeants`: people by first names and surname, companies by name. */
function officers(dirigeants: readonly unknown[]): CompanyParty[] {
  return parties(
    readable(dirigeants, dirigeantSchema).map((d): CompanyParty | null => {
      const role = text(d.qualite) ?? null;
      if (role && /commissaire aux comptes/i.test(role)) return null;
      if (d.type_dirigeant === 'personne morale') return { name: text(d.denomination) ?? '', role, kind: 'enterprise' };
      const prenoms = Array.isArray(d.prenoms) ? d.prenoms.join(' ') : d.prenoms;
      return { name: personName(prenoms, d.nom), role, kind: 'person' };
    }),
  );
}

export async function findFrance(call: RegisterCall, baseUrl: string): Promise<CompanyRecord | null> {
  const siren = call.nationalNumber.slice(2);
  const params = new URLSearchParams({ q: siren, page: '1', per_page: '1' });
  const res = await registerRequest(call, `${baseUrl}/search?${params.toString()}`);
  if (res.status === 404) return null;
  const found = readable(registerAnswer(call, res, answerSchema).results, resultSchema).find((r) => r.siren === siren);
  if (!found) return null;

  const naf = text(found.activite_principale) ?? text(found.siege?.activite_principale);
  const nace = naceClass(naf);
  const postalCode = text(found.siege?.code_postal);
  const city = text(found.siege?.libelle_commune);
  return {
    source: 'registry',
    name: text(found.nom_raison_sociale) ?? text(found.nom_complet) ?? '',
    address: text(found.siege?.adresse) ?? '',
    postalCode,
    city,
    countryIso2: 'FR',
    vatNumber: fullVatNumber(call.nationalNumber, call.country),
    naceCode: nace,
    activityEvidence: nace && naf ? activityEvidence(nace, 'NAF rév. 2', naf, FR_REGISTER) : undefined,
    legalForm: frLegalForm(text(found.nature_juridique)),
    status: found.etat_administratif === 'C' ? 'dissolved' : found.etat_administratif === 'A' ? 'active' : undefined,
    incorporatedOn: isoDate(found.date_creation),
    employees: frStaffBand(text(found.tranche_effectif_salarie)),
    officers: officers(found.dirigeants ?? []),
    sample: false,
    reference: `SIREN ${siren}`,
  };
}
