/** The location risks the engine (and every analyst) assesses, in report order. */
export const LOCATION_RISKS = [
  'Flood',
  'Coastal Flood / Storm Surge',
  'Earthquake',
  'Wildfire',
  'Windstorm',
  'Extreme Heat',
  'Drought',
  'Landslide',
  'Volcanic Activity',
  'Crime / Theft',
  'Political / Economic Stability',
] as const;
export type LocationRiskName = (typeof LOCATION_RISKS)[number];

/** The industry risks the engine (and every analyst) assesses, in report order. */
export const INDUSTRY_RISKS = [
  'Property / Fire',
  'Liability',
  'Business Interruption',
  'Cyber',
  'Environmental',
  'Regulatory',
  'Supply Chain',
  'Workforce Injury',
] as const;
export type IndustryRiskName = (typeof INDUSTRY_RISKS)[number];
