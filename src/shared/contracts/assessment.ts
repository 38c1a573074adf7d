import { z } from 'zod';
import type { Grade } from '../scoring.js';
import { siteTypeSchema } from './site-type.js';

/** Grades A, B, C, D, F (the bands live in shared/scoring.ts). */
export const gradeSchema = z.enum(['A', 'B', 'C', 'D', 'F'] as const satisfies readonly Grade[]);

const level = z.number().int().min(0).max(5);
const score = z.number().int().min(0).max(100);

/** One entry of locationScoresMap / industryScoresMap. */
export const riskScoreEntrySchema = z.object({
  grade: gradeSchema,
  score,
  rawLikelihood: level,
  impact: level,
});
export type RiskScoreEntryDto = z.infer<typeof riskScoreEntrySchema>;

/**
 * One measured fact behind a rating: the dataset it came from and a sentence saying what was
 * measured, its value at the site and the threshold that set the level, e.g.
 * "ETOPO5: 3 m above sea level, 1.2 km from the coast: low-lying coastal site".
 */
export const riskEvidenceSchema = z.object({ dataset: z.string(), text: z.string() });
export type RiskEvidence = z.infer<typeof riskEvidenceSchema>;

/** One entry of location_risk / sector_specific_risk; reports stored before evidence existed lack it. */
export const riskReasonSchema = z.object({
  reason: z.array(z.string()),
  evidence: z.array(riskEvidenceSchema).optional(),
});

/** A dataset a report relied on, listed on the PDF's data sources page. */
export const dataSourceSchema = z.object({
  name: z.string(),
  version: z.string(),
  licence: z.string(),
  url: z.string(),
  used_for: z.string(),
});
export type DataSource = z.infer<typeof dataSourceSchema>;

/** The risk assessment result: scores, grades, risks with reasons and key takeaways. */
export const riskAssessmentResultSchema = z.object({
  id: z.string().min(1),
  created_at: z.string().min(1),
  overallScore: score,
  overallScoreGrade: gradeSchema,
  avgLocationRisk: score,
  avgLocationRiskGrade: gradeSchema,
  avgIndustryRisk: score,
  avgIndustryRiskGrade: gradeSchema,
  locationScoresMap: z.record(z.string(), riskScoreEntrySchema),
  industryScoresMap: z.record(z.string(), riskScoreEntrySchema),
  location_risk: z.record(z.string(), riskReasonSchema),
  sector_specific_risk: z.record(z.string(), riskReasonSchema),
  key_takeaways_for_insurers: z.array(z.string()),
  /** The datasets behind the ratings; absent on reports stored before it existed. */
  data_sources: z.array(dataSourceSchema).optional(),
  /** The engine that made the report (package version + rules revision, e.g. '0.1.0+rules.1'); absent on older reports. */
  engine_version: z.string().optional(),
  /** The bundled data it ran on (date stamp + hash of the hazard layers, rule table and INFORM table); absent on older reports. */
  data_version: z.string().optional(),
  /** The site type rated and whether it was assumed (as in the company data); absent on older reports. */
  site_type: siteTypeSchema.optional(),
  site_type_assumed: z.boolean().optional(),
});
export type RiskAssessmentResult = z.infer<typeof riskAssessmentResultSchema>;

/** How precisely the site was placed: what the geocoder actually matched, or `user` when the user placed the pin. */
export const geocodePrecisionSchema = z.enum(['address', 'postal_code', 'city', 'country', 'user']);
export type GeocodePrecision = z.infer<typeof geocodePrecisionSchema>;

/**
 * The company's activity as a NACE Rev. 2 class: from the source's own data (`source`), from
 * words in the company name (`name`), or not determined (`none`, code null). `evidence` says how.
 */
export const activitySchema = z.object({
  nace_code: z.string().nullable(),
  nace_label: z.string(),
  inferred_from: z.enum(['source', 'name', 'none']),
  evidence: z.string(),
  /**
   * The national code the NACE code was read from, when a register gave one: its list, the list's
   * version ('CZ-NACE' '2025', 'KAD' '2026', 'SK NACE' 'Rev. 2') and the code as the register writes
   * it. A version built on NACE Rev. 2.1 is read as a Rev. 2 class through Eurostat's correspondence
   * (the evidence says so). Absent on reports stored before it existed.
   */
  national_code: z.object({ scheme: z.string(), version: z.string(), code: z.string() }).optional(),
});
export type Activity = z.infer<typeof activitySchema>;

/**
 * Whether the company still trades, as a national register states it: `unknown` when no register
 * answered (VIES only confirms the VAT number).
 */
export const companyStatusSchema = z.enum(['active', 'in_liquidation', 'insolvent', 'dissolved', 'unknown']);
export type CompanyStatus = z.infer<typeof companyStatusSchema>;

/** Statuses that put the company's existence in question (a warning on the report). */
export const closingStatuses: readonly CompanyStatus[] = ['in_liquidation', 'insolvent', 'dissolved'];

/** A person or company the register names as an officer (statutory body) or an owner. */
export const companyPartySchema = z.object({
  name: z.string(),
  /** The role in the register's words ('Président', 'jednatel', 'Prezes Zarządu'), or the share held. */
  role: z.string().nullable().default(null),
  kind: z.enum(['person', 'enterprise']),
});
export type CompanyParty = z.infer<typeof companyPartySchema>;

/**
 * Company data, as returned by the scrape call (POST /api/scrape/company). The register fields
 * (legal_form, status, incorporated_on, employees) default when absent, so company data stored
 * before they existed still reads.
 */
export const companyDataSchema = z.object({
  name: z.string(),
  address: z.string(),
  fiscal_number: z.string(),
  postal_code: z.string(),
  city: z.string(),
  /** The country's English name, as in the selector. */
  country: z.string(),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  geocode_precision: geocodePrecisionSchema,
  activity: activitySchema,
  /** The legal form in words, as the national register names it ('Société par actions simplifiée'). */
  legal_form: z.string().nullable().default(null),
  status: companyStatusSchema.default('unknown'),
  /** Date of incorporation or registration, YYYY-MM-DD. */
  incorporated_on: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable()
    .default(null),
  /** The published staff band in words ('100–199'). */
  employees: z.string().nullable().default(null),
  /** The statutory body as the register names it (directors, managing board); empty when it names none. */
  officers: z.array(companyPartySchema).default([]),
  /** Owners (shareholders, partners) as the register names them; empty when it names none. */
  owners: z.array(companyPartySchema).default([]),
  /** Where the data came from, e.g. 'sample', 'vies', 'nominatim', 'offline gazetteer'. */
  sources: z.array(z.string()),
  /** True when the company comes from the bundled sample directory (demo data). */
  sample: z.boolean(),
  /** The site type the report was rated for; absent on company data before an analysis and on older reports. */
  site_type: siteTypeSchema.optional(),
  /** True when the site type was assumed from the activity rather than chosen. */
  site_type_assumed: z.boolean().optional(),
});
export type CompanyData = z.infer<typeof companyDataSchema>;

/**
 * The assessed site, shown beside the registered office (company_data keeps the registered
 * address): where the hazards were looked up and how it was placed. `site_type` and
 * `site_type_assumed` are filled when the company data has them; `reference` is the caller's own
 * (a portfolio row's). Absent on reports stored before sites existed.
 */
export const reportSiteSchema = z.object({
  address: z.string(),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  precision: geocodePrecisionSchema,
  site_type: z.string().nullable().optional(),
  site_type_assumed: z.boolean().optional(),
  reference: z.string().nullable().optional(),
});
export type ReportSite = z.infer<typeof reportSiteSchema>;
