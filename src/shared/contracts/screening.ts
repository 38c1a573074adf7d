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
