import type { FastifyInstance } from 'fastify';
import { msg } from '../../shared/i18n/message.js';
import { badRequest } from '../lib/errors.js';

/**
 * Does a parsed request value hold a NUL character in any string or key? PostgreSQL text cannot
 * store one, so such input would fail deep inside a query. Walks iteratively: a body nested
 * thousands of levels deep cannot exhaust the stack.
 */
export function containsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length) {
    const v = pending.pop();
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return true;
    } else if (Array.isArray(v)) {
      for (const item of v) pending.push(item);
    } else if (typeof v === 'object' && v !== null && !Buffer.isBuffer(v)) {
      for (const [key, item] of Object.entries(v)) {
        if (key.includes('\u0000')) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

export const nulMessage = 'Text must not contain NUL characters';

/** Refuses NUL characters in any parsed body, query or path parameter: 400 `{detail}` before validation (ASVS 5.1.4). */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
      throw badRequest(msg('error.nulCharacters'), 'invalid_characters');
    }
  });
}
