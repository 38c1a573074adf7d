import type { FastifyBaseLogger, FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Logger } from 'pino';

const levels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;

interface Lazy {
  _parent: FastifyBaseLogger;
  _bindings: Record<string, unknown>;
  _child?: FastifyBaseLogger;
}

const real = (lazy: Lazy): FastifyBaseLogger => (lazy._child ??= lazy._parent.child(lazy._bindings));

/** Per root logger: its methods, with each enabled level making the request's child on first use. */
const prototypes = new WeakMap<FastifyBaseLogger, object>();

function prototypeFor(logger: FastifyBaseLogger): object {
  let proto = prototypes.get(logger);
  if (proto) return proto;
  proto = Object.create(logger) as object;
  for (const level of levels) {
    // A disabled level stays the parent's no-op: nothing to bind, nothing to make.
    if (!(logger as Logger).isLevelEnabled(level)) continue;
    Object.defineProperty(proto, level, {
      value(this: Lazy, ...args: unknown[]) {
        return (real(this)[level] as (...a: unknown[]) => void)(...args);
      },
    });
  }
  Object.defineProperty(proto, 'child', {
    value(this: Lazy, bindings: Record<string, unknown>, options?: object) {
      return real(this).child(bindings, options);
    },
  });
  Object.defineProperty(proto, 'bindings', {
    value(this: Lazy) {
      return (real(this) as Logger).bindings();
    },
  });
  prototypes.set(logger, proto);
  return proto;
}

/**
 * Fastify's request loggers, made on first use. A pino child with redaction configured costs a
 * redaction pass over its bindings, on every request, even when nothing is logged (the access line
 * goes through the root logger, so most requests log nothing through theirs). Until something is logged the request's logger is a
 * small object whose enabled levels make the real child (with the request id) and log through it.
 */
export const lazyChildLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> = function (logger, bindings, options) {
  // Route-level options (a log level of its own), or not a pino logger (logging off): the usual child.
  if (Object.keys(options).length > 0 || typeof (logger as Partial<Logger>).isLevelEnabled !== 'function') return logger.child(bindings, options);
  const lazy = Object.create(prototypeFor(logger)) as Lazy;
  lazy._parent = logger;
  lazy._bindings = bindings;
  return lazy as unknown as FastifyBaseLogger;
};

/**
 * The one access-log line of each request, written when the answer has gone out: method, route
 * pattern (`/api/reports/:id`, never the raw URL with its ids and tokens), status, time and the
 * request id. Fastify's own two lines per request are off (`disableRequestLogging`). Unmatched
 * paths (the app page, 404s) log their path without the query string, where one-time tokens travel.
 */
export function registerAccessLog(app: FastifyInstance): void {
  // Logging off (LOG_LEVEL=silent) or above info: no hook at all.
  if (typeof (app.log as Partial<Logger>).isLevelEnabled !== 'function' || !(app.log as unknown as Logger).isLevelEnabled('info')) return;
  // The access line holds only the route pattern, method, status and timing (never a header nor a
  // query string), so it skips redaction, which cost about a fifth of throughput at this rate.
  const log = (app.log as unknown as Logger).child({}, { redact: [] });
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url;
    log.info(
      {
        reqId: request.id,
        method: request.method,
        route: route ?? null,
        ...(route === undefined ? { path: pathOf(request.url) } : {}),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
    done();
  });
}

function pathOf(url: string): string {
  const end = url.indexOf('?');
  return end === -1 ? url : url.slice(0, end);
}
