import { localeSchema } from '../i18n/locale-schema.js';
import { z } from 'zod';
import { companyDataSchema, gradeSchema, reportSiteSchema, riskAssessmentResultSchema } from './assessment.js';
import { errorSchema } from './common.js';
import { reportScreeningSchema } from './screening.js';
import { siteTypeSchema } from './site-type.js';

/**
 * Requests and responses of the assessment calls (search, scrape, map, analysis) and of the
 * report and sample-company calls. The entities themselves live in assessment.ts.
 */

/** User-facing texts of the engine, word for word as the web app shows them. */
export const assessmentMessages = {
  rateLimited: "Hold your horses! We're still tuning our engines for better performance.",
  analysisTimeout: 'Analysis timed out - please try again',
} as const;

/** Call 10: GET /api/search/company/{fiscalNumber}-{country}. */
export const companySearchResponseSchema = z.object({
  /** Signed links, one per source that knows the company, in COMPANY_SOURCES order; pass them to call 11 as they are. */
  links: z.array(z.string()).min(1),
});
export type CompanySearchResponse = z.infer<typeof companySearchResponseSchema>;

/** Call 11: POST /api/scrape/company. */
export const scrapeCompanyBodySchema = z.object({
  links: z.array(z.string().min(1).max(2048)).min(1).max(10),
  /** The assessed site's address when it is not the registered office; the answer's `site` places it. */
  site_address: z.string().trim().max(500).optional(),
});
export type ScrapeCompanyBody = z.infer<typeof scrapeCompanyBodySchema>;

/** Where a site address was placed (the scrape call's `site`). */
export const placedSiteSchema = reportSiteSchema.pick({ address: true, latitude: true, longitude: true, precision: true });
export type PlacedSite = z.infer<typeof placedSiteSchema>;

/** `company_data` is the registered office; `site` is present when a site address was sent. */
export const scrapeCompanyResponseSchema = z.object({ company_data: companyDataSchema, site: placedSiteSchema.optional() });
export type ScrapeCompanyResponse = z.infer<typeof scrapeCompanyResponseSchema>;

/**
 * Call 12: POST /api/maps/company → image/png. The answer's headers give the image's frame, so
 * the client can turn a point on it into coordinates: `X-Map-Bounds` (west,south,east,north in
 * degrees) and `X-Map-Projection` (`EPSG:3857`, Web Mercator: x linear in longitude, y in
 * mercator latitude).
 */
export const companyMapBodySchema = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});
export type CompanyMapBody = z.infer<typeof companyMapBodySchema>;

/** An optional decimal number in a query string ('' counts as absent). */
const optionalQueryNumber = (min: number, max: number, name: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === undefined || v === '' ? undefined : Number(v)))
    .pipe(
      z
        .number({ error: `${name} must be a number` })
        .min(min, `${name} must be between ${min} and ${max}`)
        .max(max, `${name} must be between ${min} and ${max}`)
        .optional(),
    );

/**
 * Call 13: POST /api/openai/company?company&location&company_name&address[&latitude&longitude][&site_type][&lang],
 * multipart body with the map as field `image` (PNG or JPEG, at most 5 MB). `company` is the
 * fiscal number as searched, `location` the country's name, `lang` the language to answer in
 * (as `?lang=` of GET /api/reports/{id}; the account's language when left out).
 */
export const analysisQuerySchema = z
  .object({
    company: z.string().trim().min(1, 'company (the fiscal number) is required').max(64),
    location: z.string().trim().min(1, 'location (the country) is required').max(64),
    company_name: z.string().trim().min(1, 'company_name is required').max(300),
    address: z.string().trim().max(500).default(''),
    latitude: optionalQueryNumber(-90, 90, 'latitude'),
    longitude: optionalQueryNumber(-180, 180, 'longitude'),
    /** The assessed site's address when it is not the registered office (`address`). */
    site_address: z.string().trim().max(500).optional(),
    /** 'user' when the user placed the pin at latitude/longitude: the site's precision is then `user`. */
    placed_by: z.enum(['user']).optional(),
    /** What the site is; absent: the activity's typical site, and the report says it was assumed. */
    site_type: siteTypeSchema.optional(),
    /** The language of the answer's texts; the account's language when left out. */
    lang: localeSchema.optional().meta({ description: "The language of the report's texts (en de fr it es pt pl nl); the account's language when left out" }),
  })
  .refine((q) => (q.latitude === undefined) === (q.longitude === undefined), {
    message: 'latitude and longitude go together',
    path: ['latitude'],
  });
export type AnalysisQueryInput = z.input<typeof analysisQuerySchema>;
export type AnalysisQuery = z.output<typeof analysisQuerySchema>;

/** Largest map image call 13 accepts. */
export const ANALYSIS_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** Call 13's answer: the result, the company's sanctions screening beside it, and the language its texts are written in. */
export const analysisResponseSchema = riskAssessmentResultSchema.extend({
  screening: reportScreeningSchema.optional(),
  /** `lang`, else the account's language. */
  locale: localeSchema.optional(),
});
export type AnalysisResponse = z.infer<typeof analysisResponseSchema>;

/** 429 of call 13: `user_message` is what the screen shows. */
export const rateLimitedErrorSchema = errorSchema.extend({ user_message: z.string() });

/** GET /api/reports?page&page_size: the user's own reports, newest first. */
export const reportsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
export type ReportsQuery = z.infer<typeof reportsQuerySchema>;

export const reportSummarySchema = z.object({
  id: z.string(),
  created_at: z.string(),
  company_name: z.string(),
  /** The country's English name. */
  country: z.string(),
  overallScore: z.number().int().min(0).max(100),
  overallScoreGrade: gradeSchema,
  sample: z.boolean(),
});
export type ReportSummary = z.infer<typeof reportSummarySchema>;

export const reportsListResponseSchema = z.object({
  items: z.array(reportSummarySchema),
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
});
export type ReportsListResponse = z.infer<typeof reportsListResponseSchema>;

/** Any other id answers 404 (as does another user's report). */
export const reportParamsSchema = z.object({ id: z.string().max(64) });
/** `?lang=de`: the report's texts in that language; without it, in the account's language. */
export const reportLangQuerySchema = z.object({
  lang: localeSchema.optional().meta({ description: "The language of the report's texts (en de fr it es pt pl nl); the account's language when left out" }),
});

/** GET /api/reports/{id}: a report reopened (its map: GET /api/reports/{id}/map.png). */
export const reportResponseSchema = z.object({
  /** The registered office (its coordinates are the assessed site's). */
  company_data: companyDataSchema,
  result: riskAssessmentResultSchema,
  /** The assessed site, beside the registered office; absent on reports stored before sites existed. */
  site: reportSiteSchema.optional(),
  /** The company, its officers and owners against the EU, UN and UK sanctions lists; `not_screened` on reports stored before. */
  screening: reportScreeningSchema,
  /** The language the report's texts are written in (`?lang=`, else the account's language). */
  locale: localeSchema.optional(),
  /** Each risk's name in that language, by its stable English name (the keys of the score maps). */
  risk_names: z.record(z.string(), z.string()).optional(),
});
export type ReportResponse = z.infer<typeof reportResponseSchema>;

/** GET /api/companies/samples: the bundled sample companies, to try Corisk at once. */
export const sampleCompanySchema = z.object({
  name: z.string(),
  /** The VAT number with its prefix ('PT501964843'); the search accepts it as it is. */
  fiscal_number: z.string(),
  /** The country's English name, as in the selector. */
  country: z.string(),
});
export const sampleCompaniesResponseSchema = z.array(sampleCompanySchema);
export type SampleCompanyDto = z.infer<typeof sampleCompanySchema>;
