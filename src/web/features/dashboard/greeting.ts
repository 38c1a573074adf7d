/**
 * The dashboard greeting: wording changes every 4 hours of the local day
 * (six 4-hour time-of-day blocks).
 */
export const GREETING_BLOCKS = [
  { from: 0, text: 'Working late' },
  { from: 4, text: 'Good early morning' },
  { from: 8, text: 'Good morning' },
  { from: 12, text: 'Good afternoon' },
  { from: 16, text: 'Good evening' },
  { from: 20, text: 'Good night' },
] as const;

/** Greeting text for an hour of the day (0–23). */
export function greetingForHour(hour: number): string {
  const h = ((Math.floor(hour) % 24) + 24) % 24;
  const block = GREETING_BLOCKS[Math.floor(h / 4)] ?? GREETING_BLOCKS[0];
  return block.text;
}

/** 'Good morning, Ana' — or without a name when none is known. */
export function greeting(firstName: string | null | undefined, now: Date = new Date()): string {
  const text = greetingForHour(now.getHours());
  const name = firstName?.trim();
  return name ? `${text}, ${name}` : text;
}
