import { z } from 'zod';
import { cursorPageSchema, cursorQueryShape } from './common.js';

/**
 * Monitoring (issue 22): a watched portfolio's rows are checked again (the company re-read from
 * its sources and screened against the current sanctions lists), and every difference from the
 * last known state is an event. Shared by the web app (/api, session) and the public API (/api/v1).
 */

export const monitoringFrequencySchema = z.enum(['daily', 'weekly', 'monthly']);
export type MonitoringFrequency = z.infer<typeof monitoringFrequencySchema>;
export const monitoringReassessSchema = z.enum(['never', 'monthly', 'quarterly']);
export type MonitoringReassess = z.infer<typeof monitoringReassessSchema>;

/** PUT /api/portfolios/{id}/monitoring (and /api/v1): turning it on starts no check by itself. */
export const monitoringSettingBodySchema = z.object({
  enabled: z.boolean(),
  frequency: monitoringFrequencySchema,
  /** Whether checks also run the whole assessment again when a row's report is a month or a quarter old (one credit per row). */
  reassess: monitoringReassessSchema.default('never'),
});
export type MonitoringSettingBody = z.infer<typeof monitoringSettingBodySchema>;

/** A portfolio's monitoring as GET and PUT answer it; never set up: disabled, daily, never. */
export const monitoringSettingSchema = z.object({
  portfolio_id: z.string(),
  enabled: z.boolean(),
  frequency: monitoringFrequencySchema,
  reassess: monitoringReassessSchema,
  /** When the portfolio's last check run ended (ISO time), null before the first. */
  last_checked_at: z.string().nullable(),
  /** When the schedule starts the next run (ISO time); null while not watched. */
  next_check_at: z.string().nullable(),
  /** Whether a check run of this portfolio is under way. */
  running: z.boolean(),
});
export type MonitoringSetting = z.infer<typeof monitoringSettingSchema>;

/** POST /api/portfolios/{id}/check (and /api/v1): 202, the run queued. */
export const monitoringRunStartedSchema = z.object({ run_id: z.string(), rows: z.number().int().min(0) });
export type MonitoringRunStarted = z.infer<typeof monitoringRunStartedSchema>;

export const monitoringEventTypeSchema = z.enum([
  'status_changed',
  'name_changed',
  'address_changed',
  'activity_changed',
  'legal_form_changed',
  'vat_invalid',
  'sanctions_hit',
  'sanctions_cleared',
  /** A re-assessment's grade differs from the last report's. */
  'grade_changed',
  /** A re-assessment's score moved by 5 or more (with the grade unchanged). */
  'score_changed',
  /** A re-assessment was due but the user had no credit left. */
  'reassessment_skipped',
]);
export type MonitoringEventType = z.infer<typeof monitoringEventTypeSchema>;

export const monitoringEventSchema = z.object({
  id: z.string(),
  portfolio_id: z.string(),
  row_id: z.string(),
  /** The VAT number with its prefix ('FI01120389'). */
  fiscal_number: z.string(),
  /** ISO 3166-1 alpha-2. */
  country: z.string(),
  company_name: z.string(),
  type: monitoringEventTypeSchema,
  old_value: z.string().nullable(),
  new_value: z.string().nullable(),
  detected_at: z.string(),
  acknowledged_at: z.string().nullable(),
  /** The row's report the change was measured against. */
  report_id: z.string().optional(),
});
export type MonitoringEvent = z.infer<typeof monitoringEventSchema>;

/** GET /api/events and /api/v1/events. */
export const monitoringEventsQuerySchema = z.object({
  since: z.iso.datetime({ offset: true, message: 'since is an ISO time, e.g. 2026-01-31T00:00:00Z' }).optional(),
  portfolio_id: z.string().uuid('portfolio_id is a portfolio id').optional(),
  type: monitoringEventTypeSchema.optional(),
  ...cursorQueryShape(50),
  /** `asc` (default): oldest first, what a reader catching up wants; `desc`: newest first, for an inbox. */
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type MonitoringEventsQuery = z.infer<typeof monitoringEventsQuerySchema>;

export const monitoringEventListSchema = cursorPageSchema(monitoringEventSchema);
export type MonitoringEventList = z.infer<typeof monitoringEventListSchema>;

export const monitoringEventParamsSchema = z.object({ id: z.string() });

/** The filters an event list and its count share (no time, no paging). */
export const monitoringEventFilterSchema = z.object({
  portfolio_id: z.string().uuid('portfolio_id is a portfolio id').optional(),
  type: monitoringEventTypeSchema.optional(),
});
export type MonitoringEventFilter = z.infer<typeof monitoringEventFilterSchema>;

/** POST /api/events/acknowledge: every unacknowledged event of the user that matches. */
export const monitoringAcknowledgeAllBodySchema = monitoringEventFilterSchema;
export type MonitoringAcknowledgeAllBody = z.infer<typeof monitoringAcknowledgeAllBodySchema>;
export const monitoringAcknowledgedSchema = z.object({ acknowledged: z.number().int().min(0) });
export type MonitoringAcknowledged = z.infer<typeof monitoringAcknowledgedSchema>;

/** GET /api/events/unread-count: the user's unacknowledged events that match. */
export const monitoringUnreadCountSchema = z.object({ count: z.number().int().min(0) });
export type MonitoringUnreadCount = z.infer<typeof monitoringUnreadCountSchema>;
