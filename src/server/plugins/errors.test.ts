import { describe, expect, it } from 'vitest';
import { loggableError } from './errors.js';

describe('loggableError', () => {
  it('keeps the failed query but not its parameters (e-mails, password hashes)', () => {
    const err = new Error('Failed query: insert into "users" ("email", "password_hash") values ($1, $2)\nparams: ana@example.eu,$argon2id$v=19$secret');
    err.cause = new Error('duplicate key value violates unique constraint');
    const logged = JSON.stringify(loggableError(err));
    expect(logged).toContain('Failed query: insert into');
    expect(logged).toContain('duplicate key value');
    expect(logged).not.toContain('ana@example.eu');
    expect(logged).not.toContain('argon2id');
  });
});
