import { z } from 'zod';

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
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
