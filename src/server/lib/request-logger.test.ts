import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { lazyChildLoggerFactory } from './request-logger.js';

function capture(level: string) {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level, redact: ['password'] }, { write: (s: string) => lines.push(JSON.parse(s) as Record<string, unknown>) });
  const child = (opts = {}) =>
    lazyChildLoggerFactory.call({} as FastifyInstance, logger as unknown as FastifyBaseLogger, { reqId: 'req-7' }, opts, {} as never);
  return { lines, child };
}

describe('lazyChildLoggerFactory', () => {
  it('logs enabled levels with the request id, and nothing for disabled ones', () => {
    const { lines, child } = capture('warn');
    const log = child();
    log.info('incoming request');
    log.debug('detail');
    expect(lines).toEqual([]);
    log.warn({ password: 'hunter2' }, 'slow');
    log.error('failed');
    expect(lines.map((l) => [l.reqId, l.msg, l.password])).toEqual([
      ['req-7', 'slow', '[Redacted]'],
      ['req-7', 'failed', undefined],
    ]);
  });

  it('keeps the request id in children and in bindings()', () => {
    const { lines, child } = capture('info');
    const log = child();
    log.child({ step: 'vies' }).info('looked up');
    expect(lines[0]).toMatchObject({ reqId: 'req-7', step: 'vies', msg: 'looked up' });
    expect((log as unknown as pino.Logger).bindings()).toEqual({ reqId: 'req-7' });
  });

  it('honours route-level options (a log level of its own)', () => {
    const { lines, child } = capture('warn');
    child({ level: 'info' }).info('route at info');
    expect(lines[0]).toMatchObject({ reqId: 'req-7', msg: 'route at info' });
  });
});
