import { z } from 'zod';
import { reportSummarySchema } from './assessment-api.js';
import { portfolioSummarySchema } from './portfolio.js';

/** What the public API (/api/v1) adds to the shared contracts: its request headers and its list pages. */

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

/** GET /api/v1/assessments and GET /api/v1/portfolios: a page, newest first. */
export const apiPageQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int('limit is a whole number')
    .min(1, 'limit is at least 1')
    .max(100, 'limit is at most 100')
    .default(20)
    .meta({ description: 'Items per page, 1–100.', example: 20 }),
  cursor: z
    .string()
    .max(200)
    .optional()
    .meta({ description: 'The `next` of the previous page; leave out for the first page. Opaque: send it back as it came.' }),
});
export type ApiPageQuery = z.infer<typeof apiPageQuerySchema>;

const next = z
  .string()
  .nullable()
  .meta({ description: 'The cursor of the following page, or null on the last page. New records never shift the pages already read.' });

export const apiAssessmentListSchema = z.object({ items: z.array(reportSummarySchema), next });
export type ApiAssessmentList = z.infer<typeof apiAssessmentListSchema>;

export const apiPortfolioListSchema = z.object({ items: z.array(portfolioSummarySchema), next });
export type ApiPortfolioList = z.infer<typeof apiPortfolioListSchema>;
