import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { companyStatusSchema } from '../src/shared/contracts/assessment.js';
import { monitoringEventTypeSchema } from '../src/shared/contracts/monitoring.js';
import { intlTag } from '../src/shared/i18n/format.js';
import { LOCALES } from '../src/shared/i18n/locales.js';

/**
 * The message catalogues (src/locales/{locale}/{name}.json): every language has exactly
 * English's messages, each a valid ICU message with English's arguments and select options; each
 * plural has `other`, every form the language's whole numbers up to 200 take, and no form the
 * language lacks; every English message is used by the code.
 */

const root = join(import.meta.dirname, '..');
const webAreas = readdirSync(join(root, 'src/locales/en/web'))
  .filter((f) => f.endsWith('.json'))
  .map((f) => `web/${f.slice(0, -5)}`);
const catalogueNames = ['mail', 'engine-location', 'engine-industry', 'risk-names', 'pdf', 'errors', 'map', ...webAreas];
/** Where each catalogue's messages are used. */
const codeDirs = (name: string): string[] =>
  name.startsWith('web/') ? ['src/web'] : name === 'mail' ? ['src/server'] : ['src/server', 'src/shared', 'src/web'];
const read = (locale: string, name: string) => JSON.parse(readFileSync(join(root, 'src/locales', locale, `${name}.json`), 'utf8')) as Record<string, string>;

/** A compiled message: text, or a list of tokens; a token is text or an argument `[name, type?, options?]`. */
type Tokens = string | Token[];
type Token = string | [string, string?, Record<string, Tokens | number>?];

/** Arguments of a compiled message: `name`, `name:select(a|b)` or `name:plural`, nested ones included. */
function argumentsOf(message: Tokens, pluralCategories: string[][]): string[] {
  if (typeof message === 'string') return [];
  return message.flatMap((token) => {
    if (typeof token === 'string') return [];
    const [name, type, options = {}] = token;
    if (!type || !['plural', 'selectordinal', 'select'].includes(type)) return [`${name}${type ? `:${type}` : ''}`];
    const entries = Object.entries(options).filter(([k]) => k !== 'offset') as [string, Tokens][];
    const nested = entries.flatMap(([, v]) => argumentsOf(v, pluralCategories));
    if (type === 'select') return [`${name}:select(${entries.map(([k]) => k).sort().join('|')})`, ...nested];
    pluralCategories.push(entries.map(([k]) => k));
    return [`${name}:${type}`, ...nested];
  });
}

function parsed(message: string): { args: string[]; plurals: string[][] } {
  const plurals: string[][] = [];
  const args = argumentsOf(compileMessageOrThrow(message) as Tokens, plurals);
  return { args: [...new Set(args)].sort(), plurals };
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

/** The element tags of a message (`<0>`, `</0>`, `<1/>`), which every language must keep. */
const tagsOf = (message: string) => [...message.matchAll(/<\/?\d+\/?>/g)].map((m) => m[0]).sort();

describe('message catalogues', () => {
  for (const name of catalogueNames) {
    const english = read('en', name);

    for (const locale of LOCALES) {
      it(`${name}: ${locale} has exactly English's messages, with the same arguments and its own plural forms`, () => {
        const catalogue = read(locale, name);
        expect(Object.keys(catalogue).sort()).toEqual(Object.keys(english).sort());
        // The forms whole numbers up to 200 take in this language (Polish one, few, many, other;
        // French 'many' only from a million, so not required).
        const rules = new Intl.PluralRules(intlTag(locale));
        const needed = new Set(Array.from({ length: 201 }, (_, n) => rules.select(n)));
        const categories = new Set(rules.resolvedOptions().pluralCategories);
        for (const [id, message] of Object.entries(catalogue)) {
          expect(message.trim(), `${locale} ${id} is empty`).not.toBe('');
          // French sets a no-break space before ! ? : ; » and after «, so the mark never starts a line.
          if (locale === 'fr') expect(message, `fr ${id}: a plain space before a French high mark`).not.toMatch(/ [!?:;»]|« /);
          const mine = parsed(message);
          expect(mine.args, `${locale} ${id}: arguments differ from English`).toEqual(parsed(english[id]!).args);
          expect(tagsOf(message), `${locale} ${id}: element tags differ from English`).toEqual(tagsOf(english[id]!));
          for (const forms of mine.plurals) {
            expect(forms, `${locale} ${id}: a plural needs 'other'`).toContain('other');
            for (const f of needed) expect(forms, `${locale} ${id}: the plural lacks '${f}'`).toContain(f);
            // An exact form (=0) is kept as its number.
            for (const f of forms) if (!/^\d+$/.test(f)) expect(categories.has(f as Intl.LDMLPluralRule), `${locale} ${id}: '${f}' is not a plural form of ${locale}`).toBe(true);
          }
        }
      });
    }

    it(`${name}: every English message is used by the code`, () => {
      const code = codeDirs(name)
        .flatMap((dir) => sourceFiles(join(root, dir)))
        .map((f) => readFileSync(f, 'utf8'))
        .join('\n');
      // Messages named from a value: one per event type and per company status, no more.
      const dynamic: Record<string, readonly string[]> =
        name === 'mail' ? { event: monitoringEventTypeSchema.options, status: companyStatusSchema.options } : {};
      const unused = Object.keys(english).filter((id) => {
        const [prefix, rest] = [id.slice(0, id.indexOf('.')), id.slice(id.indexOf('.') + 1)];
        if (dynamic[prefix]) return !dynamic[prefix].includes(rest);
        return !code.includes(`'${id}'`) && !code.includes(`"${id}"`);
      });
      expect(unused, `unused in ${relative(root, join(root, 'src/locales/en', `${name}.json`))}`).toEqual([]);
      for (const [prefix, values] of Object.entries(dynamic)) {
        for (const v of values) expect(english, `${prefix}.${v} is missing`).toHaveProperty([`${prefix}.${v}`]);
      }
    });
  }
});
