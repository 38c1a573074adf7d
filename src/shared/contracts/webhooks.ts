import { z } from 'zod';
import { cursorPageSchema, cursorQueryShape } from './common.js';
import { monitoringEventSchema, monitoringEventTypeSchema } from './monitoring.js';

/**
 * Webhooks: monitoring events POSTed to a user's endpoint, signed as Standard Webhooks sign them
 * (webhook-id, webhook-timestamp, webhook-signature). Managed from the profile (/api, session)
 * and the public API (/api/v1, API key).
 */

/** POST /api/webhooks and /api/v1/webhooks. */
export const webhookCreateBodySchema = z.object({
  url: z
    .string()
    .trim()
    // ids of the errors catalogue, see shared/contracts/auth.ts
    .max(2000, 'validation.webhookUrlTooLong')
    .pipe(z.url({ protocol: /^https?$/, error: 'validation.webhookUrlInvalid' })),
  /** Only these event types are sent; absent: all of them. */
  event_types: z
    .array(monitoringEventTypeSchema)
    .min(1, 'validation.webhookEventTypesEmpty')
    .max(monitoringEventTypeSchema.options.length)
    .optional(),
});
export type WebhookCreateBody = z.infer<typeof webhookCreateBodySchema>;

/** The answer to POST: the only time the signing secret is shown. */
export const webhookCreatedSchema = z.object({
  id: z.string(),
  url: z.string(),
  /** 'whsec_' and the base64 of 32 random bytes; the signature's key is the decoded bytes. */
  secret: z.string(),
});
export type WebhookCreated = z.infer<typeof webhookCreatedSchema>;

export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  /** null: every event type. */
  event_types: z.array(monitoringEventTypeSchema).nullable(),
  /** false once the endpoint failed for three days; it then receives nothing. */
  enabled: z.boolean(),
  created_at: z.string(),
  disabled_at: z.string().optional(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** GET: the user's endpoints, newest first (never the secret). */
export const webhookListSchema = z.object({ items: z.array(webhookSchema) });
export type WebhookList = z.infer<typeof webhookListSchema>;

export const webhookParamsSchema = z.object({ id: z.string() });

export const webhookDeliveryStatusSchema = z.enum(['pending', 'delivered', 'failed']);
export type WebhookDeliveryStatus = z.infer<typeof webhookDeliveryStatusSchema>;

/** One event sent (or being sent) to one endpoint, as its latest attempt left it. */
export const webhookDeliverySchema = z.object({
  id: z.string(),
  /** The event's id, also the webhook-id header. */
  event_id: z.string(),
  type: monitoringEventTypeSchema,
  /** pending: not delivered yet and still retried; failed: given up. */
  status: webhookDeliveryStatusSchema,
  /** Attempts made so far. */
  attempt: z.number().int().min(0),
  /** The HTTP status of the last answer; null before the first or when none came. */
  response_code: z.number().int().nullable(),
  /** When the last attempt was made (ISO time), else when the delivery was queued. */
  at: z.string(),
  /** When the next attempt is due (ISO time) while pending. */
  next_attempt_at: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** GET …/webhooks/{id}/deliveries. */
export const webhookDeliveriesQuerySchema = z.object(cursorQueryShape(20));
export type WebhookDeliveriesQuery = z.infer<typeof webhookDeliveriesQuerySchema>;

/** Newest first. */
export const webhookDeliveryListSchema = cursorPageSchema(webhookDeliverySchema);
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>;

/** What each delivery POSTs (the body the signature covers). */
export const webhookPayloadSchema = z.object({
  type: monitoringEventTypeSchema,
  /** When the event was detected (ISO time). */
  timestamp: z.string(),
  data: monitoringEventSchema,
});
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;
