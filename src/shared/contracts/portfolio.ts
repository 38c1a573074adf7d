import { localeSchema } from '../i18n/locale-schema.js';
import { z } from 'zod';
import { companyDataSchema, gradeSchema, reportSiteSchema, riskAssessmentResultSchema } from './assessment.js';
import { reportScreeningSchema, screeningStatusSchema } from './screening.js';
import { siteTypeSchema } from './site-type.js';

/**
 * Portfolios: a book of sites (fiscal number, country, own reference, site address) assessed in
 * the background, one report and one credit per valid row. Shared by the web app (/api/portfolios,
 * signed-in session) and the public API (/api/v1, API key).
 */

/** Most rows one portfolio may hold. */
export const MAX_PORTFOLIO_ROWS = 500;
/** Largest uploaded file (CSV or XLSX). */
export const PORTFOLIO_FILE_MAX_BYTES = 10 * 1024 * 1024;

/** One row as the user gives it; the country is a name or an ISO 3166 alpha-2 code. */
export const portfolioRowInputSchema = z.object({
  fiscal_number: z.string().trim().max(64),
  country: z.string().trim().max(64),
  reference: z.string().trim().max(200).optional(),
  site_address: z.string().trim().max(500).optional(),
  /** What the site is, as written in the file ('Office', 'warehouse'…); an unknown name is a row problem, not a refused request. */
  site_type: z.string().trim().max(40).optional(),
});
export type PortfolioRowInput = z.infer<typeof portfolioRowInputSchema>;

const rowsSchema = z
  .array(portfolioRowInputSchema)
  // ids of the errors catalogue ('A portfolio holds at most {maximum} rows.'), see shared/contracts/auth.ts
  .min(1, 'validation.portfolioNoRows')
  .max(MAX_PORTFOLIO_ROWS, 'validation.portfolioTooManyRows');

/** POST /api/portfolios/preview as JSON: rows, or pasted text (CSV/TSV with or without a header). */
export const portfolioPreviewBodySchema = z.union([
  z.object({ rows: rowsSchema }),
  z.object({ text: z.string().max(PORTFOLIO_FILE_MAX_BYTES) }),
]);
export type PortfolioPreviewBody = z.infer<typeof portfolioPreviewBodySchema>;

/**
 * Rows are numbered one way everywhere (preview, results, API, exports, PDF, messages): "row N" is
 * the N-th data row, 1-based, the header and empty lines not counted. A file's own line is called
 * a line.
 */
export const portfolioRowNumberSchema = z.number().int().min(1);

/** A row as the user's file or list gave it, in the previews and in the portfolios alike. */
const rowAsGiven = {
  /** The row's number: its place among the data rows, 1-based. */
  row: portfolioRowNumberSchema,
  fiscal_number: z.string(),
  country: z.string(),
  reference: z.string(),
  site_address: z.string(),
};

/** One previewed row: what was read, what it resolves to, and what is wrong with it in words. */
export const portfolioPreviewRowSchema = z.object({
  ...rowAsGiven,
  /** Line (CSV) or row number (XLSX) in the source file, 1 = the first line of the file. */
  line: z.number().int(),
  /** The site type ('office'…) when the row names one, '' for the activity's typical site; an unknown name as written (a problem). */
  site_type: z.string().optional(),
  /** The checked VAT number with its prefix ('PT501964843'), or null when it is not valid. */
  vat: z.string().nullable(),
  /** The country's English name when recognised. */
  country_name: z.string().nullable(),
  /** Empty when the row is valid. */
  problems: z.array(z.string()),
});
export type PortfolioPreviewRow = z.infer<typeof portfolioPreviewRowSchema>;

export const portfolioPreviewSchema = z.object({
  rows: z.array(portfolioPreviewRowSchema),
  valid: z.number().int(),
  invalid: z.number().int(),
  /** Credits the valid rows will cost (1 per row). */
  cost: z.number().int(),
  /** The user's balance now. */
  credits: z.number().int(),
});
export type PortfolioPreview = z.infer<typeof portfolioPreviewSchema>;

/** POST /api/portfolios (and /api/v1/portfolios as JSON). Invalid rows are kept as failed rows with their reason, never charged. */
export const portfolioCreateBodySchema = z.object({
  name: z.string().trim().max(120).optional(),
  rows: rowsSchema,
});
export type PortfolioCreateBody = z.infer<typeof portfolioCreateBodySchema>;

export const portfolioCreatedSchema = z.object({ id: z.string().uuid() });

export const portfolioStatusSchema = z.enum(['queued', 'running', 'done']);
export const portfolioRowStatusSchema = z.enum(['queued', 'running', 'done', 'failed']);

/** One row of a portfolio as the API answers it. */
export const portfolioRowSchema = z.object({
  id: z.string(),
  ...rowAsGiven,
  /** The site type the row asked for; absent: the activity's typical site. */
  site_type: z.string().optional(),
  status: portfolioRowStatusSchema,
  report_id: z.string().optional(),
  company_name: z.string().optional(),
  overallScore: z.number().int().optional(),
  overallScoreGrade: gradeSchema.optional(),
  /** The location or industry risk with the lowest score (the highest risk) in the row's report. */
  worst_hazard: z.string().optional(),
  latitude: z.number().optional(),
  longitude: z.number().optional(),
  /** The sanctions screening of the row's report, with the user's decisions applied; absent while the row has no report. */
  screening_status: screeningStatusSchema.optional(),
  /** Hits of that screening still open (not marked false positive); present with `screening_status`. */
  screening_hits: z.number().int().min(0).optional(),
  error: z.string().optional(),
  /** A failed row that ran and may run again; rows refused at creation (their data is wrong) are not. */
  retryable: z.boolean().optional(),
});
export type PortfolioRow = z.infer<typeof portfolioRowSchema>;

export const portfolioSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  status: portfolioStatusSchema,
  total: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type PortfolioSummary = z.infer<typeof portfolioSummarySchema>;

/** GET /api/portfolios/{id} and GET /api/v1/portfolios/{id}. */
export const portfolioDetailSchema = portfolioSummarySchema.extend({
  started_at: z.string().nullable(),
  /** Seconds left at the current pace, null before the first row finishes or once done. */
  eta_seconds: z.number().int().nullable(),
  rows: z.array(portfolioRowSchema),
});
export type PortfolioDetail = z.infer<typeof portfolioDetailSchema>;

/** GET /api/portfolios: the user's portfolios, newest first. */
export const portfolioListSchema = z.object({ items: z.array(portfolioSummarySchema) });
export type PortfolioList = z.infer<typeof portfolioListSchema>;

export const portfolioParamsSchema = z.object({ id: z.string() });
export const portfolioRowParamsSchema = z.object({ id: z.string(), rowId: z.string() });

/** POST /api/v1/assessments. */
export const apiAssessmentBodySchema = z.object({
  fiscal_number: z.string().trim().min(1, 'fiscal_number is required').max(64),
  country: z.string().trim().min(1, 'country is required').max(64),
  site_address: z.string().trim().max(500).optional(),
  /** What the site is; absent: the activity's typical site, and the report says it was assumed. */
  site_type: siteTypeSchema.optional(),
  /** The site as the user placed it (both or neither): the report's site precision is then `user`. */
  latitude: z.number().min(-85).max(85).optional(),
  longitude: z.number().min(-180).max(180).optional(),
}).refine((b) => (b.latitude === undefined) === (b.longitude === undefined), {
  message: 'latitude and longitude go together',
  path: ['latitude'],
});
export type ApiAssessmentBody = z.infer<typeof apiAssessmentBodySchema>;

/** A report as the API answers it: the screen's result with the company data and its sanctions screening. */
export const apiAssessmentSchema = riskAssessmentResultSchema.extend({
  company_data: companyDataSchema,
  site: reportSiteSchema.optional(),
  screening: reportScreeningSchema,
  /** The language the texts are written in (`?lang=`, else the account's language). */
  locale: localeSchema.optional(),
  /** Each risk's name in that language, by its stable English name. */
  risk_names: z.record(z.string(), z.string()).optional(),
});
export type ApiAssessment = z.infer<typeof apiAssessmentSchema>;
