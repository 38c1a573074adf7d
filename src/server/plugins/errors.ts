import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { de, es, fr, it, nl, pl, pt } from 'zod/locales';
import { isErrorMessage } from '../../shared/i18n/error-text.js';
import type { Locale } from '../../shared/i18n/locales.js';
import { msg } from '../../shared/i18n/message.js';
import { isDatabaseUnavailable, rootCause } from '../db/unavailable.js';
import { AppError, DATABASE_RETRY_AFTER_S, errorText, requestLocale, validationDetail } from '../lib/errors.js';

export const databaseUnavailableDetail = 'The service is temporarily unavailable. Please try again in a moment.';
const databaseUnavailableText = msg('error.serviceUnavailable');
const internalText = msg('error.internal');

const GENERIC_ZOD_MESSAGE = /^(Invalid|Too (small|big)|Unrecognized|Expected|Required)\b/;

/** zod's own words for its generic problems in our other languages (English: zod's message as it is). */
const zodLocales: Record<Exclude<Locale, 'en'>, () => { localeError: (issue: never) => unknown }> = { de, fr, it, es, pt, pl, nl };

/** zod's generic problem in a language, from the issue and the value it was about (it names the value's type). */
function zodProblem(locale: Locale, issue: Record<string, unknown>, english: string): string {
  if (locale === 'en') return english;
  try {
    const out = zodLocales[locale]().localeError(issue as never);
    const text = typeof out === 'string' ? out : (out as { message?: unknown } | undefined)?.message;
    return typeof text === 'string' && text ? text : english;
  } catch {
    return english;
  }
}

function valueAt(source: unknown, path: readonly string[]): unknown {
  let value = source;
  for (const key of path) value = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  return value;
}

/** Drizzle puts the query parameters (e-mails, password hashes) in its messages: log without them. */
export function loggableError(err: Error): Record<string, unknown> {
  const strip = (text: string | undefined) => text?.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '\nparams: [redacted]');
  const cause = err.cause instanceof Error ? { name: err.cause.name, message: err.cause.message } : undefined;
  return { type: err.name, message: strip(err.message), stack: strip(err.stack), code: (err as { code?: unknown }).code, cause };
}

function describeValidation(err: FastifyError, request: FastifyRequest, locale: Locale): string {
  if (hasZodFastifySchemaValidationErrors(err)) {
    const first = err.validation[0];
    if (first) {
      const segments = first.instancePath.split('/').filter(Boolean);
      const path = segments.join('.');
      const where = err.validationContext ?? 'body';
      const field = path ? `${path}` : where;
      // Our contracts' own messages are sentences for people ('Password must be at least 8
      // characters long'), as ids of the errors catalogue; zod's generic ones need the field
      // named to make sense.
      const message = first.message ?? 'Invalid value';
      const detail = validationDetail(message, first.params);
      if (typeof detail !== 'string') return errorText(detail, locale);
      if (!GENERIC_ZOD_MESSAGE.test(message)) return message;
      const sources: Record<string, unknown> = { body: request.body, querystring: request.query, params: request.params, headers: request.headers };
      const issue = { ...first.params, code: first.keyword, path: segments, message, input: valueAt(sources[where], segments) };
      return errorText(msg('validation.invalidField', { field, problem: zodProblem(locale, issue, message) }), locale);
    }
  }
  return err.message;
}

/** Fastify's own client errors, as messages a person can act on and stable codes. */
const fastifyClientErrors: Record<string, { detail: string; code: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { detail: 'Request body is not valid JSON', code: 'invalid_json' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { detail: 'Request body is not valid JSON', code: 'invalid_json' },
  FST_ERR_CTP_BODY_TOO_LARGE: { detail: 'Request body is too large', code: 'body_too_large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { detail: 'Unsupported content type', code: 'unsupported_media_type' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { detail: 'Invalid Content-Length header', code: 'bad_request' },
  FST_ERR_BAD_URL: { detail: 'The URL is not valid (bad percent-encoding)', code: 'bad_url' },
  FST_ERR_MAX_PARAM_LENGTH: { detail: 'A path parameter is too long', code: 'uri_too_long' },
};

/**
 * Errors Fastify raises before a route is found (the `frameworkErrors` option of the Fastify
 * constructor): a URL that does not decode, a path parameter over the router's limit. No hook
 * runs for them, so the answer gets `headers` (an API answer's) here, and `{detail, code}`
 * rather than Fastify's own shape.
 */
export function frameworkErrorRenderer(headers: Record<string, string>) {
  return (err: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    reply.headers(headers);
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: loggableError(err) }, 'request failed before routing');
      void reply.status(500).send({ detail: 'Internal server error', code: 'internal' });
      return;
    }
    const known = fastifyClientErrors[err.code];
    void reply.status(status).send({ detail: known?.detail ?? err.message, code: known?.code ?? err.code.toLowerCase() });
  };
}

/** What Node's HTTP parser rejects, as the product says it. */
const parserErrors: Record<string, { status: number; detail: string; code: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, detail: 'The request line or headers are too large', code: 'headers_too_large' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, detail: 'The request did not arrive in time', code: 'request_timeout' },
};
const malformedRequest = { status: 400, detail: 'The request is not valid HTTP', code: 'bad_request' };

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (the `clientErrorHandler` option):
 * an oversized request line or headers, malformed HTTP, a request too slow to arrive. There is no
 * request or reply, so the whole HTTP/1.1 answer is written on the socket, with `headers` (an API
 * answer's) and `{detail, code}`, and the connection is closed as Node does.
 */
export function clientErrorResponder(headers: Record<string, string>) {
  return function respond(this: FastifyInstance, err: ConnectionError, socket: Socket): void {
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    const { status, detail, code } = parserErrors[err.code] ?? malformedRequest;
    this.log.debug({ code: err.code }, 'request refused by the HTTP parser');
    // A response already under way on this connection cannot be followed by another.
    const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (socket.writable && !inFlight?.headersSent) {
      const body = JSON.stringify({ detail, code });
      const lines = [
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
        ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
        'content-type: application/json; charset=utf-8',
        `content-length: ${Buffer.byteLength(body)}`,
        `date: ${new Date().toUTCString()}`,
        'connection: close',
      ];
      socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
    }
    socket.destroy(err);
  };
}

/** An error's extra fields, a message among them (a text the web app shows) in the reader's language. */
function extraIn(extra: Record<string, unknown> | undefined, locale: Locale): Record<string, unknown> | undefined {
  if (!extra) return extra;
  return Object.fromEntries(Object.entries(extra).map(([key, value]) => [key, isErrorMessage(value) ? errorText(value, locale) : value]));
}

/** One error handler: every error leaves as JSON `{detail, code}`; 5xx internals stay hidden. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    // `detail` in the reader's language (English: the words the product specification fixes).
    const locale = requestLocale(request);
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      return reply.status(err.status).send({ detail: err.detailIn(locale), code: err.code, ...extraIn(err.extra, locale) });
    }
    if (err.validation) {
      return reply.status(400).send({ detail: describeValidation(err, request, locale), code: 'validation_error' });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err }, 'response did not match its schema');
      return reply.status(500).send({ detail: errorText(internalText, locale), code: 'internal' });
    }
    const status = err.statusCode && err.statusCode >= 400 ? err.statusCode : 500;
    if (status >= 500 && isDatabaseUnavailable(err)) {
      // The database is down or not answering: the pool reconnects by itself, clients retry.
      request.log.warn({ cause: rootCause(err) }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_S))
        .send({ detail: errorText(databaseUnavailableText, locale), code: 'database_unavailable' });
    }
    if (status >= 500) {
      request.log.error({ err: loggableError(err) }, 'request failed');
      return reply.status(status).send({ detail: errorText(internalText, locale), code: 'internal' });
    }
    // Fastify's own 4xx (bad JSON, body too large, unsupported media type, rate limit...).
    const known = fastifyClientErrors[err.code];
    return reply
      .status(status)
      .send({ detail: known?.detail ?? err.message, code: known?.code ?? err.code?.toLowerCase() ?? 'bad_request' });
  });
}
