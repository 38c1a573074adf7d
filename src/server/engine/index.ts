/**
 * The risk engine: Corisk's published rules from a placed company to rated location and industry
 * risks with their evidence and takeaways. Pure and offline; providers and modules use it only
 * through this file.
 */
export { analyseSite, dataSourcesOf, siteTypeFor, SiteNotAssessableError, type SiteAnalysis } from './analyse.js';
export { INDUSTRY_RISKS, LOCATION_RISKS, type IndustryRiskName, type LocationRiskName } from './risk-names.js';
export { activityFromSource, resolveActivity } from './activity.js';
export type { SiteChoice } from './site-types.js';
export { INFORM_SOURCE, informFor, type InformCountry } from './inform.js';
export { formatKm, formatPeople, siteFeatures, type SiteFeatures } from './site-features.js';
export { localiseActivity, localiseResult, riskName } from './localise.js';
export { isNaceRev21Class, isNaceRev2Class, rev21Evidence, rev2ForRev21 } from './nace-revision.js';
export { siteEvidenceForPrompt } from './site-evidence.js';
export { RULES_REVISION, dataVersion, engineVersion, reportVersions, type ReportVersions } from './versions.js';
export type { HazardRasters, RasterReading } from '../geo/hazard-rasters.js';
