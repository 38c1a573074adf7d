import type { SiteType } from '../../shared/site-types.js';
import { msg, type Message } from '../../shared/i18n/message.js';
import type { IndustryProfile } from './industry-profiles.js';
import type { IndustryRiskName } from './risk-names.js';
import { inEnglish } from './texts.js';

/**
 * What the site is changes what burns, spills and hurts there: a refinery company's head office
 * is not rated for its wells and fuel stores. Each activity profile has a typical site (the
 * default); another site type replaces the site-bound risks (property/fire, environmental,
 * workforce injury, business interruption) and the traits the location impacts read. 'other',
 * or the activity's own typical site, keeps the activity's profile as it is.
 */

/** The site type used and whether it was assumed from the activity (nothing was chosen). */
export interface SiteChoice {
  type: SiteType;
  assumed: boolean;
}

type Entry = [likelihood: number, impact: number, reason: string];
type SiteRiskName = 'Property / Fire' | 'Environmental' | 'Workforce Injury' | 'Business Interruption';
export const SITE_RISKS: readonly IndustryRiskName[] = ['Property / Fire', 'Environmental', 'Workforce Injury', 'Business Interruption'];

interface SiteProfile {
  risks: Record<SiteRiskName, Entry>;
  assets: IndustryProfile['assets'];
  heat: boolean;
  water: boolean;
  theft: boolean;
}

const SITE_PROFILES: Record<Exclude<SiteType, 'other'>, SiteProfile> = {
  office: {
    risks: {
      'Property / Fire': [1, 2, 'office building: IT equipment, archives and fit-out'],
      Environmental: [0, 1, 'office activity: no hazardous processes on site'],
      'Workforce Injury': [1, 1, 'office work'],
      'Business Interruption': [2, 3, 'office work can move to other sites or home working'],
    },
    assets: 'light',
    heat: false,
    water: false,
    theft: false,
  },
  warehouse: {
    risks: {
      'Property / Fire': [3, 4, 'concentrated stock in racking: sprinkler protection and storage heights decide the loss'],
      Environmental: [1, 2, 'stored goods, battery charging and vehicle fuel'],
      'Workforce Injury': [3, 3, 'forklifts, racking and manual handling'],
      'Business Interruption': [3, 4, 'stock and dispatch concentrated in one building'],
    },
    assets: 'medium',
    heat: false,
    water: false,
    theft: true,
  },
  plant: {
    risks: {
      'Property / Fire': [3, 4, 'production plant: machinery, process heat and combustible materials'],
      Environmental: [2, 3, 'process emissions, effluent and waste'],
      'Workforce Injury': [3, 3, 'machinery and production work'],
      'Business Interruption': [3, 4, 'production lines with long repair and replacement times'],
    },
    assets: 'heavy',
    heat: false,
    water: true,
    theft: true,
  },
  retail: {
    risks: {
      'Property / Fire': [2, 3, 'shop stock and fittings, customers on the premises'],
      Environmental: [1, 2, 'packaging waste and refrigerants'],
      'Workforce Injury': [2, 2, 'manual handling and customer-facing work'],
      'Business Interruption': [2, 3, 'store closure: sales move to other branches or online'],
    },
    assets: 'medium',
    heat: false,
    water: false,
    theft: true,
  },
  construction: {
    risks: {
      'Property / Fire': [2, 3, 'hot works and materials on an open site'],
      Environmental: [2, 3, 'dust, noise, run-off and soil contamination'],
      'Workforce Injury': [4, 4, 'falls from height and plant on site'],
      'Business Interruption': [2, 3, 'project delays and contract penalties'],
    },
    assets: 'light',
    heat: true,
    water: false,
    theft: true,
  },
};

/** The site each activity profile (industry-profiles.ts) typically runs at. */
const TYPICAL_SITE: Record<string, SiteType> = {
  petrochemical: 'plant',
  extraction: 'plant',
  energy: 'plant',
  utilities: 'plant',
  pharma: 'plant',
  food: 'plant',
  processMfg: 'plant',
  lightMfg: 'plant',
  engineering: 'plant',
  construction: 'construction',
  wholesale: 'warehouse',
  warehousing: 'warehouse',
  retail: 'retail',
  software: 'office',
  finance: 'office',
  realEstate: 'office',
  professional: 'office',
};

/** The activity's typical site ('other' for depots, hotels, hospitals, farms and the undetermined). */
export function typicalSiteType(profile: IndustryProfile): SiteType {
  return TYPICAL_SITE[profile.key] ?? 'other';
}

/** The chosen site type, else the activity's typical one, assumed. */
export function siteChoice(profile: IndustryProfile, chosen: SiteType | undefined, assumed?: boolean): SiteChoice {
  return chosen ? { type: chosen, assumed: assumed ?? false } : { type: typicalSiteType(profile), assumed: true };
}

/** The reason line every site-bound risk carries. */
export function siteTypeReason(site: SiteChoice): string {
  return `site type: ${site.type} (${site.assumed ? 'assumed from the activity' : 'chosen'})`;
}

/** What is on site as the location impacts say it ('office site'), as messages (engine-location). */
const SITE_NOUN_IDS: Record<SiteType, string> = {
  office: 'location.siteNoun.office',
  warehouse: 'location.siteNoun.warehouse',
  plant: 'location.siteNoun.plant',
  retail: 'location.siteNoun.retail',
  construction: 'location.siteNoun.construction',
  other: 'location.siteNoun.other',
};

/** The words the location impacts use for what is on site: the site's, when it replaced the activity's. */
export function siteNoun(site: SiteChoice): string {
  return inEnglish(msg(SITE_NOUN_IDS[site.type]));
}

let nounIds: Map<string, string> | undefined;

/** A profile's `site` words (siteNoun's) as a message; words made elsewhere are kept as they are. */
export function siteNounMessage(noun: string): Message | string {
  nounIds ??= new Map(Object.values(SITE_NOUN_IDS).map((id) => [inEnglish(msg(id)), id]));
  const id = nounIds.get(noun);
  return id ? msg(id) : noun;
}

/**
 * The activity's profile at this site: unchanged at its typical site or an 'other' one; else the
 * site type's site-bound risks and traits, with `site` naming it for the location reasons.
 */
export function profileAtSite(profile: IndustryProfile, site: SiteChoice): IndustryProfile {
  if (site.type === 'other' || site.type === typicalSiteType(profile)) return profile;
  const s = SITE_PROFILES[site.type];
  return {
    ...profile,
    risks: { ...profile.risks, ...s.risks },
    assets: s.assets,
    heatSensitive: s.heat,
    waterIntensive: s.water,
    theftAttractive: s.theft,
    site: siteNoun(site),
  };
}
