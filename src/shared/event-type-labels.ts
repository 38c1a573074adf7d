import type { MonitoringEventType } from './contracts/monitoring.js';

/**
 * The words for each monitoring event type, as the webhooks settings list them; the inbox and
 * the alert mails reword a few (e.g. 'Sanctions match' in the inbox).
 */
export const EVENT_TYPE_WORDS: Record<MonitoringEventType, string> = {
  status_changed: 'Status changed',
  name_changed: 'Name changed',
  address_changed: 'Address changed',
  activity_changed: 'Activity changed',
  legal_form_changed: 'Legal form changed',
  vat_invalid: 'VAT number invalid',
  sanctions_hit: 'Sanctions hit',
  sanctions_cleared: 'Sanctions cleared',
  grade_changed: 'Grade changed',
  score_changed: 'Score changed',
  reassessment_skipped: 'Re-assessment skipped',
};
