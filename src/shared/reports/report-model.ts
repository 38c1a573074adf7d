import type { CompanyData, ReportSite, RiskAssessmentResult } from '../contracts/assessment.js';
import type { ReportScreening } from '../contracts/screening.js';
import type { PdfImage } from '../pdf/index.js';
import type { PdfLanguage } from './report-pdf-words.js';

/** What the report PDF is drawn from (report-pdf.ts and its sections), and the language it is written in (`locale`, `t`). */
export interface ReportModel extends PdfLanguage {
  company: CompanyData;
  /** The assessed site, beside the registered office; absent on reports stored before sites existed. */
  site?: ReportSite;
  result: RiskAssessmentResult;
  /** The sanctions screening; absent, the report reads as never screened. */
  screening?: ReportScreening;
  map: PdfImage | null;
  productName: string;
  /** When the PDF is drawn (kept for callers; the filed date always carries its year). */
  now: Date;
  /** The font family to write with ('helvetica' or an embedded Unicode font). */
  fontFamily: string;
  /** The public methodology page, named on the data sources page when given. */
  methodologyUrl?: string;
  /** Each risk's name in the report's language, by its English name (the keys of the score maps); the English name without it. */
  riskNames?: Record<string, string>;
}
