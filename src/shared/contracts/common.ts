import { z } from 'zod';
import { outsideServiceIds } from '../outside-services.js';

/** A cursor list's query: `limit` items (1–100, `defaultLimit` unless asked) after `cursor`, the `next` of the page before. */
export const cursorQueryShape = (defaultLimit: number) => ({
  limit: z.coerce
    .number()
    .int('limit is a whole number')
    .min(1, 'limit is at least 1')
    .max(100, 'limit is at most 100')
    .default(defaultLimit)
    .meta({ description: 'Items per page, 1–100.', example: defaultLimit }),
  cursor: z
    .string()
    .max(200)
    .optional()
    .meta({ description: 'The `next` of the previous page; leave out for the first page. Opaque: send it back as it came.' }),
});

/** A page of a cursor list. */
export const cursorPageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    next: z
      .string()
      .nullable()
      .meta({ description: 'The cursor of the following page (send it back as `cursor`), or null on the last page. New records never shift the pages already read.' }),
  });

/** Every error response of the API: clients read `detail`. */
export const errorSchema = z.object({
  detail: z.string(),
  code: z.string().optional(),
});
export type ApiErrorBody = z.infer<typeof errorSchema>;

export const healthSchema = z.object({
  status: z.literal('ok'),
  version: z.string(),
  database: z.literal('ok'),
});
export type Health = z.infer<typeof healthSchema>;

/** Who runs this deployment (OPERATOR_* settings): the imprint and the privacy policy's controller. Null where not set. */
export const operatorSchema = z.object({
  name: z.string().nullable(),
  address: z.string().nullable(),
  register: z.string().nullable(),
  vatId: z.string().nullable(),
  email: z.string().nullable(),
  representative: z.string().nullable(),
  dpoEmail: z.string().nullable(),
});
export type OperatorIdentity = z.infer<typeof operatorSchema>;

/** One outside service this deployment uses; `host` is the host it calls, null where it is not published (databases). */
export const outsideServiceSchema = z.object({
  id: z.enum(outsideServiceIds),
  host: z.string().nullable(),
});
export type OutsideService = z.infer<typeof outsideServiceSchema>;

/** What the server publishes to the browser at run time (never secrets). */
export const publicConfigSchema = z.object({
  productName: z.string(),
  version: z.string(),
  appUrl: z.string(),
  contactEmailInfo: z.string(),
  contactEmailSupport: z.string(),
  gaMeasurementId: z.string().nullable(),
  billingMode: z.enum(['stripe', 'test']),
  devTools: z.boolean(),
  operator: operatorSchema,
  outsideServices: z.array(outsideServiceSchema),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
