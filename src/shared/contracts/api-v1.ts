import { z } from 'zod';

/** What the public API (/api/v1) adds to the shared contracts: its request headers. */

/** Every /api/v1 POST: an optional Idempotency-Key (1–255 visible ASCII characters), checked by the server. */
export const idempotencyHeadersSchema = z.object({
  'idempotency-key': z
    .string()
    .max(255)
    .optional()
    .meta({
      description:
        'Any unique string (a UUID is ideal). A retry with the same key and the same request returns the first answer ' +
        'and spends nothing more; the same key with another request answers 422; a retry while the first is still ' +
        'running answers 409. Keys are kept 24 hours.',
      example: '4f1c2a9e-8b7d-4a57-9a83-0c5d2f3e1b6a',
    }),
});
export type IdempotencyHeaders = z.infer<typeof idempotencyHeadersSchema>;
