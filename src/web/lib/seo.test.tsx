// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetPublicConfigForTests } from './public-config';
import { defaultDescription, defaultPageTitle, usePageMeta, type PageMeta } from './seo';
import { installPublicConfig } from '../../../test/web/test-config';

const DEFAULT_PAGE_TITLE = 'AI Company Risk Assessment for Insurers';
const DEFAULT_DESCRIPTION =
  'AI company risk assessment for European insurance professionals: find a company by VAT number, map it, ' +
  'score location and industry risks, grade A–F and download a PDF.';

const meta = (selector: string) => document.head.querySelector(selector)?.getAttribute('content') ?? null;
const canonical = () => document.head.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null;

function Page(props: PageMeta) {
  usePageMeta(props);
  return <p>page</p>;
}

function renderAt(path: string, props: PageMeta) {
  const router = createMemoryRouter([{ path: '*', element: <Page {...props} /> }], { initialEntries: [path] });
  return render(<RouterProvider router={router} />);
}

beforeEach(() => {
  installPublicConfig({ appUrl: 'https://corisk.example' });
});

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
  document.title = '';
  resetPublicConfigForTests();
});

describe('usePageMeta', () => {
  it("titles the page '{title} | Corisk' and writes description, canonical, Open Graph and Twitter tags", () => {
    renderAt('/products', { title: 'Products', description: 'Plans and pricing.' });
    expect(document.title).toBe('Products | Corisk');
    expect(meta('meta[name="description"]')).toBe('Plans and pricing.');
    expect(canonical()).toBe('https://corisk.example/products');
    expect(meta('meta[name="robots"]')).toBeNull();
    expect(meta('meta[property="og:title"]')).toBe('Products | Corisk');
    expect(meta('meta[property="og:description"]')).toBe('Plans and pricing.');
    expect(meta('meta[property="og:url"]')).toBe('https://corisk.example/products');
    expect(meta('meta[property="og:type"]')).toBe('website');
    expect(meta('meta[property="og:site_name"]')).toBe('Corisk');
    expect(meta('meta[property="og:image"]')).toBe('https://corisk.example/og-image.png');
    expect(meta('meta[name="twitter:card"]')).toBe('summary_large_image');
    expect(meta('meta[name="twitter:title"]')).toBe('Products | Corisk');
    expect(meta('meta[name="twitter:description"]')).toBe('Plans and pricing.');
    expect(meta('meta[name="twitter:image"]')).toBe('https://corisk.example/og-image.png');
  });

  it('uses the product name the server publishes', () => {
    installPublicConfig({ productName: 'Acme Risk' });
    renderAt('/about-us', { title: 'About Us' });
    expect(document.title).toBe('About Us | Acme Risk');
    expect(meta('meta[property="og:site_name"]')).toBe('Acme Risk');
  });

  it('falls back to the default title and description', () => {
    expect([defaultPageTitle(), defaultDescription()]).toEqual([DEFAULT_PAGE_TITLE, DEFAULT_DESCRIPTION]);
    renderAt('/home', {});
    expect(document.title).toBe(`${DEFAULT_PAGE_TITLE} | Corisk`);
    expect(meta('meta[name="description"]')).toBe(DEFAULT_DESCRIPTION);
  });

  it('asks robots not to index when noindex is set, and accepts a custom image', () => {
    renderAt('/profile', { title: 'Account Settings', noindex: true, image: 'https://cdn.example/card.png' });
    expect(meta('meta[name="robots"]')).toBe('noindex, nofollow');
    expect(meta('meta[property="og:image"]')).toBe('https://cdn.example/card.png');
  });

  it('restores the defaults when the page goes away', () => {
    const view = renderAt('/profile', { title: 'Account Settings', description: 'Private.', noindex: true });
    view.unmount();
    expect(document.title).toBe(`${DEFAULT_PAGE_TITLE} | Corisk`);
    expect(meta('meta[name="description"]')).toBe(DEFAULT_DESCRIPTION);
    expect(meta('meta[name="robots"]')).toBeNull();
    expect(meta('meta[property="og:title"]')).toBe(`${DEFAULT_PAGE_TITLE} | Corisk`);
  });

  it('does not duplicate tags across pages', () => {
    renderAt('/a', { title: 'A' });
    cleanup();
    renderAt('/b', { title: 'B' });
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
    expect(canonical()).toBe('https://corisk.example/b');
  });
});
