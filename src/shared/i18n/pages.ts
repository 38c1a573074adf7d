import { BASE_LOCALE, isLocale, LOCALES, type Locale } from './locales.js';

/**
 * The public pages speak their language in their address: `/de/home`, `/pl/methodology`; English
 * keeps `/home`. These are the pages the server renders (search engines index each language).
 * The app's private pages keep one address and follow the account's or the visitor's language.
 */
export const localisedPages: readonly string[] = [
  '/home',
  '/features',
  '/about-us',
  '/methodology',
  '/contact',
  '/support/privacy-policy',
  '/support/terms-of-service',
  '/support/sub-processors',
  '/imprint',
  '/products',
];

export function isLocalisedPage(path: string): boolean {
  return localisedPages.includes(path);
}

/** The address of a page in a language: prefixed for a public page in a language other than English. */
export function localisedPath(path: string, locale: Locale): string {
  const [pathname = '', rest = ''] = splitOnce(path);
  if (locale === BASE_LOCALE || !isLocalisedPage(pathname)) return path;
  return `/${locale}${pathname}${rest}`;
}

/**
 * A public page's language and page from its address: `/fr/features` → fr, `/features`;
 * `/features` → en. Null for any other address (private pages, unknown paths).
 */
export function pageLocale(pathname: string): { locale: Locale; page: string } | null {
  if (isLocalisedPage(pathname)) return { locale: BASE_LOCALE, page: pathname };
  const match = /^\/([a-z]{2})(\/.*)$/.exec(pathname);
  if (!match || !isLocale(match[1]) || match[1] === BASE_LOCALE || !isLocalisedPage(match[2]!)) return null;
  return { locale: match[1], page: match[2]! };
}

function splitOnce(path: string): [string, string] {
  const at = path.search(/[?#]/);
  return at < 0 ? [path, ''] : [path.slice(0, at), path.slice(at)];
}

/**
 * A public page's addresses in every language, for `hreflang` links and the sitemap: one per
 * language, and `x-default` (English) for readers of any other.
 */
export function pageAlternates(page: string, origin: string): { hreflang: string; href: string }[] {
  const base = origin.replace(/\/+$/, '');
  return [
    ...LOCALES.map((locale) => ({ hreflang: locale, href: `${base}${localisedPath(page, locale)}` })),
    { hreflang: 'x-default', href: `${base}${page}` },
  ];
}

/** Every address of every public page: `/home`, `/de/home`, … */
export function allLocalisedPaths(): string[] {
  return LOCALES.flatMap((locale) => localisedPages.map((page) => localisedPath(page, locale)));
}
