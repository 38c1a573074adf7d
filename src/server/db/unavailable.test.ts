import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, rootCause } from './unavailable.js';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
/** As drizzle wraps a failed query: the SQL and its parameters in the message, the driver's error as cause. */
const wrapped = (cause: Error) => new Error('Failed query: select "email" from "users" where "email" = $1\nparams: ana@example.com', { cause });

describe('isDatabaseUnavailable', () => {
  it('recognises a database that cannot be reached, also inside wrappers', () => {
    for (const err of [
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], 'connect failed'),
      new Error('Connection terminated unexpectedly'),
      new Error('Query read timeout'),
      new Error('timeout exceeded when trying to connect'),
      withCode('terminating connection due to administrator command', '57P01'),
      withCode('the database system is starting up', '57P03'),
      withCode('connection failure', '08006'),
    ]) {
      expect(isDatabaseUnavailable(err), err.message).toBe(true);
      expect(isDatabaseUnavailable(wrapped(err)), err.message).toBe(true);
    }
  });

  it('leaves real errors alone (they stay 500 and are logged as such)', () => {
    for (const err of [
      withCode('duplicate key value violates unique constraint "users_email_unique"', '23505'),
      withCode('syntax error at or near "selec"', '42601'),
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      wrapped(withCode('division by zero', '22012')),
    ]) {
      expect(isDatabaseUnavailable(err), err.message).toBe(false);
    }
    expect(isDatabaseUnavailable(undefined)).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });

  it('logs the cause, not the wrapper with the query parameters', () => {
    expect(rootCause(wrapped(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')))).toEqual({
      message: 'connect ECONNREFUSED 127.0.0.1:5432',
      code: 'ECONNREFUSED',
    });
  });
});
