import { z } from 'zod';

/** The sanctions lists Corisk screens against. */
export const sanctionsListNameSchema = z.enum(['EU', 'UN', 'UK']);
export type SanctionsListName = z.infer<typeof sanctionsListNameSchema>;

/** One list as held now: its file's own generation date, when it was fetched, and whether it is too old to clear anyone. */
export const sanctionsListStatusSchema = z.object({
  list: sanctionsListNameSchema,
  /** The file's own generation date (ISO timestamp); null while no version is held. */
  generated_at: z.string().nullable(),
  /** When this version was fetched (or loaded from the bundled snapshot); null while none is held. */
  fetched_at: z.string().nullable(),
  entries: z.number().int().min(0),
  /** Older than SANCTIONS_MAX_AGE_DAYS, or empty: a screening against it never says "clear". */
  stale: z.boolean(),
});
export type SanctionsListStatus = z.infer<typeof sanctionsListStatusSchema>;

/** GET /api/sanctions/lists (authenticated). */
export const sanctionsListsResponseSchema = z.object({ lists: z.array(sanctionsListStatusSchema) });
export type SanctionsListsResponse = z.infer<typeof sanctionsListsResponseSchema>;

/** One list's outcome of a refresh: a new version swapped in, the same content again, or kept the last good version because of `detail`. */
export const sanctionsRefreshItemSchema = z.object({
  list: sanctionsListNameSchema,
  status: z.enum(['updated', 'unchanged', 'failed']),
  /** Generation date of the version held after the refresh (null while none is held). */
  generated_at: z.string().nullable(),
  entries: z.number().int().min(0),
  /** Why it failed, or why nothing was downloaded. */
  detail: z.string().optional(),
});
export type SanctionsRefreshItem = z.infer<typeof sanctionsRefreshItemSchema>;

/** POST /api/admin/sanctions/refresh (admin). */
export const sanctionsRefreshResponseSchema = z.object({ lists: z.array(sanctionsRefreshItemSchema) });
export type SanctionsRefreshResponse = z.infer<typeof sanctionsRefreshResponseSchema>;

/**
 * A screening's outcome: a company hit at 0.9 or more (or on a register identifier), or a hit an
 * analyst confirmed, is a `match`; any other open hit calls for review. Reports stored before
 * screening existed are `not_screened`.
 */
export const screeningStatusSchema = z.enum(['clear', 'possible_match', 'match', 'not_screened']);
export type ScreeningStatus = z.infer<typeof screeningStatusSchema>;

export const screeningDecisionValueSchema = z.enum(['false_positive', 'confirmed']);
export type ScreeningDecisionValue = z.infer<typeof screeningDecisionValueSchema>;

/** An analyst's decision on a hit: it holds for later reports of the company until the list entry changes. */
export const screeningDecisionSchema = z.object({
  decision: screeningDecisionValueSchema,
  note: z.string(),
  /** The e-mail of the user who decided. */
  decided_by: z.string(),
  decided_at: z.string(),
});
export type ScreeningDecision = z.infer<typeof screeningDecisionSchema>;

/** Who on the report was found on a list: the company, one of its officers, or one of its owners. */
export const screeningSubjectSchema = z.enum(['company', 'officer', 'owner']);
export type ScreeningSubject = z.infer<typeof screeningSubjectSchema>;

export const screeningHitSchema = z.object({
  list: sanctionsListNameSchema,
  /** The list's own reference of the entry (EU reference number, UN reference number, UK unique ID). */
  entry_id: z.string(),
  /** The entry's name (the alias as the list writes it) that matched best. */
  listed_name: z.string(),
  /** The screened name as the register or the user gave it. */
  matched_name: z.string(),
  subject: screeningSubjectSchema,
  /** 0–1: 1 for an identifier; at least 0.9 is a match, at least 0.7 a possible match. */
  score: z.number().min(0).max(1),
  programme: z.string().nullable(),
  /** YYYY-MM-DD, when the list gives it. */
  designation_date: z.string().nullable(),
  /** Why it scored so, in words an analyst checks against the entry. */
  reasons: z.array(z.string()),
  decision: screeningDecisionSchema.optional(),
});
export type ScreeningHitDto = z.infer<typeof screeningHitSchema>;

/** A list as a screening used it: its own generation date, and whether it was too old to clear anyone. */
export const screenedListSchema = z.object({
  list: sanctionsListNameSchema,
  generated_at: z.string().nullable(),
  stale: z.boolean(),
});
export type ScreenedList = z.infer<typeof screenedListSchema>;

/** The `screening` of a report, a portfolio row's report and POST /api/v1/screenings. */
export const reportScreeningSchema = z.object({
  status: screeningStatusSchema,
  /** When the screening ran; null when the report was never screened. */
  screened_at: z.string().nullable(),
  lists: z.array(screenedListSchema),
  hits: z.array(screeningHitSchema),
});
export type ReportScreening = z.infer<typeof reportScreeningSchema>;

/** What a report stored before screening existed answers. */
export const notScreened: ReportScreening = { status: 'not_screened', screened_at: null, lists: [], hits: [] };

/** POST /api/screening/decisions: an analyst's decision on one hit of one of the user's reports. */
export const screeningDecisionRequestSchema = z.object({
  report_id: z.string().uuid('report_id must be a report id'),
  entry_id: z.string().trim().min(1, 'entry_id is required').max(100),
  decision: screeningDecisionValueSchema,
  // ids of the errors catalogue, see shared/contracts/auth.ts
  note: z.string().trim().min(1, 'validation.noteRequired').max(2000, 'validation.noteTooLong'),
});
export type ScreeningDecisionRequest = z.infer<typeof screeningDecisionRequestSchema>;

/** POST /api/v1/screenings: a name screened on its own (no report, no credit). */
export const apiScreeningRequestSchema = z.object({
  name: z.string().trim().min(1, 'name is required').max(300, 'name is at most 300 characters'),
  /** ISO 3166-1 alpha-2 code or English name; a contradicting country lowers a hit's score. */
  country: z.string().trim().max(60).optional(),
  /** The company's VAT number (with or without the country prefix) or national ID: an equal identifier on a list is a match. */
  fiscal_number: z.string().trim().max(64).optional(),
});
export type ApiScreeningRequest = z.infer<typeof apiScreeningRequestSchema>;
