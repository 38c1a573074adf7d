import type { DigestFrequency } from '../../../shared/contracts/auth.js';
import type { MonitoringEvent } from '../../../shared/contracts/monitoring.js';

/**
 * Which monitoring events are mailed at once, and which digest period is due at a moment. Pure.
 */

/**
 * Whether a status value puts the company's existence in question. Read loosely (lowercase,
 * contains): the value is the company status enum today ('in_liquidation'), but a register's own
 * wording ('Insolvent', 'In Liquidation', 'dissolved 2024') must not slip through.
 */
export function isClosingStatus(value: string | null | undefined): boolean {
  if (!value) return false;
  const v = value.toLowerCase();
  return v.includes('insolven') || v.includes('dissolved') || v.includes('liquidation');
}

/** A sanctions hit, or a status change to insolvent, dissolved or in liquidation: mailed at once. */
export function isImmediate(event: Pick<MonitoringEvent, 'type' | 'new_value'>): boolean {
  if (event.type === 'sanctions_hit') return true;
  return event.type === 'status_changed' && isClosingStatus(event.new_value);
}

export interface DigestPeriod {
  frequency: Exclude<DigestFrequency, 'off'>;
  /** Inclusive start and exclusive end, at UTC midnight. */
  start: Date;
  end: Date;
  /** Part of the outbox key: one digest per user and period. */
  label: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The last period whose digest is due at `now`: the previous UTC day once today's `hour` has come
 * (before it, the day before that), or the previous ISO week (Monday to Monday) once Monday's
 * `hour` has come.
 */
export function duePeriod(now: Date, frequency: DigestPeriod['frequency'], hour: number): DigestPeriod {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const length = frequency === 'daily' ? DAY_MS : 7 * DAY_MS;
  // The start of the current day or week (Monday: getUTCDay() is 0 on Sunday).
  const current = frequency === 'daily' ? today : today - ((now.getUTCDay() + 6) % 7) * DAY_MS;
  const sent = now.getTime() >= current + hour * 60 * 60 * 1000;
  const end = sent ? current : current - length;
  const start = new Date(end - length);
  return { frequency, start, end: new Date(end), label: `${frequency}:${isoDate(start)}` };
}
