import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';

/**
 * The web's message catalogues as modules: `src/locales/{locale}/web/{area}.json` (Lingui JSON:
 * id → ICU message) compiled at build time, so the page ships no ICU parser. The areas are
 * grouped into bundles a page loads when it needs them; `virtual:messages` lists a loader per
 * language and bundle, each a dynamic import, so only the active language's messages download.
 * A message a language lacks falls back to English (the catalogue test fails on that first).
 */

const LOCALES = ['en', 'de', 'fr', 'it', 'es', 'pt', 'pl', 'nl'];
/** Bundle → its areas. Areas not named here go to `app` (the pages behind sign-in and the forms). */
const NAMED_BUNDLES = {
  common: ['common'],
  // The contact forms check their fields themselves: the public pages need no `../errors`.
  home: ['home'],
  marketing: ['marketing'],
  // The methodology page quotes the engine's level sentences.
  methodology: ['methodology', '../engine-location'],
  legal: ['legal'],
};
export const MESSAGE_BUNDLES = [...Object.keys(NAMED_BUNDLES), 'app'];

const LIST_ID = 'virtual:messages';
const BUNDLE_PREFIX = 'virtual:messages/';

function areasOf(localesDir, bundle) {
  const named = NAMED_BUNDLES[bundle];
  if (named) return named;
  const all = readdirSync(join(localesDir, 'en', 'web')).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5));
  const taken = new Set(Object.values(NAMED_BUNDLES).flat());
  // `../pdf`, `../risk-names`: the report PDF's labels and the risks' names (src/locales/{locale}/*.json), which the server reads too.
  // `../errors`: the errors and validation problems of forms (errors.json), the server's answers' too.
  return [...all.filter((a) => !taken.has(a)).sort(), '../pdf', '../risk-names', '../errors'];
}

function readArea(localesDir, locale, area) {
  try {
    return JSON.parse(readFileSync(join(localesDir, locale, 'web', `${area}.json`), 'utf8'));
  } catch (err) {
    if (err.code === 'ENOENT') return {};
    throw err;
  }
}

/** One bundle of one language, compiled: English first, so a missing message shows English. */
export function compiledBundle(localesDir, locale, bundle) {
  const messages = {};
  const files = [];
  for (const area of areasOf(localesDir, bundle)) {
    for (const source of locale === 'en' ? ['en'] : ['en', locale]) {
      const file = join(localesDir, source, 'web', `${area}.json`);
      if (existsSync(file)) files.push(file);
      for (const [id, message] of Object.entries(readArea(localesDir, source, area))) messages[id] = compileMessageOrThrow(message);
    }
  }
  return { messages, files };
}

/** The address a browser build serves one bundle of one language from (content-hashed, cached for good). */
export function messagesFileName(locale, bundle, json) {
  return `assets/messages/${locale}-${bundle}-${createHash('sha256').update(json).digest('hex').slice(0, 10)}.json`;
}

/**
 * The browser build ships each bundle as a JSON file fetched when needed: data, not code the page
 * must parse and compile. The server-side renderer, the dev server and the tests import them as
 * modules. `dist/web/.vite/messages.json` lists the files, so the server can preload a page's.
 * @returns {import('vite').Plugin}
 */
export function messagesPlugin(localesDir) {
  let asFiles = false;
  return {
    name: 'corisk-messages',
    configResolved(config) {
      asFiles = config.command === 'build' && !config.build.ssr;
    },
    resolveId(id) {
      return id === LIST_ID || id.startsWith(BUNDLE_PREFIX) ? `\0${id}` : null;
    },
    load(id) {
      if (id === `\0${LIST_ID}`) {
        if (asFiles) {
          const files = {};
          for (const locale of LOCALES) {
            files[locale] = {};
            for (const bundle of MESSAGE_BUNDLES) {
              const json = JSON.stringify(compiledBundle(localesDir, locale, bundle).messages);
              const fileName = messagesFileName(locale, bundle, json);
              this.emitFile({ type: 'asset', fileName, source: json });
              files[locale][bundle] = `/${fileName}`;
            }
          }
          this.emitFile({ type: 'asset', fileName: '.vite/messages.json', source: JSON.stringify(files) });
          return [
            `const files = ${JSON.stringify(files)};`,
            'const fetched = (url) => () => fetch(url).then((res) => {',
            '  if (!res.ok) throw new Error(`messages ${url}: ${res.status}`);',
            '  return res.json();',
            '}).then((messages) => ({ default: messages }));',
            'export const loaders = Object.fromEntries(Object.entries(files).map(([locale, bundles]) => [locale, Object.fromEntries(Object.entries(bundles).map(([bundle, url]) => [bundle, fetched(url)]))]));',
            '',
          ].join('\n');
        }
        const rows = LOCALES.map(
          (locale) =>
            `  ${locale}: {${MESSAGE_BUNDLES.map((b) => ` ${b}: () => import('${BUNDLE_PREFIX}${locale}/${b}')`).join(',')} },`,
        );
        return `export const loaders = {\n${rows.join('\n')}\n};\n`;
      }
      if (!id.startsWith(`\0${BUNDLE_PREFIX}`)) return null;
      const [locale = '', bundle = ''] = id.slice(BUNDLE_PREFIX.length + 1).split('/');
      const { messages, files } = compiledBundle(localesDir, locale, bundle);
      for (const file of files) this.addWatchFile(file);
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(messages))});\n`;
    },
  };
}
