import { cloneElement, type ReactElement, type ReactNode, useSyncExternalStore } from 'react';
import { loaders } from 'virtual:messages';
import { interpret, type CompiledMessage } from '../../shared/i18n/interpret';
import { BASE_LOCALE, cookieLocale, intlTag, isLocale, LOCALE_COOKIE, type Locale } from '../../shared/i18n/locales';
import { localisedPath, pageLocale } from '../../shared/i18n/pages';

/**
 * The page's language. Messages live in `src/locales/{locale}/web/{area}.json`, compiled at build
 * time into bundles (scripts/vite-messages.mjs): `common` loads with the app, the others with the
 * routes that need them, and only in the active language. `t(id)` reads the active language; the
 * app's tree is keyed by it (main.tsx), so a switch renders every text anew.
 */

export type MessageBundle = 'common' | 'home' | 'marketing' | 'methodology' | 'legal' | 'app';
export const MESSAGE_BUNDLES: readonly MessageBundle[] = ['common', 'home', 'marketing', 'methodology', 'legal', 'app'];
export type MessageValues = Record<string, string | number>;

/** Compiled messages per language, bundle by bundle as they load. */
const catalogues = new Map<Locale, Record<string, CompiledMessage>>();
let active: Locale = BASE_LOCALE;
let activeTag = intlTag(BASE_LOCALE);
const wanted = new Set<MessageBundle>(['common']);
const loading = new Map<string, Promise<void>>();
const loaded = new Set<string>();
/** Counts switches, so that of two quick ones the later wins whichever loads first. */
let switches = 0;
const listeners = new Set<() => void>();

function load(locale: Locale, bundle: MessageBundle): Promise<void> {
  const key = `${locale}/${bundle}`;
  let done = loading.get(key);
  if (!done) {
    const loader = loaders[locale]?.[bundle];
    if (!loader) return Promise.reject(new Error(`no ${bundle} messages for ${locale}`));
    done = loader().then((m) => {
      catalogues.set(locale, { ...catalogues.get(locale), ...(m.default as Record<string, CompiledMessage>) });
      loaded.add(key);
    });
    // A failed download (offline, a deploy replaced the chunk) is tried again next time.
    done.catch(() => loading.delete(key));
    loading.set(key, done);
  }
  return done;
}

/** Loads a bundle's messages in the active language (routes await it with their code). */
export async function needMessages(bundle: MessageBundle): Promise<void> {
  wanted.add(bundle);
  await load(active, bundle);
}

/** A route's module once its messages are loaded too. */
export async function withMessages<M>(bundles: MessageBundle | MessageBundle[], module: Promise<M>): Promise<M> {
  const [m] = await Promise.all([module, ...[bundles].flat().map(needMessages)]);
  return m;
}

/**
 * Switches the language: every bundle wanted so far is loaded in it first (one a route asks for
 * while these load too), then the app renders anew. A later switch wins over one still loading.
 */
export async function setLocale(locale: Locale): Promise<void> {
  const switchNumber = ++switches;
  for (;;) {
    const missing = [...wanted].filter((bundle) => !loaded.has(`${locale}/${bundle}`));
    if (missing.length === 0) break;
    await Promise.all(missing.map((bundle) => load(locale, bundle)));
  }
  if (switchNumber !== switches) return;
  active = locale;
  activeTag = intlTag(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
  for (const listener of listeners) listener();
}

export function currentLocale(): Locale {
  return active;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The active language, re-rendering on a switch. */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, currentLocale, currentLocale);
}

/** A message in the active language. Call it while rendering or handling an event, never at module load. */
export function t(id: string, values?: MessageValues): string {
  const message = catalogues.get(active)?.[id];
  // A message not loaded shows its id: visible in a screenshot, never a blank.
  return message === undefined ? id : interpret(message, values, activeTag);
}

const TAG = /<(\d+)>|<\/(\d+)>|<(\d+)\/>/g;

/**
 * A message with elements in it: `<0>terms</0>` in the message takes `components[0]` with the
 * translated words as its children, `<1/>` takes `components[1]` as it is. A translator can move
 * the elements within the sentence; the catalogue test keeps the same tags in every language.
 */
export function T({ id, values, components = {} }: { id: string; values?: MessageValues; components?: Record<string, ReactElement> }): ReactNode {
  const text = t(id, values);
  const root: ReactNode[] = [];
  const stack: ReactNode[][] = [];
  let current = root;
  let last = 0;
  let key = 0;
  for (const m of text.matchAll(TAG)) {
    if (m.index > last) current.push(text.slice(last, m.index));
    last = m.index + m[0].length;
    const [, open, close, single] = m;
    if (open !== undefined) {
      stack.push(current);
      current = [];
    } else if (close !== undefined) {
      const children = current;
      current = stack.pop() ?? root;
      const element = components[close];
      current.push(element ? cloneElement(element, { key: key++ }, ...children) : children);
    } else if (single !== undefined) {
      const element = components[single];
      if (element) current.push(cloneElement(element, { key: key++ }));
    }
  }
  if (last < text.length) current.push(text.slice(last));
  // An unclosed tag keeps its words.
  for (let parent = stack.pop(); parent; parent = stack.pop()) {
    parent.push(...current);
    current = parent;
  }
  return current;
}

/** A link to a page in the active language (`/de/features` for a German reader of a public page). */
export function localised(path: string): string {
  return localisedPath(path, active);
}

/** The visitor's saved choice, from the cookie the menu writes. */
export function savedLocale(): Locale | null {
  return typeof document === 'undefined' ? null : cookieLocale(document.cookie);
}

/** Keeps the choice for a year on this browser (signed out, and before the account is read). */
export function saveLocale(locale: Locale): void {
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=31536000; samesite=lax${secure}`;
}

/**
 * Signed in, the account's language is the reader's: the next visit opens in it, and a private
 * page switches to it now (a public page keeps the language its address names).
 */
export function followAccountLocale(locale: unknown): void {
  if (!isLocale(locale)) return;
  saveLocale(locale);
  if (locale !== active && !pageLocale(window.location.pathname)) void setLocale(locale);
}

/**
 * The language a page opens in: a public page's address says it (`/fr/home` French, `/home`
 * English, as the server rendered it); any other page follows the saved choice, else the
 * browser's languages.
 */
export function initialLocale(pathname: string): Locale {
  const page = pageLocale(pathname);
  if (page) return page.locale;
  // The browser lists its languages in order of preference: the first one we speak.
  const preferred = navigator.languages.map((tag) => tag.toLowerCase().split('-')[0]).find(isLocale);
  return savedLocale() ?? preferred ?? BASE_LOCALE;
}
