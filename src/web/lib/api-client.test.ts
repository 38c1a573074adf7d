import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiJson, apiRequest, errorDetail, NetworkError, ResponseShapeError } from './api-client';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('sends JSON bodies and parses the answer with the schema', async () => {
    const fetchMock = vi.fn(async () => new Response('{"n":2}', { headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    const schema = { parse: (d: unknown) => d as { n: number } };
    await expect(apiJson('/api/x', schema, { method: 'POST', json: { a: 1 } })).resolves.toEqual({ n: 2 });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.body).toBe('{"a":1}');
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
  });

  it('turns a JSON error into an ApiError with its detail', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"detail":"Nope","code":"x"}', { status: 400, headers: { 'content-type': 'application/json' } })));
    const err = await apiRequest('/api/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 400, detail: 'Nope', code: 'x', isJson: true, message: 'Nope' });
    expect(errorDetail(err, 'Fallback')).toBe('Nope');
  });

  it('marks a non-JSON error body', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } })));
    const err = await apiRequest('/api/x').catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 502, detail: null, isJson: false });
    expect(errorDetail(err, 'Fallback')).toBe('Fallback');
  });

  it('reports a JSON error without detail as such', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 500, headers: { 'content-type': 'application/json' } })));
    const err = await apiRequest('/api/x').catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 500, detail: null, isJson: true });
  });

  it('turns a failed connection into a NetworkError', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const err = await apiRequest('/api/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect((err as Error).message).toBe('Network error. Please try again.');
  });

  it('lets a timeout through as the platform TimeoutError', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
      ),
    );
    const err = await apiRequest('/api/x', { timeoutMs: 10 }).catch((e: unknown) => e);
    expect((err as DOMException).name).toBe('TimeoutError');
  });

  it('rejects a 2xx body that does not match the contract', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"n":"two"}', { headers: { 'content-type': 'application/json' } })));
    const schema = {
      parse: (d: unknown) => {
        if (typeof (d as { n?: unknown }).n !== 'number') throw new Error('bad');
        return d as { n: number };
      },
    };
    await expect(apiJson('/api/x', schema)).rejects.toBeInstanceOf(ResponseShapeError);
  });
});
