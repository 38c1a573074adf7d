import type { Activity } from '../../shared/contracts/assessment.js';
import { msg, numberValue, type Message } from '../../shared/i18n/message.js';
import { naceDivision } from '../../shared/nace.js';
import type { AssessedRisk } from '../../shared/scoring.js';
import type { SiteType } from '../../shared/site-types.js';
import type { IndustryRiskName, LocationRiskName } from './risk-names.js';
import { activityEvidenceMessage } from './activity.js';
import { legalFormKind, staffSize, type CompanyProfile } from './company-profile.js';
import { naceReferenceMessage, profileForDivision, type IndustryProfile } from './industry-profiles.js';
import type { SiteFeatures } from './site-features.js';
import { profileAtSite, SITE_RISKS, siteChoice, type SiteChoice } from './site-types.js';
import { inEnglish } from './texts.js';

/**
 * Industry risks from the activity's profile (industry-profiles.ts), with a few site links:
 * severe natural-hazard exposure raises business interruption, a coastal heavy site raises the
 * environmental pathway, an island state lengthens supply chains. Class-level specifics
 * (online retail) refine the division's profile.
 */

export interface IndustryContext {
  activity: Activity;
  features: SiteFeatures;
  iso2: string;
  /** the location risks already assessed, to link severe site hazards to interruption */
  location: readonly AssessedRisk[];
  /** what the national register says of the company (staff band, legal form), when it answered */
  profile?: CompanyProfile;
  /** what the site is (site-types.ts); the activity's typical site, assumed, when absent */
  site?: SiteChoice;
}

const clamp = (x: number) => Math.min(5, Math.max(0, Math.round(x)));
const ISLAND_STATES = new Set(['MT', 'CY']);
const PHYSICAL_PERILS = new Set(['Flood', 'Coastal Flood / Storm Surge', 'Earthquake', 'Wildfire', 'Landslide', 'Volcanic Activity']);

export function industryProfile(activity: Activity): IndustryProfile {
  return profileForDivision(naceDivision(activity.nace_code)?.division);
}

/** Each risk's name as the report heads it ('Business Interruption'), as a message. */
const RISK_NAME_IDS: Record<IndustryRiskName | LocationRiskName, string> = {
  Flood: 'industry.riskName.flood',
  'Coastal Flood / Storm Surge': 'industry.riskName.coastalFloodStormSurge',
  Earthquake: 'industry.riskName.earthquake',
  Wildfire: 'industry.riskName.wildfire',
  Windstorm: 'industry.riskName.windstorm',
  'Extreme Heat': 'industry.riskName.extremeHeat',
  Drought: 'industry.riskName.drought',
  Landslide: 'industry.riskName.landslide',
  'Volcanic Activity': 'industry.riskName.volcanicActivity',
  'Crime / Theft': 'industry.riskName.crimeTheft',
  'Political / Economic Stability': 'industry.riskName.politicalEconomicStability',
  'Property / Fire': 'industry.riskName.propertyFire',
  Liability: 'industry.riskName.liability',
  'Business Interruption': 'industry.riskName.businessInterruption',
  Cyber: 'industry.riskName.cyber',
  Environmental: 'industry.riskName.environmental',
  Regulatory: 'industry.riskName.regulatory',
  'Supply Chain': 'industry.riskName.supplyChain',
  'Workforce Injury': 'industry.riskName.workforceInjury',
};

/** A location risk's name inside a sentence ('site exposed to coastal flood / storm surge'). */
const RISK_NAME_IN_SENTENCE_IDS: Record<LocationRiskName, string> = {
  Flood: 'industry.riskNameInSentence.flood',
  'Coastal Flood / Storm Surge': 'industry.riskNameInSentence.coastalFloodStormSurge',
  Earthquake: 'industry.riskNameInSentence.earthquake',
  Wildfire: 'industry.riskNameInSentence.wildfire',
  Windstorm: 'industry.riskNameInSentence.windstorm',
  'Extreme Heat': 'industry.riskNameInSentence.extremeHeat',
  Drought: 'industry.riskNameInSentence.drought',
  Landslide: 'industry.riskNameInSentence.landslide',
  'Volcanic Activity': 'industry.riskNameInSentence.volcanicActivity',
  'Crime / Theft': 'industry.riskNameInSentence.crimeTheft',
  'Political / Economic Stability': 'industry.riskNameInSentence.politicalEconomicStability',
};

/** A risk's name as a message ('Business Interruption', German 'Betriebsunterbrechung'); an unknown name stays as it is. */
export function riskNameMessage(name: string): Message | string {
  const id = RISK_NAME_IDS[name as IndustryRiskName];
  return id ? msg(id) : name;
}

/** A location risk's name inside a sentence, lower case in English ('volcanic activity'); an unknown name lower-cased as it is. */
export function riskNameInSentenceMessage(name: string): Message | string {
  const id = RISK_NAME_IN_SENTENCE_IDS[name as LocationRiskName];
  return id ? msg(id) : name.toLowerCase();
}

/** A distance as site-features' formatKm writes it ('0.8 km', '25.3 km', '120 km'), as a message. */
export function kmMessage(km: number): Message {
  const whole = Math.round(km);
  const digits = km < 10 || (whole % 5 === 0 && Math.abs(km - whole) >= 0.05) ? 1 : 0;
  return msg('industry.unit.km', { km: numberValue(digits ? km : whole, digits, digits) });
}

/** The site type's word ('warehouse'), as a message. */
export const SITE_TYPE_IDS: Record<SiteType, string> = {
  office: 'industry.siteType.office',
  warehouse: 'industry.siteType.warehouse',
  plant: 'industry.siteType.plant',
  retail: 'industry.siteType.retail',
  construction: 'industry.siteType.construction',
  other: 'industry.siteType.other',
};

/** site-types.ts's siteTypeReason as a message: 'site type: warehouse (assumed from the activity)'. */
function siteTypeReasonMessage(site: SiteChoice): Message {
  return msg('industry.siteTypeReason', { type: msg(SITE_TYPE_IDS[site.type]), assumed: site.assumed ? 'yes' : 'no' });
}

/** The facts of the site-bound risks a site type puts in place of the activity's (site-types.ts SITE_PROFILES). */
type SiteRiskName = 'Property / Fire' | 'Environmental' | 'Workforce Injury' | 'Business Interruption';
const SITE_REASON_IDS: Record<Exclude<SiteType, 'other'>, Record<SiteRiskName, string>> = {
  office: {
    'Property / Fire': 'profile.site.office.propertyFire',
    Environmental: 'profile.site.office.environmental',
    'Workforce Injury': 'profile.site.office.workforceInjury',
    'Business Interruption': 'profile.site.office.businessInterruption',
  },
  warehouse: {
    'Property / Fire': 'profile.site.warehouse.propertyFire',
    Environmental: 'profile.site.warehouse.environmental',
    'Workforce Injury': 'profile.site.warehouse.workforceInjury',
    'Business Interruption': 'profile.site.warehouse.businessInterruption',
  },
  plant: {
    'Property / Fire': 'profile.site.plant.propertyFire',
    Environmental: 'profile.site.plant.environmental',
    'Workforce Injury': 'profile.site.plant.workforceInjury',
    'Business Interruption': 'profile.site.plant.businessInterruption',
  },
  retail: {
    'Property / Fire': 'profile.site.retail.propertyFire',
    Environmental: 'profile.site.retail.environmental',
    'Workforce Injury': 'profile.site.retail.workforceInjury',
    'Business Interruption': 'profile.site.retail.businessInterruption',
  },
  construction: {
    'Property / Fire': 'profile.site.construction.propertyFire',
    Environmental: 'profile.site.construction.environmental',
    'Workforce Injury': 'profile.site.construction.workforceInjury',
    'Business Interruption': 'profile.site.construction.businessInterruption',
  },
};

/** The message of a site-type fact (site-types.ts holds its English), or undefined for another risk or site. */
export function siteReasonMessage(site: SiteType, name: IndustryRiskName): Message | undefined {
  const id = site === 'other' ? undefined : SITE_REASON_IDS[site][name as SiteRiskName];
  return id ? msg(id) : undefined;
}

/** The activity's evidence as a message, or its words as they are when they are not the engine's own. */
const evidenceValue = (activity: Activity): Message | string => activityEvidenceMessage(activity) ?? activity.evidence;

function activityReason(activity: Activity): Message {
  const reference = naceReferenceMessage(activity.nace_code);
  if (!reference) return msg('industry.activity.undetermined');
  const values = { reference, code: activity.nace_code ?? '', label: activity.nace_label };
  // An official code names the register and the national code it was mapped from.
  if (activity.inferred_from === 'name') return msg('industry.activity.referenceInferred', { ...values, evidence: evidenceValue(activity) });
  if (activity.inferred_from === 'source' && /^NACE \d{2}\.\d{2} from /.test(activity.evidence)) {
    return msg('industry.activity.referenceOfficial', { ...values, evidence: evidenceValue(activity) });
  }
  return msg('industry.activity.reference', values);
}

/** A risk's reasons, each in English and as a message. */
class Reasons {
  readonly texts: string[] = [];
  readonly messages: Message[] = [];
  /** false once a reason had no message: the messages are then left out */
  complete = true;
  add(message: Message): void {
    this.texts.push(inEnglish(message));
    this.messages.push(message);
  }
  /** A reason known only in English (a site type the catalogue lacks). */
  addText(text: string): void {
    this.texts.push(text);
    this.complete = false;
  }
}

export function assessIndustryRisks(ctx: IndustryContext, names: readonly IndustryRiskName[]): AssessedRisk[] {
  const activityProfile = industryProfile(ctx.activity);
  const site = ctx.site ?? siteChoice(activityProfile, undefined);
  const profile = profileAtSite(activityProfile, site);
  const base = activityReason(ctx.activity);
  const online = ctx.activity.nace_code?.startsWith('47.91') ?? false;
  const worstPeril = ctx.location
    .filter((r) => PHYSICAL_PERILS.has(r.name))
    .sort((a, b) => b.rawLikelihood * b.impact - a.rawLikelihood * a.impact || a.name.localeCompare(b.name))[0];

  return names.map((name) => {
    const why = profile.risks[name][2];
    let [l, i, , whyMessage] = profile.risks[name];
    const reasons = new Reasons();
    reasons.add(base);
    if (SITE_RISKS.includes(name)) reasons.add(siteTypeReasonMessage(site));
    // A site type's fact comes in English only (site-types.ts): its message is looked up here, if it says the same.
    const fromSite = !whyMessage && profile.site ? siteReasonMessage(site.type, name) : undefined;
    if (fromSite && inEnglish(fromSite) === why) whyMessage = fromSite;
    if (online && name === 'Cyber') [l, i, whyMessage] = [4, 5, msg('industry.online.cyber')];
    // At a site type of its own, the site's property risk stands.
    if (online && name === 'Property / Fire' && !profile.site) [l, i, whyMessage] = [2, 3, msg('industry.online.propertyFire')];
    if (whyMessage) reasons.add(whyMessage);
    else reasons.addText(why);

    if (name === 'Business Interruption' && worstPeril && worstPeril.rawLikelihood >= 4) {
      l += 1;
      reasons.add(msg('industry.link.perilExposure', { peril: riskNameInSentenceMessage(worstPeril.name), level: worstPeril.rawLikelihood }));
    }
    if (name === 'Environmental' && profile.assets === 'heavy' && ctx.features.distanceToCoastKm < 2) {
      l += 1;
      reasons.add(msg('industry.link.coastPollution', { distance: kmMessage(ctx.features.distanceToCoastKm) }));
    }
    if (name === 'Supply Chain' && ISLAND_STATES.has(ctx.iso2)) {
      l += 1;
      reasons.add(msg('industry.link.islandState'));
    }
    i += companyImpact(name, ctx.profile, reasons);
    return {
      name,
      rawLikelihood: clamp(l),
      impact: clamp(i),
      reason: reasons.texts,
      ...(reasons.complete && { reasonMessages: reasons.messages }),
    };
  });
}

/**
 * The register's staff band and legal form on the impact of the risks they scale: a large
 * workforce keeps payroll running through an interruption and puts more people in harm's way;
 * a micro company has little at stake; a public limited company adds shareholder claims to its
 * liability, a sole trader has a small third-party footprint. Adds the reason and returns the
 * change of impact.
 */
function companyImpact(name: IndustryRiskName, profile: CompanyProfile | undefined, reasons: Reasons): number {
  if (!profile) return 0;
  const size = staffSize(profile.employees);
  const staff = msg('industry.company.staff', { band: `${profile.employees}` });
  const form = `${profile.legalForm}`;
  if (name === 'Business Interruption') {
    if (size === 'large') return reasons.add(msg('industry.company.interruptionLarge', { staff })), 1;
    if (size === 'micro') return reasons.add(msg('industry.company.interruptionMicro', { staff })), -1;
  }
  if (name === 'Workforce Injury' && size === 'large') {
    return reasons.add(msg('industry.company.injuryLarge', { staff })), 1;
  }
  if (name === 'Liability') {
    const kind = legalFormKind(profile.legalForm);
    if (kind === 'public') return reasons.add(msg('industry.company.liabilityPublic', { form })), 1;
    if (kind === 'sole_trader') return reasons.add(msg('industry.company.liabilitySoleTrader', { form })), -1;
    if (size === 'large') return reasons.add(msg('industry.company.liabilityLarge', { staff })), 1;
  }
  return 0;
}
