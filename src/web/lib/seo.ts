import { useEffect, useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import { t } from './i18n';
import { getPublicConfig } from './public-config';

/** Title part used when a page sets none, in the active language; the document title is always '{title} | {product name}'. */
export function defaultPageTitle(): string {
  return t('common.seo.defaultTitle');
}
/** Description used when a page sets none, in the active language. */
export function defaultDescription(): string {
  return t('common.seo.defaultDescription');
}
/** Social card image (1200×630), served from src/web/public. */
export const DEFAULT_SOCIAL_IMAGE = '/og-image.png';

export interface PageMeta {
  /** Page part of the title, e.g. 'Products' → 'Products | Corisk'. */
  title?: string;
  description?: string;
  /** Asks search engines not to index the page (error pages, account screens). */
  noindex?: boolean;
  /** Social card image: absolute URL or a path on this site. */
  image?: string;
}

export function formatTitle(title: string | undefined, productName: string): string {
  return `${title && title.trim() ? title.trim() : defaultPageTitle()} | ${productName}`;
}

function absolute(urlOrPath: string, appUrl: string): string {
  if (/^https?:\/\//i.test(urlOrPath)) return urlOrPath;
  return `${appUrl}${urlOrPath.startsWith('/') ? '' : '/'}${urlOrPath}`;
}

/** Finds or creates `<meta {attr}="{key}">` in <head> and sets its content. */
function setMeta(attr: 'name' | 'property', key: string, content: string): void {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.setAttribute('content', content);
}

function removeMeta(attr: 'name' | 'property', key: string): void {
  document.head.querySelector(`meta[${attr}="${key}"]`)?.remove();
}

function setCanonical(href: string): void {
  let el = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!el) {
    el = document.createElement('link');
    el.setAttribute('rel', 'canonical');
    document.head.appendChild(el);
  }
  el.setAttribute('href', href);
}

/** Writes the title, description, canonical URL, robots, Open Graph and Twitter card tags. */
export function applyPageMeta(meta: PageMeta, pathname: string): void {
  const { productName, appUrl } = getPublicConfig();
  const title = formatTitle(meta.title, productName);
  const description = meta.description ?? defaultDescription();
  const url = `${appUrl}${pathname}`;
  const image = absolute(meta.image ?? DEFAULT_SOCIAL_IMAGE, appUrl);

  document.title = title;
  setMeta('name', 'description', description);
  setCanonical(url);
  if (meta.noindex) setMeta('name', 'robots', 'noindex, nofollow');
  else removeMeta('name', 'robots');

  setMeta('property', 'og:title', title);
  setMeta('property', 'og:description', description);
  setMeta('property', 'og:url', url);
  setMeta('property', 'og:type', 'website');
  setMeta('property', 'og:site_name', productName);
  setMeta('property', 'og:image', image);
  setMeta('name', 'twitter:card', 'summary_large_image');
  setMeta('name', 'twitter:title', title);
  setMeta('name', 'twitter:description', description);
  setMeta('name', 'twitter:image', image);
}

/** On the server (no window, no effects): the metadata of the page being rendered, for its HTML head. */
let renderedMeta: PageMeta | null = null;

/** The metadata the last server render asked for, and forget it. */
export function takeRenderedPageMeta(): PageMeta | null {
  const meta = renderedMeta;
  renderedMeta = null;
  return meta;
}

/**
 * Sets the page's metadata while the page is shown and restores the defaults when it goes away.
 * Call it once at the top of each page component.
 */
export function usePageMeta({ title, description, noindex = false, image }: PageMeta): void {
  const { pathname } = useLocation();
  if (typeof window === 'undefined') renderedMeta = { title, description, noindex, image };
  useEffect(() => {
    applyPageMeta({ title, description, noindex, image }, pathname);
    return () => applyPageMeta({}, window.location.pathname);
  }, [title, description, noindex, image, pathname]);
}

/**
 * Used by the layout: default metadata for the new path, applied before the page's own
 * usePageMeta effect runs (layout effects run before passive ones), so pages that set nothing
 * still get the defaults and a canonical URL for their path.
 */
export function useDefaultPageMeta(): void {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    applyPageMeta({}, pathname);
  }, [pathname]);
}
