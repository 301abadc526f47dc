/**
 * A paged list walked item by item (`itemsOfPages`), and the request a response says it answered
 * (`TransportResponse.request`), which such a walk names when the caller's signal stops it.
 */
import { describe, expect, it } from 'vitest';
import { LightRun, prepareRouteKey } from '../src/engine.js';
import { AbortError, createTransport, itemsOfPages, type ReadPage } from '../src/index.js';

const BASE = 'http://127.0.0.1:4999/api';
const SECRET = 'tok_7f3e9a1c5b';

/** Pages of numbers, `size` a page, each read by `GET <BASE>/items?page=<n>`. */
async function* pagesOf(total: number, size: number): AsyncGenerator<ReadPage<number>> {
  for (let page = 1; (page - 1) * size < total; page++) {
    await new Promise((resolve) => setTimeout(resolve, 1));
    const items = Array.from(
      { length: Math.min(size, total - (page - 1) * size) },
      (_, i) => (page - 1) * size + i + 1,
    );
    yield { items, request: { method: 'GET', url: `${BASE}/items?page=${page}` } };
  }
}

/** Walks `pages`, aborting after the `at`-th item: the items seen and what the walk threw. */
async function walk(pages: AsyncIterable<ReadPage<number>>, at: number, callSite?: string) {
  const controller = new AbortController();
  const seen: number[] = [];
  const error = await (async () => {
    for await (const n of itemsOfPages(pages, controller.signal, callSite)) if (seen.push(n) === at) controller.abort();
  })().catch((e: unknown) => e);
  return { seen, error };
}

describe('itemsOfPages', () => {
  it('yields every item of every page, in order', async () => {
    const seen: number[] = [];
    for await (const n of itemsOfPages(pagesOf(7, 3), undefined)) seen.push(n);
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('once the signal fires, throws at the next item an AbortError naming the call and the page request just read', async () => {
    // In the first page, and in the last (no next request whose send would notice).
    for (const [at, page] of [
      [2, 1],
      [7, 3],
    ] as const) {
      const { seen, error } = await walk(pagesOf(8, 3), at, 'items.list()');
      expect(seen).toHaveLength(at);
      expect(error).toBeInstanceOf(AbortError);
      expect(error).toMatchObject({ code: 'aborted', method: 'GET', url: `${BASE}/items?page=${page}` });
      expect((error as AbortError).message).toBe(`items.list(): GET ${BASE}/items?page=${page} was aborted`);
    }
  });

  it('without a call site, the message is the request alone', async () => {
    const { error } = await walk(pagesOf(8, 3), 1);
    expect((error as AbortError).message).toBe(`GET ${BASE}/items?page=1 was aborted`);
  });

  it('an abort after the last item ends the walk without an error (nothing was left to take)', async () => {
    const { seen, error } = await walk(pagesOf(6, 3), 6);
    expect(seen).toHaveLength(6);
    expect(error).toBeUndefined();
  });
});

describe('TransportResponse.request', () => {
  it("is the answered request's method and URL, redacted as its errors are (secret query values, the credential sent)", async () => {
    const asked: string[] = [];
    const fetch = (async (input: string | URL | Request) => {
      asked.push(String(input));
      return Response.json([1, 2]);
    }) as typeof globalThis.fetch;
    const transport = createTransport({
      baseUrl: BASE,
      fetch,
      auth: {
        credential: () => SECRET,
        apply: (token: string, headers) => Object.assign(headers, { authorization: `Bearer ${token}` }),
      },
    });
    // A secret-named parameter, and the bearer token pasted into an ordinary one.
    const response = await transport.request({
      method: 'GET',
      path: '/items',
      query: { access_token: 'other-secret', q: SECRET, page: 2 },
    });
    expect(asked[0]).toContain(SECRET);
    expect(response.request).toEqual({
      method: 'GET',
      url: `${BASE}/items?access_token=[REDACTED]&q=[REDACTED]&page=2`,
    });
    expect(JSON.stringify(response.request)).not.toMatch(/other-secret|tok_/);
  });

  it('the light engine says it too: the URL its errors name', async () => {
    const fetch = (async () => Response.json({ ok: true })) as unknown as typeof globalThis.fetch;
    const settings = {
      baseUrl: BASE,
      fetch,
      timeoutMs: 1_000,
      totalTimeoutMs: 1_000,
      auth: undefined,
      parseError: () => ({}),
    };
    const response = await new LightRun(settings, prepareRouteKey('GET /items/{id}', { params: { id: '7' } })).stages();
    expect(response.request).toEqual({ method: 'GET', url: `${BASE}/items/7` });
  });
});
