import { t } from '../../lib/i18n';

/**
 * The dashboard greeting: wording changes every 4 hours of the local day
 * (six 4-hour time-of-day blocks). `text` is the message id.
 */
export const GREETING_BLOCKS = [
  { from: 0, text: 'dashboard.greeting.late' },
  { from: 4, text: 'dashboard.greeting.earlyMorning' },
  { from: 8, text: 'dashboard.greeting.morning' },
  { from: 12, text: 'dashboard.greeting.afternoon' },
  { from: 16, text: 'dashboard.greeting.evening' },
  { from: 20, text: 'dashboard.greeting.night' },
] as const;

/** Greeting text for an hour of the day (0–23). */
export function greetingForHour(hour: number): string {
  const h = ((Math.floor(hour) % 24) + 24) % 24;
  const block = GREETING_BLOCKS[Math.floor(h / 4)] ?? GREETING_BLOCKS[0];
  return t(block.text);
}

/** 'Good morning, Ana' — or without a name when none is known. */
export function greeting(firstName: string | null | undefined, now: Date = new Date()): string {
  const text = greetingForHour(now.getHours());
  const name = firstName?.trim();
  return name ? t('dashboard.greeting.named', { greeting: text, name }) : text;
}
