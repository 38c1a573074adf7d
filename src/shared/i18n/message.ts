import { z } from 'zod';
import { formatDocumentDate, formatNumber } from './format.js';
import { BASE_LOCALE, type Locale } from './locales.js';

/**
 * A text kept as its message id and values, so it can be written in any language later: the
 * engine's reasons, evidence and takeaways are stored this way beside their English words.
 * A value is text kept as it is (names, codes), a number (for plurals, or written as it is), a
 * number to write in the reader's way, a date, or another message (a level word, a unit).
 */
export interface Message {
  id: string;
  values?: Record<string, MessageValue>;
}
export type MessageValue = string | number | Message | NumberValue | DateValue;
/** A number written with the reader's digits: '1,234.5' in English, '1.234,5' in German. */
export interface NumberValue {
  number: number;
  /** fraction digits at least / at most (at most 3 when not given) */
  min?: number;
  max?: number;
}
/** A day (YYYY-MM-DD): English keeps it as it is, other languages write their document date. */
export interface DateValue {
  date: string;
}

export const messageSchema: z.ZodType<Message> = z.lazy(() =>
  z.object({
    id: z.string().min(1).max(200),
    values: z
      .record(
        z.string(),
        z.union([
          z.string(),
          z.number(),
          messageSchema,
          z.object({ number: z.number(), min: z.number().int().min(0).max(6).optional(), max: z.number().int().min(0).max(6).optional() }),
          z.object({ date: z.string() }),
        ]),
      )
      .optional(),
  }),
);

export const msg = (id: string, values?: Record<string, MessageValue>): Message => (values ? { id, values } : { id });
export const numberValue = (number: number, min?: number, max?: number): NumberValue => ({ number, ...(min !== undefined && { min }), ...(max !== undefined && { max }) });

/** Renders a message id with plain values in one language (a catalogue's translator). */
export type Translate = (id: string, values?: Record<string, string | number>) => string;

/** A message in one language: its values are written first (nested messages in the same language). */
export function renderMessage(message: Message, locale: Locale, translate: Translate): string {
  if (!message.values) return translate(message.id);
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(message.values)) values[name] = renderValue(value, locale, translate);
  return translate(message.id, values);
}

function renderValue(value: MessageValue, locale: Locale, translate: Translate): string | number {
  if (typeof value === 'string' || typeof value === 'number') return value;
  if ('id' in value) return renderMessage(value, locale, translate);
  if ('number' in value) return formatNumber(value.number, locale, { min: value.min, max: value.max ?? 3 });
  return locale === BASE_LOCALE ? value.date : formatDocumentDate(value.date, locale, value.date);
}
