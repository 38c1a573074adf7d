// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { followScrollUntilHydrated, forgetScrollOfNewPage, keepScrollOfHydratedPage, SCROLL_STORAGE_KEY, scrollKey } from './scroll-restoration';

const saved = () => JSON.parse(sessionStorage.getItem(SCROLL_STORAGE_KEY) ?? 'null') as unknown;

afterEach(() => sessionStorage.clear());

describe('scrollKey', () => {
  it('keys entries made by the app by their history key', () => {
    expect(scrollKey({ key: 'x1y2z3', pathname: '/features', search: '' })).toBe('x1y2z3');
  });

  it("keys a document's first entry by its URL, not by the shared 'default'", () => {
    expect(scrollKey({ key: 'default', pathname: '/dashboard', search: '?session_id=cs_1' })).toBe('page:/dashboard?session_id=cs_1');
    expect(scrollKey({ key: 'default', pathname: '/home', search: '' })).not.toBe(scrollKey({ key: 'default', pathname: '/profile', search: '' }));
  });
});

describe('forgetScrollOfNewPage', () => {
  const url = { pathname: '/profile', search: '' };
  const positions = { 'page:/profile': 1800, 'page:/home': 640, k1: 300 };

  it('drops the saved position of a page opened anew, keeping the others', () => {
    sessionStorage.setItem(SCROLL_STORAGE_KEY, JSON.stringify(positions));
    forgetScrollOfNewPage({ type: 'navigate', url });
    expect(saved()).toEqual({ 'page:/home': 640, k1: 300 });
  });

  it.each(['reload', 'back_forward'])('keeps it on %s', (type) => {
    sessionStorage.setItem(SCROLL_STORAGE_KEY, JSON.stringify(positions));
    forgetScrollOfNewPage({ type, url });
    expect(saved()).toEqual(positions);
  });

  it('copes with nothing saved and with foreign data', () => {
    forgetScrollOfNewPage({ type: 'navigate', url });
    expect(saved()).toBeNull();
    sessionStorage.setItem(SCROLL_STORAGE_KEY, '{not json');
    forgetScrollOfNewPage({ type: 'navigate', url });
    expect(sessionStorage.getItem(SCROLL_STORAGE_KEY)).toBe('{not json');
  });
});

describe('a server-rendered page scrolled before the app took over', () => {
  const scrollTo = (y: number) => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    window.dispatchEvent(new Event('scroll'));
  };
  afterEach(() => vi.restoreAllMocks());

  it('goes back to where the visitor scrolled, after the router put the page at the top', () => {
    const jump = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    scrollTo(0);
    followScrollUntilHydrated();
    scrollTo(640);
    scrollTo(1200);
    // The router's reset to the top, in the hydration commit.
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
    keepScrollOfHydratedPage();
    expect(jump).toHaveBeenCalledWith(0, 1200);
    // Once only: later route changes are the router's.
    jump.mockClear();
    scrollTo(300);
    keepScrollOfHydratedPage();
    expect(jump).not.toHaveBeenCalled();
  });

  it('does nothing on a page the browser rendered itself', () => {
    const jump = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    keepScrollOfHydratedPage();
    expect(jump).not.toHaveBeenCalled();
  });
});
