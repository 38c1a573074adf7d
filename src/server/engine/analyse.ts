import type { Activity, CompanyData } from '../../shared/contracts/assessment.js';
import { countryByIso2, countryByName } from '../../shared/countries.js';
import { msg, type Message } from '../../shared/i18n/message.js';
import type { AssessedRisk, DataSourceEntry } from '../../shared/scoring.js';
import { HAZARD_RULES, type HazardRules } from '../../shared/hazards/index.js';
import { type HazardRasters, type RasterHazard, type RasterReading } from '../geo/hazard-rasters.js';
import { DATASET_LABEL, DATASETS, type DatasetKey } from '../geo/sources.js';
import { resolveActivity } from './activity.js';
import { companyProfile } from './company-profile.js';
import { assessIndustryRisks, industryProfile } from './industry-risks.js';
import { informFor } from './inform.js';
import { assessLocationRisks } from './location-risks.js';
import { INDUSTRY_RISKS, LOCATION_RISKS } from './risk-names.js';
import { siteFeatures, type SiteFeatures } from './site-features.js';
import { takeaways } from './takeaways.js';
import { inEnglish } from './texts.js';
import { profileAtSite, siteChoice, type SiteChoice } from './site-types.js';

/** A site the engine cannot assess: outside the 27 states, or without valid coordinates. */
export class SiteNotAssessableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SiteNotAssessableError';
  }
}

/** The embedded answer plus what it was based on (the activity used, the site's features). */
export interface SiteAnalysis {
  location: AssessedRisk[];
  industry: AssessedRisk[];
  keyTakeaways: string[];
  /** each takeaway as a message, in the same order */
  keyTakeawayMessages: Message[];
  dataSources: DataSourceEntry[];
  activity: Activity;
  features: SiteFeatures;
  /** the site type rated and whether it was assumed from the activity */
  site: SiteChoice;
}

type CompanyFacts = Pick<CompanyData, 'name' | 'country' | 'latitude' | 'longitude'> &
  Partial<Pick<CompanyData, 'geocode_precision' | 'activity' | 'sample' | 'status' | 'legal_form' | 'incorporated_on' | 'employees' | 'site_type' | 'site_type_assumed'>>;

/**
 * `rasters`: deployment hazard rasters to read at the site (HAZARD_DATA_DIR), when there are any;
 * `now` dates the company's age (a short track record is a takeaway); `rules` is the hazard rule
 * table the location risks are rated by.
 */
export function analyseSite(
  company: CompanyFacts,
  rasters?: HazardRasters,
  now: Date = new Date(),
  rules: HazardRules = HAZARD_RULES,
): SiteAnalysis {
  const country = countryByName(company.country) ?? countryByIso2(company.country);
  const inform = country && informFor(country.iso2);
  if (!country || !inform) {
    throw new SiteNotAssessableError(`No risk data for ${company.country}: Corisk covers the 27 EU member states`);
  }
  if (!Number.isFinite(company.latitude) || !Number.isFinite(company.longitude)) {
    throw new SiteNotAssessableError('The site has no valid coordinates');
  }
  const precision = company.geocode_precision ?? 'city';
  const activity = resolveActivity(company.name, company.activity);
  const activityProfile = industryProfile(activity);
  const site = siteChoice(activityProfile, company.site_type, company.site_type_assumed);
  const profile = profileAtSite(activityProfile, site);
  const features = siteFeatures(company.latitude, company.longitude, rasters);

  const location = assessLocationRisks({ inform, features, profile, precision, rules }, LOCATION_RISKS);
  const register = companyProfile(company);
  const industry = assessIndustryRisks({ activity, features, iso2: country.iso2, location, profile: register, site }, INDUSTRY_RISKS);
  const said = takeaways({
    companyName: company.name,
    country: country.name,
    location,
    industry,
    activity,
    features,
    precision,
    sample: company.sample ?? false,
    profile: register,
    site,
    now,
  });
  return {
    location,
    industry,
    keyTakeaways: said.map((t) => t.text),
    keyTakeawayMessages: said.map((t) => t.message),
    dataSources: dataSourcesOf(location, features.rasters),
    activity,
    features,
    site,
  };
}

/** The site type a company's analysis will rate: the chosen one, else its activity's typical site, assumed. */
export function siteTypeFor(company: Pick<CompanyFacts, 'name' | 'activity' | 'site_type'>): SiteChoice {
  return siteChoice(industryProfile(resolveActivity(company.name, company.activity)), company.site_type);
}

/** The datasets the evidence lines name: the bundled ones in the order of DATASETS, then the deployment's rasters. */
export function dataSourcesOf(risks: readonly AssessedRisk[], rasters: readonly RasterReading[] = []): DataSourceEntry[] {
  const used = new Set(risks.flatMap((r) => (r.evidence ?? []).map((e) => e.dataset)));
  const out = (Object.keys(DATASETS) as DatasetKey[]).filter((k) => used.has(DATASET_LABEL[k])).map((k): DataSourceEntry => ({ ...DATASETS[k] }));
  for (const r of rasters) {
    if (used.has(r.dataset) && !out.some((d) => d.name === r.source.name)) out.push(withUsedForMessage(r));
  }
  return out;
}

/** The raster hazards as the deployment's layers name them ('riverFlood'), as messages. */
const RASTER_HAZARD_IDS: Record<RasterHazard, string> = {
  earthquake: 'source.rasterHazard.earthquake',
  riverFlood: 'source.rasterHazard.riverFlood',
  coastalFlood: 'source.rasterHazard.coastalFlood',
  landslide: 'source.rasterHazard.landslide',
  heat: 'source.rasterHazard.heat',
  wildfire: 'source.rasterHazard.wildfire',
  drought: 'source.rasterHazard.drought',
};

/** A deployment raster's source with what it was used for as a message ('riverFlood (100-year return period) at the site, …'). */
function withUsedForMessage(r: RasterReading): DataSourceEntry {
  const hazard = msg(RASTER_HAZARD_IDS[r.hazard]);
  const message = r.returnPeriod
    ? msg('source.raster.usedForReturnPeriod', { hazard, years: r.returnPeriod })
    : msg('source.raster.usedFor', { hazard });
  // The words hazard-rasters.ts wrote stay; the message goes with them only when it says the same.
  return { ...r.source, ...(inEnglish(message) === r.source.used_for && { used_for_message: message }) };
}
