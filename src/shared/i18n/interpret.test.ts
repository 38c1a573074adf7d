import { setupI18n } from '@lingui/core';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { interpret, type CompiledMessage } from './interpret.js';

/** The pages' small interpreter writes every message as Lingui's runtime does (the server's mails use Lingui). */
const messages = {
  plain: 'Plain text',
  quoted: "It''s {name}''s report",
  args: 'Hello {name}, you have {count} new',
  plural: '{count, plural, one {# site} other {# sites}}',
  exact: '{count, plural, =0 {no sites} one {# site} other {# sites}}',
  polish: '{count, plural, one {# zmiana} few {# zmiany} many {# zmian} other {# zmiany}}',
  offset: '{count, plural, offset:1 =0 {nobody} one {you} other {you and # others}}',
  select: '{period, select, year {per year} month {per month} other {once}}',
  nested: '{period, select, year {{count, plural, one {# year} other {# years}}} other {—}}',
  number: 'Total {amount, number}',
  tags: 'Read the <0>terms</0> and <1/> here',
  missing: 'Value: {absent}.',
};

describe('interpret', () => {
  for (const locale of ['en-IE', 'de', 'fr', 'pl', 'pt-PT']) {
    it(`writes each message as Lingui does (${locale})`, () => {
      const compiled = Object.fromEntries(Object.entries(messages).map(([id, m]) => [id, compileMessageOrThrow(m)]));
      const i18n = setupI18n({ locale, locales: [locale], messages: { [locale]: compiled } });
      for (const count of [0, 1, 2, 3, 5, 12, 22, 1500]) {
        const values = { name: 'Anna', count, period: count % 2 ? 'year' : 'month', amount: count * 1000.5 };
        for (const id of Object.keys(messages)) {
          expect(interpret(compiled[id] as CompiledMessage, values, locale), `${id} ${count}`).toBe(i18n._(id, values));
        }
      }
    });
  }

  it('uses the language’s plural forms and digits', () => {
    const polish = compileMessageOrThrow(messages.polish) as CompiledMessage;
    expect([1, 2, 5, 22, 1500].map((n) => interpret(polish, { count: n }, 'pl'))).toEqual(['1 zmiana', '2 zmiany', '5 zmian', '22 zmiany', '1500 zmian']);
    expect(interpret(compileMessageOrThrow(messages.number) as CompiledMessage, { amount: 1234.5 }, 'de')).toBe('Total 1.234,5');
  });
});
