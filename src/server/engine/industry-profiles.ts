import { msg, type Message } from '../../shared/i18n/message.js';
import { naceDivision } from '../../shared/nace.js';
import type { IndustryRiskName } from './risk-names.js';
import { inEnglish } from './texts.js';

/**
 * Industry risk profiles: for each group of NACE divisions, the likelihood (0–5) and impact
 * (0–5) of each industry risk with the fact that drives it, plus the traits the location risks
 * use (how asset-heavy the site is, whether heat or water shortage hurts the activity, whether
 * its goods attract theft). These are underwriting judgements written down once, reviewed as
 * a table: the same activity always gets the same profile.
 */

/** A risk's rating and the fact that drives it, in English and as a message (site types' entries: English only). */
type Entry = [likelihood: number, impact: number, reason: string, message?: Message];
/** A row as the table below writes it: the fact is the id of its message (src/locales/{locale}/engine-industry.json). */
type Row = [likelihood: number, impact: number, reasonId: string];

export interface IndustryProfile {
  key: string;
  risks: Record<IndustryRiskName, Entry>;
  /** physical assets on site: raises or lowers the impact of natural perils */
  assets: 'heavy' | 'medium' | 'light';
  heatSensitive: boolean;
  waterIntensive: boolean;
  theftAttractive: boolean;
  /** set when a site type replaced the activity's site-bound risks ('office site'): the location reasons name it */
  site?: string;
}

type Rows = Record<IndustryRiskName, Row>;
/** Each row's fact in English, beside its message. */
function entries(rows: Rows): IndustryProfile['risks'] {
  const out = {} as IndustryProfile['risks'];
  for (const name of Object.keys(rows) as IndustryRiskName[]) {
    const [l, i, id] = rows[name];
    out[name] = [l, i, inEnglish(msg(id)), msg(id)];
  }
  return out;
}
const P = (
  key: string,
  assets: IndustryProfile['assets'],
  traits: { heat?: boolean; water?: boolean; theft?: boolean },
  rows: Rows,
): IndustryProfile => ({
  key,
  risks: entries(rows),
  assets,
  heatSensitive: traits.heat ?? false,
  waterIntensive: traits.water ?? false,
  theftAttractive: traits.theft ?? false,
});

export const PROFILES: Record<string, IndustryProfile> = {
  petrochemical: P('petrochemical', 'heavy', { water: true }, {
    'Property / Fire': [4, 5, 'profile.petrochemical.propertyFire'],
    Liability: [3, 5, 'profile.petrochemical.liability'],
    'Business Interruption': [3, 5, 'profile.petrochemical.businessInterruption'],
    Cyber: [3, 4, 'profile.petrochemical.cyber'],
    Environmental: [4, 5, 'profile.petrochemical.environmental'],
    Regulatory: [4, 4, 'profile.petrochemical.regulatory'],
    'Supply Chain': [3, 4, 'profile.petrochemical.supplyChain'],
    'Workforce Injury': [3, 4, 'profile.petrochemical.workforceInjury'],
  }),
  extraction: P('extraction', 'heavy', { water: true }, {
    'Property / Fire': [3, 5, 'profile.extraction.propertyFire'],
    Liability: [3, 4, 'profile.extraction.liability'],
    'Business Interruption': [3, 5, 'profile.extraction.businessInterruption'],
    Cyber: [2, 4, 'profile.extraction.cyber'],
    Environmental: [4, 5, 'profile.extraction.environmental'],
    Regulatory: [4, 4, 'profile.extraction.regulatory'],
    'Supply Chain': [2, 3, 'profile.extraction.supplyChain'],
    'Workforce Injury': [4, 4, 'profile.extraction.workforceInjury'],
  }),
  energy: P('energy', 'heavy', { water: true }, {
    'Property / Fire': [3, 5, 'profile.energy.propertyFire'],
    Liability: [3, 4, 'profile.energy.liability'],
    'Business Interruption': [3, 5, 'profile.energy.businessInterruption'],
    Cyber: [4, 5, 'profile.energy.cyber'],
    Environmental: [3, 4, 'profile.energy.environmental'],
    Regulatory: [4, 4, 'profile.energy.regulatory'],
    'Supply Chain': [3, 4, 'profile.energy.supplyChain'],
    'Workforce Injury': [3, 4, 'profile.energy.workforceInjury'],
  }),
  utilities: P('utilities', 'heavy', { water: true }, {
    'Property / Fire': [3, 4, 'profile.utilities.propertyFire'],
    Liability: [3, 4, 'profile.utilities.liability'],
    'Business Interruption': [2, 4, 'profile.utilities.businessInterruption'],
    Cyber: [3, 5, 'profile.utilities.cyber'],
    Environmental: [4, 4, 'profile.utilities.environmental'],
    Regulatory: [4, 4, 'profile.utilities.regulatory'],
    'Supply Chain': [2, 3, 'profile.utilities.supplyChain'],
    'Workforce Injury': [3, 4, 'profile.utilities.workforceInjury'],
  }),
  pharma: P('pharma', 'medium', { heat: true, water: true }, {
    'Property / Fire': [2, 4, 'profile.pharma.propertyFire'],
    Liability: [3, 5, 'profile.pharma.liability'],
    'Business Interruption': [3, 5, 'profile.pharma.businessInterruption'],
    Cyber: [3, 4, 'profile.pharma.cyber'],
    Environmental: [2, 3, 'profile.pharma.environmental'],
    Regulatory: [4, 4, 'profile.pharma.regulatory'],
    'Supply Chain': [3, 4, 'profile.pharma.supplyChain'],
    'Workforce Injury': [2, 3, 'profile.pharma.workforceInjury'],
  }),
  food: P('food', 'medium', { heat: true, water: true, theft: true }, {
    'Property / Fire': [3, 4, 'profile.food.propertyFire'],
    Liability: [3, 4, 'profile.food.liability'],
    'Business Interruption': [3, 4, 'profile.food.businessInterruption'],
    Cyber: [2, 3, 'profile.food.cyber'],
    Environmental: [2, 3, 'profile.food.environmental'],
    Regulatory: [3, 3, 'profile.food.regulatory'],
    'Supply Chain': [3, 4, 'profile.food.supplyChain'],
    'Workforce Injury': [3, 3, 'profile.food.workforceInjury'],
  }),
  processMfg: P('processMfg', 'heavy', { water: true, theft: true }, {
    'Property / Fire': [4, 4, 'profile.processMfg.propertyFire'],
    Liability: [2, 4, 'profile.processMfg.liability'],
    'Business Interruption': [3, 4, 'profile.processMfg.businessInterruption'],
    Cyber: [2, 3, 'profile.processMfg.cyber'],
    Environmental: [3, 4, 'profile.processMfg.environmental'],
    Regulatory: [2, 3, 'profile.processMfg.regulatory'],
    'Supply Chain': [3, 3, 'profile.processMfg.supplyChain'],
    'Workforce Injury': [4, 4, 'profile.processMfg.workforceInjury'],
  }),
  lightMfg: P('lightMfg', 'medium', { theft: true }, {
    'Property / Fire': [3, 3, 'profile.lightMfg.propertyFire'],
    Liability: [2, 3, 'profile.lightMfg.liability'],
    'Business Interruption': [2, 3, 'profile.lightMfg.businessInterruption'],
    Cyber: [2, 3, 'profile.lightMfg.cyber'],
    Environmental: [2, 2, 'profile.lightMfg.environmental'],
    Regulatory: [2, 2, 'profile.lightMfg.regulatory'],
    'Supply Chain': [3, 3, 'profile.lightMfg.supplyChain'],
    'Workforce Injury': [2, 3, 'profile.lightMfg.workforceInjury'],
  }),
  engineering: P('engineering', 'medium', { theft: true }, {
    'Property / Fire': [3, 4, 'profile.engineering.propertyFire'],
    Liability: [3, 4, 'profile.engineering.liability'],
    'Business Interruption': [3, 5, 'profile.engineering.businessInterruption'],
    Cyber: [3, 4, 'profile.engineering.cyber'],
    Environmental: [2, 3, 'profile.engineering.environmental'],
    Regulatory: [3, 3, 'profile.engineering.regulatory'],
    'Supply Chain': [4, 4, 'profile.engineering.supplyChain'],
    'Workforce Injury': [3, 3, 'profile.engineering.workforceInjury'],
  }),
  construction: P('construction', 'light', { heat: true, theft: true }, {
    'Property / Fire': [2, 3, 'profile.construction.propertyFire'],
    Liability: [4, 4, 'profile.construction.liability'],
    'Business Interruption': [2, 3, 'profile.construction.businessInterruption'],
    Cyber: [2, 2, 'profile.construction.cyber'],
    Environmental: [2, 3, 'profile.construction.environmental'],
    Regulatory: [3, 3, 'profile.construction.regulatory'],
    'Supply Chain': [3, 3, 'profile.construction.supplyChain'],
    'Workforce Injury': [4, 4, 'profile.construction.workforceInjury'],
  }),
  wholesale: P('wholesale', 'medium', { theft: true }, {
    'Property / Fire': [3, 3, 'profile.wholesale.propertyFire'],
    Liability: [2, 3, 'profile.wholesale.liability'],
    'Business Interruption': [2, 3, 'profile.wholesale.businessInterruption'],
    Cyber: [3, 3, 'profile.wholesale.cyber'],
    Environmental: [1, 2, 'profile.wholesale.environmental'],
    Regulatory: [2, 2, 'profile.wholesale.regulatory'],
    'Supply Chain': [3, 3, 'profile.wholesale.supplyChain'],
    'Workforce Injury': [2, 3, 'profile.wholesale.workforceInjury'],
  }),
  retail: P('retail', 'medium', { theft: true }, {
    'Property / Fire': [2, 3, 'profile.retail.propertyFire'],
    Liability: [3, 3, 'profile.retail.liability'],
    'Business Interruption': [2, 3, 'profile.retail.businessInterruption'],
    Cyber: [4, 4, 'profile.retail.cyber'],
    Environmental: [1, 2, 'profile.retail.environmental'],
    Regulatory: [3, 3, 'profile.retail.regulatory'],
    'Supply Chain': [3, 3, 'profile.retail.supplyChain'],
    'Workforce Injury': [2, 2, 'profile.retail.workforceInjury'],
  }),
  landTransport: P('landTransport', 'medium', { theft: true }, {
    'Property / Fire': [2, 3, 'profile.landTransport.propertyFire'],
    Liability: [4, 4, 'profile.landTransport.liability'],
    'Business Interruption': [3, 3, 'profile.landTransport.businessInterruption'],
    Cyber: [3, 3, 'profile.landTransport.cyber'],
    Environmental: [2, 3, 'profile.landTransport.environmental'],
    Regulatory: [3, 3, 'profile.landTransport.regulatory'],
    'Supply Chain': [2, 3, 'profile.landTransport.supplyChain'],
    'Workforce Injury': [3, 4, 'profile.landTransport.workforceInjury'],
  }),
  shipping: P('shipping', 'heavy', {}, {
    'Property / Fire': [2, 4, 'profile.shipping.propertyFire'],
    Liability: [3, 5, 'profile.shipping.liability'],
    'Business Interruption': [3, 4, 'profile.shipping.businessInterruption'],
    Cyber: [3, 4, 'profile.shipping.cyber'],
    Environmental: [3, 5, 'profile.shipping.environmental'],
    Regulatory: [3, 3, 'profile.shipping.regulatory'],
    'Supply Chain': [3, 3, 'profile.shipping.supplyChain'],
    'Workforce Injury': [3, 4, 'profile.shipping.workforceInjury'],
  }),
  air: P('air', 'heavy', {}, {
    'Property / Fire': [2, 4, 'profile.air.propertyFire'],
    Liability: [3, 5, 'profile.air.liability'],
    'Business Interruption': [3, 4, 'profile.air.businessInterruption'],
    Cyber: [3, 4, 'profile.air.cyber'],
    Environmental: [2, 3, 'profile.air.environmental'],
    Regulatory: [4, 4, 'profile.air.regulatory'],
    'Supply Chain': [2, 3, 'profile.air.supplyChain'],
    'Workforce Injury': [2, 3, 'profile.air.workforceInjury'],
  }),
  warehousing: P('warehousing', 'medium', { theft: true }, {
    'Property / Fire': [3, 4, 'profile.warehousing.propertyFire'],
    Liability: [3, 3, 'profile.warehousing.liability'],
    'Business Interruption': [3, 4, 'profile.warehousing.businessInterruption'],
    Cyber: [3, 3, 'profile.warehousing.cyber'],
    Environmental: [2, 2, 'profile.warehousing.environmental'],
    Regulatory: [2, 2, 'profile.warehousing.regulatory'],
    'Supply Chain': [3, 3, 'profile.warehousing.supplyChain'],
    'Workforce Injury': [3, 3, 'profile.warehousing.workforceInjury'],
  }),
  hospitality: P('hospitality', 'medium', { heat: true, theft: true }, {
    'Property / Fire': [3, 4, 'profile.hospitality.propertyFire'],
    Liability: [3, 3, 'profile.hospitality.liability'],
    'Business Interruption': [3, 3, 'profile.hospitality.businessInterruption'],
    Cyber: [3, 3, 'profile.hospitality.cyber'],
    Environmental: [1, 2, 'profile.hospitality.environmental'],
    Regulatory: [2, 2, 'profile.hospitality.regulatory'],
    'Supply Chain': [2, 2, 'profile.hospitality.supplyChain'],
    'Workforce Injury': [3, 2, 'profile.hospitality.workforceInjury'],
  }),
  software: P('software', 'light', {}, {
    'Property / Fire': [1, 2, 'profile.software.propertyFire'],
    Liability: [2, 3, 'profile.software.liability'],
    'Business Interruption': [2, 4, 'profile.software.businessInterruption'],
    Cyber: [4, 4, 'profile.software.cyber'],
    Environmental: [0, 1, 'profile.software.environmental'],
    Regulatory: [3, 3, 'profile.software.regulatory'],
    'Supply Chain': [2, 3, 'profile.software.supplyChain'],
    'Workforce Injury': [1, 1, 'profile.software.workforceInjury'],
  }),
  telecom: P('telecom', 'medium', { heat: true }, {
    'Property / Fire': [2, 4, 'profile.telecom.propertyFire'],
    Liability: [2, 3, 'profile.telecom.liability'],
    'Business Interruption': [3, 4, 'profile.telecom.businessInterruption'],
    Cyber: [4, 5, 'profile.telecom.cyber'],
    Environmental: [1, 2, 'profile.telecom.environmental'],
    Regulatory: [4, 3, 'profile.telecom.regulatory'],
    'Supply Chain': [3, 3, 'profile.telecom.supplyChain'],
    'Workforce Injury': [2, 2, 'profile.telecom.workforceInjury'],
  }),
  finance: P('finance', 'light', { theft: true }, {
    'Property / Fire': [1, 2, 'profile.finance.propertyFire'],
    Liability: [3, 4, 'profile.finance.liability'],
    'Business Interruption': [2, 4, 'profile.finance.businessInterruption'],
    Cyber: [5, 5, 'profile.finance.cyber'],
    Environmental: [0, 1, 'profile.finance.environmental'],
    Regulatory: [5, 4, 'profile.finance.regulatory'],
    'Supply Chain': [2, 3, 'profile.finance.supplyChain'],
    'Workforce Injury': [1, 1, 'profile.finance.workforceInjury'],
  }),
  realEstate: P('realEstate', 'heavy', {}, {
    'Property / Fire': [2, 4, 'profile.realEstate.propertyFire'],
    Liability: [2, 3, 'profile.realEstate.liability'],
    'Business Interruption': [2, 3, 'profile.realEstate.businessInterruption'],
    Cyber: [2, 2, 'profile.realEstate.cyber'],
    Environmental: [1, 2, 'profile.realEstate.environmental'],
    Regulatory: [2, 2, 'profile.realEstate.regulatory'],
    'Supply Chain': [1, 1, 'profile.realEstate.supplyChain'],
    'Workforce Injury': [1, 2, 'profile.realEstate.workforceInjury'],
  }),
  professional: P('professional', 'light', {}, {
    'Property / Fire': [1, 2, 'profile.professional.propertyFire'],
    Liability: [3, 3, 'profile.professional.liability'],
    'Business Interruption': [2, 3, 'profile.professional.businessInterruption'],
    Cyber: [3, 3, 'profile.professional.cyber'],
    Environmental: [0, 1, 'profile.professional.environmental'],
    Regulatory: [2, 2, 'profile.professional.regulatory'],
    'Supply Chain': [1, 2, 'profile.professional.supplyChain'],
    'Workforce Injury': [1, 1, 'profile.professional.workforceInjury'],
  }),
  services: P('services', 'light', { theft: true }, {
    'Property / Fire': [2, 3, 'profile.services.propertyFire'],
    Liability: [3, 3, 'profile.services.liability'],
    'Business Interruption': [2, 3, 'profile.services.businessInterruption'],
    Cyber: [3, 3, 'profile.services.cyber'],
    Environmental: [1, 2, 'profile.services.environmental'],
    Regulatory: [2, 2, 'profile.services.regulatory'],
    'Supply Chain': [2, 2, 'profile.services.supplyChain'],
    'Workforce Injury': [3, 3, 'profile.services.workforceInjury'],
  }),
  health: P('health', 'medium', { heat: true }, {
    'Property / Fire': [2, 4, 'profile.health.propertyFire'],
    Liability: [4, 5, 'profile.health.liability'],
    'Business Interruption': [2, 4, 'profile.health.businessInterruption'],
    Cyber: [4, 4, 'profile.health.cyber'],
    Environmental: [2, 3, 'profile.health.environmental'],
    Regulatory: [4, 3, 'profile.health.regulatory'],
    'Supply Chain': [3, 3, 'profile.health.supplyChain'],
    'Workforce Injury': [3, 3, 'profile.health.workforceInjury'],
  }),
  agriculture: P('agriculture', 'medium', { heat: true, water: true, theft: true }, {
    'Property / Fire': [2, 3, 'profile.agriculture.propertyFire'],
    Liability: [2, 3, 'profile.agriculture.liability'],
    'Business Interruption': [3, 3, 'profile.agriculture.businessInterruption'],
    Cyber: [1, 2, 'profile.agriculture.cyber'],
    Environmental: [3, 3, 'profile.agriculture.environmental'],
    Regulatory: [3, 2, 'profile.agriculture.regulatory'],
    'Supply Chain': [2, 3, 'profile.agriculture.supplyChain'],
    'Workforce Injury': [3, 4, 'profile.agriculture.workforceInjury'],
  }),
  leisure: P('leisure', 'medium', { theft: true }, {
    'Property / Fire': [2, 3, 'profile.leisure.propertyFire'],
    Liability: [3, 3, 'profile.leisure.liability'],
    'Business Interruption': [3, 3, 'profile.leisure.businessInterruption'],
    Cyber: [2, 3, 'profile.leisure.cyber'],
    Environmental: [1, 1, 'profile.leisure.environmental'],
    Regulatory: [2, 2, 'profile.leisure.regulatory'],
    'Supply Chain': [1, 2, 'profile.leisure.supplyChain'],
    'Workforce Injury': [2, 2, 'profile.leisure.workforceInjury'],
  }),
  generic: P('generic', 'medium', {}, {
    'Property / Fire': [2, 3, 'profile.generic.propertyFire'],
    Liability: [2, 3, 'profile.generic.liability'],
    'Business Interruption': [2, 3, 'profile.generic.businessInterruption'],
    Cyber: [3, 3, 'profile.generic.cyber'],
    Environmental: [1, 2, 'profile.generic.environmental'],
    Regulatory: [2, 2, 'profile.generic.regulatory'],
    'Supply Chain': [2, 3, 'profile.generic.supplyChain'],
    'Workforce Injury': [2, 2, 'profile.generic.workforceInjury'],
  }),
};

/** NACE division → profile key. */
const BY_DIVISION: Record<string, string> = {};
const assign = (key: string, divisions: string) => {
  for (const d of divisions.split(' ')) BY_DIVISION[d] = key;
};
assign('agriculture', '01 02 03');
assign('extraction', '05 06 07 08 09');
assign('food', '10 11 12');
assign('lightMfg', '13 14 15 18 31 32');
assign('processMfg', '16 17 22 23 24 25');
assign('petrochemical', '19 20');
assign('pharma', '21');
assign('engineering', '26 27 28 29 30 33');
assign('energy', '35');
assign('utilities', '36 37 38 39');
assign('construction', '41 42 43');
assign('wholesale', '45 46');
assign('retail', '47');
assign('landTransport', '49 53');
assign('shipping', '50');
assign('air', '51');
assign('warehousing', '52');
assign('hospitality', '55 56');
assign('software', '58 59 60 62 63');
assign('telecom', '61');
assign('finance', '64 65 66');
assign('realEstate', '68');
assign('professional', '69 70 71 72 73 74 78 82 84 94 99');
assign('services', '77 79 80 81 95 96 97 98');
assign('health', '75 86 87 88');
assign('leisure', '85 90 91 92 93');

export function profileForDivision(division: string | undefined): IndustryProfile {
  return PROFILES[(division && BY_DIVISION[division]) || 'generic']!;
}

/** The short name of each NACE division (shared/nace.ts has them in English) as a message id. */
const NACE_NAMES: Record<string, string> = {
  '01': 'industry.nace.01', '02': 'industry.nace.02', '03': 'industry.nace.03', '05': 'industry.nace.05',
  '06': 'industry.nace.06', '07': 'industry.nace.07', '08': 'industry.nace.08', '09': 'industry.nace.09',
  '10': 'industry.nace.10', '11': 'industry.nace.11', '12': 'industry.nace.12', '13': 'industry.nace.13',
  '14': 'industry.nace.14', '15': 'industry.nace.15', '16': 'industry.nace.16', '17': 'industry.nace.17',
  '18': 'industry.nace.18', '19': 'industry.nace.19', '20': 'industry.nace.20', '21': 'industry.nace.21',
  '22': 'industry.nace.22', '23': 'industry.nace.23', '24': 'industry.nace.24', '25': 'industry.nace.25',
  '26': 'industry.nace.26', '27': 'industry.nace.27', '28': 'industry.nace.28', '29': 'industry.nace.29',
  '30': 'industry.nace.30', '31': 'industry.nace.31', '32': 'industry.nace.32', '33': 'industry.nace.33',
  '35': 'industry.nace.35', '36': 'industry.nace.36', '37': 'industry.nace.37', '38': 'industry.nace.38',
  '39': 'industry.nace.39', '41': 'industry.nace.41', '42': 'industry.nace.42', '43': 'industry.nace.43',
  '45': 'industry.nace.45', '46': 'industry.nace.46', '47': 'industry.nace.47', '49': 'industry.nace.49',
  '50': 'industry.nace.50', '51': 'industry.nace.51', '52': 'industry.nace.52', '53': 'industry.nace.53',
  '55': 'industry.nace.55', '56': 'industry.nace.56', '58': 'industry.nace.58', '59': 'industry.nace.59',
  '60': 'industry.nace.60', '61': 'industry.nace.61', '62': 'industry.nace.62', '63': 'industry.nace.63',
  '64': 'industry.nace.64', '65': 'industry.nace.65', '66': 'industry.nace.66', '68': 'industry.nace.68',
  '69': 'industry.nace.69', '70': 'industry.nace.70', '71': 'industry.nace.71', '72': 'industry.nace.72',
  '73': 'industry.nace.73', '74': 'industry.nace.74', '75': 'industry.nace.75', '77': 'industry.nace.77',
  '78': 'industry.nace.78', '79': 'industry.nace.79', '80': 'industry.nace.80', '81': 'industry.nace.81',
  '82': 'industry.nace.82', '84': 'industry.nace.84', '85': 'industry.nace.85', '86': 'industry.nace.86',
  '87': 'industry.nace.87', '88': 'industry.nace.88', '90': 'industry.nace.90', '91': 'industry.nace.91',
  '92': 'industry.nace.92', '93': 'industry.nace.93', '94': 'industry.nace.94', '95': 'industry.nace.95',
  '96': 'industry.nace.96', '97': 'industry.nace.97', '98': 'industry.nace.98', '99': 'industry.nace.99',
};

/** The short name of a code's NACE division as a message ('IT services and software development'). */
export function naceNameMessage(code: string | null | undefined): Message | undefined {
  const id = NACE_NAMES[naceDivision(code)?.division ?? ''];
  return id ? msg(id) : undefined;
}

/** naceReference as a message: 'NACE C20 chemicals manufacturing', the division's name in the reader's language. */
export function naceReferenceMessage(code: string | null | undefined): Message | undefined {
  const d = naceDivision(code);
  if (!d) return undefined;
  const id = NACE_NAMES[d.division];
  return msg('industry.nace.reference', { section: d.section, division: d.division, name: id ? msg(id) : d.short });
}
