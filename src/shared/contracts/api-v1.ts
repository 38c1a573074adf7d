import { z } from 'zod';
import { reportSummarySchema } from './assessment-api.js';
import { cursorPageSchema, cursorQueryShape } from './common.js';
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
export const apiPageQuerySchema = z.object(cursorQueryShape(20));
export type ApiPageQuery = z.infer<typeof apiPageQuerySchema>;

export const apiAssessmentListSchema = cursorPageSchema(reportSummarySchema);
export type ApiAssessmentList = z.infer<typeof apiAssessmentListSchema>;

export const apiPortfolioListSchema = cursorPageSchema(portfolioSummarySchema);
export type ApiPortfolioList = z.infer<typeof apiPortfolioListSchema>;
