import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { makeTestToken } from './make-test-token';
import { installPublicConfig } from './test-config';

/**
 * A component test file's hooks: each test starts with empty local storage (with `config`, the
 * public config installed; with `signedIn`, an access token valid for an hour) and ends
 * unmounted, with stubbed globals and spies restored.
 */
export function isolateTests({ config = false, signedIn = false } = {}): void {
  beforeEach(() => {
    localStorage.clear();
    if (config) installPublicConfig();
    if (signedIn) localStorage.setItem('access_token', makeTestToken({ expMs: Date.now() + 3_600_000 }));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}
