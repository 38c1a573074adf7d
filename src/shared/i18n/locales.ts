/**
 * The languages Corisk speaks, English first (the base: every other catalogue is checked
 * against it). Each is named in its own language in the menu.
 */
export const LOCALES = ['en', 'de', 'fr', 'it', 'es', 'pt', 'pl', 'nl'] as const;
export type Locale = (typeof LOCALES)[number];
export const BASE_LOCALE: Locale = 'en';

/** Endonyms: a reader finds their language whatever the page's language is. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  it: 'Italiano',
  es: 'Español',
  pt: 'Português',
  pl: 'Polski',
  nl: 'Nederlands',
};

/** The Intl tag of each language: Irish English (day-month order, the euro), European Portuguese. */
const INTL_TAG: Partial<Record<Locale, string>> = { en: 'en-IE', pt: 'pt-PT' };
/** The BCP 47 tag Intl is given for a language (plural rules included: pt-PT counts 0 as plural). */
export const intlTag = (locale: Locale): string => INTL_TAG[locale] ?? locale;

/** The cookie that keeps a signed-out visitor's choice (a year; readable by the pages). */
export const LOCALE_COOKIE = 'corisk_locale';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The best of our languages for an Accept-Language header (RFC 9110: tags with q-values, `*`
 * any): the highest-weighted tag whose primary subtag we speak, the earlier on a tie; English
 * when none is spoken or the header is missing or malformed.
 */
export function negotiateLocale(header: string | null | undefined): Locale {
  if (!header) return BASE_LOCALE;
  const parts = header.split(',').slice(0, 32);
  const named = new Set(parts.map((p) => p.split(';')[0]!.trim().toLowerCase().split('-')[0]));
  // `*` is any language the header does not name: the first of ours it leaves out.
  const anyOther = LOCALES.find((l) => !named.has(l));
  let best: { locale: Locale; q: number } | undefined;
  for (const part of parts) {
    const [tag = '', ...params] = part.trim().split(';');
    const qParam = params.map((p) => p.replace(/\s+/g, '').toLowerCase()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0 || q > 1) continue;
    const primary = tag.trim().toLowerCase().split('-')[0];
    const candidate = primary === '*' ? anyOther : primary;
    if (!isLocale(candidate)) continue;
    if (!best || q > best.q) best = { locale: candidate, q };
  }
  return best?.locale ?? BASE_LOCALE;
}

/** The language saved in a Cookie header (or `document.cookie`), if it is one of ours. */
export function cookieLocale(cookieHeader: string | null | undefined): Locale | null {
  if (!cookieHeader) return null;
  const match = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([^;]*)`).exec(cookieHeader);
  const value = match?.[1]?.trim();
  return isLocale(value) ? value : null;
}
