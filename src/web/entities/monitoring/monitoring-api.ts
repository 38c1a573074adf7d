import { useQuery } from '@tanstack/react-query';
import {
  monitoringAcknowledgedSchema,
  monitoringEventListSchema,
  monitoringEventSchema,
  monitoringRunStartedSchema,
  monitoringSettingSchema,
  monitoringUnreadCountSchema,
  type MonitoringEvent,
  type MonitoringEventFilter,
  type MonitoringEventList,
  type MonitoringEventType,
  type MonitoringRunStarted,
  type MonitoringSetting,
  type MonitoringSettingBody,
} from '../../../shared/contracts/monitoring';
import { authJson } from '../../lib/auth-fetch';

/**
 * Monitoring's calls: a portfolio's watch setting and its check (the portfolio screen), the
 * events and their unread count (the inbox and the count in the header).
 */

export const monitoringKeys = {
  all: ['monitoring'] as const,
  setting: (portfolioId: string) => ['monitoring', 'setting', portfolioId] as const,
  events: ['monitoring', 'events'] as const,
  eventList: (filter: MonitoringEventFilter) => ['monitoring', 'events', 'list', filter.portfolio_id ?? '', filter.type ?? ''] as const,
  /** The header's count; the inbox's counts within its filters are keyed below it. */
  unread: ['monitoring', 'events', 'unread'] as const,
  unreadWithin: (filter: MonitoringEventFilter) => ['monitoring', 'events', 'unread', filter.portfolio_id ?? '', filter.type ?? ''] as const,
};

const portfolioPath = (id: string) => `/api/portfolios/${encodeURIComponent(id)}`;

export function fetchMonitoring(portfolioId: string): Promise<MonitoringSetting> {
  return authJson(`${portfolioPath(portfolioId)}/monitoring`, monitoringSettingSchema);
}

export function saveMonitoring(portfolioId: string, body: MonitoringSettingBody): Promise<MonitoringSetting> {
  return authJson(`${portfolioPath(portfolioId)}/monitoring`, monitoringSettingSchema, { method: 'PUT', json: body });
}

/** POST …/check (202); ApiError 409 while a check of the portfolio is under way. */
export function checkPortfolioNow(portfolioId: string): Promise<MonitoringRunStarted> {
  return authJson(`${portfolioPath(portfolioId)}/check`, monitoringRunStartedSchema, { method: 'POST' });
}

/** How often the unread count is asked again while a signed-in page is open. */
export const UNREAD_POLL_MS = 60_000;

function filterParams(filter: MonitoringEventFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.portfolio_id) params.set('portfolio_id', filter.portfolio_id);
  if (filter.type) params.set('type', filter.type);
  return params;
}

/** How many events within the filters are not acknowledged. */
export async function fetchUnreadCount(filter: MonitoringEventFilter = {}): Promise<number> {
  const query = filterParams(filter).toString();
  const { count } = await authJson(`/api/events/unread-count${query ? `?${query}` : ''}`, monitoringUnreadCountSchema);
  return count;
}

/** The unread count of the header, asked again every minute. */
export function useUnreadCount() {
  return useQuery({ queryKey: monitoringKeys.unread, queryFn: () => fetchUnreadCount(), refetchInterval: UNREAD_POLL_MS, retry: false });
}

/** One page of events, newest first (the inbox); `cursor` is the previous page's `next`. */
export function fetchEventPage(filter: MonitoringEventFilter, cursor: string | null, limit = 25): Promise<MonitoringEventList> {
  const params = filterParams(filter);
  params.set('order', 'desc');
  params.set('limit', String(limit));
  if (cursor) params.set('cursor', cursor);
  return authJson(`/api/events?${params.toString()}`, monitoringEventListSchema);
}

export function acknowledgeEvent(id: string): Promise<MonitoringEvent> {
  return authJson(`/api/events/${encodeURIComponent(id)}/acknowledge`, monitoringEventSchema, { method: 'POST' });
}

/** Acknowledges every unread event within the filters; answers how many. */
export async function acknowledgeAllEvents(filter: MonitoringEventFilter): Promise<number> {
  const body = { ...(filter.portfolio_id ? { portfolio_id: filter.portfolio_id } : {}), ...(filter.type ? { type: filter.type } : {}) };
  const { acknowledged } = await authJson('/api/events/acknowledge', monitoringAcknowledgedSchema, { method: 'POST', json: body });
  return acknowledged;
}

/** The message id of each event type's words, as the inbox shows them (`t(EVENT_TYPE_LABEL_IDS[type])`). */
export const EVENT_TYPE_LABEL_IDS: Record<MonitoringEventType, string> = {
  status_changed: 'inbox.eventType.statusChanged',
  name_changed: 'inbox.eventType.nameChanged',
  address_changed: 'inbox.eventType.addressChanged',
  activity_changed: 'inbox.eventType.activityChanged',
  legal_form_changed: 'inbox.eventType.legalFormChanged',
  vat_invalid: 'inbox.eventType.vatInvalid',
  sanctions_hit: 'inbox.eventType.sanctionsHit',
  sanctions_cleared: 'inbox.eventType.sanctionsCleared',
  grade_changed: 'inbox.eventType.gradeChanged',
  score_changed: 'inbox.eventType.scoreChanged',
  reassessment_skipped: 'inbox.eventType.reassessmentSkipped',
};
