// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { makeTestToken } from '../../../test/web/make-test-token';
import { resetSessionData } from './auth/session-scope';
import { queryClient } from './query-client';
import { clearSession, saveSession } from './storage';

const user = { firstName: 'Ana', lastName: 'Silva', email: 'ana@example.com', companyName: 'Acme', fiscalNumber: 'PT1' };
const KEY = ['reports', 'list', 1, 5];

function signedInAs(userId: string): void {
  saveSession({ accessToken: makeTestToken({ expMs: Date.now() + 3_600_000 }), refreshToken: 'r', user, userId }, true);
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  queryClient.clear();
});

describe('queryClient', () => {
  it("never answers one user's query with another user's entry", () => {
    signedInAs('u1');
    queryClient.setQueryData(KEY, 'reports of u1');
    expect(queryClient.getQueryData(KEY)).toBe('reports of u1');

    signedInAs('u2');
    expect(queryClient.getQueryData(KEY)).toBeUndefined();
    clearSession();
    expect(queryClient.getQueryData(KEY)).toBeUndefined();

    signedInAs('u1');
    expect(queryClient.getQueryData(KEY)).toBe('reports of u1');
  });

  it('still invalidates by key prefix for the signed-in user', async () => {
    signedInAs('u1');
    queryClient.setQueryData(KEY, 'reports of u1');
    await queryClient.invalidateQueries({ queryKey: ['reports'] });
    expect(queryClient.getQueryState(KEY)?.isInvalidated).toBe(true);
  });

  it('is emptied by a session reset', () => {
    signedInAs('u1');
    queryClient.setQueryData(KEY, 'reports of u1');
    queryClient.setQueryData(['billing', 'plan-status'], { plan: 'basic_year' });
    resetSessionData();
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });
});
