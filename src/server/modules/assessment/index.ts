/**
 * The assessment module as other features see it: check a site, run a whole assessment on the
 * server (its report is then the reports module's). Other modules import this file only.
 */
import type { SiteAssessment, SiteCheck, SiteRequest } from './assessment.service.js';

export type { SiteAssessment, SiteCheck, SiteRequest } from './assessment.service.js';
export { siteRequestOf } from './site-request.js';

export interface Assessments {
  /** Check digits and country of a site; no I/O, nothing spent. */
  checkSite(req: SiteRequest): SiteCheck;
  /**
   * The whole pipeline on the server, one credit per stored report. `requestKey` is unique per
   * user: a report already stored under it is returned (`replayed`) and nothing more is spent.
   */
  assessSite(userId: string, req: SiteRequest, opts: { requestKey: string; signal?: AbortSignal }): Promise<SiteAssessment>;
}
