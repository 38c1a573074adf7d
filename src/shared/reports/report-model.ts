import type { CompanyData, RiskAssessmentResult } from '../contracts/assessment.js';
import type { PdfImage } from '../pdf/index.js';

/** What the report PDF is drawn from (report-pdf.ts and its sections). */
export interface ReportModel {
  company: CompanyData;
  result: RiskAssessmentResult;
  map: PdfImage | null;
  productName: string;
  /** For the date rule (the year is left out for dates of the current year). */
  now: Date;
  /** The font family to write with ('helvetica' or an embedded Unicode font). */
  fontFamily: string;
  /** The public methodology page, named on the data sources page when given. */
  methodologyUrl?: string;
}
