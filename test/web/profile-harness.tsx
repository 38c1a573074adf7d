import { afterEach, beforeEach, vi } from 'vitest';
import { ProfilePage } from '../../src/web/features/profile/profile-page';
import { saveSession } from '../../src/web/lib/storage';
import { jsonResponse, renderRoute, resetBrowserEachTest, scriptedFetch, type RecordedCall } from './auth-harness';
import { makeTestToken } from './make-test-token';

/** Test-only helpers for the tabs of Account Settings: Ana signed in, and a server holding one list of hers. */

export const profileUser = { firstName: 'Ana', lastName: 'Silva', email: 'ana@example.com', companyName: 'Acme Lda', fiscalNumber: 'PT501964843' };

/** For every test of the file: a clean browser with Ana's session stored; no mock left after. */
export function signedInEachTest(): void {
  const token = makeTestToken({ expMs: Date.now() + 3_600_000 });
  resetBrowserEachTest();
  beforeEach(() => {
    saveSession({ accessToken: token, refreshToken: 'r1', user: profileUser, userId: 'u1' }, true);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
}

export const openProfileTab = (tab: string) => renderRoute('/profile', <ProfilePage />, `/profile?tab=${tab}`);

type Routes = Record<string, (call: RecordedCall) => Response>;

/**
 * A server holding `initial` at `path` in memory: GET lists it, POST adds what `create` makes of the
 * body (answering its `answer`), DELETE …/{id} removes one; `extra` routes win.
 */
export function serveList<T extends { id: string }>(path: string, initial: T[], create: (body: unknown) => { made: T; answer: unknown }, extra: Routes = {}) {
  let items = [...initial];
  const api = scriptedFetch({
    'GET /api/auth/me': () => jsonResponse(200, { user_id: 'u1', data: profileUser }),
    [`GET ${path}`]: () => jsonResponse(200, { items }),
    [`POST ${path}`]: (call) => {
      const { made, answer } = create(call.body);
      items = [made, ...items];
      return jsonResponse(201, answer);
    },
    ...Object.fromEntries(
      initial.map((item) => [
        `DELETE ${path}/${item.id}`,
        () => {
          items = items.filter((x) => x.id !== item.id);
          return new Response(null, { status: 204 });
        },
      ]),
    ),
    ...extra,
  });
  vi.stubGlobal('fetch', api.fetchImpl);
  return api;
}
