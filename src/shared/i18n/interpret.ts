/**
 * Renders a compiled ICU message (the form Lingui's compiler writes: text, or a list of text and
 * argument tokens `[name, type?, options?]`) with its values, as Lingui's runtime does, in far
 * less code: the pages ship this instead of the runtime. Plurals and `#` follow the language's
 * Intl rules; a missing value prints nothing.
 */

export type CompiledMessage = string | CompiledToken[];
type CompiledToken = string | [string, string?, Record<string, unknown>?];
export type PlainValues = Record<string, string | number>;

const pluralRules = new Map<string, Intl.PluralRules>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function cached<T>(map: Map<string, T>, key: string, make: () => T): T {
  let value = map.get(key);
  if (value === undefined) map.set(key, (value = make()));
  return value;
}

const formatNumber = (n: number, tag: string) => cached(numberFormats, tag, () => new Intl.NumberFormat(tag)).format(n);

function render(tokens: unknown, values: PlainValues, tag: string, count?: string): string {
  if (!Array.isArray(tokens)) return typeof tokens === 'string' ? tokens : '';
  let out = '';
  for (const token of tokens as CompiledToken[]) {
    if (typeof token === 'string') {
      out += token === '#' && count !== undefined ? count : token;
      continue;
    }
    const [name, type, options = {}] = token;
    const value = values[name];
    if (type === 'plural' || type === 'selectordinal') {
      const n = Number(value);
      const offset = Number(options.offset ?? 0);
      const rules = cached(pluralRules, `${tag}/${type}`, () => new Intl.PluralRules(tag, { type: type === 'plural' ? 'cardinal' : 'ordinal' }));
      const branch = options[String(n)] ?? options[rules.select(n - offset)] ?? options.other;
      out += render(branch, values, tag, formatNumber(n - offset, tag));
    } else if (type === 'select') {
      out += render(options[String(value)] ?? options.other, values, tag);
    } else if (type === 'number' && typeof value === 'number') {
      out += formatNumber(value, tag);
    } else if (value !== undefined && value !== null) {
      out += String(value);
    }
  }
  return out;
}

export function interpret(message: CompiledMessage, values: PlainValues = {}, tag = 'en'): string {
  return render(message, values, tag);
}
