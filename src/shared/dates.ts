/** The product's date rule, for the screens and for the PDF the server renders. */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** Turns an ISO string, epoch milliseconds or Date into a valid Date, or null. */
export function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? new Date(value.getTime()) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Dates show 'day Mon' within the current year, otherwise 'day Mon, year'
 * (e.g. '5 Mar' or '5 Mar, 2027'). Local time; `fallback` when the value is missing or invalid.
 */
export function formatDate(
  value: string | number | Date | null | undefined,
  now: Date = new Date(),
  fallback = '—',
): string {
  const date = toDate(value);
  if (!date) return fallback;
  const dayMonth = `${date.getDate()} ${MONTHS[date.getMonth()]}`;
  return date.getFullYear() === now.getFullYear() ? dayMonth : `${dayMonth}, ${date.getFullYear()}`;
}

/** The date rule plus the local time, e.g. '5 Mar, 14:05' or '5 Mar, 2024, 14:05'. */
export function formatDateTime(value: string | number | Date | null | undefined, now: Date = new Date(), fallback = '—'): string {
  const date = toDate(value);
  if (!date) return fallback;
  const hh = String(date.getHours()).padStart(2, '0');
  const mm = String(date.getMinutes()).padStart(2, '0');
  return `${formatDate(date, now)}, ${hh}:${mm}`;
}

/**
 * The date rule of what leaves the product and is filed (PDFs, exports): day, month, year and the
 * time in UTC, whatever the year, e.g. '24 Nov 2026, 14:05 UTC'. UTC, so a file reads the same
 * wherever it is opened and whoever made it.
 */
export function formatFiledDateTime(value: string | number | Date | null | undefined, fallback = '—'): string {
  const date = toDate(value);
  if (!date) return fallback;
  const hh = String(date.getUTCHours()).padStart(2, '0');
  const mm = String(date.getUTCMinutes()).padStart(2, '0');
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}, ${hh}:${mm} UTC`;
}

/** The filed rule without the time, e.g. '24 Nov 2026' (UTC): a list's generation date on a PDF. */
export function formatFiledDate(value: string | number | Date | null | undefined, fallback = '—'): string {
  const date = toDate(value);
  if (!date) return fallback;
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}
