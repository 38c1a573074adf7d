/**
 * The assessment module as other features see it: check a site, run a whole assessment on the
 * server, read a report and its map. Other modules import this file only.
 */
import type { ReportResponse } from '../../../shared/contracts/assessment-api.js';
import type { SiteAssessment, SiteCheck, SiteRequest } from './assessment.service.js';

export type { SiteAssessment, SiteCheck, SiteRequest } from './assessment.service.js';

export interface Assessments {
  /** Check digits and country of a site; no I/O, nothing spent. */
  checkSite(req: SiteRequest): SiteCheck;
  /**
   * The whole pipeline on the server, one credit per stored report. `requestKey` is unique per
   * user: a report already stored under it is returned (`replayed`) and nothing more is spent.
   */
  assessSite(userId: string, req: SiteRequest, opts: { requestKey: string; signal?: AbortSignal }): Promise<SiteAssessment>;
  /** One of the user's reports; 404 for another user's or an unknown id. */
  getReport(userId: string, id: string): Promise<ReportResponse>;
  /** The location map of one of the user's reports (PNG). */
  reportMap(userId: string, id: string): Promise<Buffer>;
}
