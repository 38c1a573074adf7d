import { z } from 'zod';

/** API keys for /api/v1: made, listed and revoked from the profile with a signed-in session. */

/** POST /api/api-keys. */
export const apiKeyCreateBodySchema = z.object({
  // ids of the errors catalogue, see shared/contracts/auth.ts
  name: z.string().trim().min(1, 'validation.apiKeyNameRequired').max(80, 'validation.apiKeyNameTooLong'),
});
export type ApiKeyCreateBody = z.infer<typeof apiKeyCreateBodySchema>;

/** One of the user's live keys (never the secret). */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer to POST /api/api-keys: the only time the secret is shown. */
export const apiKeyCreatedSchema = apiKeySchema.pick({ id: true, name: true, prefix: true }).extend({ secret: z.string() });
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;

/** GET /api/api-keys: the user's live keys, newest first (never the secret). */
export const apiKeyListSchema = z.object({ items: z.array(apiKeySchema) });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

export const apiKeyParamsSchema = z.object({ id: z.string() });
