import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A catalogue's messages in one language (src/locales/{locale}/{name}.json), so a test drives the
 * screens by the words a reader of that language sees. Placeholders are left as they are: use
 * messages without any, or match around them.
 */
export function messages(locale: string, name: string): (id: string) => string {
  const catalogue = JSON.parse(readFileSync(join(import.meta.dirname, '../../src/locales', locale, `${name}.json`), 'utf8')) as Record<string, string>;
  return (id) => {
    const message = catalogue[id];
    if (message === undefined) throw new Error(`no message ${id} in ${locale}/${name}`);
    return message;
  };
}

/** A message's words before its first placeholder or element tag: `Hello {name}` → `Hello`. */
export const lead = (message: string): string => message.split(/[{<]/)[0]!.trim();
