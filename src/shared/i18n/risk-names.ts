/**
 * Each risk's name as a message id (src/locales/{locale}/risk-names.json): reports keep the English
 * names as their keys, the screens and the PDF show them in the reader's language.
 */
export const RISK_NAME_IDS: Readonly<Record<string, string>> = {
  Flood: 'risk.flood',
  'Coastal Flood / Storm Surge': 'risk.coastalFlood',
  Earthquake: 'risk.earthquake',
  Wildfire: 'risk.wildfire',
  Windstorm: 'risk.windstorm',
  'Extreme Heat': 'risk.extremeHeat',
  Drought: 'risk.drought',
  Landslide: 'risk.landslide',
  'Volcanic Activity': 'risk.volcanicActivity',
  'Crime / Theft': 'risk.crimeTheft',
  'Political / Economic Stability': 'risk.politicalEconomicStability',
  'Property / Fire': 'risk.propertyFire',
  Liability: 'risk.liability',
  'Business Interruption': 'risk.businessInterruption',
  Cyber: 'risk.cyber',
  Environmental: 'risk.environmental',
  Regulatory: 'risk.regulatory',
  'Supply Chain': 'risk.supplyChain',
  'Workforce Injury': 'risk.workforceInjury',
};

/** The message id of a risk's name; undefined for a name the engine does not rate (an outside analyst's). */
export function riskNameId(name: string): string | undefined {
  return Object.hasOwn(RISK_NAME_IDS, name) ? RISK_NAME_IDS[name] : undefined;
}
