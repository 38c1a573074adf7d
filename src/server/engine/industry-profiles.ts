import type { IndustryRiskName } from './risk-names.js';

/**
 * Industry risk profiles: for each group of NACE divisions, the likelihood (0–5) and impact
 * (0–5) of each industry risk with the fact that drives it, plus the traits the location risks
 * use (how asset-heavy the site is, whether heat or water shortage hurts the activity, whether
 * its goods attract theft). These are underwriting judgements written down once, reviewed as
 * a table: the same activity always gets the same profile.
 */

type Entry = [likelihood: number, impact: number, reason: string];

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

type Risks = IndustryProfile['risks'];
const P = (
  key: string,
  assets: IndustryProfile['assets'],
  traits: { heat?: boolean; water?: boolean; theft?: boolean },
  risks: Risks,
): IndustryProfile => ({
  key,
  risks,
  assets,
  heatSensitive: traits.heat ?? false,
  waterIntensive: traits.water ?? false,
  theftAttractive: traits.theft ?? false,
});

export const PROFILES: Record<string, IndustryProfile> = {
  petrochemical: P('petrochemical', 'heavy', { water: true }, {
    'Property / Fire': [4, 5, 'flammable and reactive substances, process heat and pressure'],
    Liability: [3, 5, 'third-party exposure to explosion, fire and toxic release'],
    'Business Interruption': [3, 5, 'continuous processes with long restart and repair times'],
    Cyber: [3, 4, 'industrial control systems (OT) steer the process'],
    Environmental: [4, 5, 'hazardous substances stored and processed (Seveso-type site)'],
    Regulatory: [4, 4, 'REACH, Seveso III and emission permits'],
    'Supply Chain': [3, 4, 'dependence on feedstock and utilities'],
    'Workforce Injury': [3, 4, 'process-safety hazards for operators'],
  }),
  extraction: P('extraction', 'heavy', { water: true }, {
    'Property / Fire': [3, 5, 'wells, plant and fuel stores'],
    Liability: [3, 4, 'blow-out, subsidence and third-party damage'],
    'Business Interruption': [3, 5, 'few large production assets'],
    Cyber: [2, 4, 'remote-operated field equipment'],
    Environmental: [4, 5, 'spills, tailings and land disturbance'],
    Regulatory: [4, 4, 'licensing, decommissioning and emission rules'],
    'Supply Chain': [2, 3, 'specialised equipment and contractors'],
    'Workforce Injury': [4, 4, 'heavy machinery, confined spaces and explosives'],
  }),
  energy: P('energy', 'heavy', { water: true }, {
    'Property / Fire': [3, 5, 'generation plant, transformers and fuel'],
    Liability: [3, 4, 'supply failures and third-party damage'],
    'Business Interruption': [3, 5, 'grid-critical assets with long lead times for spares'],
    Cyber: [4, 5, 'critical infrastructure under NIS2, targeted by state actors'],
    Environmental: [3, 4, 'fuel, oil-filled equipment and emissions'],
    Regulatory: [4, 4, 'energy market regulation and decarbonisation rules'],
    'Supply Chain': [3, 4, 'fuel and specialised equipment'],
    'Workforce Injury': [3, 4, 'high-voltage and height work'],
  }),
  utilities: P('utilities', 'heavy', { water: true }, {
    'Property / Fire': [3, 4, 'treatment plants; waste stockpiles self-ignite'],
    Liability: [3, 4, 'public health and third-party contamination'],
    'Business Interruption': [2, 4, 'essential public service'],
    Cyber: [3, 5, 'critical infrastructure (NIS2) with OT networks'],
    Environmental: [4, 4, 'effluent, leachate and contaminated land'],
    Regulatory: [4, 4, 'water and waste directives, permits'],
    'Supply Chain': [2, 3, 'chemicals and energy inputs'],
    'Workforce Injury': [3, 4, 'confined spaces, vehicles and biological hazards'],
  }),
  pharma: P('pharma', 'medium', { heat: true, water: true }, {
    'Property / Fire': [2, 4, 'solvents and clean-room plant'],
    Liability: [3, 5, 'product liability and recalls'],
    'Business Interruption': [3, 5, 'GMP-licensed lines that cannot be moved quickly'],
    Cyber: [3, 4, 'intellectual property and production systems'],
    Environmental: [2, 3, 'active substances in effluent'],
    Regulatory: [4, 4, 'EMA/GMP licensing and inspections'],
    'Supply Chain': [3, 4, 'concentrated sourcing of active ingredients'],
    'Workforce Injury': [2, 3, 'chemical exposure in production'],
  }),
  food: P('food', 'medium', { heat: true, water: true, theft: true }, {
    'Property / Fire': [3, 4, 'fryers, ovens, dust and insulated panels of cold stores'],
    Liability: [3, 4, 'contamination and product recalls'],
    'Business Interruption': [3, 4, 'perishable stock and seasonal peaks'],
    Cyber: [2, 3, 'automated production and order systems'],
    Environmental: [2, 3, 'organic effluent and refrigerants'],
    Regulatory: [3, 3, 'food safety law (HACCP) and labelling'],
    'Supply Chain': [3, 4, 'agricultural inputs exposed to harvests'],
    'Workforce Injury': [3, 3, 'machinery, knives and cold environments'],
  }),
  processMfg: P('processMfg', 'heavy', { water: true, theft: true }, {
    'Property / Fire': [4, 4, 'combustible materials (wood, paper, plastics) or furnaces'],
    Liability: [2, 4, 'product defects and third-party damage'],
    'Business Interruption': [3, 4, 'bespoke production lines'],
    Cyber: [2, 3, 'production control systems'],
    Environmental: [3, 4, 'emissions, dust and process waste'],
    Regulatory: [2, 3, 'industrial emissions permits'],
    'Supply Chain': [3, 3, 'raw material and energy price swings'],
    'Workforce Injury': [4, 4, 'heavy machinery, molten or hot material'],
  }),
  lightMfg: P('lightMfg', 'medium', { theft: true }, {
    'Property / Fire': [3, 3, 'combustible stock and materials'],
    Liability: [2, 3, 'product defects'],
    'Business Interruption': [2, 3, 'replaceable production equipment'],
    Cyber: [2, 3, 'order and design systems'],
    Environmental: [2, 2, 'dyes, solvents and waste'],
    Regulatory: [2, 2, 'product safety rules'],
    'Supply Chain': [3, 3, 'sourcing from distant suppliers'],
    'Workforce Injury': [2, 3, 'machine operation'],
  }),
  engineering: P('engineering', 'medium', { theft: true }, {
    'Property / Fire': [3, 4, 'machining, paint shops and high-value equipment'],
    Liability: [3, 4, 'product liability and recalls'],
    'Business Interruption': [3, 5, 'just-in-time production and specialised tooling'],
    Cyber: [3, 4, 'OT networks and connected products'],
    Environmental: [2, 3, 'solvents, oils and coatings'],
    Regulatory: [3, 3, 'product conformity (CE) and emission targets'],
    'Supply Chain': [4, 4, 'tiered suppliers and semiconductors'],
    'Workforce Injury': [3, 3, 'machinery and lifting'],
  }),
  construction: P('construction', 'light', { heat: true, theft: true }, {
    'Property / Fire': [2, 3, 'hot works and site materials'],
    Liability: [4, 4, 'third-party damage and latent defects'],
    'Business Interruption': [2, 3, 'project delays and penalties'],
    Cyber: [2, 2, 'project and payment systems'],
    Environmental: [2, 3, 'dust, noise and soil contamination'],
    Regulatory: [3, 3, 'building codes and permits'],
    'Supply Chain': [3, 3, 'material prices and subcontractors'],
    'Workforce Injury': [4, 4, 'falls from height and plant on site'],
  }),
  wholesale: P('wholesale', 'medium', { theft: true }, {
    'Property / Fire': [3, 3, 'concentrated stock in warehouses'],
    Liability: [2, 3, 'products passed on to customers'],
    'Business Interruption': [2, 3, 'distribution depends on few sites'],
    Cyber: [3, 3, 'ordering and payment systems'],
    Environmental: [1, 2, 'limited on-site processes'],
    Regulatory: [2, 2, 'trade and product rules'],
    'Supply Chain': [3, 3, 'supplier and import dependence'],
    'Workforce Injury': [2, 3, 'forklifts and manual handling'],
  }),
  retail: P('retail', 'medium', { theft: true }, {
    'Property / Fire': [2, 3, 'stock and shop fittings'],
    Liability: [3, 3, 'public liability for customers on site'],
    'Business Interruption': [2, 3, 'footfall and store closures'],
    Cyber: [4, 4, 'card and customer data, e-commerce platforms'],
    Environmental: [1, 2, 'packaging and refrigerants'],
    Regulatory: [3, 3, 'consumer protection and data protection law'],
    'Supply Chain': [3, 3, 'seasonal imports'],
    'Workforce Injury': [2, 2, 'manual handling'],
  }),
  landTransport: P('landTransport', 'medium', { theft: true }, {
    'Property / Fire': [2, 3, 'depots, vehicles and fuel'],
    Liability: [4, 4, 'road accidents and goods in transit'],
    'Business Interruption': [3, 3, 'fleet availability and hub closures'],
    Cyber: [3, 3, 'fleet management and booking systems'],
    Environmental: [2, 3, 'fuel spills and emissions'],
    Regulatory: [3, 3, 'driving-time, tachograph and emission rules'],
    'Supply Chain': [2, 3, 'fuel and vehicle supply'],
    'Workforce Injury': [3, 4, 'road accidents and loading'],
  }),
  shipping: P('shipping', 'heavy', {}, {
    'Property / Fire': [2, 4, 'vessels, terminals and cargo'],
    Liability: [3, 5, 'collision, cargo and pollution liability'],
    'Business Interruption': [3, 4, 'port closures and vessel downtime'],
    Cyber: [3, 4, 'navigation, terminal and booking systems'],
    Environmental: [3, 5, 'marine pollution from fuel and cargo'],
    Regulatory: [3, 3, 'IMO, sanctions and emission rules'],
    'Supply Chain': [3, 3, 'chokepoints and port congestion'],
    'Workforce Injury': [3, 4, 'seafarers and dock work'],
  }),
  air: P('air', 'heavy', {}, {
    'Property / Fire': [2, 4, 'aircraft, hangars and fuel'],
    Liability: [3, 5, 'passenger and third-party liability'],
    'Business Interruption': [3, 4, 'groundings, strikes and airspace closures'],
    Cyber: [3, 4, 'reservation and operations systems'],
    Environmental: [2, 3, 'fuel and de-icing chemicals'],
    Regulatory: [4, 4, 'EASA safety oversight and passenger rights'],
    'Supply Chain': [2, 3, 'fuel and spare parts'],
    'Workforce Injury': [2, 3, 'ramp and maintenance work'],
  }),
  warehousing: P('warehousing', 'medium', { theft: true }, {
    'Property / Fire': [3, 4, 'high-bay storage and battery charging'],
    Liability: [3, 3, 'third-party goods in custody'],
    'Business Interruption': [3, 4, 'hub role for customers'],
    Cyber: [3, 3, 'warehouse management systems'],
    Environmental: [2, 2, 'stored goods and fuel'],
    Regulatory: [2, 2, 'customs and storage rules'],
    'Supply Chain': [3, 3, 'customer concentration'],
    'Workforce Injury': [3, 3, 'forklifts and racking'],
  }),
  hospitality: P('hospitality', 'medium', { heat: true, theft: true }, {
    'Property / Fire': [3, 4, 'commercial kitchens and sleeping guests'],
    Liability: [3, 3, 'guests, food and alcohol'],
    'Business Interruption': [3, 3, 'seasonal demand and closures'],
    Cyber: [3, 3, 'booking platforms and payment cards'],
    Environmental: [1, 2, 'waste and refrigerants'],
    Regulatory: [2, 2, 'licensing and hygiene rules'],
    'Supply Chain': [2, 2, 'food and staff supply'],
    'Workforce Injury': [3, 2, 'kitchens, burns and slips'],
  }),
  software: P('software', 'light', {}, {
    'Property / Fire': [1, 2, 'offices and IT equipment'],
    Liability: [2, 3, 'professional errors and omissions'],
    'Business Interruption': [2, 4, 'outages of platforms customers depend on'],
    Cyber: [4, 4, 'data breaches, ransomware and software supply chain'],
    Environmental: [0, 1, 'office activity'],
    Regulatory: [3, 3, 'GDPR, NIS2 and the AI Act'],
    'Supply Chain': [2, 3, 'cloud and hosting dependence'],
    'Workforce Injury': [1, 1, 'office work'],
  }),
  telecom: P('telecom', 'medium', { heat: true }, {
    'Property / Fire': [2, 4, 'exchanges, data centres and network equipment'],
    Liability: [2, 3, 'service failures to customers'],
    'Business Interruption': [3, 4, 'network outages'],
    Cyber: [4, 5, 'critical infrastructure under NIS2, customer data'],
    Environmental: [1, 2, 'batteries, fuel for back-up generators'],
    Regulatory: [4, 3, 'telecom regulation, spectrum and GDPR'],
    'Supply Chain': [3, 3, 'few network equipment vendors'],
    'Workforce Injury': [2, 2, 'mast climbing and field work'],
  }),
  finance: P('finance', 'light', { theft: true }, {
    'Property / Fire': [1, 2, 'offices and branches'],
    Liability: [3, 4, 'professional, D&O and mis-selling claims'],
    'Business Interruption': [2, 4, 'dependence on IT and payment systems'],
    Cyber: [5, 5, 'fraud, ransomware and data theft (DORA scope)'],
    Environmental: [0, 1, 'office activity'],
    Regulatory: [5, 4, 'prudential supervision, AML and DORA'],
    'Supply Chain': [2, 3, 'outsourced ICT services'],
    'Workforce Injury': [1, 1, 'office work'],
  }),
  realEstate: P('realEstate', 'heavy', {}, {
    'Property / Fire': [2, 4, 'buildings are the business'],
    Liability: [2, 3, "owners' liability towards tenants and visitors"],
    'Business Interruption': [2, 3, 'loss of rent after damage'],
    Cyber: [2, 2, 'building management systems'],
    Environmental: [1, 2, 'asbestos and contaminated land'],
    Regulatory: [2, 2, 'building energy performance rules'],
    'Supply Chain': [1, 1, 'maintenance contractors'],
    'Workforce Injury': [1, 2, 'maintenance work'],
  }),
  professional: P('professional', 'light', {}, {
    'Property / Fire': [1, 2, 'offices'],
    Liability: [3, 3, 'professional indemnity for advice'],
    'Business Interruption': [2, 3, 'people and IT dependence'],
    Cyber: [3, 3, 'confidential client data'],
    Environmental: [0, 1, 'office activity'],
    Regulatory: [2, 2, 'professional rules and GDPR'],
    'Supply Chain': [1, 2, 'few critical suppliers'],
    'Workforce Injury': [1, 1, 'office work'],
  }),
  services: P('services', 'light', { theft: true }, {
    'Property / Fire': [2, 3, 'equipment and premises'],
    Liability: [3, 3, 'services delivered at customer sites'],
    'Business Interruption': [2, 3, 'staff and contract dependence'],
    Cyber: [3, 3, 'customer and booking data'],
    Environmental: [1, 2, 'limited processes'],
    Regulatory: [2, 2, 'licensing and labour rules'],
    'Supply Chain': [2, 2, 'subcontractors'],
    'Workforce Injury': [3, 3, 'field and manual work'],
  }),
  health: P('health', 'medium', { heat: true }, {
    'Property / Fire': [2, 4, 'patients who cannot evacuate unaided, medical gases'],
    Liability: [4, 5, 'medical malpractice'],
    'Business Interruption': [2, 4, 'essential services with no alternative site'],
    Cyber: [4, 4, 'patient data and connected medical devices'],
    Environmental: [2, 3, 'clinical waste'],
    Regulatory: [4, 3, 'health authorities and patient rights'],
    'Supply Chain': [3, 3, 'medicines and medical devices'],
    'Workforce Injury': [3, 3, 'patient handling and infections'],
  }),
  agriculture: P('agriculture', 'medium', { heat: true, water: true, theft: true }, {
    'Property / Fire': [2, 3, 'barns, hay and fuel'],
    Liability: [2, 3, 'animals, machinery on roads and spraying'],
    'Business Interruption': [3, 3, 'weather-dependent harvests'],
    Cyber: [1, 2, 'farm management systems'],
    Environmental: [3, 3, 'fertilisers, pesticides and manure'],
    Regulatory: [3, 2, 'CAP conditionality and pesticide rules'],
    'Supply Chain': [2, 3, 'seed, feed and fertiliser prices'],
    'Workforce Injury': [3, 4, 'machinery, animals and chemicals'],
  }),
  leisure: P('leisure', 'medium', { theft: true }, {
    'Property / Fire': [2, 3, 'venues with crowds'],
    Liability: [3, 3, 'visitors and events'],
    'Business Interruption': [3, 3, 'event cancellations'],
    Cyber: [2, 3, 'ticketing and payment data'],
    Environmental: [1, 1, 'limited processes'],
    Regulatory: [2, 2, 'licensing and crowd safety'],
    'Supply Chain': [1, 2, 'few critical suppliers'],
    'Workforce Injury': [2, 2, 'staging and venue work'],
  }),
  generic: P('generic', 'medium', {}, {
    'Property / Fire': [2, 3, 'activity not determined: generic commercial premises'],
    Liability: [2, 3, 'activity not determined: generic third-party exposure'],
    'Business Interruption': [2, 3, 'activity not determined: generic dependence on premises'],
    Cyber: [3, 3, 'activity not determined: every business runs on IT'],
    Environmental: [1, 2, 'activity not determined: no known hazardous process'],
    Regulatory: [2, 2, 'activity not determined: general business rules'],
    'Supply Chain': [2, 3, 'activity not determined: generic supplier dependence'],
    'Workforce Injury': [2, 2, 'activity not determined: generic workplace'],
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
