import { parseSiteType } from '../../../shared/site-types.js';
import type { SiteRequest } from './assessment.service.js';

/** A site as a portfolio row stores it: text fields, blank when not given. */
interface StoredSite {
  fiscalNumber: string;
  country: string;
  siteAddress?: string;
  reference?: string;
  siteType?: string;
}

/** The request that assesses a stored site again: blanks left out, the site type read back from its text (checked when the row was stored). */
export function siteRequestOf(site: StoredSite): SiteRequest {
  const siteType = site.siteType ? parseSiteType(site.siteType) : undefined;
  return {
    fiscalNumber: site.fiscalNumber,
    country: site.country,
    ...(site.siteAddress ? { siteAddress: site.siteAddress } : {}),
    ...(site.reference ? { reference: site.reference } : {}),
    ...(siteType ? { siteType } : {}),
  };
}
