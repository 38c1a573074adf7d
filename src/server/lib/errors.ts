import type { IncomingHttpHeaders } from 'node:http';
import { renderErrorText } from '../../shared/i18n/error-text.js';
import { BASE_LOCALE, cookieLocale, negotiateLocale, type Locale } from '../../shared/i18n/locales.js';
import type { Message } from '../../shared/i18n/message.js';
import { translator } from './messages.js';

/**
 * A `detail`: words as they are (English, for errors only developers meet), or a message of the
 * `errors` catalogue (src/locales/{locale}/errors.json), written in the reader's language.
 */
export type Detail = string | Message;

/** A message of the `errors` catalogue in one language. */
export function errorText(message: Message, locale: Locale): string {
  return renderErrorText(message, locale, translator('errors', locale));
}

/** A detail in English: the words the product specification fixes, and what is logged. */
export const englishText = (detail: Detail): string => (typeof detail === 'string' ? detail : errorText(detail, BASE_LOCALE));

const VALIDATION_ID = /^validation\.[A-Za-z0-9.]+$/;

/**
 * A zod issue's message as a detail: our contracts write theirs as ids of the errors catalogue
 * ('validation.emailInvalid'), which read the bounds (`{maximum}`, `{minimum}`); any other
 * message (zod's own, a developer's) is kept as it is.
 */
export function validationDetail(message: string, params?: Record<string, unknown>): Detail {
  if (!VALIDATION_ID.test(message)) return message;
  const values: Record<string, number> = {};
  for (const key of ['minimum', 'maximum'] as const) {
    const bound = params?.[key];
    if (typeof bound === 'number' || typeof bound === 'bigint') values[key] = Number(bound);
  }
  return Object.keys(values).length ? { id: message, values } : { id: message };
}

/** Who a request is from, as far as its language goes (a session's user, an API key's owner). */
interface LocaleSource {
  headers: IncomingHttpHeaders;
  user?: { locale: Locale };
  apiKey?: { locale: Locale };
}

/**
 * The reader's language: the account's, once the request is authenticated; else the language
 * cookie the web app writes, else Accept-Language, else English.
 */
export function requestLocale(request: LocaleSource): Locale {
  return request.user?.locale ?? request.apiKey?.locale ?? cookieLocale(request.headers.cookie) ?? negotiateLocale(request.headers['accept-language']);
}

/**
 * Errors are data: a status, a stable code and a message safe to show (`detail`). `message` is
 * the English detail; a detail given as a message (`text`) is written in the request's language.
 */
export class AppError extends Error {
  /** The detail as a message of the `errors` catalogue, when it is one. */
  readonly text?: Message;

  constructor(
    readonly status: number,
    readonly code: string,
    detail: Detail,
    readonly extra?: Record<string, unknown>,
    readonly headers?: Record<string, string>,
  ) {
    super(englishText(detail));
    this.name = 'AppError';
    if (typeof detail !== 'string') this.text = detail;
  }

  /** The detail in a language (English, should the message not render: an answer never fails on its words). */
  detailIn(locale: Locale): string {
    if (!this.text) return this.message;
    try {
      return errorText(this.text, locale);
    } catch {
      return this.message;
    }
  }
}

export const badRequest = (detail: Detail, code = 'bad_request') => new AppError(400, code, detail);
export const unauthorized = (detail: Detail = { id: 'error.notAuthenticated' }, code = 'unauthorized') =>
  new AppError(401, code, detail);
export const forbidden = (detail: Detail = { id: 'error.forbidden' }, code = 'forbidden') => new AppError(403, code, detail);
export const notFound = (detail: Detail = { id: 'error.notFound' }, code = 'not_found') => new AppError(404, code, detail);
export const conflict = (detail: Detail, code = 'conflict') => new AppError(409, code, detail);
export const tooManyRequests = (detail: Detail, retryAfterS: number, extra?: Record<string, unknown>) =>
  new AppError(429, 'rate_limited', detail, extra, { 'retry-after': String(retryAfterS) });
export const unavailable = (detail: Detail, code = 'unavailable') => new AppError(503, code, detail);

/** Seconds a client should wait before retrying while the database is away (the pool reconnects by itself). */
export const DATABASE_RETRY_AFTER_S = 5;
export const databaseUnavailable = (detail: Detail) =>
  new AppError(503, 'database_unavailable', detail, undefined, { 'retry-after': String(DATABASE_RETRY_AFTER_S) });
