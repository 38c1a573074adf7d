import { afterEach, describe, expect, it, vi } from 'vitest';

/** Loaders that resolve when the test says so, each bundle holding one message `{bundle}.hello`. */
function heldLoaders() {
  const held = new Map<string, () => void>();
  const loader = (locale: string, bundle: string) => () =>
    new Promise<{ default: Record<string, string> }>((resolve) => {
      held.set(`${locale}/${bundle}`, () => resolve({ default: { [`${bundle}.hello`]: `${bundle} in ${locale}` } }));
    });
  const loaders = Object.fromEntries(
    ['en', 'de', 'fr'].map((locale) => [locale, Object.fromEntries(['common', 'app'].map((bundle) => [bundle, loader(locale, bundle)]))]),
  );
  const release = async (key: string) => {
    for (let i = 0; i < 20 && !held.has(key); i++) await new Promise((r) => setTimeout(r, 0));
    const go = held.get(key);
    if (!go) throw new Error(`${key} was never asked for`);
    held.delete(key);
    go();
    await new Promise((r) => setTimeout(r, 0));
  };
  return { loaders, release };
}

async function freshI18n() {
  const { loaders, release } = heldLoaders();
  vi.resetModules();
  vi.doMock('virtual:messages', () => ({ loaders }));
  const i18n = await import('./i18n');
  const starting = i18n.setLocale('en');
  await release('en/common');
  await starting;
  return { i18n, release };
}

afterEach(() => {
  vi.doUnmock('virtual:messages');
  vi.resetModules();
});

describe('setLocale', () => {
  it('loads in the new language a bundle a route asks for while the switch is loading', async () => {
    const { i18n, release } = await freshI18n();
    const switching = i18n.setLocale('de');
    const route = i18n.needMessages('app'); // asked for in English, the language still active
    await release('de/common');
    await release('en/app');
    await route;
    await release('de/app');
    await switching;
    expect(i18n.currentLocale()).toBe('de');
    expect(i18n.t('app.hello')).toBe('app in de');
    expect(i18n.t('common.hello')).toBe('common in de');
  });

  it('ends in the language chosen last when an earlier choice loads later', async () => {
    const { i18n, release } = await freshI18n();
    const first = i18n.setLocale('de');
    const second = i18n.setLocale('fr');
    await release('fr/common');
    await second;
    await release('de/common');
    await first;
    expect(i18n.currentLocale()).toBe('fr');
    expect(i18n.t('common.hello')).toBe('common in fr');
  });
});
