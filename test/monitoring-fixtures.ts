import type { CompanyData } from '../src/shared/contracts/assessment.js';

/** Nokia as a Finnish register states it: the company the monitoring tests watch change. */
export const nokiaCompany: CompanyData = {
  name: 'Nokia Oyj',
  address: 'Karakaari 7, 02610 ESPOO',
  fiscal_number: 'FI01120389',
  postal_code: '02610',
  city: 'ESPOO',
  country: 'Finland',
  latitude: 60.2,
  longitude: 24.8,
  geocode_precision: 'postal_code',
  activity: { nace_code: '70.10', nace_label: 'Activities of head offices', inferred_from: 'source', evidence: 'PRH' },
  legal_form: 'Julkinen osakeyhtiö',
  status: 'active',
  incorporated_on: null,
  employees: null,
  officers: [],
  owners: [],
  sources: ['registry'],
  sample: false,
};
